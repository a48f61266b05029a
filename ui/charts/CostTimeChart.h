#pragma once
// CostTimeChart: options as points of cost against time (both log scale) with the Pareto
// front as a line, the recommended option marked, hover tooltips and click-to-select.

#include "ui/charts/ChartData.h"

#include <QWidget>

#include <optional>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QGraphicsSimpleTextItem;
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

    // limit: the target across (a serving plan's time-per-output-token SLO, in seconds), drawn as a
    // vertical line in the legend as "SLO …"; 0 = none.
    void setPoints(const QList<ScatterPoint> &points, const QString &currency, ScatterX x = ScatterX::Time,
                   double limit = 0);
    double limit() const { return m_limitValue; }
    // The SLO line and its label, for tests that check where they are drawn.
    QLineSeries *limitSeries() const { return m_limit; }
    QGraphicsSimpleTextItem *limitLabel() const { return m_limitLabel; }
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
    void placeLimitLabel();
    void showTip(const QPointF &value, bool state);

    QChart *m_chart;
    QChartView *m_view;
    QScatterSeries *m_others;
    QScatterSeries *m_paretoPoints;
    QLineSeries *m_front;
    QScatterSeries *m_recommended;
    QScatterSeries *m_selection;
    QLineSeries *m_limit;
    QGraphicsSimpleTextItem *m_limitLabel;
    QCategoryAxis *m_x;
    QCategoryAxis *m_y;
    QList<ScatterPoint> m_points;
    QString m_selected;
    QString m_currency;
    ScatterX m_across = ScatterX::Time;
    double m_limitValue = 0;
};

} // namespace gpuplanner::ui
