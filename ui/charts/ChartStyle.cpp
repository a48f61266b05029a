#include "ui/charts/ChartStyle.h"

#include "ui/ThemeColors.h"

#include <QAbstractAxis>
#include <QCategoryAxis>
#include <QSignalBlocker>
#include <QChart>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QHash>
#include <QLegend>
#include <QLocale>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gpuplanner::ui::charts {

namespace {
// Room around a chart's plot, legend and title, in pixels.
constexpr int kChartMargin = 4;
} // namespace

void styleChart(QChart *chart, const QPalette &palette, const QFont &font)
{
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setBackgroundRoundness(0);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(palette.color(QPalette::Text));
    QFont title = font;
    title.setBold(true);
    chart->setTitleFont(title);
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
    chart->legend()->setFont(font);
    chart->setMargins(QMargins(kChartMargin, kChartMargin, kChartMargin, kChartMargin));
    for (QAbstractAxis *axis : chart->axes())
        styleAxis(axis, palette, font);
}

void styleAxis(QAbstractAxis *axis, const QPalette &palette, const QFont &font)
{
    const QColor text = palette.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(40);
    axis->setLabelsColor(text);
    axis->setLabelsFont(font);
    axis->setTitleBrush(text);
    QFont title = font;
    title.setPointSizeF(font.pointSizeF() * 0.95);
    axis->setTitleFont(title);
    axis->setGridLineColor(grid);
    axis->setMinorGridLineColor(grid);
    axis->setLinePenColor(grid);
}

QColor seriesColor(int index, const QPalette &palette)
{
    static const QColor okabeIto[] = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00), QColor(0x00, 0x9e, 0x73),
                                      QColor(0xd5, 0x5e, 0x00), QColor(0xcc, 0x79, 0xa7), QColor(0x56, 0xb4, 0xe9),
                                      QColor(0xf0, 0xe4, 0x42)};
    QColor c = okabeIto[index % int(std::size(okabeIto))];
    return isDarkPalette(palette) ? c.lighter(135) : c;
}

namespace {

// 3 to 6 intervals of 1, 2, 2.5 or 5 times a power of ten reaching at least max.
std::pair<double, int> niceSteps(double max, int maxIntervals = 6)
{
    if (!(max > 0) || !std::isfinite(max))
        max = 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(max / 5)));
    double step = 10 * magnitude;
    for (const double factor : {1.0, 2.0, 2.5, 5.0, 10.0, 20.0, 25.0, 50.0}) {
        if (max / (factor * magnitude) <= maxIntervals + 1e-9) {
            step = factor * magnitude;
            break;
        }
    }
    return {step, std::max(1, int(std::ceil(max / step - 1e-9)))};
}

// Gives the axis these (label, value) categories over [lo, hi]. Each category change makes the
// chart lay out and shape every label again, so an unchanged axis is left alone and a changed one
// is rebuilt with its signals held back until the last category: one layout, not one per label.
void setCategories(QCategoryAxis *axis, double lo, double hi, const QList<std::pair<QString, double>> &categories)
{
    const QStringList current = axis->categoriesLabels();
    bool same = axis->min() == lo && axis->max() == hi && axis->startValue() == lo
                && axis->labelsPosition() == QCategoryAxis::AxisLabelsPositionOnValue
                && current.size() == categories.size();
    for (qsizetype i = 0; same && i < categories.size(); ++i)
        same = current.at(i) == categories.at(i).first && axis->endValue(current.at(i)) == categories.at(i).second;
    if (same)
        return;
    {
        const QSignalBlocker quiet(axis);
        for (const QString &label : current)
            axis->remove(label);
        axis->setStartValue(lo);
        axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        for (qsizetype i = 0; i + 1 < categories.size(); ++i)
            axis->append(categories.at(i).first, categories.at(i).second);
    }
    axis->setRange(lo, hi);
    if (!categories.isEmpty())
        axis->append(categories.constLast().first, categories.constLast().second);
    else
        axis->setStartValue(lo); // says the categories changed
}

} // namespace

