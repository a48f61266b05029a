// The plan, timeline and catalog views on a 2x display (ctest runs this binary with
// QT_SCALE_FACTOR=2), written to GPUPLANNER_ARTIFACT_DIR/screenshots as *-hidpi.png for people
// to look at: text, charts and markers are drawn at the doubled resolution.

#include "PlanTestSupport.h"

#include "ui/charts/CostBarsChart.h"
#include "ui/charts/CostTimeChart.h"
#include "ui/charts/TimelineCharts.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/timeline/TimelinePanel.h"

#include <QStyleFactory>

#include <gtest/gtest.h>

using namespace gpuplanner;

TEST(HighDpiScreenshots, MainViewsAreDrawnAtTwiceTheResolution)
{
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ASSERT_DOUBLE_EQ(window->devicePixelRatioF(), 2.0) << "run through ctest, which sets QT_SCALE_FACTOR=2";
    QString error;
    const quint64 generation = tests::planGeneration(*window);
    ASSERT_TRUE(window->document()->open(QStringLiteral(":/scenarios/llama-7b-pretrain.json"), &error));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));

    const QList<QPixmap> shots = tests::screenshotTabs(*window, QStringLiteral("hidpi"));
    ASSERT_EQ(shots.size(), 3);
    for (const QPixmap &shot : shots) {
        EXPECT_EQ(shot.width(), window->width() * 2);
        EXPECT_EQ(shot.height(), window->height() * 2);
    }
    EXPECT_GT(window->comparison()->scatter()->pointCount(), 0);
    EXPECT_GT(window->comparison()->bars()->barCount(), 0);
    EXPECT_GT(window->timeline()->cumulative()->lineCount(), 1);
}
