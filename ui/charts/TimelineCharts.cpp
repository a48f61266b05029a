#include "ui/charts/TimelineCharts.h"

#include "ui/charts/ChartStyle.h"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>

namespace gpuplanner::ui {

namespace {

QChartView *makeView(QChart *chart, QWidget *parent)
{
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 240);
    auto *layout = new QVBoxLayout(parent);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view);
    chart->legend()->setAlignment(Qt::AlignBottom);
    return view;
}

void hideLegend(QChart *chart, QAbstractSeries *series)
{
    for (QLegendMarker *m : chart->legend()->markers(series))
        m->setVisible(false);
}

} // namespace

TimelineChart::TimelineChart(const QString &title, QWidget *parent)
    : QWidget(parent), m_chart(new QChart), m_view(makeView(m_chart, this)), m_x(new QCategoryAxis),
      m_y(new QValueAxis)
{
    m_chart->setTitle(title);
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    rebuild();
}

void TimelineChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        rebuild();
    QWidget::changeEvent(event);
}

int TimelineChart::lineCount() const
{
    return int(m_series.size());
}

void TimelineChart::setSeries(const QStringList &months, const QList<LineSeriesData> &series, double budget,
                              const QString &currency)
{
    m_months = months;
    m_series = series;
    m_budget = budget;
    m_currency = currency;
    rebuild();
}

void TimelineChart::rebuild()
{
    // Few series and points: rebuilding beats tracking each one.
    m_chart->removeAllSeries();
    const QPalette p = palette();
    double maxY = m_budget;
    const int n = int(m_months.size());
    for (int s = 0; s < m_series.size(); ++s) {
        const LineSeriesData &data = m_series.at(s);
        auto *line = new QLineSeries;
        line->setName(data.name);
        QPen pen(charts::seriesColor(s, p));
        pen.setWidthF(2.2);
        line->setPen(pen);
        for (int i = 0; i < int(data.values.size()); ++i) {
            line->append(i, data.values[size_t(i)]);
            maxY = std::max(maxY, data.values[size_t(i)]);
        }
        m_chart->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
        if (data.markerIndex >= 0 && data.markerIndex < int(data.values.size())) {
            auto *marker = new QScatterSeries;
            marker->setName(tr("%1 breaks even").arg(data.name));
            marker->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
            marker->setMarkerSize(11);
            marker->setColor(charts::seriesColor(s, p));
            marker->setBorderColor(p.color(QPalette::Text));
            marker->append(data.markerIndex, data.values[size_t(data.markerIndex)]);
            m_chart->addSeries(marker);
            marker->attachAxis(m_x);
            marker->attachAxis(m_y);
            hideLegend(m_chart, marker);
        }
    }
    if (m_budget > 0 && n > 0) {
        auto *budget = new QLineSeries;
        budget->setName(tr("Budget"));
        QPen pen(p.color(QPalette::Text));
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(1.5);
        budget->setPen(pen);
        budget->append(0, m_budget);
        budget->append(std::max(1, n - 1), m_budget);
        m_chart->addSeries(budget);
        budget->attachAxis(m_x);
        budget->attachAxis(m_y);
    }
    for (const QString &label : m_x->categoriesLabels())
        m_x->remove(label);
    // One label every few months keeps long timelines from overlapping.
    const int step = n <= 12 ? 1 : (n <= 24 ? 3 : 6);
    for (int i = 0; i < n; i += step)
        m_x->append(m_months.at(i), i);
    m_x->setRange(0, std::max(1, n - 1));
    m_y->setRange(0, maxY > 0 ? maxY * 1.08 : 1);
    m_y->applyNiceNumbers();
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setTitleText(m_currency);
    charts::styleChart(m_chart, p, font());
}

OwnershipChart::OwnershipChart(QWidget *parent)
    : QWidget(parent), m_chart(new QChart), m_view(makeView(m_chart, this)), m_x(new QValueAxis), m_y(new QValueAxis)
{
    m_chart->setTitle(tr("Cloud against owning: cost per GPU-hour"));
    m_x->setTitleText(tr("Utilization of owned GPUs (%)"));
    m_x->setRange(0, 100);
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    rebuild();
}

void OwnershipChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        rebuild();
    QWidget::changeEvent(event);
}

void OwnershipChart::setData(const QList<QPointF> &own, double cloudPerGpuHour, double breakEven, double utilization,
                             const QString &currency)
{
    m_own = own;
    m_cloud = cloudPerGpuHour;
    m_breakEven = breakEven;
    m_utilization = utilization;
    m_currency = currency;
    m_chart->setTitle(tr("Cloud against owning: cost per GPU-hour"));
    rebuild();
}

void OwnershipChart::clear(const QString &why)
{
    m_own.clear();
    m_cloud = 0;
    m_chart->setTitle(why);
    rebuild();
}

void OwnershipChart::rebuild()
{
    m_chart->removeAllSeries();
    const QPalette p = palette();
    double maxY = m_cloud * 2;
    if (!m_own.isEmpty()) {
        auto *own = new QLineSeries;
        own->setName(tr("Own the hardware"));
        QPen pen(charts::seriesColor(3, p));
        pen.setWidthF(2.2);
        own->setPen(pen);
        for (const QPointF &pt : m_own)
            own->append(pt.x() * 100, pt.y());
        auto *cloud = new QLineSeries;
        cloud->setName(tr("Cloud on-demand"));
        QPen cloudPen(charts::seriesColor(0, p));
        cloudPen.setWidthF(2.2);
        cloud->setPen(cloudPen);
        cloud->append(0, m_cloud);
        cloud->append(100, m_cloud);
        for (QLineSeries *s : {own, cloud}) {
            m_chart->addSeries(s);
            s->attachAxis(m_x);
            s->attachAxis(m_y);
        }
        auto *marks = new QScatterSeries;
        marks->setName(tr("Break-even"));
        marks->setMarkerSize(11);
        marks->setColor(charts::seriesColor(2, p));
        marks->setBorderColor(p.color(QPalette::Text));
        if (m_breakEven > 0 && m_breakEven <= 1)
            marks->append(m_breakEven * 100, m_cloud);
        m_chart->addSeries(marks);
        marks->attachAxis(m_x);
        marks->attachAxis(m_y);
        if (m_breakEven > 1)
            m_chart->setTitle(tr("Cloud against owning: owning never beats on-demand"));
        else
            m_chart->setTitle(tr("Cloud against owning: owning pays off above %1% utilization")
                                  .arg(m_breakEven * 100, 0, 'f', 0));
    }
    m_y->setRange(0, maxY > 0 ? maxY : 1);
    m_y->applyNiceNumbers();
    m_y->setLabelFormat(QStringLiteral("%.2f"));
    m_y->setTitleText(tr("%1 per GPU-hour").arg(m_currency));
    charts::styleChart(m_chart, p, font());
}

} // namespace gpuplanner::ui
