// Refresh dialog, its worker handle and the status bar's offline state, with a fake
// core::RefreshService (no network) and real input events.

#include "core/catalog/CatalogRepository.h"
#include "db/CatalogWriteLock.h"
#include "db/SeedCatalog.h"
#include "db/SqliteCatalogRepository.h"
#include "db/SqliteOfferStore.h"
#include "db/SqliteRefreshLog.h"
#include "ui/MainWindow.h"
#include "ui/catalog/CompletingDelegate.h"
#include "ui/catalog/CustomOffersDialog.h"
#include "ui/catalog/CustomOffersModel.h"
#include "ui/catalog/PriceHistoryPanel.h"
#include "ui/compare/ComparisonModel.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/compare/ComparisonProxy.h"
#include "ui/compare/PlanRunner.h"
#include "ui/refresh/CatalogStatusLabel.h"
#include "ui/refresh/CatalogTools.h"
#include "ui/scenario/ScenarioFiles.h"
#include "ui/refresh/RefreshDialog.h"
#include "ui/refresh/RefreshErrorText.h"
#include "ui/settings/SecretStore.h"

#include "TestWaits.h"

#include <QDir>
#include <QElapsedTimer>
#include <QDockWidget>
#include <QLabel>
#include <QApplication>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <mutex>

using namespace gpuplanner;
using gpuplanner::tests::kSlowWaitMs;

namespace {

// Waits (bounded) for the test to set the flag.
void waitUntil(const std::atomic_bool &flag)
{
    QElapsedTimer waited;
    waited.start();
    while (!flag.load() && waited.elapsed() < kSlowWaitMs)
        QThread::msleep(5); // wait-ok: polls a flag the test sets; nothing is asserted on the time
}

// Reports progress in steps; "lambda" fails; with blockUntilCancel the first provider waits.
class FakeRefreshService : public core::RefreshService
{
public:
    QStringList failing = {QStringLiteral("lambda")};
    bool blockUntilCancel = false;
    // When set, the first provider holds after its first progress step until it is true.
    std::shared_ptr<std::atomic_bool> holdAfterFirstStep;
    QHash<QString, QString> *seenKeys = nullptr;
    QString screening; // the note of every successful provider

    QStringList providers() const override
    {
        return {QStringLiteral("aws"), QStringLiteral("lambda"), QStringLiteral("ecb")};
    }

    core::Result<QList<core::ProviderOutcome>> refresh(const QStringList &providers, const core::RefreshOptions &,
                                                       const std::atomic_bool *cancel,
                                                       const core::RefreshProgress &progress) override
    {
        QList<core::ProviderOutcome> outcomes;
        for (const QString &p : providers) {
            core::ProviderOutcome o;
            o.provider = p;
            if (cancel->load()) {
                o.status = core::RefreshStatus::Cancelled;
                outcomes.append(o);
                continue;
            }
            for (int step = 1; step <= 4; ++step) {
                progress(p, QStringLiteral("downloading"), step * 250, 1000);
                // wait-ok: paces the progress signals; the tests wait for what they check
                QThread::msleep(60);
                if (step == 1 && holdAfterFirstStep)
                    waitUntil(*holdAfterFirstStep);
            }
            while (blockUntilCancel && !cancel->load()) {
                progress(p, QStringLiteral("waiting for the server"), 500, 1000);
                QThread::msleep(20); // wait-ok: a stalled server, polled until the test cancels
            }
            if (cancel->load()) {
                o.status = core::RefreshStatus::Cancelled;
            } else if (failing.contains(p)) {
                o.status = core::RefreshStatus::Failed;
                o.error = QStringLiteral("https://cloud.lambdalabs.com/api/v1/instance-types: HTTP 401 Unauthorized");
            } else {
                o.status = core::RefreshStatus::Ok;
                o.offers = 12;
                o.counts.added = 2;
                o.counts.changed = 3;
                o.screening = screening;
            }
            outcomes.append(o);
        }
        return outcomes;
    }
};

ui::RefreshServiceFactory fakeFactory(std::function<void(FakeRefreshService &)> setup = {})
{
    return [setup](const ui::RefreshConfig &) -> core::Result<std::unique_ptr<core::RefreshService>> {
        auto fake = std::make_unique<FakeRefreshService>();
        if (setup)
            setup(*fake);
        return std::unique_ptr<core::RefreshService>(std::move(fake));
    };
}

ui::RefreshDialog::ConfigSource immediateConfig()
{
    return [](QObject *context, std::function<void(ui::RefreshConfig, QString)> done) {
        QMetaObject::invokeMethod(context, [done] { done(ui::RefreshConfig{}, QString()); }, Qt::QueuedConnection);
    };
}

core::CatalogRepositoryFactory factoryFor(const QString &path)
{
    return [path]() -> core::Result<std::unique_ptr<core::CatalogRepository>> {
        auto repo = db::SqliteCatalogRepository::openExisting(path);
        if (!repo)
            return repo.error();
        return std::unique_ptr<core::CatalogRepository>(std::move(repo).value());
    };
}

} // namespace

