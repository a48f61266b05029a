#pragma once
// Helpers for the plan, scenario and timeline view tests: a main window on the seed catalog,
// waiting for the catalog and for the live re-plan to settle.

#include "db/SeedCatalog.h"
#include "db/SqliteCatalogRepository.h"
#include "ui/MainWindow.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/compare/PlanRunner.h"

#include "TestWaits.h"

#include "ui/scenario/ScenarioEditor.h"
#include "ui/scenario/WorkloadEditor.h"

#include <gtest/gtest.h>

#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QPixmap>
#include <QTabWidget>
#include <QSignalSpy>
#include <QTest>

#include <memory>

namespace gpuplanner::tests {

inline core::CatalogRepositoryFactory seedFactory()
{
    const QString path = seedCatalogPath();
    return [path]() -> core::Result<std::unique_ptr<core::CatalogRepository>> {
        auto repo = db::SqliteCatalogRepository::openExisting(path);
        if (!repo)
            return repo.error();
        return std::unique_ptr<core::CatalogRepository>(std::move(repo).value());
    };
}

// Every visible field of the workload form ends inside the editor's pane: a form wider than its
// pane is drawn under the results, its fields cut. At least minFields fields are checked.
inline void expectWorkloadFieldsInsideTheirPane(ui::MainWindow &window, int minFields)
{
    QWidget *pane = window.editor()->tabs()->currentWidget();
    const int paneRight = pane->mapTo(&window, QPoint(pane->width(), 0)).x();
    const int resultsLeft = window.comparison()->mapTo(&window, QPoint(0, 0)).x();
    int fields = 0;
    for (QWidget *field : window.editor()->workload()->findChildren<QWidget *>()) {
        if (!field->isVisible() || (!qobject_cast<QComboBox *>(field) && !qobject_cast<QLineEdit *>(field)))
            continue;
        ++fields;
        const int right = field->mapTo(&window, QPoint(field->width(), 0)).x();
        EXPECT_LE(right, paneRight) << field->accessibleName().toStdString() << " is cut at " << window.width();
        EXPECT_LE(right, resultsLeft) << field->accessibleName().toStdString() << " runs under the results";
    }
    EXPECT_GE(fields, minFields);
}

// Replaces a line edit's text the way a person does: click, select all, delete, type.
inline void retype(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    QTest::mouseClick(edit, Qt::LeftButton);
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

// Waits until no plan is running or waiting, one has been published after `after`, and the
// comparison shows all of it (its charts and details follow the table).
inline bool waitForPlan(ui::MainWindow &window, quint64 after = 0, int timeoutMs = 60000)
{
    ui::PlanRunner *runner = window.planRunner();
    return QTest::qWaitFor(
        [&] {
            return !runner->isBusy() && runner->latest() && runner->latest()->generation > after
                && !window.comparison()->planPending();
        },
        timeoutMs);
}

inline quint64 planGeneration(ui::MainWindow &window)
{
    const auto &latest = window.planRunner()->latest();
    return latest ? latest->generation : 0;
}

// A shown main window with the seed catalog loaded and the default scenario planned.
inline std::unique_ptr<ui::MainWindow> plannedWindow()
{
    auto window = std::make_unique<ui::MainWindow>(seedFactory());
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    QSignalSpy loaded(window.get(), &ui::MainWindow::catalogLoaded);
    window->reloadCatalog();
    if (!loaded.wait(60000) || !loaded.at(0).at(0).toBool())
        return nullptr;
    if (!waitForPlan(*window))
        return nullptr;
    return window;
}

#ifdef GPUPLANNER_ARTIFACT_DIR
// Shows the plan, timeline and catalog tabs in turn and saves each as <tab>-<suffix>.png under
// GPUPLANNER_ARTIFACT_DIR/screenshots for people to look at; returns the pictures (empty if
// one could not be saved).
inline QList<QPixmap> screenshotTabs(ui::MainWindow &window, const QString &suffix)
{
    const QString dir = QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots");
    QDir().mkpath(dir);
    QList<QPixmap> shots;
    const char *tabs[] = {"plan", "timeline", "catalog"};
    for (int i = 0; i < 3; ++i) {
        window.tabs()->setCurrentIndex(i);
        settleEvents();
        const QPixmap shot = window.grab();
        if (!shot.save(QStringLiteral("%1/%2-%3.png").arg(dir, QLatin1String(tabs[i]), suffix)))
            return {};
        shots << shot;
    }
    return shots;
}
#endif

} // namespace gpuplanner::tests
