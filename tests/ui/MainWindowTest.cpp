#include "db/CatalogFile.h"
#include "db/SeedCatalog.h"
#include "db/SqliteCatalogRepository.h"
#include "ui/MainWindow.h"
#include "ui/catalog/OffersFilterProxy.h"
#include "ui/catalog/OffersPanel.h"
#include "ui/catalog/OffersTableModel.h"
#include "ui/refresh/CatalogStatusLabel.h"
#include "TestWaits.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

core::CatalogRepositoryFactory factoryFor(const QString &path)
{
    return [path]() -> core::Result<std::unique_ptr<core::CatalogRepository>> {
        auto repo = db::SqliteCatalogRepository::openExisting(path);
        if (!repo)
            return repo.error();
        return std::unique_ptr<core::CatalogRepository>(std::move(repo).value());
    };
}

bool loadInto(ui::MainWindow &window)
{
    QSignalSpy spy(&window, &ui::MainWindow::catalogLoaded);
    window.reloadCatalog();
    if (!spy.wait(30000))
        return false;
    return spy.at(0).at(0).toBool();
}

} // namespace

TEST(MainWindow, CustomOffersDoNotMakeTheCatalogLookCurrent)
{
    core::CatalogInfo info;
    core::ProviderInfo aws;
    aws.id = QStringLiteral("aws");
    aws.kind = QStringLiteral("cloud");
    aws.dataDate = QStringLiteral("2025-11-30");
    core::ProviderInfo azure = aws;
    azure.id = QStringLiteral("azure");
    azure.dataDate = QStringLiteral("2024-08-01");
    core::ProviderInfo mine;
    mine.id = QStringLiteral("acme-quote");
    mine.kind = QStringLiteral("custom");
    mine.dataDate = QStringLiteral("2026-12-01"); // saved today
    info.providers = {aws, azure, mine};
    EXPECT_EQ(ui::freshnessText(info), u"Prices as of 2025-11-30 (oldest: azure, 2024-08-01)");
    EXPECT_EQ(ui::newestDataDate(info), u"2025-11-30");
}