TEST(RefreshDialog, ProgressBarsMoveAndErrorsAreShownWithOldPricesKept)
{
    auto watching = std::make_shared<std::atomic_bool>(false);
    ui::RefreshDialog dialog(fakeFactory([watching](FakeRefreshService &f) { f.holdAfterFirstStep = watching; }),
                             immediateConfig());
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy finished(&dialog, &ui::RefreshDialog::refreshFinished);

    QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
    EXPECT_FALSE(dialog.startButton()->isEnabled());
    EXPECT_TRUE(dialog.cancelButton()->isEnabled());

    // Watch the aws bar move while the worker runs: the worker holds after its first step until
    // the test watches the bar, so a slow main thread misses none of the later steps.
    QList<int> seen;
    ASSERT_TRUE(QTest::qWaitFor([&] { return dialog.progressBar(QStringLiteral("aws")) != nullptr; }, kSlowWaitMs));
    QObject::connect(dialog.progressBar(QStringLiteral("aws")), &QProgressBar::valueChanged, &dialog,
                     [&seen](int v) { seen.append(v); });
    watching->store(true);
    ASSERT_TRUE(finished.wait(kSlowWaitMs));
    EXPECT_GE(seen.size(), 2);
    EXPECT_TRUE(std::any_of(seen.cbegin(), seen.cend(), [](int v) { return v > 0 && v < 1000; }));

    EXPECT_EQ(dialog.progressBar(QStringLiteral("aws"))->value(), 100);
    EXPECT_TRUE(dialog.statusLabel(QStringLiteral("aws"))->text().contains(QStringLiteral("12")));
    const QString lambda = dialog.statusLabel(QStringLiteral("lambda"))->text();
    EXPECT_TRUE(lambda.contains(QStringLiteral("HTTP 401"))) << lambda.toStdString();
    EXPECT_TRUE(lambda.contains(QStringLiteral("previous prices kept"))) << lambda.toStdString();
    EXPECT_TRUE(dialog.summaryLabel()->text().contains(QStringLiteral("Providers that failed: 1")))
        << dialog.summaryLabel()->text().toStdString();
    EXPECT_TRUE(dialog.startButton()->isEnabled());
    EXPECT_FALSE(dialog.cancelButton()->isEnabled());

    const auto result = finished.at(0).at(0).value<ui::RefreshResult>();
    EXPECT_TRUE(result.anyUpdated());
    EXPECT_FALSE(result.looksOffline());
}

