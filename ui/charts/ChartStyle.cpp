#include "ui/charts/ChartStyle.h"

#include "ui/ThemeColors.h"

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>
#include <QLocale>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gpuplanner::ui::charts {

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
    chart->setMargins(QMargins(4, 4, 4, 4));
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

void setNiceRange(QValueAxis *axis, double max, int minDecimals)
{
    if (!(max > 0) || !std::isfinite(max))
        max = 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(max / 5)));
    double step = 10 * magnitude;
    for (const double factor : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (max / (factor * magnitude) <= 6 + 1e-9) {
            step = factor * magnitude;
            break;
        }
    }
    const int intervals = std::max(1, int(std::ceil(max / step - 1e-9)));
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
    if (a >= 1e4)
        return locale.toString(value / 1e3, 'g', 3) + u'k';
    return locale.toString(value, 'g', 4);
}

} // namespace gpuplanner::ui::charts
