// Catalog browser additions: GPU specs filters, the selected offer's price history, the custom
// offers editor (validation, undo) and CSV import, with real input events offscreen.

#include "db/SeedCatalog.h"
#include "db/SqliteCatalogRepository.h"
#include "db/SqliteOfferStore.h"
#include "db/SqliteRefreshLog.h"
#include "ui/MainWindow.h"
#include "ui/catalog/CustomOffersDialog.h"
#include "ui/catalog/CustomOffersModel.h"
#include "ui/catalog/GpuSpecsFilterProxy.h"
#include "ui/catalog/GpuSpecsModel.h"
#include "ui/catalog/GpuSpecsPanel.h"
#include "ui/catalog/OffersPanel.h"
#include "ui/catalog/OffersFilterProxy.h"
#include "ui/catalog/OffersTableModel.h"
#include "ui/catalog/PriceHistoryPanel.h"
#include "ui/charts/PriceHistoryChart.h"
#include "ui/refresh/CatalogTools.h"
#include "ui/settings/SecretStore.h"

#include "TestWaits.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStyledItemDelegate>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace gpuplanner;
using gpuplanner::tests::kSlowWaitMs;

namespace {

QList<core::GpuModel> seedGpus()
{
    auto repo = db::SqliteCatalogRepository::openExisting(tests::seedCatalogPath());
    EXPECT_TRUE(repo);
    auto gpus = repo.value()->gpuModels();
    EXPECT_TRUE(gpus);
    return gpus.value();
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

core::CustomOfferStoreFactory storesFor(const QString &path)
{
    return [path]() -> core::Result<std::unique_ptr<core::OfferStore>> {
        auto store = db::SqliteOfferStore::open(path);
        if (!store)
            return store.error();
        return std::unique_ptr<core::OfferStore>(std::move(store).value());
    };
}

core::ImportBatch acmeBatch(double price, const QString &date)
{
    core::ImportBatch batch;
    batch.effectiveDate = date;
    batch.fetchedAt = date + QStringLiteral("T12:00:00Z");
    core::ImportedOffer o;
    o.instance.provider = QStringLiteral("acme");
    o.instance.name = QStringLiteral("acme-box-8x");
    o.instance.gpuId = QStringLiteral("H100-SXM5-80GB");
    o.instance.gpuCount = 8;
    o.region = QStringLiteral("eu-home");
    o.price = price;
    o.currency = QStringLiteral("USD");
    o.source = QStringLiteral("test");
    batch.offers.append(o);
    return batch;
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    QFile f(dir.filePath(name));
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text);
    return f.fileName();
}

// Types text into a cell through the view's editor, as a person would.
void typeIntoCell(QTableView *view, int row, int column, const QString &text)
{
    view->setFocus();
    view->setCurrentIndex(view->model()->index(row, column));
    QTest::keyClick(view, Qt::Key_F2);
    QWidget *editor = QApplication::focusWidget();
    ASSERT_NE(editor, nullptr);
    if (auto *line = qobject_cast<QLineEdit *>(editor))
        line->selectAll();
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
}

} // namespace