TEST(RefreshDialog, ARefreshRunningElsewhereIsWaitedForAndSaidSo)
{
    // The desktop's service holds the catalog's write lock; another process holds it now.
    QTemporaryDir dir;
    const QString catalog = dir.filePath(QStringLiteral("catalog.sqlite"));
    auto held = std::make_shared<db::CatalogWriteLock>(catalog);
    ASSERT_TRUE(held->acquire(std::chrono::milliseconds(0)).ok());
    auto locked = [catalog](const ui::RefreshConfig &) -> core::Result<std::unique_ptr<core::RefreshService>> {
        auto fake = std::make_unique<FakeRefreshService>();
        fake->failing.clear();
        fake->screening = QStringLiteral("1 offer kept its previous price (1 implausible price)");
        return std::unique_ptr<core::RefreshService>(
            std::make_unique<db::LockedRefreshService>(std::move(fake), catalog, std::chrono::seconds(30)));
    };
    ui::RefreshDialog dialog(locked, immediateConfig());
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy finished(&dialog, &ui::RefreshDialog::refreshFinished);
    QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return dialog.summaryLabel()->text().contains(QStringLiteral("refresh is running")); }, kSlowWaitMs))
        << dialog.summaryLabel()->text().toStdString();
    EXPECT_TRUE(dialog.summaryLabel()->text().contains(QStringLiteral("waiting"))) << dialog.summaryLabel()->text().toStdString();
    EXPECT_TRUE(dialog.cancelButton()->isEnabled());
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(dialog.grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/refresh-waiting.png")));
    held.reset(); // the other refresh ends
    ASSERT_TRUE(finished.wait(kSlowWaitMs));
    EXPECT_TRUE(dialog.summaryLabel()->text().contains(QStringLiteral("All providers refreshed")))
        << dialog.summaryLabel()->text().toStdString();
    // A refused price is news on the provider's row, not only in the log.
    const QString aws = dialog.statusLabel(QStringLiteral("aws"))->text();
    EXPECT_TRUE(aws.contains(QStringLiteral("kept its previous price"))) << aws.toStdString();
}

TEST(RefreshDialog, CancelStopsTheWorkerAndReportsCancelled)
{
    ui::RefreshDialog dialog(fakeFactory([](FakeRefreshService &f) { f.blockUntilCancel = true; }), immediateConfig());
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy finished(&dialog, &ui::RefreshDialog::refreshFinished);
    QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return dialog.statusLabel(QStringLiteral("aws")) != nullptr
                && dialog.statusLabel(QStringLiteral("aws"))->text() == QStringLiteral("waiting for the server");
        },
        kSlowWaitMs));
    EXPECT_TRUE(dialog.isRunning());
    QTest::mouseClick(dialog.cancelButton(), Qt::LeftButton);
    ASSERT_TRUE(finished.wait(kSlowWaitMs));
    const auto result = finished.at(0).at(0).value<ui::RefreshResult>();
    EXPECT_TRUE(result.cancelled);
    ASSERT_EQ(result.outcomes.size(), 3);
    for (const core::ProviderOutcome &o : result.outcomes)
        EXPECT_EQ(o.status, core::RefreshStatus::Cancelled) << o.provider.toStdString();
    EXPECT_TRUE(dialog.statusLabel(QStringLiteral("ecb"))->text().contains(QStringLiteral("Cancelled")));
    EXPECT_TRUE(dialog.summaryLabel()->text().contains(QStringLiteral("cancelled")));
    EXPECT_FALSE(dialog.isRunning());
}

TEST(RefreshDialog, ClosingWhileRunningCancelsFirst)
{
    ui::RefreshDialog dialog(fakeFactory([](FakeRefreshService &f) { f.blockUntilCancel = true; }), immediateConfig());
    dialog.show();
    QSignalSpy finished(&dialog, &ui::RefreshDialog::refreshFinished);
    QSignalSpy rejected(&dialog, &QDialog::rejected);
    QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor([&] { return dialog.progressBar(QStringLiteral("aws")) != nullptr; }, kSlowWaitMs));
    QTest::keyClick(&dialog, Qt::Key_Escape);
    EXPECT_TRUE(dialog.isVisible()); // stays until the worker has stopped
    ASSERT_TRUE(finished.wait(kSlowWaitMs));
    EXPECT_EQ(rejected.size(), 1);
    EXPECT_FALSE(dialog.isVisible());
}