TEST(MainWindow, OpensOffscreenOnTheSeedCatalogAndShowsFreshness)
{
    ui::MainWindow window(factoryFor(tests::seedCatalogPath()));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(loadInto(window));
    auto *panel = window.offersPanel();
    EXPECT_GT(panel->model()->rowCount(), 5000);
    // Whole GPUs first: the cheapest rows a person sees are not slices of one (class 17 of issue 47).
    int slices = 0;
    for (int row = 0; row < panel->model()->rowCount(); ++row)
        slices += panel->model()->offerAt(row).fractionalGpu() ? 1 : 0;
    ASSERT_GT(slices, 0) << "the seed catalog has vGPU slices";
    EXPECT_EQ(panel->proxy()->rowCount(), panel->model()->rowCount() - slices);
    EXPECT_EQ(panel->fractionalFilter()->text(), QStringLiteral("GPU &slices (%1)").arg(slices));
    for (int row = 0; row < 20; ++row)
        EXPECT_GE(panel->proxy()->index(row, ui::OffersTableModel::GpuCount).data(ui::OffersTableModel::SortRole).toDouble(),
                  1.0) << row;
    // Alt+S shows them, as its underlined letter says.
    window.tabs()->setCurrentWidget(panel);
    window.activateWindow();
    QApplication::setActiveWindow(&window);
    panel->textFilter()->setFocus();
    // A button's mnemonic clicks it as an animated click: the toggle comes from the event loop.
    QSignalSpy toggled(panel->fractionalFilter(), &QAbstractButton::toggled);
    QTest::keyClick(&window, Qt::Key_S, Qt::AltModifier);
    ASSERT_TRUE(toggled.count() == 1 || toggled.wait(tests::kSlowWaitMs));
    EXPECT_TRUE(panel->fractionalFilter()->isChecked());
    EXPECT_EQ(panel->proxy()->rowCount(), panel->model()->rowCount());
    QTest::keyClick(&window, Qt::Key_S, Qt::AltModifier);
    ASSERT_TRUE(toggled.count() == 2 || toggled.wait(tests::kSlowWaitMs));
    EXPECT_FALSE(panel->fractionalFilter()->isChecked());
    const QList<QLabel *> labels = window.statusBar()->findChildren<QLabel *>();
    bool freshness = false;
    for (QLabel *l : labels)
        freshness = freshness || l->text().contains(QStringLiteral("Prices as of 2026-10"));
    EXPECT_TRUE(freshness);

    QCoreApplication::processEvents();
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(window.grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/catalog-offers.png")));
}

TEST(MainWindow, FiltersRespondToKeyboardInput)
{
    ui::MainWindow window(factoryFor(tests::seedCatalogPath()));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(loadInto(window));
    auto *panel = window.offersPanel();

    const int gpuIndex = panel->gpuFilter()->findData(QStringLiteral("H100-SXM5-80GB"));
    ASSERT_GT(gpuIndex, 0);
    panel->gpuFilter()->setFocus();
    panel->gpuFilter()->setCurrentIndex(gpuIndex);
    const int h100Rows = panel->proxy()->rowCount();
    EXPECT_GT(h100Rows, 0);
    EXPECT_LT(h100Rows, panel->model()->rowCount());
    for (int row = 0; row < h100Rows; ++row)
        EXPECT_EQ(panel->proxy()->index(row, ui::OffersTableModel::Gpu).data().toString(), QStringLiteral("H100-SXM5-80GB"));

    QTest::keyClicks(panel->textFilter(), QStringLiteral("p5.48"));
    EXPECT_GT(panel->proxy()->rowCount(), 0);
    EXPECT_LT(panel->proxy()->rowCount(), h100Rows);
    for (int row = 0; row < panel->proxy()->rowCount(); ++row)
        EXPECT_EQ(panel->proxy()->index(row, ui::OffersTableModel::InstanceType).data().toString(),
                  QStringLiteral("p5.48xlarge"));

    panel->billingFilter()->setCurrentIndex(panel->billingFilter()->findData(QStringLiteral("spot")));
    for (int row = 0; row < panel->proxy()->rowCount(); ++row)
        EXPECT_TRUE(panel->proxy()->index(row, ui::OffersTableModel::Billing).data().toString().startsWith(u"Spot"));

    // Commitments by term: 3-year reserved offers only.
    panel->billingFilter()->setCurrentIndex(panel->billingFilter()->findData(QStringLiteral("reserved")));
    panel->termFilter()->setCurrentIndex(panel->termFilter()->findData(36));
    panel->textFilter()->clear();
    EXPECT_GT(panel->proxy()->rowCount(), 0);
    for (int row = 0; row < panel->proxy()->rowCount(); ++row)
        EXPECT_TRUE(panel->proxy()->index(row, ui::OffersTableModel::Billing).data().toString().contains(u"36 mo"));
    panel->termFilter()->setCurrentIndex(0);
    panel->billingFilter()->setCurrentIndex(panel->billingFilter()->findData(QStringLiteral("spot")));
    QTest::keyClicks(panel->textFilter(), QStringLiteral("p5.48"));

    // Clicking a header sorts by that column, numerically.
    QHeaderView *header = panel->view()->horizontalHeader();
    const int x = header->sectionViewportPosition(ui::OffersTableModel::PriceUsd) + 5;
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
    double previous = -1;
    const Qt::SortOrder order = header->sortIndicatorOrder();
    for (int row = 0; row < panel->proxy()->rowCount(); ++row) {
        const double v = panel->proxy()->index(row, ui::OffersTableModel::PriceUsd).data(ui::OffersTableModel::SortRole).toDouble();
        if (previous >= 0) {
            EXPECT_TRUE(order == Qt::AscendingOrder ? previous <= v : previous >= v);
        }
        previous = v;
    }
}

TEST(MainWindow, ADamagedCatalogIsMovedAsideAndTheBuiltInOneRestored)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalog.sqlite"));
    const QByteArray damaged = "this is not a SQLite database, but someone's file all the same";
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(damaged);
    }
    ui::MainWindow window(factoryFor(path));
    window.setCatalogRecovery({path, [&] { return db::restoreBuiltInCatalog(path, tests::seedCatalogPath()); }});
    QSignalSpy spy(&window, &ui::MainWindow::catalogLoaded);
    QString offered, told;
    QTimer person;
    QObject::connect(&person, &QTimer::timeout, &window, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        if (box->objectName() == u"catalogRecoveryBox") {
            offered = box->text() + u'\n' + box->informativeText();
            for (QAbstractButton *b : box->buttons()) {
                if (b->text().contains(QStringLiteral("Restore")))
                    b->click();
            }
        } else {
            told = box->text();
            box->accept();
        }
    });
    person.start(20);
    window.reloadCatalog();
    ASSERT_TRUE(spy.wait(30000));
    EXPECT_FALSE(spy.at(0).at(0).toBool());
    ASSERT_TRUE(spy.size() > 1 || spy.wait(30000)) << "reloaded after the restore";
    EXPECT_TRUE(spy.at(1).at(0).toBool());
    EXPECT_TRUE(offered.contains(QStringLiteral("catalog.sqlite"))) << offered.toStdString();
    EXPECT_TRUE(offered.contains(QStringLiteral("nothing is deleted")));
    EXPECT_GT(window.offersPanel()->model()->rowCount(), 5000);
    // The damaged file is kept, byte for byte, beside the restored one.
    const QStringList kept = QDir(dir.path()).entryList({QStringLiteral("catalog.sqlite.damaged-*")}, QDir::Files);
    ASSERT_EQ(kept.size(), 1);
    QFile old(dir.filePath(kept.constFirst()));
    ASSERT_TRUE(old.open(QIODevice::ReadOnly));
    EXPECT_EQ(old.readAll(), damaged);
    EXPECT_TRUE(told.contains(kept.constFirst())) << told.toStdString();
}

TEST(MainWindow, UnreadableCatalogReportsTheFileAndKeepsRunning)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("missing.sqlite"));
    ui::MainWindow window(factoryFor(path));
    QSignalSpy spy(&window, &ui::MainWindow::catalogLoaded);
    // The error dialog is modal; close it as soon as it appears.
    auto closer = std::make_unique<QTimer>();
    QObject::connect(closer.get(), &QTimer::timeout, &window, [] {
        if (QWidget *modal = QApplication::activeModalWidget()) {
            EXPECT_TRUE(modal->findChildren<QLabel *>().size() > 0);
            bool named = false;
            for (QLabel *l : modal->findChildren<QLabel *>())
                named = named || l->text().contains(QStringLiteral("missing.sqlite"));
            EXPECT_TRUE(named);
            modal->close();
        }
    });
    closer->start(20);
    window.reloadCatalog();
    ASSERT_TRUE(spy.wait(30000));
    EXPECT_FALSE(spy.at(0).at(0).toBool());
    EXPECT_EQ(window.offersPanel()->model()->rowCount(), 0);
}
