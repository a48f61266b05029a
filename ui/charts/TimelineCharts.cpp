#include "ui/charts/TimelineCharts.h"
#include "ui/FocusIndicator.h"

#include "core/cost/Money.h"
#include "ui/charts/ChartStyle.h"

#include <QAreaSeries>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
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
    showFocusFrame(view);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(260, 160); // two rows of them fit a 1366 x 768 screen
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

// Qt Charts gives each category label an equal share of the axis and elides labels that do not
// fit it: label every step-th month, the smallest step whose labels fit whole. Returns the step.
int labelMonths(QChart *chart, QCategoryAxis *x, const QStringList &months, int currentStep, int widgetWidth)
{
    const int n = int(months.size());
    const QFontMetricsF metrics(x->labelsFont());
    qreal widest = 0;
    for (const QString &month : months)
        widest = std::max(widest, metrics.horizontalAdvance(month));
    const qreal axisWidth = chart->plotArea().width() > 0 ? chart->plotArea().width() : widgetWidth * 0.8;
    const qreal padding = 12;
    int step = 1;
    for (int candidate : {1, 2, 3, 4, 6, 12, 24, 60}) {
        step = candidate;
        const int labels = (n + step - 1) / step;
        if (axisWidth / (labels + 1) - padding >= widest)
            break;
    }
    if (step == currentStep)
        return step;
    for (const QString &label : x->categoriesLabels())
        x->remove(label);
    for (int i = 0; i < n; i += step)
        x->append(months.at(i), i);
    // The last label sits on the right edge of the plot: leave room for its second half.
    QMargins margins = chart->margins();
    margins.setRight(int(widest / 2) + 4);
    chart->setMargins(margins);
    return step;
}

} // namespace

TimelineChart::TimelineChart(const QString &title, Style style, QWidget *parent)
    : QWidget(parent), m_style(style), m_chart(new QChart), m_view(makeView(m_chart, this)), m_x(new QCategoryAxis),
      m_y(new QValueAxis)
{
    m_chart->setTitle(title);
    m_view->setAccessibleName(title);
    // The panel shows one legend for both timeline charts (SeriesLegend).
    m_chart->legend()->setVisible(false);
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    // plotAreaChanged comes in the middle of the chart's layout pass, where changing the axis
    // would pull items from under it: relabel once the pass is over.
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { updateMonthLabels(); }, Qt::QueuedConnection);
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
    for (const LineSeriesData &data : std::as_const(m_series)) {
        for (double v : data.values)
            maxY = std::max(maxY, v);
    }
    // Large totals in thousands or millions keep the axis labels short.
    const double unit = maxY >= 1e6 ? 1e6 : (maxY >= 1e4 ? 1e3 : 1);
    const int n = int(m_months.size());
    QStringList ids;
    for (const LineSeriesData &data : std::as_const(m_series))
        ids << data.id;
    const QList<QColor> colors = charts::strategyColors(ids, p);
    if (m_style == Style::Bars) {
        // A month's amounts side by side: a one-month project is a row of bars, not an empty chart.
        auto *bars = new QBarSeries;
        for (int s = 0; s < m_series.size(); ++s) {
            auto *set = new QBarSet(m_series.at(s).name);
            set->setColor(colors.at(s));
            set->setBorderColor(colors.at(s));
            for (double v : m_series.at(s).values)
                set->append(v / unit);
            bars->append(set);
        }
        m_chart->addSeries(bars);
        bars->attachAxis(m_x);
        bars->attachAxis(m_y);
    }
    for (int s = 0; s < m_series.size() && m_style == Style::Lines; ++s) {
        const LineSeriesData &data = m_series.at(s);
        auto *line = new QLineSeries;
        line->setName(data.name);
        QPen pen(colors.at(s));
        pen.setWidthF(2.2);
        line->setPen(pen);
        for (int i = 0; i < int(data.values.size()); ++i)
            line->append(i, data.values[size_t(i)] / unit);
        m_chart->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
        if (data.markerIndex >= 0 && data.markerIndex < int(data.values.size())) {
            auto *marker = new QScatterSeries;
            marker->setName(tr("%1 breaks even").arg(data.name));
            marker->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
            marker->setMarkerSize(11);
            marker->setColor(colors.at(s));
            marker->setBorderColor(p.color(QPalette::Text));
            marker->append(data.markerIndex, data.values[size_t(data.markerIndex)] / unit);
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
        budget->append(0, m_budget / unit);
        budget->append(std::max(1, n - 1), m_budget / unit);
        m_chart->addSeries(budget);
        budget->attachAxis(m_x);
        budget->attachAxis(m_y);
    }
    // Bars sit on whole months with half a month either side; lines run from the first to the last.
    if (m_style == Style::Bars)
        m_x->setRange(-0.5, std::max(0.5, n - 0.5));
    else
        m_x->setRange(0, std::max(1, n - 1));
    charts::setNiceRange(m_y, maxY > 0 ? maxY * 1.04 / unit : 1);
    if (unit == 1e6)
        m_y->setTitleText(tr("%1 (millions)").arg(m_currency));
    else if (unit == 1e3)
        m_y->setTitleText(tr("%1 (thousands)").arg(m_currency));
    else
        m_y->setTitleText(m_currency);
    charts::styleChart(m_chart, p, font());
    m_labelStep = 0;
    updateMonthLabels();
}