QList<QColor> strategyColors(const QStringList &ids, const QPalette &palette)
{
    // The ownership chart draws owning in seriesColor(3) and the cloud in seriesColor(0) too.
    static const QHash<QString, int> fixed{{QStringLiteral("on_demand"), 0}, {QStringLiteral("spot"), 1},
                                           {QStringLiteral("own"), 3}};
    static const int others[] = {2, 4, 5, 6};
    QList<QColor> colors;
    int next = 0;
    for (const QString &id : ids) {
        const auto it = fixed.constFind(id);
        colors.append(seriesColor(it != fixed.cend() ? *it : others[next++ % int(std::size(others))], palette));
    }
    return colors;
}

void setNiceShortRange(QCategoryAxis *axis, double max, int maxIntervals)
{
    const auto [step, intervals] = niceSteps(max, std::clamp(maxIntervals, 1, 6));
    QList<std::pair<QString, double>> categories;
    for (int i = 0; i <= intervals; ++i)
        categories.append({shortNumber(i * step), i * step});
    setCategories(axis, 0, intervals * step, categories);
}

void setDecadeLabels(QCategoryAxis *axis, double lo, double hi, QString (*label)(double), int maxLabels)
{
    const int first = int(std::ceil(lo - 1e-9));
    const int last = int(std::floor(hi + 1e-9));
    const int every = std::max(1, int(std::ceil(double(last - first + 1) / maxLabels)));
    QList<std::pair<QString, double>> categories;
    for (int k = first; k <= last; k += every)
        categories.append({label(std::pow(10.0, k)), double(k)});
    setCategories(axis, lo, hi, categories);
}

void keepLastLabelWhole(QChart *chart, QCategoryAxis *axis)
{
    const QStringList labels = axis->categoriesLabels();
    const qreal half = labels.isEmpty() ? 0 : QFontMetricsF(axis->labelsFont()).horizontalAdvance(labels.constLast()) / 2;
    QMargins margins = chart->margins();
    const int right = std::max(kChartMargin, int(std::ceil(half)) + kChartMargin);
    if (margins.right() == right)
        return; // a margin set again would lay the chart out again
    margins.setRight(right);
    chart->setMargins(margins);
}

QString latencyLabel(double seconds)
{
    const QLocale locale;
    if (seconds < 1)
        return QCoreApplication::translate("Charts", "%1 ms").arg(locale.toString(seconds * 1000, 'g', 3));
    return QCoreApplication::translate("Charts", "%1 s").arg(locale.toString(seconds, 'g', 3));
}

QString durationLabel(double hours)
{
    const QLocale locale;
    if (hours < 1.0 / 60)
        return QCoreApplication::translate("Charts", "%1 s").arg(locale.toString(hours * 3600, 'g', 2));
    if (hours < 1)
        return QCoreApplication::translate("Charts", "%1 min").arg(locale.toString(hours * 60, 'g', 2));
    if (hours < 48)
        return QCoreApplication::translate("Charts", "%1 h").arg(locale.toString(hours, 'g', 3));
    // Past two years, years: 4,170 days reads as "11 y", never as 4.17e+03.
    if (hours >= 2 * 8760)
        return QCoreApplication::translate("Charts", "%1 y").arg(locale.toString(hours / 8760, 'f', hours < 10 * 8760 ? 1 : 0));
    return QCoreApplication::translate("Charts", "%1 d").arg(locale.toString(hours / 24, 'g', hours < 240 ? 2 : 3));
}

void setNiceRange(QValueAxis *axis, double max, int minDecimals)
{
    const auto [step, intervals] = niceSteps(max);
    axis->setRange(0, intervals * step);
    axis->setTickCount(intervals + 1);
    // Decimals the step needs: 0.5 -> 1, 2.5 -> 1, 0.25 -> 2, 20 -> 0.
    int decimals = 0;
    while (decimals < 6 && std::abs(step * std::pow(10.0, decimals) - std::round(step * std::pow(10.0, decimals))) > 1e-6)
        ++decimals;
    axis->setLabelFormat(QStringLiteral("%.%1f").arg(std::max(decimals, minDecimals)));
}

QString shortNumber(double value)
{
    const double a = std::abs(value);
    const QLocale locale;
    if (a >= 1e9)
        return locale.toString(value / 1e9, 'g', 3) + u'B';
    if (a >= 1e6)
        return locale.toString(value / 1e6, 'g', 3) + u'M';
    if (a >= 1e3)
        return locale.toString(value / 1e3, 'g', 3) + u'k';
    return locale.toString(value, 'g', 4);
}

} // namespace gpuplanner::ui::charts
