#pragma once
// TimelineChart: cost per month (or cumulative) of each strategy as lines, break-even months
// marked, and the budget as a dashed line. OwnershipChart: cost per GPU-hour of owning against
// utilization next to the cloud's on-demand rate, crossing at the break-even utilization.

#include "core/plan/PlanActuals.h"
#include "ui/charts/ChartData.h"

#include <QPointF>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QGraphicsSimpleTextItem;
class QBarSeries;
class QCategoryAxis;
class QChart;
class QChartView;
class QValueAxis;
QT_END_NAMESPACE

namespace gpuplanner::ui {

class TimelineChart : public QWidget
{
    Q_OBJECT

public:
    enum class Style { Lines, Bars };
    // Bars for amounts per month, lines for running totals.
    TimelineChart(const QString &title, Style style, QWidget *parent = nullptr);

    // budget <= 0: no budget line.
    void setSeries(const QStringList &months, const QList<LineSeriesData> &series, double budget,
                   const QString &currency);
    int lineCount() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void updateMonthLabels();

    Style m_style;
    QChart *m_chart;
    QChartView *m_view;
    QCategoryAxis *m_x;
    QValueAxis *m_y;
    QStringList m_months;
    QList<LineSeriesData> m_series;
    double m_budget = 0;
    QString m_currency;
    int m_labelStep = 0; // months between x labels, 0 = not yet laid out
};

class OwnershipChart : public QWidget
{
    Q_OBJECT

public:
    explicit OwnershipChart(QWidget *parent = nullptr);

    // own: (utilization 0-1, cost per GPU-hour); breakEven > 1: owning never pays off.
    void setData(const QList<QPointF> &own, double cloudPerGpuHour, double breakEven, double utilization,
                 const QString &currency);
    void clear(const QString &why);

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();

    QChart *m_chart;
    QChartView *m_view;
    QValueAxis *m_x;
    QValueAxis *m_y;
    QList<QPointF> m_own;
    double m_cloud = 0;
    double m_breakEven = 0;
    double m_utilization = 0;
    QString m_currency;
};

// ActualsChart: what a project has spent (cumulative bars per month) against the planned line,
// with the forecast to the end of the plan and its range, and the budget.
class ActualsChart : public QWidget
{
    Q_OBJECT

public:
    explicit ActualsChart(QWidget *parent = nullptr);

    void setData(const core::PlanActuals &actuals, const QString &currency);
    void clear();
    int actualBars() const;
    QChart *chart() const { return m_chart; }
    // The amount spent to date, written above the last actual bar: a small spend against a
    // large plan draws a bar too short to read.
    QGraphicsSimpleTextItem *spentLabel() const { return m_spentLabel; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void placeSpentLabel();

    QChart *m_chart;
    QGraphicsSimpleTextItem *m_spentLabel;
    QBarSeries *m_bars = nullptr;
    QChartView *m_view;
    QCategoryAxis *m_x;
    QValueAxis *m_y;
    core::PlanActuals m_data;
    QString m_currency;
    int m_labelStep = 0;
};

} // namespace gpuplanner::ui