void TimelineChart::updateMonthLabels()
{
    m_labelStep = labelMonths(m_chart, m_x, m_months, m_labelStep, width());
}

OwnershipChart::OwnershipChart(QWidget *parent)
    : QWidget(parent), m_chart(new QChart), m_view(makeView(m_chart, this)), m_x(new QValueAxis), m_y(new QValueAxis)
{
    m_chart->setTitle(tr("Cloud against owning: cost per GPU-hour"));
    m_view->setAccessibleName(tr("Cloud against owning: cost per GPU-hour"));
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
        marks->setColor(p.color(QPalette::Text)); // a point, not a strategy: no strategy's colour
        marks->setBorderColor(p.color(QPalette::Text));
        if (m_breakEven > 0 && m_breakEven <= 1)
            marks->append(m_breakEven * 100, m_cloud);
        m_chart->addSeries(marks);
        marks->attachAxis(m_x);
        marks->attachAxis(m_y);
        if (m_breakEven > 1)
            m_chart->setTitle(tr("Owning never beats on-demand"));
        else
            m_chart->setTitle(tr("Owning pays off above %1% utilization")
                                  .arg(m_breakEven * 100, 0, 'f', 0));
    }
    charts::setNiceRange(m_y, maxY, 2);
    m_y->setTitleText(tr("%1 per GPU-hour").arg(m_currency));
    charts::styleChart(m_chart, p, font());
}

ActualsChart::ActualsChart(QWidget *parent)
    : QWidget(parent), m_chart(new QChart), m_spentLabel(new QGraphicsSimpleTextItem(m_chart)), m_view(makeView(m_chart, this)),
      m_x(new QCategoryAxis), m_y(new QValueAxis)
{
    m_spentLabel->setZValue(10);
    m_spentLabel->setVisible(false);
    m_chart->setTitle(tr("Plan against actual, cumulative"));
    m_view->setAccessibleName(m_chart->title());
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    connect(m_chart, &QChart::plotAreaChanged, this,
            [this] {
                m_labelStep = labelMonths(m_chart, m_x, m_data.months, m_labelStep, width());
                placeSpentLabel();
            },
            Qt::QueuedConnection);
    rebuild();
}

void ActualsChart::placeSpentLabel()
{
    const int last = m_data.monthsWithActuals - 1;
    m_spentLabel->setVisible(m_bars && last >= 0 && last < int(m_data.actualCumulative.size()));
    if (!m_spentLabel->isVisible())
        return;
    // Centred above the bar's top, kept inside the plot.
    const QRectF plot = m_chart->plotArea();
    const QBarSet *set = m_bars->barSets().constFirst();
    const QPointF top = m_chart->mapToPosition(QPointF(last, set->at(last)), m_bars);
    const QRectF text = m_spentLabel->boundingRect();
    const double x = std::clamp(top.x() - text.width() / 2, plot.left(), std::max(plot.left(), plot.right() - text.width()));
    const double y = std::clamp(top.y() - text.height() - 2, plot.top(), std::max(plot.top(), plot.bottom() - text.height()));
    m_spentLabel->setPos(x, y);
}

void ActualsChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        rebuild();
    QWidget::changeEvent(event);
}

void ActualsChart::setData(const core::PlanActuals &actuals, const QString &currency)
{
    m_data = actuals;
    m_currency = currency;
    rebuild();
}

void ActualsChart::clear()
{
    m_data = core::PlanActuals{};
    rebuild();
}

int ActualsChart::actualBars() const
{
    return m_data.monthsWithActuals;
}

