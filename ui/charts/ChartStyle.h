#pragma once
// ChartStyle: colours and fonts for every chart from the widget palette, so charts read in
// light and dark themes alike. Internal to ui/charts.

#include <QColor>
#include <QPalette>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QCategoryAxis;
class QChart;
class QValueAxis;
QT_END_NAMESPACE

namespace gpuplanner::ui::charts {

void styleChart(QChart *chart, const QPalette &palette, const QFont &font);
void styleAxis(QAbstractAxis *axis, const QPalette &palette, const QFont &font);
// A colour-blind-safe series colour (Okabe-Ito), brightened for dark themes.
QColor seriesColor(int index, const QPalette &palette);
// Sets the axis from 0 to a round number at or above `max`, with 3 to 6 intervals of 1, 2, 2.5 or
// 5 times a power of ten, and labels with as many decimals as the step needs (at least
// minDecimals): 0..2.16 becomes 0, 0.5, ... 2.5, not 0, 2, 4.
void setNiceRange(QValueAxis *axis, double max, int minDecimals = 0);
// One colour per strategy, the same in every chart and legend: all on-demand blue, spot orange,
// owning vermilion; commitments and the rest take the other colours in the order given.
QList<QColor> strategyColors(const QStringList &ids, const QPalette &palette);
// A value for an axis label: 1.2k, 35, 4.5M.
QString shortNumber(double value);
// The nice range of setNiceRange on a category axis whose ticks read as shortNumber (0, 10k, 20k):
// long amounts never run into each other.
// At most maxIntervals intervals (1 to 6): a narrow chart gets fewer, so no label is elided.
void setNiceShortRange(QCategoryAxis *axis, double max, int maxIntervals = 6);
// An axis drawn in log10 space from lo to hi (whole decades), a label at each decade (label(10^k)),
// thinned so that at most maxLabels show.
void setDecadeLabels(QCategoryAxis *axis, double lo, double hi, QString (*label)(double), int maxLabels = 6);
// The last label of a bottom category axis is centred on the plot's right edge: the chart's
// right margin leaves room for its second half, so "4.2 d" is never cut to "4.2 c".
void keepLastLabelWhole(QChart *chart, QCategoryAxis *axis);
// A duration for an axis label, in the unit that fits: 36 s, 6 min, 1 h, 10 h, 4.2 d.
QString durationLabel(double hours);
// A latency for an axis label: 10 ms, 100 ms, 1 s.
QString latencyLabel(double seconds);

} // namespace gpuplanner::ui::charts
