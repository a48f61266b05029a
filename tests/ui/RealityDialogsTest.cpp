// The Catalog menu's dialogs: calibrations (probe results dropped on the table, a refused file
// named, an unknown GPU picked from the catalog, Delete removes) and actual spend (a FOCUS export
// under a project, the same file again counted once), on a private catalog copy; the scenario
// editor's calibration and billing-project fields with undo. Screenshots in the artifacts.

#include "ScreenshotLook.h"
#include "db/SqliteCatalogRepository.h"
#include "db/SqliteRealityStore.h"
#include "ui/MainWindow.h"
#include "ui/catalog/CalibrationsDialog.h"
#include "ui/catalog/RealityModels.h"
#include "ui/catalog/SpendImportsDialog.h"
#include "ui/refresh/CatalogTools.h"
#include "ui/scenario/ConstraintsEditor.h"
#include "ui/scenario/FieldBindings.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/settings/SecretStore.h"

#include "TestWaits.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QUrl>

#include <gtest/gtest.h>

using namespace gpuplanner;
using gpuplanner::tests::kSlowWaitMs;

namespace {

QString fixture(const char *relative)
{
    return QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/") + QLatin1String(relative);
}

// A writable copy of the default catalog (GPU models, migrations up to calibrations and spend).
QString catalogCopy(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("catalog.sqlite"));
    EXPECT_TRUE(QFile::copy(QStringLiteral(GPUPLANNER_DEFAULT_CATALOG), path));
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return path;
}

void save(QWidget &w, const QString &name)
{
    QCoreApplication::processEvents();
    const QString dir = QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots");
    QDir().mkpath(dir);
    EXPECT_TRUE(w.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")));
}

// What a file manager's drag does: enter, then drop, with the files as local URLs.
void dropFiles(QWidget *target, const QStringList &paths)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString &p : paths)
        urls.append(QUrl::fromLocalFile(p));
    mime.setUrls(urls);
    const QPoint pos(target->width() / 2, target->height() / 2);
    QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(pos), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    EXPECT_TRUE(drop.isAccepted());
}

QString cell(const QAbstractItemModel *model, int row, int column)
{
    return model->data(model->index(row, column)).toString();
}

// Accepts the confirmation the dialog opened (window-modal, not a nested event loop).
void confirm(QWidget &dialog, const QString &mentions)
{
    QMessageBox *box = nullptr;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return (box = dialog.findChild<QMessageBox *>()) != nullptr && box->isVisible(); }, kSlowWaitMs))
        << "no confirmation opened";
    EXPECT_TRUE(box->text().contains(mentions)) << box->text().toStdString();
    QTest::mouseClick(box->button(QMessageBox::Yes), Qt::LeftButton);
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
    return path;
}

QByteArray readFixture(const char *relative)
{
    QFile f(fixture(relative));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

} // namespace

TEST(CalibrationsDialog, DroppedProbeResultIsListedThenDeleteRemovesIt)
{
    QTemporaryDir dir;
    ui::CalibrationsDialog dialog(db::SqliteRealityStore::factory(catalogCopy(dir)));
    QAbstractItemModelTester tester(dialog.model(), QAbstractItemModelTester::FailureReportingMode::Warning);
    QSignalSpy changed(&dialog, &ui::CalibrationsDialog::calibrationsChanged);
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dialog.isBusy(); }, kSlowWaitMs));
    EXPECT_EQ(dialog.model()->rowCount(), 0);

    QSignalSpy imported(&dialog, &ui::CalibrationsDialog::importFinished);
    dropFiles(dialog.view()->viewport(), {fixture("probe/h100-synthetic.json")});
    ASSERT_TRUE(imported.wait(30000));
    EXPECT_TRUE(imported.at(0).at(0).toBool()) << dialog.errorLabel()->text().toStdString();
    ASSERT_EQ(dialog.model()->rowCount(), 1);
    EXPECT_EQ(cell(dialog.model(), 0, ui::CalibrationsModel::Gpu), QStringLiteral("H100-SXM5-80GB"));
    EXPECT_TRUE(cell(dialog.model(), 0, ui::CalibrationsModel::Device).contains(QStringLiteral("NVIDIA H100 80GB HBM3")));
    EXPECT_EQ(cell(dialog.model(), 0, ui::CalibrationsModel::Host), QStringLiteral("test-h100-box"));
    EXPECT_FALSE(cell(dialog.model(), 0, ui::CalibrationsModel::Bf16).isEmpty());
    EXPECT_TRUE(dialog.messageLabel()->text().contains(QStringLiteral("H100-SXM5-80GB")));
    EXPECT_FALSE(dialog.errorLabel()->isVisible());
    EXPECT_EQ(changed.size(), 1);
    save(dialog, QStringLiteral("catalog-calibrations-light"));

    dialog.view()->selectRow(0);
    dialog.view()->setFocus();
    EXPECT_TRUE(dialog.removeButton()->isEnabled());
    QSignalSpy removed(&dialog, &ui::CalibrationsDialog::removeFinished);
    QTest::keyClick(dialog.view(), Qt::Key_Delete);
    confirm(dialog, QStringLiteral("test-h100-box"));
    ASSERT_TRUE(removed.wait(30000));
    EXPECT_TRUE(removed.at(0).at(0).toBool());
    EXPECT_EQ(dialog.model()->rowCount(), 0);
    EXPECT_EQ(changed.size(), 2);
}