void ActualsChart::rebuild()
{
    m_chart->removeAllSeries();
    m_bars = nullptr;
    const QPalette p = palette();
    const core::PlanActuals &a = m_data;
    const int n = int(a.months.size());
    const core::SpendForecast &f = a.forecast;
    double maxY = a.budget;
    for (double v : a.plannedCumulative)
        maxY = std::max(maxY, v);
    for (double v : a.actualCumulative)
        maxY = std::max(maxY, v);
    for (double v : f.cumulativeHigh)
        maxY = std::max(maxY, v);
    const double unit = maxY >= 1e6 ? 1e6 : (maxY >= 1e4 ? 1e3 : 1);
    const QColor actualColor = charts::seriesColor(2, p);
    const QColor planColor = charts::seriesColor(0, p);
    const QColor forecastColor = charts::seriesColor(1, p);

    auto *bars = new QBarSeries;
    auto *set = new QBarSet(tr("Actual"));
    set->setColor(actualColor);
    set->setBorderColor(actualColor);
    for (int m = 0; m < n; ++m)
        set->append(m < a.monthsWithActuals ? a.actualCumulative[std::size_t(m)] / unit : 0.0);
    bars->append(set);
    bars->setBarWidth(0.6);
    m_chart->addSeries(bars);
    bars->attachAxis(m_x);
    bars->attachAxis(m_y);
    m_bars = bars;

    if (f.available) {
        auto *upper = new QLineSeries;
        auto *lower = new QLineSeries;
        auto *expected = new QLineSeries;
        for (int m = 0; m < n; ++m) {
            if (f.cumulative[std::size_t(m)] < 0)
                continue;
            upper->append(m, f.cumulativeHigh[std::size_t(m)] / unit);
            lower->append(m, f.cumulativeLow[std::size_t(m)] / unit);
            expected->append(m, f.cumulative[std::size_t(m)] / unit);
        }
        auto *range = new QAreaSeries(upper, lower);
        range->setName(tr("Range"));
        QColor fill = forecastColor;
        fill.setAlphaF(0.25);
        range->setBrush(fill);
        range->setPen(QPen(fill, 1));
        m_chart->addSeries(range);
        range->attachAxis(m_x);
        range->attachAxis(m_y);
        expected->setName(tr("Forecast"));
        QPen pen(forecastColor);
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(2.2);
        expected->setPen(pen);
        m_chart->addSeries(expected);
        expected->attachAxis(m_x);
        expected->attachAxis(m_y);
    }
    auto *plan = new QLineSeries;
    plan->setName(tr("Plan"));
    QPen planPen(planColor);
    planPen.setWidthF(2.2);
    plan->setPen(planPen);
    for (int m = 0; m < n; ++m)
        plan->append(m, a.plannedCumulative.empty() ? 0.0 : a.plannedCumulative[std::size_t(m)] / unit);
    m_chart->addSeries(plan);
    plan->attachAxis(m_x);
    plan->attachAxis(m_y);
    if (a.budget > 0 && n > 0) {
        auto *budget = new QLineSeries;
        budget->setName(tr("Budget"));
        QPen pen(p.color(QPalette::Text));
        pen.setStyle(Qt::DotLine);
        pen.setWidthF(1.5);
        budget->setPen(pen);
        budget->append(-0.5, a.budget / unit);
        budget->append(n - 0.5, a.budget / unit);
        m_chart->addSeries(budget);
        budget->attachAxis(m_x);
        budget->attachAxis(m_y);
    }
    m_x->setRange(-0.5, std::max(0.5, n - 0.5));
    charts::setNiceRange(m_y, maxY > 0 ? maxY * 1.04 / unit : 1);
    m_y->setTitleText(unit == 1e6 ? tr("%1 (millions)").arg(m_currency)
                                  : (unit == 1e3 ? tr("%1 (thousands)").arg(m_currency) : m_currency));
    m_chart->legend()->setVisible(n > 0);
    charts::styleChart(m_chart, p, font());
    m_labelStep = 0;
    m_labelStep = labelMonths(m_chart, m_x, a.months, m_labelStep, width());
    if (a.monthsWithActuals > 0 && a.monthsWithActuals <= int(a.actualCumulative.size()))
        m_spentLabel->setText(core::formatMoney(a.actualCumulative[std::size_t(a.monthsWithActuals - 1)], m_currency));
    m_spentLabel->setBrush(p.color(QPalette::Text));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_spentLabel->setFont(small);
    placeSpentLabel();
}

} // namespace gpuplanner::ui