TEST(GpuSpecs, ModelPassesTheTesterAndFiltersRespondToInput)
{
    ui::GpuSpecsPanel panel;
    QAbstractItemModelTester modelTester(panel.model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(panel.proxy(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    panel.setGpus(seedGpus());
    panel.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
    const int all = panel.proxy()->rowCount();
    ASSERT_GT(all, 20);

    QTest::keyClicks(panel.textFilter(), QStringLiteral("H100"));
    ASSERT_GT(panel.proxy()->rowCount(), 0);
    EXPECT_LT(panel.proxy()->rowCount(), all);
    for (int r = 0; r < panel.proxy()->rowCount(); ++r) {
        QString shown;
        for (int c : {ui::GpuSpecsModel::Id, ui::GpuSpecsModel::Architecture, ui::GpuSpecsModel::FormFactor})
            shown += panel.proxy()->index(r, c).data().toString() + QLatin1Char(' ');
        EXPECT_TRUE(shown.contains(QStringLiteral("H100"))) << shown.toStdString();
    }
    panel.textFilter()->clear();
    EXPECT_EQ(panel.proxy()->rowCount(), all);

    // Issue 47 (10): a T4's 16-bit rate is FP16 (65 TFLOPS) and it has no BF16: never a BF16 figure.
    const QString fp16Header = panel.proxy()->headerData(ui::GpuSpecsModel::Fp16, Qt::Horizontal).toString();
    EXPECT_EQ(fp16Header, QStringLiteral("FP16 TFLOPS"));
    QTest::keyClicks(panel.textFilter(), QStringLiteral("T4"));
    bool sawT4 = false;
    for (int r = 0; r < panel.proxy()->rowCount(); ++r) {
        if (panel.proxy()->index(r, ui::GpuSpecsModel::Id).data().toString() != u"T4")
            continue;
        sawT4 = true;
        EXPECT_EQ(panel.proxy()->index(r, ui::GpuSpecsModel::Fp16).data().toString(), QStringLiteral("65"));
        EXPECT_EQ(panel.proxy()->index(r, ui::GpuSpecsModel::Bf16).data().toString(), QString());
    }
    EXPECT_TRUE(sawT4);
    panel.textFilter()->clear();

    panel.memoryFilter()->setFocus();
    panel.memoryFilter()->selectAll();
    QTest::keyClicks(panel.memoryFilter(), QStringLiteral("80"));
    ASSERT_EQ(panel.memoryFilter()->value(), 80);
    ASSERT_GT(panel.proxy()->rowCount(), 0);
    for (int r = 0; r < panel.proxy()->rowCount(); ++r)
        EXPECT_GE(panel.proxy()->index(r, ui::GpuSpecsModel::Memory).data(ui::GpuSpecsModel::SortRole).toDouble(), 80.0);

    const int amd = panel.vendorFilter()->findData(QStringLiteral("AMD"));
    ASSERT_GT(amd, 0);
    panel.vendorFilter()->setFocus();
    panel.vendorFilter()->setCurrentIndex(amd);
    ASSERT_GT(panel.proxy()->rowCount(), 0);
    for (int r = 0; r < panel.proxy()->rowCount(); ++r)
        EXPECT_EQ(panel.proxy()->index(r, ui::GpuSpecsModel::Vendor).data().toString(), QStringLiteral("AMD"));

    // Sorting by memory is numeric.
    panel.vendorFilter()->setCurrentIndex(0);
    QHeaderView *header = panel.view()->horizontalHeader();
    const int x = header->sectionViewportPosition(ui::GpuSpecsModel::Memory) + 5;
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
    const Qt::SortOrder order = header->sortIndicatorOrder();
    for (int r = 1; r < panel.proxy()->rowCount(); ++r) {
        const double a = panel.proxy()->index(r - 1, ui::GpuSpecsModel::Memory).data(ui::GpuSpecsModel::SortRole).toDouble();
        const double b = panel.proxy()->index(r, ui::GpuSpecsModel::Memory).data(ui::GpuSpecsModel::SortRole).toDouble();
        EXPECT_TRUE(order == Qt::AscendingOrder ? a <= b : a >= b);
    }
}

TEST(PriceHistory, SelectingAnOfferShowsItsPriceHistory)
{
    QTemporaryDir dir;
    const QString path = tests::copySeedCatalog(dir.path());
    {
        auto store = db::SqliteOfferStore::open(path);
        ASSERT_TRUE(store);
        const core::RefreshScope scope{QStringLiteral("acme"), {}};
        auto first = store.value()->replaceOffers(scope, acmeBatch(24.0, QStringLiteral("2026-08-01")));
        ASSERT_TRUE(first) << first.errorMessage().toStdString();
        auto second = store.value()->replaceOffers(scope, acmeBatch(19.5, QStringLiteral("2026-10-01")));
        ASSERT_TRUE(second) << second.errorMessage().toStdString();
    }
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    ui::MainWindow window(factoryFor(path));
    ui::CatalogToolsDeps deps;
    deps.refreshLog = db::SqliteRefreshLog::factory(path);
    deps.repositories = factoryFor(path);
    deps.customOffers = storesFor(path);
    deps.settings = &settings;
    deps.secrets = &secrets;
    ui::CatalogTools *tools = ui::installCatalogTools(window, deps);
    tools->priceHistory()->setToday(QDate(2026, 11, 30));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(&window, &ui::MainWindow::catalogLoaded);
    window.reloadCatalog();
    ASSERT_TRUE(loaded.wait(30000));
    ASSERT_TRUE(loaded.at(0).at(0).toBool());

    ui::OffersPanel *offers = window.offersPanel();
    QTest::keyClicks(offers->textFilter(), QStringLiteral("acme-box"));
    ASSERT_EQ(offers->proxy()->rowCount(), 1);
    QSignalSpy shown(tools->priceHistory(), &ui::PriceHistoryPanel::historyShown);
    QTableView *view = offers->view();
    const QRect cell = view->visualRect(offers->proxy()->index(0, ui::OffersTableModel::InstanceType));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
    ASSERT_TRUE(shown.wait(kSlowWaitMs));
    EXPECT_EQ(shown.at(0).at(0).toString(), QStringLiteral("acme-box-8x"));
    EXPECT_EQ(shown.at(0).at(2).toInt(), 2);
    EXPECT_EQ(tools->priceHistory()->chart()->seriesCount(), 1);
    EXPECT_TRUE(tools->priceHistory()->titleLabel()->text().contains(QStringLiteral("acme-box-8x")));

    // Another offer replaces the chart.
    offers->textFilter()->clear();
    QTest::keyClicks(offers->textFilter(), QStringLiteral("p5.48xlarge"));
    ASSERT_GT(offers->proxy()->rowCount(), 0);
    const QRect other = view->visualRect(offers->proxy()->index(0, ui::OffersTableModel::InstanceType));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, other.center());
    ASSERT_TRUE(shown.wait(kSlowWaitMs));
    EXPECT_EQ(shown.constLast().at(0).toString(), QStringLiteral("p5.48xlarge"));
    EXPECT_GE(shown.constLast().at(2).toInt(), 1);
}

TEST(CustomOffers, EditorRejectsBadInputNamingTheFieldKeepsTheTextAndUndoes)
{
    QTemporaryDir dir;
    const QString path = tests::copySeedCatalog(dir.path());
    ui::CustomOffersDialog dialog(storesFor(path), {QStringLiteral("aws"), QStringLiteral("gcp")});
    QAbstractItemModelTester tester(dialog.model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));

    QTest::mouseClick(dialog.addButton(), Qt::LeftButton);
    ASSERT_EQ(dialog.model()->rowCount(), 1);
    QTableView *view = dialog.view();
    typeIntoCell(view, 0, ui::CustomOffersModel::Provider, QStringLiteral("acme-negotiated"));
    typeIntoCell(view, 0, ui::CustomOffersModel::InstanceType, QStringLiteral("dgx-h100"));
    typeIntoCell(view, 0, ui::CustomOffersModel::Region, QStringLiteral("eu-home"));
    typeIntoCell(view, 0, ui::CustomOffersModel::Gpu, QStringLiteral("H100"));
    typeIntoCell(view, 0, ui::CustomOffersModel::GpuCount, QStringLiteral("8"));
    typeIntoCell(view, 0, ui::CustomOffersModel::PricePerHour, QStringLiteral("twelve"));
    EXPECT_EQ(dialog.model()->rows().at(0).at(ui::CustomOffersModel::Provider), QStringLiteral("acme-negotiated"));

    QSignalSpy saved(&dialog, &ui::CustomOffersDialog::saveFinished);
    QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
    ASSERT_TRUE(saved.wait(kSlowWaitMs));
    EXPECT_FALSE(saved.at(0).at(0).toBool());
    const QString message = dialog.messageLabel()->text();
    EXPECT_TRUE(message.startsWith(QStringLiteral("Row 1, Price per hour: 'twelve'"))) << message.toStdString();
    EXPECT_EQ(dialog.model()->rows().at(0).at(ui::CustomOffersModel::PricePerHour), QStringLiteral("twelve"));
    EXPECT_EQ(dialog.model()->errorColumn(), ui::CustomOffersModel::PricePerHour);
    EXPECT_EQ(view->currentIndex().column(), ui::CustomOffersModel::PricePerHour);

    // Undo takes back the last edit only; redo brings it back.
    dialog.undoStack()->undo();
    EXPECT_EQ(dialog.model()->rows().at(0).at(ui::CustomOffersModel::PricePerHour), QString());
    dialog.undoStack()->redo();
    EXPECT_EQ(dialog.model()->rows().at(0).at(ui::CustomOffersModel::PricePerHour), QStringLiteral("twelve"));

    // A catalog provider's id is refused, naming the field.
    typeIntoCell(view, 0, ui::CustomOffersModel::Provider, QStringLiteral("aws"));
    typeIntoCell(view, 0, ui::CustomOffersModel::PricePerHour, QStringLiteral("21.5"));
    QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
    ASSERT_EQ(saved.size(), 2);
    EXPECT_TRUE(dialog.messageLabel()->text().startsWith(QStringLiteral("Row 1, Provider: 'aws'")));

    typeIntoCell(view, 0, ui::CustomOffersModel::Provider, QStringLiteral("acme-negotiated"));
    QSignalSpy reload(&dialog, &ui::CustomOffersDialog::offersSaved);
    QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
    ASSERT_TRUE(saved.wait(kSlowWaitMs));
    EXPECT_TRUE(saved.constLast().at(0).toBool()) << saved.constLast().at(1).toString().toStdString();
    EXPECT_EQ(reload.size(), 1);

    auto repo = db::SqliteCatalogRepository::openExisting(path);
    ASSERT_TRUE(repo);
    core::OfferQuery query;
    query.providers = {QStringLiteral("acme-negotiated")};
    auto written = repo.value()->offers(query);
    ASSERT_TRUE(written) << written.errorMessage().toStdString();
    ASSERT_EQ(written.value().size(), 1);
    EXPECT_DOUBLE_EQ(written.value().at(0).pricePerHour, 21.5);
    EXPECT_EQ(written.value().at(0).gpu, QStringLiteral("H100-SXM5-80GB"));
}

TEST(CustomOffers, BillingAndUpfrontReadAsWordsAndArePickedFromAList)
{
    QTemporaryDir dir;
    const QString path = tests::copySeedCatalog(dir.path());
    ui::CustomOffersDialog dialog(storesFor(path), {QStringLiteral("aws")});
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    QTest::mouseClick(dialog.addButton(), Qt::LeftButton);
    ASSERT_EQ(dialog.model()->rowCount(), 1);
    QTableView *view = dialog.view();
    const QModelIndex billing = dialog.model()->index(0, ui::CustomOffersModel::Billing);
    const auto shown = [view](const QModelIndex &index) {
        const auto *delegate = qobject_cast<QStyledItemDelegate *>(view->itemDelegateForColumn(index.column()));
        return delegate ? delegate->displayText(index.data(), QLocale()) : QStringLiteral("(no delegate)");
    };
    EXPECT_EQ(billing.data().toString(), QStringLiteral("on_demand")); // the CSV's id underneath
    EXPECT_EQ(shown(billing), QStringLiteral("On-demand"));
    EXPECT_EQ(shown(dialog.model()->index(0, ui::CustomOffersModel::Upfront)), QStringLiteral("no upfront"));

    // F2 opens a list; Down picks the next billing model and Return keeps it.
    view->setFocus();
    view->setCurrentIndex(billing);
    QTest::keyClick(view, Qt::Key_F2);
    auto *combo = qobject_cast<QComboBox *>(QApplication::focusWidget());
    ASSERT_NE(combo, nullptr);
    EXPECT_EQ(combo->currentText(), QStringLiteral("On-demand"));
    QTest::keyClick(combo, Qt::Key_Down);
    EXPECT_EQ(combo->currentText(), QStringLiteral("Spot"));
    QTest::keyClick(combo, Qt::Key_Return); // the view commits on its next event loop turn
    EXPECT_TRUE(QTest::qWaitFor([&] { return billing.data().toString() == u"spot"; }, kSlowWaitMs));
    EXPECT_EQ(shown(billing), QStringLiteral("Spot"));
    dialog.undoStack()->undo();
    EXPECT_EQ(billing.data().toString(), QStringLiteral("on_demand"));

    // Text that is not a billing model (say, from an import) is shown and kept as it is.
    ASSERT_TRUE(dialog.model()->setData(billing, QStringLiteral("monthly")));
    const int edits = dialog.undoStack()->count();
    EXPECT_EQ(shown(billing), QStringLiteral("monthly"));
    view->setCurrentIndex(billing);
    QTest::keyClick(view, Qt::Key_F2);
    combo = qobject_cast<QComboBox *>(QApplication::focusWidget());
    ASSERT_NE(combo, nullptr);
    EXPECT_EQ(combo->currentText(), QStringLiteral("monthly"));
    QTest::keyClick(combo, Qt::Key_Return);
    EXPECT_TRUE(QTest::qWaitFor([&] { return QApplication::focusWidget() == view; }, kSlowWaitMs)) << "the editor closes";
    EXPECT_EQ(billing.data().toString(), QStringLiteral("monthly"));
    EXPECT_EQ(dialog.undoStack()->count(), edits);
}

TEST(CustomOffers, GpuColumnCompletesFromTheCatalogsGpuIds)
{
    QTemporaryDir dir;
    const QString path = tests::copySeedCatalog(dir.path());
    ui::CustomOffersDialog dialog(storesFor(path), {QStringLiteral("aws")});
    dialog.setGpuIds({QStringLiteral("A100-80GB"), QStringLiteral("H100-SXM5-80GB"), QStringLiteral("H100-PCIE-80GB"),
                      QStringLiteral("L4")});
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    QTest::mouseClick(dialog.addButton(), Qt::LeftButton);
    QTableView *view = dialog.view();
    view->setFocus();
    view->setCurrentIndex(dialog.model()->index(0, ui::CustomOffersModel::Gpu));
    QTest::keyClick(view, Qt::Key_F2);
    auto *edit = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    ASSERT_NE(edit, nullptr);
    ASSERT_NE(edit->completer(), nullptr);
    // Any part of the id, any case.
    QTest::keyClicks(edit, QStringLiteral("h100"));
    QStringList offered;
    QAbstractItemModel *completions = edit->completer()->completionModel();
    for (int r = 0; r < completions->rowCount(); ++r)
        offered << completions->index(r, 0).data().toString();
    EXPECT_EQ(offered, (QStringList{QStringLiteral("H100-SXM5-80GB"), QStringLiteral("H100-PCIE-80GB")}));
    // Whatever is typed is kept; the model validates it on save.
    edit->completer()->popup()->hide(); // the text as typed, no completion picked
    QTest::keyClick(edit, Qt::Key_Return);
    EXPECT_TRUE(QTest::qWaitFor(
        [&] { return dialog.model()->rows().at(0).at(ui::CustomOffersModel::Gpu) == u"h100"; }, kSlowWaitMs))
        << dialog.model()->rows().at(0).at(ui::CustomOffersModel::Gpu).toStdString();
}

TEST(CustomOffers, CsvImportGoodAndBad)
{
    QTemporaryDir dir;
    const QString path = tests::copySeedCatalog(dir.path());
    ui::CustomOffersDialog dialog(storesFor(path), {QStringLiteral("aws")});
    dialog.show();
    QSignalSpy imported(&dialog, &ui::CustomOffersDialog::importFinished);

    const QString missingTerm = writeFile(dir, QStringLiteral("missing-term.csv"),
                                   "provider,instance_type,region,gpu,gpu_count,billing,price_per_hour,currency\n"
                                   "acme,box-8,eu-home,H100,8,on_demand,19.5,USD\n"
                                   "acme,box-4,eu-home,A100-80GB,4,reserved,6.25,EUR\n");
    dialog.importCsv(missingTerm);
    ASSERT_TRUE(imported.wait(kSlowWaitMs));
    EXPECT_FALSE(imported.at(0).at(0).toBool()); // reserved without term_months
    EXPECT_TRUE(imported.at(0).at(1).toString().contains(QStringLiteral("missing-term.csv:3: column term_months")))
        << imported.at(0).at(1).toString().toStdString();
    EXPECT_EQ(dialog.model()->rowCount(), 0);

    const QString fixed = writeFile(dir, QStringLiteral("fixed.csv"),
                                    "provider,instance_type,region,gpu,gpu_count,billing,price_per_hour,currency,term_months\n"
                                    "acme,box-8,eu-home,H100,8,on_demand,19.5,USD,\n"
                                    "acme,box-4,eu-home,A100-80GB,4,reserved,6.25,EUR,12\n");
    dialog.importCsv(fixed);
    ASSERT_TRUE(imported.wait(kSlowWaitMs));
    EXPECT_TRUE(imported.at(1).at(0).toBool()) << imported.at(1).at(1).toString().toStdString();
    ASSERT_EQ(dialog.model()->rowCount(), 2);
    EXPECT_EQ(dialog.model()->rows().at(1).at(ui::CustomOffersModel::TermMonths), QStringLiteral("12"));

    const QString bad = writeFile(dir, QStringLiteral("bad.csv"),
                                  "provider,instance_type,region,gpu,gpu_count,billing,price_per_hour,currency\n"
                                  "acme,box-2,eu-home,H100,2,on_demand,5,USD\n"
                                  "acme,box-1,eu-home,Z9000,1,on_demand,2,USD\n");
    dialog.importCsv(bad);
    ASSERT_TRUE(imported.wait(kSlowWaitMs));
    EXPECT_FALSE(imported.at(2).at(0).toBool());
    const QString message = dialog.messageLabel()->text();
    EXPECT_TRUE(message.contains(QStringLiteral("bad.csv:3: column gpu 'Z9000'"))) << message.toStdString();
    EXPECT_EQ(dialog.model()->rowCount(), 2); // nothing from the bad file

    // The imported rows save, and one undo removes the whole import.
    QSignalSpy saved(&dialog, &ui::CustomOffersDialog::saveFinished);
    auto acmeOffers = [&path] {
        auto repo = db::SqliteCatalogRepository::openExisting(path);
        EXPECT_TRUE(repo);
        core::OfferQuery query;
        query.providers = {QStringLiteral("acme")};
        auto offers = repo.value()->offers(query);
        EXPECT_TRUE(offers);
        return offers ? offers.value() : QList<core::Offer>{};
    };
    QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
    ASSERT_TRUE(saved.wait(kSlowWaitMs));
    EXPECT_TRUE(saved.at(0).at(0).toBool()) << saved.at(0).at(1).toString().toStdString();
    EXPECT_EQ(acmeOffers().size(), 2);
    dialog.undoStack()->undo();
    EXPECT_EQ(dialog.model()->rowCount(), 0);

    // Saving what the editor holds is what the catalog holds: deleted rows leave it, whichever
    // billing models remain.
    dialog.undoStack()->redo();
    ASSERT_EQ(dialog.model()->rowCount(), 2);
    dialog.view()->selectRow(1); // the reserved row
    QTest::mouseClick(dialog.removeButton(), Qt::LeftButton);
    ASSERT_EQ(dialog.model()->rowCount(), 1);
    QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
    ASSERT_TRUE(saved.wait(kSlowWaitMs));
    EXPECT_TRUE(saved.at(1).at(0).toBool()) << saved.at(1).at(1).toString().toStdString();
    QList<core::Offer> left = acmeOffers();
    ASSERT_EQ(left.size(), 1);
    EXPECT_EQ(left.at(0).billing, core::Billing::OnDemand);
    dialog.view()->selectRow(0);
    QTest::mouseClick(dialog.removeButton(), Qt::LeftButton);
    QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
    ASSERT_TRUE(saved.wait(kSlowWaitMs));
    EXPECT_TRUE(saved.at(2).at(0).toBool()) << saved.at(2).at(1).toString().toStdString();
    EXPECT_TRUE(acmeOffers().isEmpty());
}