TEST(RefreshDialog, ServiceThatCannotStartLeavesPricesAlone)
{
    auto broken = [](const ui::RefreshConfig &) -> core::Result<std::unique_ptr<core::RefreshService>> {
        return core::Error{QStringLiteral("/nonexistent/ca.pem: cannot read the CA bundle")};
    };
    ui::RefreshDialog dialog(broken, immediateConfig());
    dialog.show();
    QSignalSpy finished(&dialog, &ui::RefreshDialog::refreshFinished);
    QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
    ASSERT_TRUE(finished.wait(kSlowWaitMs));
    EXPECT_TRUE(dialog.summaryLabel()->text().contains(QStringLiteral("/nonexistent/ca.pem")));
    EXPECT_TRUE(dialog.summaryLabel()->text().contains(QStringLiteral("unchanged")));
}

TEST(RefreshLog, LatestEntryPerProviderIsReadBackAndShown)
{
    QTemporaryDir dir;
    const QString path = tests::copySeedCatalog(dir.path());
    {
        auto store = db::SqliteOfferStore::open(path);
        ASSERT_TRUE(store) << store.errorMessage().toStdString();
        const QDateTime t0 = QDateTime::currentDateTimeUtc().addSecs(-7200);
        ASSERT_TRUE(store.value()->logRefresh({QStringLiteral("aws"), t0, t0.addSecs(30), core::RefreshStatus::Ok, 900, {}}));
        ASSERT_TRUE(store.value()->logRefresh({QStringLiteral("aws"), t0.addSecs(3600), t0.addSecs(3630),
                                               core::RefreshStatus::Failed, 0, QStringLiteral("aws: timed out")}));
        ASSERT_TRUE(store.value()->logRefresh({QStringLiteral("lambda"), t0.addSecs(3600), t0.addSecs(3610),
                                               core::RefreshStatus::Failed, 0, QStringLiteral("lambda: HTTP 401")}));
    }
    auto log = db::SqliteRefreshLog::factory(path)();
    ASSERT_TRUE(log) << log.errorMessage().toStdString();
    auto entries = log.value()->latestPerProvider();
    ASSERT_TRUE(entries) << entries.errorMessage().toStdString();
    ASSERT_EQ(entries.value().size(), 2);
    for (const core::RefreshLogEntry &e : entries.value()) {
        EXPECT_EQ(e.status, core::RefreshStatus::Failed);
        EXPECT_TRUE(e.message.startsWith(e.provider));
    }

    ui::RefreshDialog dialog(fakeFactory(), immediateConfig());
    dialog.setRefreshLog(entries.value());
    EXPECT_TRUE(dialog.lastRunLabel(QStringLiteral("aws"))->text().contains(QStringLiteral("aws: timed out")));
    EXPECT_TRUE(dialog.lastRunLabel(QStringLiteral("lambda"))->text().contains(QStringLiteral("HTTP 401")));
    dialog.setProviderNames({{QStringLiteral("aws"), QStringLiteral("Amazon Web Services")}});
    EXPECT_EQ(dialog.nameLabel(QStringLiteral("aws"))->text(), QStringLiteral("Amazon Web Services"));
    EXPECT_EQ(dialog.nameLabel(QStringLiteral("lambda"))->text(), QStringLiteral("lambda"));

    ui::CatalogStatusLabel status;
    core::CatalogInfo info;
    info.providers.append({QStringLiteral("aws"), {}, {}, {}, QStringLiteral("2026-07"), {}, {}});
    status.setCatalogInfo(info);
    status.setRefreshLog(entries.value());
    EXPECT_EQ(status.state(), ui::CatalogStatusLabel::State::Offline);
    EXPECT_EQ(status.text(), QStringLiteral("Offline · saved prices"));
    EXPECT_TRUE(status.toolTip().contains(QStringLiteral("prices as of 2026-07"))) << status.toolTip().toStdString();
}

