#pragma once
// PriceHistoryChart: an offer's recorded prices over time, one step line per billing model
// (a price holds until the next record), drawn with Qt Charts. Fed with core::PricePoint.

#include "core/catalog/CatalogRepository.h"

#include <QDate>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace gpuplanner::ui::charts {

class PriceHistoryChart : public QWidget
{
    Q_OBJECT

public:
    explicit PriceHistoryChart(QWidget *parent = nullptr);

    // until: where the last price's step ends (today in the app; fixed in tests).
    void setHistory(const QList<core::PricePoint> &points, const QDate &until);
    // Replaces the chart's content with a short message ("Select an offer…").
    void showMessage(const QString &message);

    int seriesCount() const;
    int pointCount() const; // recorded prices shown
    QChartView *chartView() const { return m_view; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void restyle();

    QChart *m_chart;
    QChartView *m_view;
    int m_points = 0;
};

} // namespace gpuplanner::ui::charts
