// Screenshots of the plan, timeline and catalog views in the light and dark palettes and in
// zh_CN (Chinese locale and font; text not yet translated stays English), written to
// GPUPLANNER_ARTIFACT_DIR/screenshots for people to look at.

#include "PlanTestSupport.h"

#include "ui/charts/CostTimeChart.h"
#include "ui/charts/TimelineCharts.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/timeline/TimelinePanel.h"

#include <QApplication>
#include <QDir>
#include <QFontDatabase>
#include <QStyle>
#include <QStyleFactory>
#include <QTabWidget>

#include <gtest/gtest.h>

using namespace gpuplanner;

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    p.setColor(QPalette::Highlight, QColor(0x35, 0x74, 0xc4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    return p;
}

struct Variant
{
    const char *name;
    bool dark;
    bool chinese;
};

void shoot(const Variant &v)
{
    const QPalette oldPalette = QApplication::palette();
    const QFont oldFont = QApplication::font();
    const QLocale oldLocale;
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(v.dark ? darkPalette() : QApplication::style()->standardPalette());
    if (v.chinese) {
        QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
        QFont cjk(QStringLiteral("Noto Sans CJK SC"));
        cjk.setPointSize(oldFont.pointSize() > 0 ? oldFont.pointSize() : 10);
        QApplication::setFont(cjk);
    }
    {
        auto window = tests::plannedWindow();
        ASSERT_TRUE(window);
        // The 7B pre-training example has every kind of phase and ownership figures.
        QString error;
        quint64 generation = tests::planGeneration(*window);
        ASSERT_TRUE(window->document()->open(QStringLiteral(":/scenarios/llama-7b-pretrain.json"), &error));
        if (v.chinese)
            window->document()->setValue(QStringLiteral("name"), QStringLiteral("预训练 7B 模型"));
        ASSERT_TRUE(tests::waitForPlan(*window, generation));
        const QString dir = QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/screenshots");
        QDir().mkpath(dir);
        const char *tabs[] = {"plan", "timeline", "catalog"};
        for (int i = 0; i < 3; ++i) {
            window->tabs()->setCurrentIndex(i);
            QTest::qWait(50);
            const QString file = QStringLiteral("%1/%2-%3.png").arg(dir, QLatin1String(tabs[i]), QLatin1String(v.name));
            EXPECT_TRUE(window->grab().save(file)) << file.toStdString();
        }
        EXPECT_GT(window->comparison()->scatter()->pointCount(), 0);
        EXPECT_GT(window->timeline()->cumulative()->lineCount(), 1);
    }
    QApplication::setPalette(oldPalette);
    QApplication::setFont(oldFont);
    QLocale::setDefault(oldLocale);
}

} // namespace

TEST(PlanScreenshots, Light) { shoot({"light", false, false}); }
TEST(PlanScreenshots, Dark) { shoot({"dark", true, false}); }
TEST(PlanScreenshots, ChineseLocale) { shoot({"zh_CN", false, true}); }
