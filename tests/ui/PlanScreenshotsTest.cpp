// Screenshots of the plan, timeline and catalog views in the light and dark palettes and in
// Simplified Chinese (the app's translations, locale and CJK font), written to
// GPUPLANNER_ARTIFACT_DIR/screenshots for people to look at.

#include "PlanTestSupport.h"
#include "ScreenshotLook.h"

#include "ui/charts/CostBarsChart.h"
#include "ui/charts/CostTimeChart.h"
#include "ui/charts/TimelineCharts.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/ScenarioEditor.h"
#include "ui/scenario/WorkloadEditor.h"
#include "ui/charts/SeriesLegend.h"
#include "ui/timeline/TimelinePanel.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QDir>
#include <QFontDatabase>
#include <QStyle>
#include <QStyleFactory>
#include <QBarCategoryAxis>
#include <QChart>
#include <QComboBox>
#include <QTabWidget>
#include <QTextBrowser>

#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

void shoot(tests::Look look)
{
    const tests::LookScope scope(look);
    const bool chinese = look == tests::Look::Chinese;
    if (chinese) {
        ASSERT_EQ(scope.language(), QStringLiteral("zh_CN"));
    }
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    // The 7B pre-training example has every kind of phase and ownership figures.
    QString error;
    quint64 generation = tests::planGeneration(*window);
    ASSERT_TRUE(window->document()->open(QStringLiteral(":/scenarios/llama-7b-pretrain.json"), &error));
    if (chinese)
        window->document()->setValue(QStringLiteral("name"), QStringLiteral("预训练 7B 模型"));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    EXPECT_EQ(tests::screenshotTabs(*window, tests::lookSuffix(look)).size(), 3);
    // A small laptop and a large desktop screen: everything reachable, charts that grow.
    for (const QSize size : {QSize(1366, 768), QSize(2560, 1440)}) {
        window->resize(size);
        tests::settleEvents();
        EXPECT_TRUE(QTest::qWaitFor([&] { return window->size() == size; }, tests::kSlowWaitMs)) << window->width();
        const QString suffix = QStringLiteral("%1-%2x%3").arg(tests::lookSuffix(look)).arg(size.width()).arg(size.height());
        EXPECT_EQ(tests::screenshotTabs(*window, suffix).size(), 3);
        window->tabs()->setCurrentIndex(0);
        window->editor()->tabs()->setCurrentIndex(0);
        tests::settleEvents();
        tests::expectWorkloadFieldsInsideTheirPane(*window, 9);
        if (size.width() > 2000) {
            EXPECT_GT(window->comparison()->scatter()->width(), 700) << "the charts grow with the window";
        }
    }
    EXPECT_GT(window->comparison()->scatter()->pointCount(), 0);
    EXPECT_GT(window->timeline()->cumulative()->lineCount(), 1);
    if (chinese) {
        // The views and the sentences core builds for them are in Chinese, not just the font.
        EXPECT_EQ(window->tabs()->tabText(0), QStringLiteral("计划(&P)"));
        const QString summary = window->comparison()->summary()->text();
        EXPECT_TRUE(summary.contains(QStringLiteral("最便宜"))) << summary.toStdString();
        EXPECT_TRUE(window->timeline()->legend()->names().contains(QStringLiteral("全部按需")))
            << window->timeline()->legend()->names().join(u',').toStdString();
        // The cost bars keep readable labels in the taller Chinese font (they were bare ellipses),
        // each starting with its rank and instance type.
        auto *axis = qobject_cast<QBarCategoryAxis *>(window->comparison()->bars()->chart()->axes(Qt::Vertical).value(0));
        ASSERT_TRUE(axis);
        EXPECT_FALSE(axis->truncateLabels());
        for (const QString &label : axis->categories())
            EXPECT_TRUE(label.contains(QStringLiteral("tpu-v5p"))) << label.toStdString();
        // The details pane's layout line (core's words) reads in Chinese.
        const QString details = window->comparison()->details()->toPlainText();
        EXPECT_TRUE(details.contains(QStringLiteral("全局批大小"))) << details.toStdString();
        EXPECT_FALSE(details.contains(QStringLiteral("global batch"))) << details.toStdString();
        // What is wrong in a scenario reads in Chinese too, the field named as its label names it.
        window->document()->setValue(QStringLiteral("workload.tokens"), QStringLiteral("lots"));
        const QString banner = window->editor()->banner()->text();
        EXPECT_TRUE(banner.startsWith(QStringLiteral("数据集 token 数：\"lots\" 不是数量"))) << banner.toStdString();
    }
}

} // namespace

TEST(PlanScreenshots, Light) { shoot(tests::Look::Light); }
TEST(PlanScreenshots, Dark) { shoot(tests::Look::Dark); }
TEST(PlanScreenshots, Chinese) { shoot(tests::Look::Chinese); }