TEST(CalibrationsDialog, RefusedFileIsNamedAndAnUnknownGpuCanBePicked)
{
    QTemporaryDir dir;
    ui::CalibrationsDialog dialog(db::SqliteRealityStore::factory(catalogCopy(dir)));
    dialog.setGpuIds({QStringLiteral("A100-SXM4-80GB"), QStringLiteral("H100-SXM5-80GB"), QStringLiteral("L4")});
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dialog.isBusy(); }, kSlowWaitMs));

    QSignalSpy imported(&dialog, &ui::CalibrationsDialog::importFinished);
    const QString broken = writeFile(dir, QStringLiteral("broken-probe.json"), "{\"format\": \"gpu-planner-probe\",");
    dropFiles(&dialog, {broken});
    ASSERT_TRUE(imported.wait(30000));
    EXPECT_FALSE(imported.at(0).at(0).toBool());
    EXPECT_TRUE(dialog.errorLabel()->isVisible());
    EXPECT_TRUE(dialog.errorLabel()->text().contains(QStringLiteral("broken-probe.json")))
        << dialog.errorLabel()->text().toStdString();
    EXPECT_EQ(dialog.model()->rowCount(), 0);
    EXPECT_FALSE(dialog.gpuPicker()->isVisible());

    QByteArray renamed = readFixture("probe/h100-synthetic.json");
    renamed.replace("NVIDIA H100 80GB HBM3", "NVIDIA H100 Mystery Edition");
    const QString mystery = writeFile(dir, QStringLiteral("mystery-gpu.json"), renamed);
    imported.clear();
    dropFiles(dialog.view()->viewport(), {mystery});
    ASSERT_TRUE(imported.wait(30000));
    EXPECT_FALSE(imported.at(0).at(0).toBool());
    const QString error = dialog.errorLabel()->text();
    EXPECT_TRUE(error.contains(QStringLiteral("mystery-gpu.json"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("H100 Mystery Edition"))) << error.toStdString();
    EXPECT_FALSE(error.contains(QStringLiteral("--gpu"))) << error.toStdString();
    ASSERT_TRUE(dialog.gpuPicker()->isVisible());
    EXPECT_EQ(dialog.gpuCombo()->currentText(), QStringLiteral("H100-SXM5-80GB")); // guessed from the name
    save(dialog, QStringLiteral("catalog-calibrations-unknown-gpu-light"));

    imported.clear();
    QTest::mouseClick(dialog.retryButton(), Qt::LeftButton);
    ASSERT_TRUE(imported.wait(30000));
    EXPECT_TRUE(imported.at(0).at(0).toBool()) << dialog.errorLabel()->text().toStdString();
    ASSERT_EQ(dialog.model()->rowCount(), 1);
    EXPECT_EQ(cell(dialog.model(), 0, ui::CalibrationsModel::Gpu), QStringLiteral("H100-SXM5-80GB"));
    EXPECT_FALSE(dialog.gpuPicker()->isVisible());
    EXPECT_FALSE(dialog.errorLabel()->isVisible());
}

