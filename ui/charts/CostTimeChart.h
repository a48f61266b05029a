#pragma once
// CostTimeChart: options as points of cost against time (both log scale) with the Pareto
// front as a line, the recommended option marked, hover tooltips and click-to-select.

#include "ui/charts/ChartData.h"

#include <QWidget>

#include <optional>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLineSeries;
class QCategoryAxis;
class QScatterSeries;
QT_END_NAMESPACE

namespace gpuplanner::ui {

class CostTimeChart : public QWidget
{
    Q_OBJECT

public:
    explicit CostTimeChart(QWidget *parent = nullptr);

    void setPoints(const QList<ScatterPoint> &points, const QString &currency, ScatterX x = ScatterX::Time);
    void setSelectedId(const QString &id);
    const QString &selectedId() const { return m_selected; }
    int pointCount() const { return int(m_points.size()); }
    // Where a point is drawn, in the coordinates of view(); for tests and accessibility.
    std::optional<QPoint> pointPosition(const QString &id) const;
    QWidget *view() const;
    // The chart drawn, for tests that read what it shows (axis labels, margins).
    QChart *chart() const { return m_chart; }

Q_SIGNALS:
    void pointClicked(const QString &id);

protected:
    void changeEvent(QEvent *event) override;

private:
    // Where a point is drawn: (log10 hours, log10 cost).
    static QPointF drawn(const ScatterPoint &pt);
    int nearest(const QPointF &value) const;
    void restyle();
    void showTip(const QPointF &value, bool state);

    QChart *m_chart;
    QChartView *m_view;
    QScatterSeries *m_others;
    QScatterSeries *m_paretoPoints;
    QLineSeries *m_front;
    QScatterSeries *m_recommended;
    QScatterSeries *m_selection;
    QCategoryAxis *m_x;
    QCategoryAxis *m_y;
    QList<ScatterPoint> m_points;
    QString m_selected;
    QString m_currency;
    ScatterX m_across = ScatterX::Time;
};

} // namespace gpuplanner::ui