TEST(CatalogStatus, ALiveRefreshResultOutranksTheLogReadThatFollowsItButNotANewerRun)
{
    ui::CatalogStatusLabel status;
    ui::RefreshResult result;
    core::ProviderOutcome failed;
    failed.provider = QStringLiteral("aws");
    failed.status = core::RefreshStatus::Failed;
    failed.error = QStringLiteral("aws: could not resolve host");
    result.outcomes = {failed};
    status.setRefreshResult(result);
    ASSERT_EQ(status.state(), ui::CatalogStatusLabel::State::Offline);
    // The log read that follows the refresh may hold nothing of it (or only older runs).
    status.setRefreshLog({});
    EXPECT_EQ(status.state(), ui::CatalogStatusLabel::State::Offline);
    const QDateTime earlier = QDateTime::currentDateTimeUtc().addSecs(-600);
    status.setRefreshLog({{QStringLiteral("aws"), earlier, earlier.addSecs(20), core::RefreshStatus::Ok, 900, {}}});
    EXPECT_EQ(status.state(), ui::CatalogStatusLabel::State::Offline);
    EXPECT_EQ(status.text(), QStringLiteral("Offline · saved prices"));
    // Another process refreshed after it: that is news.
    const QDateTime later = QDateTime::currentDateTimeUtc().addSecs(5);
    status.setRefreshLog({{QStringLiteral("aws"), later, later.addSecs(20), core::RefreshStatus::Ok, 900, {}}});
    EXPECT_EQ(status.state(), ui::CatalogStatusLabel::State::Online);
}

// Issue 47 (7): the status bar says what the last real attempt found. A cancelled run says
// nothing about the network, and a refresh that reached the providers is named as that, with its
// date, never as "Online" now.
TEST(CatalogStatus, TheNetworkStateComesFromTheLastRealAttempt)
{
    ui::CatalogStatusLabel status;
    const QDateTime failedAt = QDateTime::currentDateTimeUtc().addSecs(-7200);
    const QDateTime cancelledAt = QDateTime::currentDateTimeUtc().addSecs(-60);
    status.setRefreshLog({{QStringLiteral("aws"), failedAt, failedAt.addSecs(30), core::RefreshStatus::Failed, 0,
                           QStringLiteral("aws: could not resolve host")},
                          {QStringLiteral("aws"), cancelledAt, cancelledAt.addSecs(2), core::RefreshStatus::Cancelled, 0, {}}});
    EXPECT_EQ(status.state(), ui::CatalogStatusLabel::State::Offline) << "the cancel is not an attempt";
    status.setRefreshLog({{QStringLiteral("aws"), cancelledAt, cancelledAt.addSecs(2), core::RefreshStatus::Cancelled, 0, {}}});
    EXPECT_EQ(status.state(), ui::CatalogStatusLabel::State::NeverRefreshed);
    EXPECT_FALSE(status.text().contains(QStringLiteral("Online")));
    const QDateTime okAt = QDateTime::currentDateTimeUtc().addDays(-3);
    status.setRefreshLog({{QStringLiteral("aws"), okAt, okAt.addSecs(20), core::RefreshStatus::Ok, 900, {}}});
    EXPECT_EQ(status.state(), ui::CatalogStatusLabel::State::Online);
    EXPECT_TRUE(status.text().startsWith(QStringLiteral("Refreshed "))) << status.text().toStdString();
    EXPECT_FALSE(status.text().contains(QStringLiteral("Online"))) << "three days ago says nothing about now";
    EXPECT_TRUE(status.toolTip().contains(QStringLiteral("not checked again"))) << status.toolTip().toStdString();
}

