// The main window on a laptop's 1366 x 768 screen (this suite's offscreen screen,
// tests/data/screens/1366x768.json): it opens inside the screen with the costs in view, and a
// geometry saved on a larger screen comes back onto this one (issue 28).

#include "PlanTestSupport.h"

#include "ui/MainWindow.h"
#include "ui/WindowPlacement.h"
#include "ui/compare/ComparisonModel.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/scenario/ConstraintsEditor.h"
#include "ui/scenario/ScenarioEditor.h"

#include <QDir>
#include <QGuiApplication>
#include <QHeaderView>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace gpuplanner;

TEST(WindowPlacement, SizesAndRectanglesFitTheAvailableArea)
{
    const QRect laptop(0, 0, 1366, 740);
    const QRect desktop(0, 0, 1920, 1050);
    EXPECT_EQ(ui::initialWindowSize(QSize(1400, 860), desktop), QSize(1400, 860)) << "room for the preferred size";
    const QSize small = ui::initialWindowSize(QSize(1400, 860), laptop);
    EXPECT_LT(small.width(), 1366);
    EXPECT_LT(small.height(), 740);
    EXPECT_TRUE(laptop.contains(QRect(QPoint(16, 16), small)));
    // A geometry from a 2560 x 1440 screen, and one left half off the right edge.
    EXPECT_EQ(ui::fittedToScreen(QRect(300, 200, 2400, 1300), laptop), laptop);
    EXPECT_EQ(ui::fittedToScreen(QRect(1000, 100, 800, 600), laptop), QRect(566, 100, 800, 600));
    EXPECT_EQ(ui::fittedToScreen(QRect(-50, -20, 800, 600), QRect(0, 30, 1366, 738)), QRect(0, 30, 800, 600));
    EXPECT_EQ(ui::fittedToScreen(QRect(10, 40, 800, 600), laptop), QRect(10, 40, 800, 600)) << "inside: left alone";
}

TEST(LaptopScreen, TheWindowOpensInsideTheScreenWithTheCostsInView)
{
    const QScreen *screen = QGuiApplication::primaryScreen();
    ASSERT_EQ(screen->size(), QSize(1366, 768)) << "this suite's screen (tests/data/screens/1366x768.json)";
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    tests::settleEvents();
    const QRect available = screen->availableGeometry();
    EXPECT_TRUE(available.contains(window->frameGeometry()))
        << window->frameGeometry().width() << "x" << window->frameGeometry().height();
    // What a person sees without scrolling: the table's cost column whole.
    QTableView *view = window->comparison()->view();
    const QHeaderView *header = view->horizontalHeader();
    const int cost = ui::ComparisonModel::Cost;
    EXPECT_GE(header->sectionViewportPosition(cost), 0);
    EXPECT_LE(header->sectionViewportPosition(cost) + header->sectionSize(cost), view->viewport()->width())
        << "the Cost column is cut at " << view->viewport()->width() << " px";
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots"));
    EXPECT_TRUE(window->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/plan-laptop-opened.png")));
    // The constraints, as a person opens them on this screen.
    ui::ScenarioEditor *editor = window->editor();
    for (int i = 0; i < editor->tabs()->count(); ++i) {
        if (editor->tabs()->widget(i)->isAncestorOf(editor->constraints()) || editor->tabs()->widget(i) == editor->constraints())
            editor->tabs()->setCurrentIndex(i);
    }
    ASSERT_TRUE(editor->constraints()->isVisible());
    tests::settleEvents();
    // Every constraint fits the pane's width: nothing is cut or needs a sideways scroll.
    auto *area = qobject_cast<QScrollArea *>(editor->tabs()->currentWidget());
    ASSERT_NE(area, nullptr);
    EXPECT_LE(editor->constraints()->minimumSizeHint().width(), area->viewport()->width());
    EXPECT_FALSE(area->horizontalScrollBar()->isVisible());
    EXPECT_TRUE(window->grab().save(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots/plan-laptop-constraints.png")));
}

TEST(LaptopScreen, AGeometrySavedOnALargerScreenComesBackOntoThisOne)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    {
        // As a 2560 x 1440 desktop left it.
        ui::MainWindow big(tests::seedFactory(), QList<core::ModelPreset>(), &settings);
        big.setGeometry(400, 200, 2200, 1200);
        settings.setValue(QStringLiteral("window/geometry"), big.saveGeometry());
    }
    ui::MainWindow window(tests::seedFactory(), QList<core::ModelPreset>(), &settings);
    window.restoreLayout();
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    EXPECT_TRUE(available.contains(window.frameGeometry()))
        << window.frameGeometry().x() << "," << window.frameGeometry().y() << " " << window.frameGeometry().width() << "x"
        << window.frameGeometry().height();
}