TEST(SpendImportsDialog, FocusExportUnderAProjectThenTheSameFileCountsOnce)
{
    QTemporaryDir dir;
    ui::SpendImportsDialog dialog(db::SqliteRealityStore::factory(catalogCopy(dir)));
    QAbstractItemModelTester tester(dialog.model(), QAbstractItemModelTester::FailureReportingMode::Warning);
    QSignalSpy changed(&dialog, &ui::SpendImportsDialog::spendChanged);
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dialog.isBusy(); }, kSlowWaitMs));
    EXPECT_EQ(dialog.formatCombo()->currentData().toString(), QStringLiteral("auto"));
    QTest::keyClicks(dialog.projectEdit(), QStringLiteral("demo"));

    QSignalSpy imported(&dialog, &ui::SpendImportsDialog::importFinished);
    const QString file = fixture("billing/focus_1.2_aws_gpu.reconstructed.csv");
    dropFiles(dialog.view()->viewport(), {file});
    ASSERT_TRUE(imported.wait(30000));
    EXPECT_TRUE(imported.at(0).at(0).toBool()) << dialog.errorLabel()->text().toStdString();
    ASSERT_EQ(dialog.model()->rowCount(), 1);
    EXPECT_EQ(cell(dialog.model(), 0, ui::SpendImportsModel::Lines), QStringLiteral("7"));
    EXPECT_EQ(cell(dialog.model(), 0, ui::SpendImportsModel::Project), QStringLiteral("demo"));
    EXPECT_EQ(cell(dialog.model(), 0, ui::SpendImportsModel::File), QStringLiteral("focus_1.2_aws_gpu.reconstructed.csv"));
    const QString summary = dialog.messageLabel()->text();
    EXPECT_TRUE(summary.contains(QStringLiteral("7 lines"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("FOCUS"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("project demo"))) << summary.toStdString();
    EXPECT_EQ(changed.size(), 1);
    save(dialog, QStringLiteral("catalog-actual-spend-light"));

    imported.clear();
    dropFiles(&dialog, {file});
    ASSERT_TRUE(imported.wait(30000));
    EXPECT_TRUE(imported.at(0).at(0).toBool());
    EXPECT_TRUE(dialog.messageLabel()->text().contains(QStringLiteral("counted once")))
        << dialog.messageLabel()->text().toStdString();
    EXPECT_EQ(dialog.model()->rowCount(), 1);
    EXPECT_EQ(changed.size(), 1); // nothing changed

    dialog.view()->selectRow(0);
    dialog.view()->setFocus();
    QSignalSpy removed(&dialog, &ui::SpendImportsDialog::removeFinished);
    QTest::keyClick(dialog.view(), Qt::Key_Delete);
    confirm(dialog, QStringLiteral("focus_1.2_aws_gpu.reconstructed.csv"));
    ASSERT_TRUE(removed.wait(30000));
    EXPECT_EQ(dialog.model()->rowCount(), 0);
    EXPECT_EQ(changed.size(), 2);
}

TEST(SpendImportsDialog, ALargeExportShowsHowFarItHasBeenRead)
{
    // A CUR of several read chunks: the busy indicator becomes a bar with a percentage.
    QTemporaryDir dir;
    const QList<QByteArray> rows = readFixture("billing/aws_cur_legacy_gpu.reconstructed.csv").trimmed().split('\n');
    QByteArray cur = rows.first() + '\n';
    int copies = 0;
    while (cur.size() < 12 * 1024 * 1024) {
        for (qsizetype i = 1; i < rows.size(); ++i)
            cur += rows.at(i) + '\n';
        ++copies;
    }
    const QString path = writeFile(dir, QStringLiteral("big-cur.csv"), cur);
    ui::SpendImportsDialog dialog(db::SqliteRealityStore::factory(catalogCopy(dir)));
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dialog.isBusy(); }, kSlowWaitMs));
    QSignalSpy imported(&dialog, &ui::SpendImportsDialog::importFinished);
    QProgressBar *bar = dialog.progressBar();
    int shownPercent = -1;
    QString shownText;
    QObject::connect(bar, &QProgressBar::valueChanged, bar, [&](int value) {
        if (bar->isVisible() && bar->maximum() == 100 && value > 0 && value < 100 && shownPercent < 0) {
            shownPercent = value;
            shownText = bar->text();
            save(dialog, QStringLiteral("catalog-actual-spend-progress"));
        }
    });
    dialog.importFiles({path});
    ASSERT_TRUE(imported.wait(120000));
    EXPECT_TRUE(imported.at(0).at(0).toBool()) << dialog.errorLabel()->text().toStdString();
    EXPECT_GT(shownPercent, 0) << "no percentage was shown while the file was read";
    EXPECT_EQ(shownText, QStringLiteral("%1%").arg(shownPercent));
    EXPECT_FALSE(bar->isVisible());
    ASSERT_EQ(dialog.model()->rowCount(), 1);
    EXPECT_EQ(cell(dialog.model(), 0, ui::SpendImportsModel::Lines), QLocale().toString((rows.size() - 1) * copies));
}

