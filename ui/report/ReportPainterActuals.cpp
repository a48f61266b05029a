// ReportPainter's plan against actual page: the spend imported from billing exports per month
// as bars against the planned line, the forecast to the end of the plan with its range, the
// month table, the forecast sentence and the warnings (core/plan/PlanActuals).

#include "ui/report/ReportPainter.h"

#include "ui/report/ReportChartAxis.h"

#include <QFontMetricsF>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace gpuplanner::ui {

using namespace gpuplanner::core;

namespace {

const QColor kMuted(0x5f, 0x63, 0x68);
const QColor kGrid(0xe3, 0xe6, 0xea);
const QColor kActual(0x2e, 0x86, 0xc1);
const QColor kOver(0xc0, 0x39, 0x2b);
const QColor kPlanned(0x1f, 0x4e, 0x79);
const QColor kForecast(0xe6, 0x7e, 0x22);

} // namespace

void ReportPainter::actualsSection()
{
    if (!m_in.actuals || !m_in.actuals->hasActuals())
        return;
    const PlanActuals &a = *m_in.actuals;
    // The page starts with its chart: a new page when the chart would not fit.
    const double chartH = std::min(mm(80), m_content.height() * 0.38);
    heading(tr("Plan against actual"), chartH + mm(10));
    paragraph(tr("Spend imported from billing exports of the project \u201c%1\u201d against the plan \u201c%2\u201d, "
                 "before tax, in %3. Credits and refunds reduce the month they are booked in.")
                  .arg(m_in.scenario.project, a.strategyName.isEmpty() ? a.strategyId : a.strategyName,
                       m_in.request.displayCurrency)
                  .toHtmlEscaped(),
              9);
    ensureSpace(chartH);
    actualsChart(QRectF(m_content.left(), m_y, m_content.width(), chartH));
    m_y += chartH + mm(3);

    const SpendForecast &f = a.forecast;
    // One spent-to-date figure on the page: the table's (every booked month's actual spend, a
    // month's credit counted whole), not the forecast's day-by-day spread of it.
    const double spent = a.monthsWithActuals > 0 ? a.actualCumulative[std::size_t(a.monthsWithActuals - 1)] : 0.0;
    if (f.available) {
        QString text = tr("Spent %1 up to %2. At the recent rate of %3 per day (%4 to %5, over the last %6 days) the "
                          "plan ends at about %7 (%8 to %9) against the planned %10.")
                           .arg(money(spent), f.dataEnd.addDays(-1).toString(Qt::ISODate), money(f.burnPerDay),
                                money(f.burnPerDayLow), money(f.burnPerDayHigh))
                           .arg(f.windowDays)
                           .arg(money(f.expectedTotal), money(f.lowTotal), money(f.highTotal), money(a.plannedTotal));
        if (a.budget > 0)
            text += u' ' + tr("The budget is %1.").arg(money(a.budget));
        paragraph(text.toHtmlEscaped(), 9.5);
    } else {
        paragraph(tr("Too few booked days for a forecast; spent %1 so far against the planned %2.")
                      .arg(money(spent), money(a.plannedTotal))
                      .toHtmlEscaped(),
                  9.5);
    }
    if (!a.warnings.isEmpty()) {
        paragraph(QStringLiteral("<b>%1</b>").arg(tr("Warnings").toHtmlEscaped()), 9);
        bullets(a.warnings, 9);
    }

    const QList<Column> columns{
        {tr("Month"), 16, false}, {tr("Planned"), 18, true}, {tr("Actual"), 18, true},
        {tr("Variance"), 18, true}, {tr("Tax"), 14, true},   {tr("GPU-hours\nplanned / actual"), 22, true},
        {QString(), 1, false},
    };
    QList<Cells> rows;
    QList<int> highlighted;
    for (qsizetype m = 0; m < a.months.size(); ++m) {
        const std::size_t i = std::size_t(m);
        const bool booked = int(m) < a.monthsWithActuals;
        const double planned = i < a.planned.size() ? a.planned[i] : 0;
        const double actual = i < a.actual.size() ? a.actual[i] : 0;
        QStringList variance{QStringLiteral("\u2013")};
        if (booked) {
            const double diff = actual - planned;
            variance = QStringList{(diff > 0 ? QStringLiteral("+") : QString()) + money(diff)};
            if (planned > 0)
                variance << (diff > 0 ? QStringLiteral("+") : QString()) + percent(diff / planned);
            if (diff > 0.005)
                highlighted << int(m);
        }
        const double tax = i < a.tax.size() ? a.tax[i] : 0;
        const double gpuPlanned = i < a.plannedGpuHours.size() ? a.plannedGpuHours[i] : 0;
        const double gpuActual = i < a.gpuHours.size() ? a.gpuHours[i] : 0;
        rows << Cells{{a.months.at(m)},
                      {money(planned)},
                      {booked ? money(actual) : QStringLiteral("\u2013")},
                      variance,
                      {booked ? money(tax) : QStringLiteral("\u2013")},
                      {QStringLiteral("%1 / %2").arg(compactNumber(gpuPlanned),
                                                     booked ? compactNumber(gpuActual) : QStringLiteral("\u2013"))},
                      {QString()}};
    }
    table(columns, rows, highlighted, 7.5);
    QStringList notes = a.notes;
    if (a.linesOutsidePlan > 0)
        notes << sentence(tr("%1 billing line(s) dated outside the plan's months are left out").arg(a.linesOutsidePlan));
    if (!notes.isEmpty())
        bullets(notes, 8);
}

