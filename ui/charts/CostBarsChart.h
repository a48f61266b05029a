#pragma once
// CostBarsChart: the top options as horizontal bars, P50 cost solid and the P50-P90 range
// lighter on top, so spot risk shows at a glance. Clicking a bar selects its option.

#include "ui/charts/ChartData.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QBarCategoryAxis;
class QBarSet;
class QChart;
class QChartView;
class QHorizontalStackedBarSeries;
class QCategoryAxis;
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

Q_SIGNALS:
    void barClicked(const QString &id);

protected:
    void changeEvent(QEvent *event) override;

private:
    void restyle();

    QChart *m_chart;
    QChartView *m_view;
    QHorizontalStackedBarSeries *m_series;
    QBarSet *m_p50;
    QBarSet *m_range;
    QBarCategoryAxis *m_categories;
    QCategoryAxis *m_values;
    QList<CostBar> m_bars;
    QString m_selected;
};

} // namespace gpuplanner::ui