TEST(SpendImportsDialog, UnreadableExportIsNamedAndNothingIsStored)
{
    QTemporaryDir dir;
    ui::SpendImportsDialog dialog(db::SqliteRealityStore::factory(catalogCopy(dir)));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dialog.isBusy(); }, kSlowWaitMs));
    QSignalSpy imported(&dialog, &ui::SpendImportsDialog::importFinished);
    const QString bad = writeFile(dir, QStringLiteral("not-a-bill.csv"), "colour,shape\nred,round\n");
    dialog.importFiles({bad});
    ASSERT_TRUE(imported.wait(30000));
    EXPECT_FALSE(imported.at(0).at(0).toBool());
    EXPECT_TRUE(dialog.errorLabel()->text().contains(QStringLiteral("not-a-bill.csv")))
        << dialog.errorLabel()->text().toStdString();
    EXPECT_EQ(dialog.model()->rowCount(), 0);
}

TEST(CatalogMenu, OpensTheDialogsAndAnImportReloadsTheCatalog)
{
    QTemporaryDir dir;
    const QString path = catalogCopy(dir);
    core::CatalogRepositoryFactory repositories = [path]() -> core::Result<std::unique_ptr<core::CatalogRepository>> {
        auto repo = db::SqliteCatalogRepository::openExisting(path);
        if (!repo)
            return repo.error();
        return std::unique_ptr<core::CatalogRepository>(std::move(repo).value());
    };
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    ui::MainWindow window(repositories);
    ui::CatalogToolsDeps deps;
    deps.repositories = repositories;
    deps.reality = db::SqliteRealityStore::factory(path);
    deps.settings = &settings;
    deps.secrets = &secrets;
    ui::CatalogTools *tools = ui::installCatalogTools(window, deps);
    window.document()->setValue(QStringLiteral("project"), QStringLiteral("llm-pretrain"));
    QSignalSpy loaded(&window, &ui::MainWindow::catalogLoaded);
    window.reloadCatalog();
    ASSERT_TRUE(loaded.wait(30000));

    auto *menu = window.findChild<QMenu *>(QStringLiteral("catalogMenu"));
    ASSERT_TRUE(menu);
    EXPECT_EQ(menu->title(), QStringLiteral("&Catalog"));
    EXPECT_TRUE(menu->actions().contains(tools->calibrationsAction()));
    EXPECT_TRUE(menu->actions().contains(tools->spendAction()));
    EXPECT_TRUE(window.menuBar()->actions().contains(menu->menuAction()));
    // Beside Tools, which stays as it was.
    auto *toolsMenu = window.findChild<QMenu *>(QStringLiteral("toolsMenu"));
    ASSERT_TRUE(toolsMenu);
    const QList<QAction *> bar = window.menuBar()->actions();
    EXPECT_EQ(bar.indexOf(menu->menuAction()) + 1, bar.indexOf(toolsMenu->menuAction()));

    tools->calibrationsAction()->trigger();
    auto *calibrations = window.findChild<ui::CalibrationsDialog *>();
    ASSERT_TRUE(calibrations);
    EXPECT_TRUE(calibrations->isVisible());
    EXPECT_GT(calibrations->gpuCombo()->count(), 10); // the catalog's GPU models
    ASSERT_TRUE(QTest::qWaitFor([&] { return !calibrations->isBusy(); }, kSlowWaitMs));
    loaded.clear();
    calibrations->importFiles({fixture("probe/h100-synthetic.json")});
    ASSERT_TRUE(loaded.wait(30000)); // the window re-read the catalog with the new run

    tools->spendAction()->trigger();
    auto *spend = window.findChild<ui::SpendImportsDialog *>();
    ASSERT_TRUE(spend);
    EXPECT_EQ(spend->projectEdit()->text(), QStringLiteral("llm-pretrain"));
}