TEST(CatalogTools, MenuActionsOpenTheDialogsAndTheStatusBarGoesOfflineWhenEverythingFails)
{
    QTemporaryDir dir;
    const QString path = tests::copySeedCatalog(dir.path());
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;

    ui::MainWindow window(factoryFor(path));
    ui::CatalogToolsDeps deps;
    deps.refreshServices = fakeFactory([](FakeRefreshService &f) {
        f.failing = {QStringLiteral("aws"), QStringLiteral("lambda"), QStringLiteral("ecb")};
    });
    deps.refreshLog = db::SqliteRefreshLog::factory(path);
    deps.settings = &settings;
    deps.secrets = &secrets;
    ui::CatalogTools *tools = ui::installCatalogTools(window, deps);
    QSignalSpy logLoaded(tools, &ui::CatalogTools::refreshLogLoaded);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(&window, &ui::MainWindow::catalogLoaded);
    window.reloadCatalog();
    ASSERT_TRUE(loaded.wait(kSlowWaitMs));
    ASSERT_TRUE(QTest::qWaitFor([&] { return logLoaded.size() > 0; }, kSlowWaitMs));

    ui::CatalogStatusLabel *status = tools->statusLabel();
    EXPECT_EQ(status->state(), ui::CatalogStatusLabel::State::NeverRefreshed);
    EXPECT_TRUE(status->toolTip().contains(QStringLiteral("2026-10"))) << status->toolTip().toStdString();

    bool inMenu = false;
    for (QAction *menu : window.menuBar()->actions())
        inMenu = inMenu || (menu->menu() && menu->menu()->actions().contains(tools->refreshAction()));
    EXPECT_TRUE(inMenu);
    // One Tools menu, and its mnemonic opens it: Alt+T from the window.
    QStringList titles;
    for (QAction *menu : window.menuBar()->actions())
        titles << menu->text();
    EXPECT_EQ(titles.count(QStringLiteral("&Tools")), 1) << titles.join(u',').toStdString();
    EXPECT_EQ(titles.count(QStringLiteral("&Catalog")), 1) << titles.join(u',').toStdString();
    QTest::keyClick(&window, Qt::Key_T, Qt::AltModifier);
    ASSERT_TRUE(QTest::qWaitFor([] { return QApplication::activePopupWidget() != nullptr; }, kSlowWaitMs));
    auto *popup = qobject_cast<QMenu *>(QApplication::activePopupWidget());
    ASSERT_TRUE(popup);
    EXPECT_TRUE(popup->actions().contains(tools->refreshAction())) << popup->title().toStdString();
    popup->close();
    // Every menu and every entry in it can be reached from the keyboard: one mnemonic each,
    // none twice in the same menu bar or menu; Save As, Print and Export report have keys.
    const auto mnemonic = [](const QString &text) {
        const qsizetype at = text.indexOf(u'&');
        return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
    };
    QList<QChar> barKeys;
    for (QAction *menu : window.menuBar()->actions()) {
        if (!menu->isVisible())
            continue;
        EXPECT_FALSE(mnemonic(menu->text()).isNull()) << menu->text().toStdString();
        EXPECT_FALSE(barKeys.contains(mnemonic(menu->text()))) << "menu bar: " << menu->text().toStdString();
        barKeys << mnemonic(menu->text());
        QList<QChar> keys;
        for (QAction *item : menu->menu()->actions()) {
            if (item->isSeparator() || !item->isVisible())
                continue;
            const QChar key = mnemonic(item->text());
            EXPECT_FALSE(key.isNull()) << menu->text().toStdString() << " > " << item->text().toStdString();
            EXPECT_FALSE(!key.isNull() && keys.contains(key)) << menu->text().toStdString() << " > " << item->text().toStdString();
            keys << key;
        }
    }
    QHash<QString, QKeySequence> keysByObject;
    for (QAction *a : window.findChildren<QAction *>())
        keysByObject.insert(a->text(), a->shortcut());
    EXPECT_FALSE(window.files()->saveAsAction()->shortcut().isEmpty());
    EXPECT_FALSE(keysByObject.value(QStringLiteral("&Print\u2026")).isEmpty());
    EXPECT_FALSE(keysByObject.value(QStringLiteral("&Export report\u2026")).isEmpty());

    tools->refreshAction()->trigger();
    auto *dialog = window.findChild<ui::RefreshDialog *>();
    ASSERT_NE(dialog, nullptr);
    QSignalSpy finished(dialog, &ui::RefreshDialog::refreshFinished);
    const qsizetype logReads = logLoaded.size();
    QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
    ASSERT_TRUE(finished.wait(kSlowWaitMs));
    // The finished refresh re-reads the log on a worker thread; the label still says what the
    // refresh found once that read is in (the fake service writes no log entries).
    ASSERT_TRUE(QTest::qWaitFor([&] { return logLoaded.size() > logReads; }, kSlowWaitMs));
    // Rows read as people name the providers, from the catalog; the id stays in the tooltip.
    EXPECT_EQ(dialog->nameLabel(QStringLiteral("aws"))->text(), QStringLiteral("Amazon Web Services"));
    EXPECT_EQ(dialog->nameLabel(QStringLiteral("aws"))->toolTip(), QStringLiteral("aws"));
    EXPECT_EQ(dialog->nameLabel(QStringLiteral("ecb"))->text(), QStringLiteral("Exchange rates (ECB)"));
    EXPECT_TRUE(dialog->summaryLabel()->text().contains(QStringLiteral("offline")));
    EXPECT_EQ(status->state(), ui::CatalogStatusLabel::State::Offline);
    EXPECT_EQ(status->text(), QStringLiteral("Offline · saved prices"));
    // Nothing was reloaded: the offers on screen are the old ones.
    EXPECT_EQ(loaded.size(), 1);
    dialog->close();

    // The custom offers editor completes GPU ids from the loaded catalog.
    tools->customOffersAction()->trigger();
    auto *custom = window.findChild<ui::CustomOffersDialog *>();
    ASSERT_NE(custom, nullptr);
    const auto *gpus = qobject_cast<ui::CompletingDelegate *>(
        custom->view()->itemDelegateForColumn(ui::CustomOffersModel::Gpu));
    ASSERT_NE(gpus, nullptr);
    EXPECT_TRUE(gpus->completions().contains(QStringLiteral("H100-SXM5-80GB")));
    custom->close();
}

