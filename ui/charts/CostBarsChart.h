#pragma once
// CostBarsChart: the top options as horizontal bars of their P50 cost with the P50-P90 range
// drawn as an error bar (a whisker with end caps), so spot risk shows at a glance. The selected
// option's bar has its own colour, named in the legend. Clicking a bar selects its option.

#include "ui/charts/ChartData.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QBarCategoryAxis;
class QBarSet;
class QChart;
class QChartView;
class QHorizontalStackedBarSeries;
class QCategoryAxis;
class QLineSeries;
QT_END_NAMESPACE

namespace gpuplanner::ui {

class CostBarsChart : public QWidget
{
    Q_OBJECT

public:
    explicit CostBarsChart(QWidget *parent = nullptr);

    void setBars(const QList<CostBar> &bars, const QString &currency);
    void setSelectedId(const QString &id);
    int barCount() const { return int(m_bars.size()); }
    const QList<CostBar> &bars() const { return m_bars; }
    int selectedBar() const;
    // The legend's entries, in order (the P50 bars, the selection, the P50-P90 whiskers).
    QStringList legendNames() const;
    // Where bar i's whisker is drawn, in the view's coordinates: P50 end, P90 end (for tests).
    QLineF whiskerAt(int i) const;
    // The chart drawn, for tests that read what it shows (axis labels, margins).
    QChart *chart() const { return m_chart; }

Q_SIGNALS:
    void barClicked(const QString &id);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void restyle();
    // The value axis from 0 past m_maxValue with as many labels as the width holds.
    void fitValueAxis();
    // The category labels elided to a share of the chart's width: Qt Charts drops a label axis
    // that would not fit to bare ellipses.
    void fitCategoryLabels();

    QChart *m_chart;
    QChartView *m_view;
    QHorizontalStackedBarSeries *m_series;
    QBarSet *m_p50;
    QBarSet *m_selectedKey; // no values: the legend's entry for the selected option's colour
    QLineSeries *m_whiskerKey; // no points: the legend's entry for the whiskers
    QBarCategoryAxis *m_categories;
    QStringList m_fullLabels; // bottom-up, as given
    QCategoryAxis *m_values;
    double m_maxValue = 0; // the largest P90 shown: the value axis reaches just past it
    QList<CostBar> m_bars;
    QString m_selected;
};

} // namespace gpuplanner::ui
