// Screenshots of the refresh and settings dialogs in light, dark and zh_CN for people to look
// at (GPUPLANNER_ARTIFACT_DIR/screenshots), plus checks that the Chinese translation is used.

#include "ScreenshotLook.h"
#include "db/SeedCatalog.h"
#include "db/SqliteCatalogRepository.h"
#include "db/SqliteRefreshLog.h"
#include "ui/MainWindow.h"
#include "ui/catalog/CustomOffersDialog.h"
#include "ui/catalog/CustomOffersModel.h"
#include "ui/catalog/GpuSpecsPanel.h"
#include "ui/catalog/PriceHistoryPanel.h"
#include "ui/charts/PriceHistoryChart.h"
#include "ui/refresh/CatalogTools.h"
#include "ui/refresh/RefreshDialog.h"
#include "ui/settings/Language.h"
#include "ui/settings/SecretStore.h"
#include "ui/settings/SettingsDialog.h"

#include "TestWaits.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStyle>
#include <QStyleFactory>
#include <QTemporaryDir>
#include <QTabWidget>
#include <QTranslator>
#include <QTest>

#include <gtest/gtest.h>

using namespace gpuplanner;
using gpuplanner::tests::kSlowWaitMs;

namespace {

using tests::Look;
using tests::LookScope;

void save(QWidget &w, const QString &name)
{
    QCoreApplication::processEvents();
    const QString dir = QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots");
    QDir().mkpath(dir);
    EXPECT_TRUE(w.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")));
}

class HalfFailingService : public core::RefreshService
{
public:
    QStringList providers() const override
    {
        return {QStringLiteral("aws"), QStringLiteral("azure"), QStringLiteral("lambda"), QStringLiteral("ecb")};
    }
    core::Result<QList<core::ProviderOutcome>> refresh(const QStringList &providers, const core::RefreshOptions &,
                                                       const std::atomic_bool *, const core::RefreshProgress &progress) override
    {
        QList<core::ProviderOutcome> list;
        for (const QString &p : providers) {
            progress(p, QStringLiteral("downloading"), 1, 1);
            core::ProviderOutcome o;
            o.provider = p;
            if (p == u"lambda") {
                o.status = core::RefreshStatus::Failed;
                o.error = QStringLiteral("https://cloud.lambdalabs.com/api/v1/instance-types: HTTP 401 Unauthorized");
            } else if (p == u"ecb") {
                o.fxRates = 30;
            } else {
                o.offers = 1843;
                o.counts.added = 12;
                o.counts.changed = 40;
                o.counts.removed = 3;
                o.counts.unchanged = 1788;
            }
            list.append(o);
        }
        return list;
    }
};

void screenshotRefreshDialog(Look look)
{
    LookScope scope(look);
    ui::RefreshDialog dialog(
        [](const ui::RefreshConfig &) -> core::Result<std::unique_ptr<core::RefreshService>> {
            return std::unique_ptr<core::RefreshService>(std::make_unique<HalfFailingService>());
        },
        [](QObject *context, std::function<void(ui::RefreshConfig, QString)> done) {
            QMetaObject::invokeMethod(context, [done] { done({}, {}); }, Qt::QueuedConnection);
        });
    const QDateTime t = QDateTime(QDate(2026, 11, 28), QTime(9, 30), Qt::UTC);
    dialog.setRefreshLog({{QStringLiteral("aws"), t, t.addSecs(95), core::RefreshStatus::Ok, 5210, {}},
                          {QStringLiteral("lambda"), t, t.addSecs(4), core::RefreshStatus::Failed, 0,
                           QStringLiteral("lambda: API key missing (Settings ▸ API keys)")}});
    dialog.setProviderNames({{QStringLiteral("aws"), QStringLiteral("Amazon Web Services")},
                             {QStringLiteral("lambda"), QStringLiteral("Lambda")},
                             {QStringLiteral("azure"), QStringLiteral("Microsoft Azure")},
                             {QStringLiteral("ecb"), ui::CatalogTools::tr("Exchange rates (ECB)")}});
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy finished(&dialog, &ui::RefreshDialog::refreshFinished);
    QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
    ASSERT_TRUE(finished.wait(kSlowWaitMs));
    // The failed provider says what went wrong in the interface's language, the detail after it.
    QStringList shown;
    for (QLabel *label : dialog.findChildren<QLabel *>())
        shown << label->text();
    const QString all = shown.join(u'\n');
    const QString refused = look == Look::Chinese ? QStringLiteral("服务商拒绝了 API 密钥")
                                                  : QStringLiteral("the provider refused the API key");
    EXPECT_TRUE(all.contains(refused)) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("HTTP 401 Unauthorized"))) << "the detail stays";
    if (look == Look::Chinese) {
        EXPECT_EQ(scope.language(), QStringLiteral("zh_CN"));
        EXPECT_NE(dialog.windowTitle(), QStringLiteral("Refresh prices"));
        EXPECT_FALSE(all.contains(QStringLiteral("previous prices kept"))) << all.toStdString();
    }
    save(dialog, QStringLiteral("refresh-dialog-") + tests::lookSuffix(look));
}