TEST(ScenarioEditor, CalibrationAndBillingProjectFieldsWriteTheScenarioAndUndo)
{
    auto presets = core::loadModelPresets();
    ASSERT_TRUE(presets);
    ui::ScenarioDocument doc(presets.value());
    ui::AssumptionsEditor editor(&doc);
    ui::CheckField *calibration = nullptr;
    ui::LineField *project = nullptr;
    for (ui::Field *f : editor.findChildren<ui::Field *>()) {
        if (f->path() == u"calibration")
            calibration = qobject_cast<ui::CheckField *>(f);
        else if (f->path() == u"project")
            project = qobject_cast<ui::LineField *>(f);
    }
    ASSERT_TRUE(calibration);
    ASSERT_TRUE(project);
    editor.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&editor));
    EXPECT_TRUE(calibration->check()->isChecked());
    ASSERT_TRUE(doc.scenario());
    EXPECT_TRUE(doc.scenario()->useCalibration);

    QTest::mouseClick(calibration->check(), Qt::LeftButton);
    EXPECT_EQ(doc.value(QStringLiteral("calibration")), QJsonValue(false));
    ASSERT_TRUE(doc.scenario());
    EXPECT_FALSE(doc.scenario()->useCalibration);
    doc.undoStack()->undo();
    EXPECT_TRUE(calibration->check()->isChecked());
    EXPECT_TRUE(doc.scenario()->useCalibration);

    QTest::keyClicks(project->edit(), QStringLiteral("demo"));
    ASSERT_TRUE(doc.scenario());
    EXPECT_EQ(doc.scenario()->project, QStringLiteral("demo"));
    doc.undoStack()->undo();
    EXPECT_EQ(project->edit()->text(), QString());
    EXPECT_EQ(doc.scenario()->project, QString());
}

TEST(RealityDialogs, ScreenshotsDarkAndChinese)
{
    for (tests::Look look : {tests::Look::Dark, tests::Look::Chinese}) {
        tests::LookScope scope(look);
        QTemporaryDir dir;
        const QString path = catalogCopy(dir);
        ui::CalibrationsDialog calibrations(db::SqliteRealityStore::factory(path));
        calibrations.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&calibrations));
        QSignalSpy imported(&calibrations, &ui::CalibrationsDialog::importFinished);
        calibrations.importFiles({fixture("probe/h100-synthetic.json"), fixture("probe/cpu-quick.json")});
        ASSERT_TRUE(imported.wait(30000));
        EXPECT_EQ(calibrations.model()->rowCount(), 2) << calibrations.errorLabel()->text().toStdString();
        save(calibrations, QStringLiteral("catalog-calibrations-") + tests::lookSuffix(look));

        ui::SpendImportsDialog spend(db::SqliteRealityStore::factory(path));
        spend.setProject(QStringLiteral("demo"));
        spend.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&spend));
        QSignalSpy spent(&spend, &ui::SpendImportsDialog::importFinished);
        spend.importFiles({fixture("billing/focus_1.2_aws_gpu.reconstructed.csv")});
        ASSERT_TRUE(spent.wait(30000));
        EXPECT_EQ(spend.model()->rowCount(), 1) << spend.errorLabel()->text().toStdString();
        if (look == tests::Look::Chinese) {
            EXPECT_EQ(spend.windowTitle(), QStringLiteral("实际支出"));
        }
        save(spend, QStringLiteral("catalog-actual-spend-") + tests::lookSuffix(look));
    }
}