TEST(MainWindowLayout, FitsASmallLaptopScreenWithDocksClosedAndRestoresWhatTheUserLeft)
{
    QTemporaryDir dir;
    const QString path = tests::copySeedCatalog(dir.path());
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    auto open = [&] {
        auto window = std::make_unique<ui::MainWindow>(factoryFor(path), QList<core::ModelPreset>(), &settings);
        ui::CatalogToolsDeps deps;
        deps.refreshServices = fakeFactory([](FakeRefreshService &) {});
        deps.refreshLog = db::SqliteRefreshLog::factory(path);
        deps.settings = &settings;
        deps.secrets = &secrets;
        ui::installCatalogTools(*window, deps);
        window->restoreLayout();
        window->show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        return window;
    };
    auto window = open();
    auto *history = window->findChild<QDockWidget *>(QStringLiteral("priceHistoryDock"));
    auto *specs = window->findChild<QDockWidget *>(QStringLiteral("gpuSpecsDock"));
    ASSERT_TRUE(history && specs);
    EXPECT_FALSE(history->isVisible()) << "docks are closed on a first run";
    EXPECT_FALSE(specs->isVisible());

    // Everything fits a 1366 x 768 screen (less a panel): the window can be made that small.
    const QSize screen = ui::MainWindow::smallestScreen() - QSize(0, 40);
    EXPECT_LE(window->minimumSizeHint().width(), screen.width()) << window->minimumSizeHint().width();
    EXPECT_LE(window->minimumSizeHint().height(), screen.height()) << window->minimumSizeHint().height();
    window->resize(screen);
    EXPECT_TRUE(QTest::qWaitFor([&] { return window->size() == screen; }, kSlowWaitMs)) << window->width();
    // The user opens the price history and closes the window: the next start shows it again.
    history->toggleViewAction()->trigger();
    EXPECT_TRUE(history->isVisible());
    window->close();
    window.reset();
    auto again = open();
    EXPECT_TRUE(again->findChild<QDockWidget *>(QStringLiteral("priceHistoryDock"))->isVisible());
    EXPECT_FALSE(again->findChild<QDockWidget *>(QStringLiteral("gpuSpecsDock"))->isVisible());
    // With the dock open the window still fits the small screen.
    EXPECT_EQ(again->size(), screen);
    EXPECT_LE(again->minimumSizeHint().height(), screen.height());
}

