// Axis ranges: round numbers a little above the data, with steps people read at a glance.

#include "ui/charts/ChartStyle.h"

#include <QCategoryAxis>
#include <QValueAxis>

#include <gtest/gtest.h>

using namespace gpuplanner::ui;

namespace {

struct Expected
{
    double max;
    double top;
    int ticks;
    const char *format;
};

} // namespace

TEST(ChartStyle, NiceRangesUseSmallRoundSteps)
{
    const Expected cases[] = {
        {2.16, 2.5, 6, "%.1f"},   // millions with a budget line at 2: not 0, 2, 4
        {317, 400, 5, "%.0f"},    // thousands a month
        {0.034, 0.04, 5, "%.2f"}, // cents
        {5.6, 6, 7, "%.0f"},      // six intervals of 1 are still fine
        {41000, 50000, 6, "%.0f"},
        {0, 1, 6, "%.1f"},        // nothing to show: a plain 0..1
    };
    for (const Expected &e : cases) {
        QValueAxis axis;
        charts::setNiceRange(&axis, e.max);
        EXPECT_DOUBLE_EQ(axis.min(), 0) << e.max;
        EXPECT_NEAR(axis.max(), e.top, 1e-9) << e.max;
        EXPECT_EQ(axis.tickCount(), e.ticks) << e.max;
        EXPECT_EQ(axis.labelFormat(), QLatin1String(e.format)) << e.max;
    }
    QValueAxis prices;
    charts::setNiceRange(&prices, 3.2, 2);
    EXPECT_EQ(prices.labelFormat(), QStringLiteral("%.2f")) << "money per hour keeps its cents";
}

TEST(ChartStyle, AxisLabelsReadInShortNumbersAndFittingTimeUnits)
{
    EXPECT_EQ(charts::durationLabel(0.001), QStringLiteral("3.6 s"));
    EXPECT_EQ(charts::durationLabel(0.1), QStringLiteral("6 min"));
    EXPECT_EQ(charts::durationLabel(1), QStringLiteral("1 h"));
    EXPECT_EQ(charts::durationLabel(10), QStringLiteral("10 h"));
    EXPECT_EQ(charts::durationLabel(100), QStringLiteral("4.2 d"));
    EXPECT_EQ(charts::durationLabel(1000), QStringLiteral("41.7 d"));
    EXPECT_EQ(charts::durationLabel(8760), QStringLiteral("365 d"));
    // Past two years in years, never in exponent notation (a year of serving spans decades on a log axis).
    EXPECT_EQ(charts::durationLabel(36500), QStringLiteral("4.2 y"));
    EXPECT_EQ(charts::durationLabel(100000), QStringLiteral("11 y"));

    QCategoryAxis costs;
    charts::setNiceShortRange(&costs, 43000);
    EXPECT_EQ(costs.categoriesLabels(), (QStringList{QStringLiteral("0"), QStringLiteral("10k"), QStringLiteral("20k"),
                                                     QStringLiteral("30k"), QStringLiteral("40k"), QStringLiteral("50k")}));
    // Log axes: a label per decade, thinned to at most six.
    QCategoryAxis time;
    charts::setDecadeLabels(&time, -5, 3, &charts::durationLabel);
    EXPECT_LE(time.categoriesLabels().size(), 6);
    EXPECT_DOUBLE_EQ(time.min(), -5);
    EXPECT_DOUBLE_EQ(time.max(), 3);
    QCategoryAxis money;
    charts::setDecadeLabels(&money, 1, 6, &charts::shortNumber);
    EXPECT_EQ(money.categoriesLabels(), (QStringList{QStringLiteral("10"), QStringLiteral("100"), QStringLiteral("1k"),
                                                     QStringLiteral("10k"), QStringLiteral("100k"), QStringLiteral("1M")}));
}
