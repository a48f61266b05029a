#include "ui/charts/PriceHistoryChart.h"
#include "ui/FocusIndicator.h"

#include "ui/catalog/BillingNames.h"
#include "ui/charts/ChartStyle.h"

#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMap>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace gpuplanner::ui::charts {

namespace {

QDateTime pointTime(const core::PricePoint &p)
{
    for (const QString &text : {p.effectiveDate, p.recordedAt}) {
        if (text.isEmpty())
            continue;
        QDateTime t = QDateTime::fromString(text, Qt::ISODate);
        if (!t.isValid())
            t = QDate::fromString(text, Qt::ISODate).startOfDay(Qt::UTC);
        if (!t.isValid())
            t = QDate::fromString(text, QStringLiteral("yyyy-MM")).startOfDay(Qt::UTC);
        if (t.isValid())
            return t;
    }
    return {};
}

QString seriesName(const core::PricePoint &p)
{
    QString name = BillingNames::billing(p.billing);
    if (p.termMonths > 0)
        name += PriceHistoryChart::tr(" %1 mo").arg(p.termMonths);
    if (!p.upfront.isEmpty() && p.upfront != u"none")
        name += QStringLiteral(" (%1)").arg(BillingNames::upfront(p.upfront));
    return name;
}

} // namespace

PriceHistoryChart::PriceHistoryChart(QWidget *parent)
    : QWidget(parent), m_chart(new QChart), m_view(new QChartView(m_chart, this))
{
    setObjectName(QStringLiteral("priceHistoryChart"));
    m_view->setRenderHint(QPainter::Antialiasing);
    showFocusFrame(m_view); // a keyboard user sees the chart has the focus
    m_view->setAccessibleName(tr("Price history"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setMinimumHeight(150);
    restyle();
}

void PriceHistoryChart::setHistory(const QList<core::PricePoint> &points, const QDate &until)
{
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes())
        m_chart->removeAxis(axis);
    m_chart->setTitle(QString());
    m_points = 0;

    // One series per billing model, records in time order.
    QMap<QString, QList<std::pair<QDateTime, double>>> byBilling;
    QString currency;
    for (const core::PricePoint &p : points) {
        const QDateTime t = pointTime(p);
        if (!t.isValid() || p.pricePerHour <= 0)
            continue;
        byBilling[seriesName(p)].append({t, p.pricePerHour});
        currency = p.currency;
    }
    if (byBilling.isEmpty()) {
        showMessage(tr("No recorded prices for this offer"));
        return;
    }
    const QDateTime end = until.isValid() ? until.startOfDay(Qt::UTC) : QDateTime();
    QDateTime first;
    QDateTime last;
    double top = 0;
    auto *xAxis = new QDateTimeAxis;
    auto *yAxis = new QValueAxis;
    m_chart->addAxis(xAxis, Qt::AlignBottom);
    m_chart->addAxis(yAxis, Qt::AlignLeft);
    int index = 0;
    for (auto it = byBilling.begin(); it != byBilling.end(); ++it, ++index) {
        auto &records = it.value();
        std::stable_sort(records.begin(), records.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        auto *line = new QLineSeries;
        auto *dots = new QScatterSeries;
        line->setName(it.key());
        const QColor color = seriesColor(index, palette());
        line->setPen(QPen(color, 2));
        dots->setColor(color);
        dots->setBorderColor(color);
        dots->setMarkerSize(7);
        for (qsizetype i = 0; i < records.size(); ++i) {
            const auto &[t, price] = records.at(i);
            if (i > 0)
                line->append(double(t.toMSecsSinceEpoch()), records.at(i - 1).second); // the step
            line->append(double(t.toMSecsSinceEpoch()), price);
            dots->append(double(t.toMSecsSinceEpoch()), price);
            first = first.isValid() ? std::min(first, t) : t;
            last = std::max(last, t);
            top = std::max(top, price);
            ++m_points;
        }
        const QDateTime stepEnd = std::max(end, records.constLast().first);
        line->append(double(stepEnd.toMSecsSinceEpoch()), records.constLast().second);
        last = std::max(last, stepEnd);
        for (QXYSeries *s : {static_cast<QXYSeries *>(line), static_cast<QXYSeries *>(dots)}) {
            m_chart->addSeries(s);
            s->attachAxis(xAxis);
            s->attachAxis(yAxis);
        }
        m_chart->legend()->markers(dots).constFirst()->setVisible(false);
    }
    if (first >= last)
        last = first.addDays(30);
    xAxis->setRange(first.addDays(-3), last.addDays(3));
    xAxis->setFormat(QStringLiteral("yyyy-MM-dd"));
    xAxis->setTickCount(5);
    charts::setNiceRange(yAxis, top * 1.15, 2);
    yAxis->setTitleText(tr("%1 per hour").arg(currency));
    restyle();
}

void PriceHistoryChart::showMessage(const QString &message)
{
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes())
        m_chart->removeAxis(axis);
    m_points = 0;
    m_chart->setTitle(message);
    restyle();
}

int PriceHistoryChart::seriesCount() const
{
    int lines = 0;
    for (QAbstractSeries *s : m_chart->series())
        lines += s->type() == QAbstractSeries::SeriesTypeLine ? 1 : 0;
    return lines;
}

int PriceHistoryChart::pointCount() const
{
    return m_points;
}

void PriceHistoryChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        restyle();
}

void PriceHistoryChart::restyle()
{
    styleChart(m_chart, palette(), font());
    for (QAbstractAxis *axis : m_chart->axes())
        styleAxis(axis, palette(), font());
}

} // namespace gpuplanner::ui::charts