TEST(CatalogTools, ThePriceHistoryDockFollowsThePlanTabsSelection)
{
    QTemporaryDir dir;
    const QString path = tests::copySeedCatalog(dir.path());
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    auto presets = core::loadModelPresets();
    ASSERT_TRUE(presets.ok());
    ui::MainWindow window(factoryFor(path), presets.value(), &settings);
    ui::CatalogToolsDeps deps;
    deps.refreshServices = fakeFactory([](FakeRefreshService &) {});
    deps.refreshLog = db::SqliteRefreshLog::factory(path);
    deps.settings = &settings;
    deps.secrets = &secrets;
    ui::installCatalogTools(window, deps);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(&window, &ui::MainWindow::catalogLoaded);
    window.reloadCatalog();
    ASSERT_TRUE(loaded.wait(30000));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.planRunner()->latest() && !window.planRunner()->isBusy(); }, 60000));
    auto *history = window.findChild<QDockWidget *>(QStringLiteral("priceHistoryDock"));
    ASSERT_TRUE(history);
    history->toggleViewAction()->trigger();
    auto *panel = window.findChild<ui::PriceHistoryPanel *>();
    ASSERT_TRUE(panel);

    ui::ComparisonPanel *plan = window.comparison();
    QTableView *view = plan->view();
    const QModelIndex third = plan->proxy()->index(2, ui::ComparisonModel::Instance);
    view->scrollTo(third);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(third).center());
    const core::Offer *offer = plan->selectedOffer();
    ASSERT_TRUE(offer);
    EXPECT_TRUE(panel->titleLabel()->text().contains(offer->instanceType)) << panel->titleLabel()->text().toStdString();
    EXPECT_TRUE(panel->titleLabel()->text().contains(offer->region));
}

TEST(RefreshErrorText, NamesTheKindOfFailureOfTheNetLayersMessages)
{
    // Messages as the net layer and libcurl word them (CurlHttpClient, the provider sources).
    const QList<QPair<QString, QString>> cases = {
        {QStringLiteral("https://cloud.lambdalabs.com/api/v1/instance-types: HTTP 401 Unauthorized"), QStringLiteral("refused the API key")},
        {QStringLiteral("lambda: no Lambda API key configured"), QStringLiteral("no API key")},
        {QStringLiteral("tencent: set GPUPLANNER_TENCENT_SECRET_ID and GPUPLANNER_TENCENT_SECRET_KEY (or Settings ▸ API keys)"),
         QStringLiteral("no API key")},
        {QStringLiteral("https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/index.json: HTTP 503: Service Unavailable"),
         QStringLiteral("server failed")},
        {QStringLiteral("https://api.runpod.io/graphql: HTTP 429: Too Many Requests"), QStringLiteral("limiting requests")},
        {QStringLiteral("https://prices.azure.com/api/retail/prices: Could not resolve host: prices.azure.com (after 3 attempts)"),
         QStringLiteral("address could not be found")},
        {QStringLiteral("https://example.test/: Operation timed out after 30001 milliseconds with 0 bytes received (after 3 attempts)"),
         QStringLiteral("timed out")},
        {QStringLiteral("https://127.0.0.1:9/: Failed to connect to 127.0.0.1 port 9 after 0 ms: Connection refused (after 3 attempts)"),
         QStringLiteral("could not be reached")},
        {QStringLiteral("https://example.test/: SSL certificate problem: self-signed certificate (after 1 attempt)"),
         QStringLiteral("certificate")},
        {QStringLiteral("https://example.test/: unexpected content type 'text/html' (expected application/json)"),
         QStringLiteral("could not be read")},
    };
    for (const auto &[message, words] : cases)
        EXPECT_TRUE(ui::refreshFailureKind(message).contains(words)) << message.toStdString() << " -> "
                                                                  << ui::refreshFailureKind(message).toStdString();
    EXPECT_TRUE(ui::refreshFailureKind(QStringLiteral("something no one foresaw")).isEmpty());
}