void screenshotSettingsDialog(Look look)
{
    LookScope scope(look);
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    ui::SettingsDialog dialog(settings, secrets);
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy read(&dialog, &ui::SettingsDialog::secretsRead);
    ASSERT_TRUE(dialog.secretsLoaded() || read.wait(kSlowWaitMs));
    QTest::keyClicks(dialog.apiKeyEdit(QStringLiteral("vast")), QStringLiteral("abc123"));
    QTest::keyClicks(dialog.proxyEdit(), QStringLiteral("proxy at the office"));
    QTest::mouseClick(dialog.buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton); // shows the error
    if (look == Look::Chinese) {
        EXPECT_NE(dialog.windowTitle(), QStringLiteral("Settings"));
        // The keychain's own messages (a locked keychain, no Secret Service) come in Chinese too:
        // QtKeychain's translation is installed beside ours.
        bool keychain = false;
        for (QTranslator *t : qApp->findChildren<QTranslator *>())
            keychain = keychain || (t->filePath().contains(QStringLiteral("qtkeychain_zh")) && !t->isEmpty());
        EXPECT_TRUE(keychain);
    }
    // Issue 47 (10): it fits a 1366x768 laptop with room for the title bar and a panel, in every language.
    EXPECT_LE(dialog.sizeHint().height(), 768 - 80) << dialog.sizeHint().height();
    EXPECT_LE(dialog.height(), 768 - 80) << dialog.height();
    save(dialog, QStringLiteral("settings-dialog-") + tests::lookSuffix(look));
    // The other page, with every price API's key, is screenshotted too.
    auto *tabs = dialog.findChild<QTabWidget *>();
    ASSERT_TRUE(tabs);
    tabs->setCurrentIndex(1);
    save(dialog, QStringLiteral("settings-dialog-keys-") + tests::lookSuffix(look));
}

core::CatalogRepositoryFactory seedRepositories()
{
    return []() -> core::Result<std::unique_ptr<core::CatalogRepository>> {
        auto repo = db::SqliteCatalogRepository::openExisting(tests::seedCatalogPath());
        if (!repo)
            return repo.error();
        return std::unique_ptr<core::CatalogRepository>(std::move(repo).value());
    };
}

QList<core::PricePoint> samplePriceHistory()
{
    QList<core::PricePoint> points;
    auto add = [&](core::Billing billing, double price, const char *date) {
        core::PricePoint p;
        p.billing = billing;
        p.pricePerHour = price;
        p.currency = QStringLiteral("USD");
        p.effectiveDate = QString::fromLatin1(date);
        points.append(p);
    };
    add(core::Billing::OnDemand, 98.32, "2026-01-15");
    add(core::Billing::OnDemand, 55.04, "2026-06-01");
    add(core::Billing::Spot, 31.10, "2026-02-01");
    add(core::Billing::Spot, 24.75, "2026-07-10");
    add(core::Billing::Spot, 28.40, "2026-10-01");
    return points;
}

void screenshotCatalogViews(Look look)
{
    LookScope scope(look);
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    ui::MainWindow window(seedRepositories());
    ui::CatalogToolsDeps deps;
    deps.refreshLog = db::SqliteRefreshLog::factory(tests::seedCatalogPath());
    deps.repositories = seedRepositories();
    deps.settings = &settings;
    deps.secrets = &secrets;
    ui::CatalogTools *tools = ui::installCatalogTools(window, deps);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(&window, &ui::MainWindow::catalogLoaded);
    window.reloadCatalog();
    ASSERT_TRUE(loaded.wait(30000));
    tools->priceHistory()->titleLabel()->setText(QStringLiteral("p5.48xlarge · us-east-1 (AWS)"));
    tools->priceHistory()->chart()->setHistory(samplePriceHistory(), QDate(2026, 11, 30));
    save(window, QStringLiteral("catalog-window-") + tests::lookSuffix(look));

    ui::GpuSpecsPanel *specs = tools->gpuSpecs();
    specs->resize(1100, 480);
    save(*specs, QStringLiteral("catalog-gpu-specs-") + tests::lookSuffix(look));
    ui::PriceHistoryPanel *history = tools->priceHistory();
    history->resize(760, 360);
    save(*history, QStringLiteral("catalog-price-history-") + tests::lookSuffix(look));

    ui::CustomOffersDialog custom(core::CustomOfferStoreFactory{}, {QStringLiteral("aws")});
    ui::CustomOffersModel::Row row = ui::CustomOffersModel::emptyRow();
    row[ui::CustomOffersModel::Provider] = QStringLiteral("acme-negotiated");
    row[ui::CustomOffersModel::InstanceType] = QStringLiteral("dgx-h100");
    row[ui::CustomOffersModel::Region] = QStringLiteral("eu-home");
    row[ui::CustomOffersModel::Gpu] = QStringLiteral("H100");
    row[ui::CustomOffersModel::GpuCount] = QStringLiteral("8");
    row[ui::CustomOffersModel::PricePerHour] = QStringLiteral("19.50");
    ui::CustomOffersModel::Row second = row;
    second[ui::CustomOffersModel::Provider] = QStringLiteral("aws");
    second[ui::CustomOffersModel::Billing] = QStringLiteral("reserved");
    second[ui::CustomOffersModel::TermMonths] = QStringLiteral("12");
    custom.model()->appendRows({row, second}, QStringLiteral("rows"));
    custom.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&custom));
    QSignalSpy saved(&custom, &ui::CustomOffersDialog::saveFinished);
    custom.save(); // refuses the catalog provider "aws", naming the field
    EXPECT_EQ(saved.size(), 1);
    save(custom, QStringLiteral("catalog-custom-offers-") + tests::lookSuffix(look));
}

} // namespace

TEST(ToolsScreenshots, CatalogViewsLightDarkChinese)
{
    for (Look look : {Look::Light, Look::Dark, Look::Chinese})
        screenshotCatalogViews(look);
}

TEST(ToolsScreenshots, RefreshDialogLightDarkChinese)
{
    for (Look look : {Look::Light, Look::Dark, Look::Chinese})
        screenshotRefreshDialog(look);
}

TEST(ToolsScreenshots, SettingsDialogLightDarkChinese)
{
    for (Look look : {Look::Light, Look::Dark, Look::Chinese})
        screenshotSettingsDialog(look);
}
