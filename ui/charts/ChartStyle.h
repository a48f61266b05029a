#pragma once
// ChartStyle: colours and fonts for every chart from the widget palette, so charts read in
// light and dark themes alike. Internal to ui/charts.

#include <QColor>
#include <QPalette>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QChart;
QT_END_NAMESPACE

namespace gpuplanner::ui::charts {

void styleChart(QChart *chart, const QPalette &palette, const QFont &font);
void styleAxis(QAbstractAxis *axis, const QPalette &palette, const QFont &font);
// A colour-blind-safe series colour (Okabe-Ito), brightened for dark themes.
QColor seriesColor(int index, const QPalette &palette);
// A value for an axis label: 1.2k, 35, 4.5M.
QString shortNumber(double value);

} // namespace gpuplanner::ui::charts