void ReportPainter::actualsChart(const QRectF &area)
{
    const PlanActuals &a = *m_in.actuals;
    const int months = int(a.months.size());
    if (months == 0)
        return;
    const SpendForecast &f = a.forecast;
    // Forecast per month after the data (core): booked spend plus the days left at the burn rates.
    const std::vector<double> &expected = f.monthly;
    const std::vector<double> &low = f.monthlyLow;
    const std::vector<double> &high = f.monthlyHigh;
    auto forecastIn = [&](int m) { return f.available && std::size_t(m) < expected.size() && expected[std::size_t(m)] >= 0; };
    double hi = 0;
    for (int m = 0; m < months; ++m) {
        const std::size_t i = std::size_t(m);
        hi = std::max({hi, i < a.planned.size() ? a.planned[i] : 0.0, i < a.actual.size() ? a.actual[i] : 0.0});
        if (forecastIn(m))
            hi = std::max(hi, high[i]);
    }
    hi = hi > 0 ? hi * 1.1 : 1;
    const QFont tick = font(7);
    const QFontMetricsF fm(tick, m_device);
    const double legendH = fm.height() * 1.8;
    const QRectF plot = area.adjusted(fm.horizontalAdvance(QStringLiteral("000.0M")) + mm(3), mm(2), -mm(4),
                                      -(fm.height() * 2 + mm(3) + legendH));
    auto yAt = [&](double v) { return plot.bottom() - plot.height() * v / hi; };
    const double slot = plot.width() / months;
    auto xAt = [&](int m) { return plot.left() + slot * (m + 0.5); };

    m_p->setFont(tick);
    report::Axis y;
    y.hi = hi;
    for (double v : y.ticks(5)) {
        const double py = yAt(v);
        m_p->setPen(QPen(kGrid, mm(0.15)));
        m_p->drawLine(QPointF(plot.left(), py), QPointF(plot.right(), py));
        m_p->setPen(kMuted);
        m_p->drawText(QRectF(area.left(), py - fm.height() / 2, plot.left() - area.left() - mm(1.5), fm.height()),
                      Qt::AlignRight | Qt::AlignVCenter, compactNumber(v));
    }
    const double labelW = fm.horizontalAdvance(QStringLiteral("2026-09")) + mm(2);
    const int labelStep = std::max(1, int(std::ceil(labelW / slot)));
    for (int m = 0; m < months; m += labelStep) {
        m_p->setPen(kMuted);
        const double left = std::clamp(xAt(m) - labelW / 2, plot.left(), plot.right() - labelW);
        m_p->drawText(QRectF(left, plot.bottom() + mm(1), labelW, fm.height()), Qt::AlignCenter, a.months.at(m));
    }

    // The forecast range as a band over the months still to come, the expected spend dashed.
    if (f.available) {
        QPainterPath band;
        QPainterPath line;
        bool started = false;
        for (int m = std::max(0, a.monthsWithActuals - 1); m < months; ++m) {
            const std::size_t i = std::size_t(m);
            if (!forecastIn(m))
                continue;
            const QPointF p(xAt(m), yAt(expected[i]));
            if (!started) {
                line.moveTo(p);
                band.moveTo(xAt(m), yAt(high[i]));
                started = true;
            } else {
                line.lineTo(p);
                band.lineTo(xAt(m), yAt(high[i]));
            }
        }
        for (int m = months - 1; started && m >= std::max(0, a.monthsWithActuals - 1); --m) {
            if (forecastIn(m))
                band.lineTo(xAt(m), yAt(low[std::size_t(m)]));
        }
        if (started) {
            band.closeSubpath();
            m_p->setPen(Qt::NoPen);
            QColor fill = kForecast;
            fill.setAlpha(50);
            m_p->setBrush(fill);
            m_p->drawPath(band);
            m_p->setBrush(Qt::NoBrush);
            m_p->setPen(QPen(kForecast, mm(0.45), Qt::DashLine));
            m_p->drawPath(line);
            for (int m = 0; m < months; ++m)
                if (forecastIn(m)) {
                    m_p->setPen(QPen(Qt::white, mm(0.15)));
                    m_p->setBrush(kForecast);
                    m_p->drawEllipse(QPointF(xAt(m), yAt(expected[std::size_t(m)])), mm(0.9), mm(0.9));
                }
        }
    }
    // Actual spend per month as bars, red where it ran over the plan.
    const double barW = slot * 0.55;
    for (int m = 0; m < a.monthsWithActuals && m < months; ++m) {
        const std::size_t i = std::size_t(m);
        const double v = i < a.actual.size() ? a.actual[i] : 0;
        const double planned = i < a.planned.size() ? a.planned[i] : 0;
        const QRectF bar(xAt(m) - barW / 2, yAt(std::max(0.0, v)), barW, yAt(0) - yAt(std::max(0.0, v)));
        m_p->fillRect(bar, v > planned + 0.005 ? kOver : kActual);
    }
    // The planned spend per month as a line with points.
    QPainterPath planned;
    for (int m = 0; m < months && m < int(a.planned.size()); ++m) {
        const QPointF p(xAt(m), yAt(a.planned[std::size_t(m)]));
        if (m == 0)
            planned.moveTo(p);
        else
            planned.lineTo(p);
    }
    m_p->setBrush(Qt::NoBrush);
    m_p->setPen(QPen(kPlanned, mm(0.5)));
    m_p->drawPath(planned);
    m_p->setBrush(kPlanned);
    for (int m = 0; m < months && m < int(a.planned.size()); ++m)
        m_p->drawEllipse(QPointF(xAt(m), yAt(a.planned[std::size_t(m)])), mm(0.7), mm(0.7));
    m_p->setBrush(Qt::NoBrush);
    m_p->setPen(QPen(kMuted, mm(0.2)));
    m_p->drawRect(plot);
    m_p->setFont(tick);
    m_p->drawText(QRectF(plot.left() + mm(2), plot.top() + mm(1), plot.width(), fm.height()), Qt::AlignLeft | Qt::AlignTop,
                  tr("Spend per month (%1)").arg(m_in.request.displayCurrency));

    // Legend: four entries on one line under the month labels.
    const double legendTop = plot.bottom() + fm.height() + mm(3);
    const QList<QPair<QColor, QString>> legend{{kActual, tr("Actual (before tax)")},
                                               {kOver, tr("Actual above plan")},
                                               {kPlanned, tr("Planned")},
                                               {kForecast, tr("Forecast with range")}};
    const double colW = plot.width() / double(legend.size());
    for (qsizetype i = 0; i < legend.size(); ++i) {
        const double lx = plot.left() + colW * double(i);
        m_p->fillRect(QRectF(lx, legendTop + fm.height() / 2 - mm(1.2), mm(4), mm(2.4)), legend.at(i).first);
        drawFitted(QRectF(lx + mm(5.5), legendTop, colW - mm(7), fm.height()), legend.at(i).second, tick,
                   Qt::AlignLeft | Qt::AlignVCenter, Qt::black);
    }
}

} // namespace gpuplanner::ui
