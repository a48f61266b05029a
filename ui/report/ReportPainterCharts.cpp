// ReportPainter's charts, drawn as vectors straight from core's figures (no Qt Charts, which
// stays in ui/charts): cost against time with the Pareto front, cost bars with P50-P90
// ranges, and the cumulative cost timeline with break-even months.

#include "ui/report/ReportPainter.h"

#include "core/plan/PlanExplain.h"
#include "ui/charts/ChartStyle.h"
#include "ui/report/ReportChartAxis.h"

#include <QFontMetricsF>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace gpuplanner::ui {

using namespace gpuplanner::core;

namespace {

using report::Axis;

const QColor kAccent(0x1f, 0x4e, 0x79);
const QColor kMuted(0x5f, 0x63, 0x68);
const QColor kGrid(0xe3, 0xe6, 0xea);
const QColor kDot(0xb8, 0xbf, 0xc7);
const QColor kTop(0x2e, 0x86, 0xc1);
const QColor kBest(0xe6, 0x7e, 0x22);
// Each strategy in the colour the app's charts give it, as printed on white paper.
QList<QColor> strategyColorsOnPaper(const Timeline &t)
{
    QStringList ids;
    for (const StrategySeries &s : t.strategies)
        ids << s.id;
    QPalette paper;
    for (QPalette::ColorRole role : {QPalette::Window, QPalette::Base})
        paper.setColor(role, Qt::white);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text})
        paper.setColor(role, Qt::black);
    return charts::strategyColors(ids, paper);
}

Axis makeAxis(double lo, double hi, bool allowLog)
{
    Axis a;
    if (allowLog && lo > 0 && hi / lo > 30) {
        a.log = true;
        a.lo = std::pow(10.0, std::floor(std::log10(lo)));
        a.hi = std::pow(10.0, std::ceil(std::log10(hi)));
        return a;
    }
    a.lo = 0;
    a.hi = hi > 0 ? hi * 1.08 : 1;
    return a;
}

} // namespace

void ReportPainter::charts()
{
    if (plan().usable == 0)
        return;
    const double chartH = std::min(mm(95), m_content.height() * 0.42);
    // Serving has no finish time to trade against cost: its chart plots cost against GPUs.
    heading(serving() ? tr("Cost against GPUs") : tr("Cost against time"), chartH + mm(12));
    ensureSpace(chartH + mm(12));
    costTimeChart(QRectF(m_content.left(), m_y, m_content.width(), chartH));
    m_y += chartH + mm(2);
    paragraph((serving() ? tr("Each dot is a usable offer and billing model. Blue: the compared options; orange: the "
                              "recommendation.")
                         : tr("Each dot is a usable offer and billing model. The line joins the Pareto front: the options "
                              "no other option beats on both cost and time. Blue: the compared options; orange: the "
                              "recommendation."))
                  .toHtmlEscaped(),
              8);

    const int bars = std::min(rows(), 15);
    const double barsH = mm(8) + double(bars) * mm(7.5);
    // The chart keeps its note below it on the same page.
    heading(tr("Cost with risk ranges"), barsH + mm(12));
    ensureSpace(barsH + mm(12));
    costBars(QRectF(m_content.left(), m_y, m_content.width(), barsH));
    m_y += barsH + mm(2);
    QString note = tr("Bars show the P50 cost; the whisker reaches the P90 cost (spot interruptions, price risk).");
    if (bars < rows())
        note += u' ' + tr("The first %1 of %2 compared options are shown.").arg(bars).arg(rows());
    paragraph(note.toHtmlEscaped(), 8);
}

void ReportPainter::costTimeChart(const QRectF &area)
{
    const PlanResult &r = plan();
    const int usable = r.usable;
    const bool serve = serving();
    // Serving has no time to trade: the chart shows cost against GPUs instead.
    double scale = 1;
    auto xOf = [&](const PlanOption &o) { return (serve ? double(o.gpus) : o.timeP50) * scale; };
    double xMin = 1e300, xMax = 0, yMin = 1e300, yMax = 0;
    for (int i = 0; i < usable; ++i) {
        const PlanOption &o = r.options[std::size_t(i)];
        if (!std::isfinite(xOf(o)) || !std::isfinite(o.cost) || xOf(o) <= 0 || o.cost <= 0)
            continue;
        xMin = std::min(xMin, xOf(o));
        xMax = std::max(xMax, xOf(o));
        yMin = std::min(yMin, o.cost);
        yMax = std::max(yMax, o.cost);
    }
    if (xMax <= 0 || yMax <= 0)
        return;
    // Hours read better as days on long jobs.
    const bool days = !serve && xMax > 96;
    if (days) {
        scale = 1.0 / 24.0;
        xMin *= scale;
        xMax *= scale;
    }
    const QFont tick = font(7);
    const QFontMetricsF fm(tick, m_device);
    const QRectF plotArea = area.adjusted(fm.horizontalAdvance(QStringLiteral("000.0M")) + mm(3), mm(2), -mm(2),
                                          -(fm.height() * 2 + mm(3)));
    Axis x = makeAxis(xMin, xMax, true);
    Axis y = makeAxis(yMin, yMax, true);
    x.from = plotArea.left();
    x.to = plotArea.right();
    y.from = plotArea.bottom();
    y.to = plotArea.top();

    m_p->setFont(tick);
    for (double t : x.ticks(8)) {
        const double px = x.map(t);
        m_p->setPen(QPen(kGrid, mm(0.15)));
        m_p->drawLine(QPointF(px, plotArea.top()), QPointF(px, plotArea.bottom()));
        m_p->setPen(kMuted);
        const QString label = compactNumber(t);
        m_p->drawText(QRectF(px - mm(10), plotArea.bottom() + mm(1), mm(20), fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                      label);
    }
    for (double t : y.ticks(6)) {
        const double py = y.map(t);
        m_p->setPen(QPen(kGrid, mm(0.15)));
        m_p->drawLine(QPointF(plotArea.left(), py), QPointF(plotArea.right(), py));
        m_p->setPen(kMuted);
        m_p->drawText(QRectF(area.left(), py - fm.height() / 2, plotArea.left() - area.left() - mm(1.5), fm.height()),
                      Qt::AlignRight | Qt::AlignVCenter, compactNumber(t));
    }
    m_p->setPen(QPen(kMuted, mm(0.2)));
    m_p->drawRect(plotArea);
    QString xTitle = serve ? tr("GPUs") : (days ? tr("Time P50 (days)") : tr("Time P50 (hours)"));
    if (x.log)
        xTitle += u' ' + tr("(log scale)");
    QString yTitle = tr("Expected cost (%1)").arg(m_in.request.displayCurrency);
    if (y.log)
        yTitle += u' ' + tr("(log scale)");
    m_p->drawText(QRectF(plotArea.left(), area.bottom() - fm.height(), plotArea.width(), fm.height()), Qt::AlignCenter,
                  xTitle);
    m_p->drawText(QRectF(plotArea.left() + mm(2), plotArea.top() + mm(1), plotArea.width(), fm.height()),
                  Qt::AlignLeft | Qt::AlignTop, yTitle);

    m_p->save();
    m_p->setClipRect(plotArea.adjusted(-mm(1.5), -mm(1.5), mm(1.5), mm(1.5)));
    auto point = [&](const PlanOption &o) { return QPointF(x.map(xOf(o)), y.map(o.cost)); };
    // Thousands of dots stay cheap in the PDF when drawn as one path.
    QPainterPath dots;
    const double dot = mm(0.55);
    std::vector<const PlanOption *> front;
    for (int i = 0; i < usable; ++i) {
        const PlanOption &o = r.options[std::size_t(i)];
        if (xOf(o) <= 0 || o.cost <= 0 || !std::isfinite(xOf(o)) || !std::isfinite(o.cost))
            continue;
        dots.addEllipse(point(o), dot, dot);
        if (o.pareto)
            front.push_back(&o);
    }
    m_p->setPen(Qt::NoPen);
    m_p->setBrush(kDot);
    m_p->drawPath(dots);
    std::sort(front.begin(), front.end(), [&](const PlanOption *a, const PlanOption *b) { return xOf(*a) < xOf(*b); });
    if (front.size() > 1) {
        QPainterPath line;
        line.moveTo(point(*front.front()));
        for (const PlanOption *o : front)
            line.lineTo(point(*o));
        m_p->setBrush(Qt::NoBrush);
        m_p->setPen(QPen(kAccent, mm(0.4), Qt::DashLine));
        m_p->drawPath(line);
    }
    m_p->setPen(QPen(Qt::white, mm(0.15)));
    m_p->setBrush(kAccent);
    for (const PlanOption *o : front)
        m_p->drawEllipse(point(*o), mm(0.9), mm(0.9));
    m_p->setBrush(kTop);
    for (int i = 0; i < rows(); ++i)
        m_p->drawEllipse(point(r.options[std::size_t(i)]), mm(1.1), mm(1.1));
    if (r.recommended >= 0) {
        const PlanOption &best = r.options[std::size_t(r.recommended)];
        const QPointF at = point(best);
        m_p->setBrush(kBest);
        m_p->setPen(QPen(Qt::white, mm(0.25)));
        m_p->drawEllipse(at, mm(1.8), mm(1.8));
        const Offer &o = m_in.planner->offer(best);
        const QString label = QStringLiteral("%1 %2").arg(o.providerLabel(), o.instanceType);
        const double w = fm.horizontalAdvance(label) + mm(2);
        const bool leftSide = at.x() + w + mm(3) > plotArea.right();
        const QRectF box(leftSide ? at.x() - w - mm(3) : at.x() + mm(3), at.y() - fm.height() - mm(1), w, fm.height());
        m_p->setPen(Qt::NoPen);
        m_p->setBrush(QColor(255, 255, 255, 220));
        m_p->drawRect(box);
        m_p->setPen(kBest.darker(130));
        m_p->drawText(box, Qt::AlignCenter, label);
    }
    m_p->restore();
}

void ReportPainter::costBars(const QRectF &area)
{
    const PlanResult &r = plan();
    const int bars = std::min(rows(), 15);
    double hi = 0;
    for (int i = 0; i < bars; ++i)
        hi = std::max(hi, std::max(r.options[std::size_t(i)].costP90, r.options[std::size_t(i)].costP50));
    if (hi <= 0)
        return;
    const QFont label = font(7);
    const QFontMetricsF fm(label, m_device);
    const double labelW = area.width() * 0.36;
    const double valueW = fm.horizontalAdvance(money(hi)) * 2 + mm(6);
    const QRectF plot(area.left() + labelW, area.top(), area.width() - labelW - valueW, area.height() - mm(8));
    Axis x;
    x.lo = 0;
    x.hi = hi * 1.02;
    x.from = plot.left();
    x.to = plot.right();
    m_p->setFont(label);
    for (double t : x.ticks(5)) {
        const double px = x.map(t);
        m_p->setPen(QPen(kGrid, mm(0.15)));
        m_p->drawLine(QPointF(px, plot.top()), QPointF(px, plot.bottom()));
        m_p->setPen(kMuted);
        m_p->drawText(QRectF(px - mm(10), plot.bottom() + mm(1), mm(20), fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                      compactNumber(t));
    }
    const double rowH = plot.height() / std::max(1, bars);
    for (int i = 0; i < bars; ++i) {
        const PlanOption &p = r.options[std::size_t(i)];
        const Offer &o = m_in.planner->offer(p);
        const double top = plot.top() + rowH * i;
        const QString name = QStringLiteral("%1. %2 %3 \u00b7 %4").arg(i + 1).arg(o.providerLabel(), o.instanceType,
                                                                            optionBillingShort(p));
        drawFitted(QRectF(area.left(), top, labelW - mm(2), rowH), name, label, Qt::AlignRight | Qt::AlignVCenter,
                   i == r.recommended ? kBest.darker(130) : QColor(Qt::black));
        const double barH = rowH * 0.55;
        const QRectF bar(x.from, top + (rowH - barH) / 2, x.map(p.costP50) - x.from, barH);
        m_p->fillRect(bar, i == r.recommended ? kBest : kTop);
        // The P50-P90 whisker with end caps.
        const double cy = bar.center().y();
        m_p->setPen(QPen(Qt::black, mm(0.25)));
        const double x50 = x.map(p.costP50), x90 = x.map(std::max(p.costP50, p.costP90));
        m_p->drawLine(QPointF(x50, cy), QPointF(x90, cy));
        m_p->drawLine(QPointF(x90, cy - barH / 3), QPointF(x90, cy + barH / 3));
        m_p->setFont(label); // drawFitted may have shrunk the painter's font for a long name
        m_p->setPen(kMuted);
        m_p->drawText(QRectF(x90 + mm(1.5), top, area.right() - x90 - mm(1.5), rowH), Qt::AlignLeft | Qt::AlignVCenter,
                      QStringLiteral("%1 \u2013 %2").arg(money(p.costP50), money(p.costP90)));
    }
    m_p->setPen(QPen(kMuted, mm(0.2)));
    m_p->drawLine(QPointF(plot.left(), plot.top()), QPointF(plot.left(), plot.bottom()));
}

void ReportPainter::timelineSection()
{
    const double chartH = std::min(mm(85), m_content.height() * 0.4);
    heading(tr("Cost over the project's timeline"), m_in.timeline ? chartH : -1);
    if (!m_in.timeline) {
        paragraph((tr("No timeline: %1").arg(m_in.timelineProblem.isEmpty() ? tr("the scenario has no phases")
                                                                              : m_in.timelineProblem))
                      .toHtmlEscaped());
        return;
    }
    const Timeline &t = *m_in.timeline;
    ensureSpace(chartH);
    timelineChart(QRectF(m_content.left(), m_y, m_content.width(), chartH));
    m_y += chartH + mm(2);
    QStringList items;
    for (const StrategySeries &s : t.strategies) {
        QString line = tr("%1: %2 in total").arg(strategyName(s), money(s.total));
        if (s.id != u"on_demand") {
            if (s.breakEvenMonth < 0)
                line += tr("; never cheaper than all on-demand");
            else if (s.breakEvenMonth == 0)
                line += tr("; at or below all on-demand from the first month (%1)").arg(t.months.at(0));
            else
                line += tr("; breaks even with all on-demand in %1").arg(t.months.at(s.breakEvenMonth));
        }
        // A commitment strategy says how big its base is and where its price came from; the
        // on-demand lines which instance they rent (the cheapest plan's, the chosen one's).
        if (s.id.startsWith(u"reserved_") || s.id.startsWith(u"savings_plan_") || s.id.startsWith(u"on_demand"))
            line += QStringLiteral(" (%1)").arg(s.note);
        items << sentence(line);
    }
    // What the timeline could not compare, and how to get it (no subscription price offline, ...).
    for (const QString &note : t.notes)
        items << note;
    if (t.ownership)
        items << tr("Owning costs %1 per GPU-hour at the scenario's utilization and beats on-demand above %2 "
                    "utilization.")
                     .arg(money(t.ownership->costPerGpuHour), percent(t.ownership->breakEvenUtilization));
    bullets(items, 8.5);
}

void ReportPainter::timelineChart(const QRectF &area)
{
    const Timeline &t = *m_in.timeline;
    const int months = int(t.months.size());
    if (months == 0 || t.strategies.isEmpty())
        return;
    double hi = 0;
    for (const StrategySeries &s : t.strategies)
        for (double v : s.cumulative)
            hi = std::max(hi, v);
    const QFont tick = font(7);
    const QFontMetricsF fm(tick, m_device);
    const double legendH = fm.height() * 1.6 * double((t.strategies.size() + 1) / 2);
    const QRectF plot = area.adjusted(fm.horizontalAdvance(QStringLiteral("000.0M")) + mm(3), mm(2), -mm(4),
                                      -(fm.height() * 2 + mm(3) + legendH));
    Axis y = makeAxis(0, hi, false);
    y.from = plot.bottom();
    y.to = plot.top();
    auto xAt = [&](int m) { return months == 1 ? plot.center().x() : plot.left() + plot.width() * m / (months - 1); };
    m_p->setFont(tick);
    for (double v : y.ticks(6)) {
        const double py = y.map(v);
        m_p->setPen(QPen(kGrid, mm(0.15)));
        m_p->drawLine(QPointF(plot.left(), py), QPointF(plot.right(), py));
        m_p->setPen(kMuted);
        m_p->drawText(QRectF(area.left(), py - fm.height() / 2, plot.left() - area.left() - mm(1.5), fm.height()),
                      Qt::AlignRight | Qt::AlignVCenter, compactNumber(v));
    }
    const double labelW = fm.horizontalAdvance(QStringLiteral("2026-09")) + mm(2);
    const int step = std::max(1, int(std::ceil(labelW * months / plot.width())));
    for (int m = 0; m < months; m += step) {
        m_p->setPen(kMuted);
        // Kept inside the plot's width so the first month clears the value axis.
        const double left = std::clamp(xAt(m) - labelW / 2, plot.left(), plot.right() - labelW);
        m_p->drawText(QRectF(left, plot.bottom() + mm(1), labelW, fm.height()), Qt::AlignCenter, t.months.at(m));
    }
    m_p->setPen(QPen(kMuted, mm(0.2)));
    m_p->drawRect(plot);
    m_p->drawText(QRectF(plot.left() + mm(2), plot.top() + mm(1), plot.width(), fm.height()), Qt::AlignLeft | Qt::AlignTop,
                  tr("Cumulative cost (%1)").arg(m_in.request.displayCurrency));

    const QList<QColor> colors = strategyColorsOnPaper(t);
    for (qsizetype i = 0; i < t.strategies.size(); ++i) {
        const StrategySeries &s = t.strategies.at(i);
        const QColor color = colors.at(i);
        QPainterPath path;
        for (int m = 0; m < months && m < int(s.cumulative.size()); ++m) {
            const QPointF p(xAt(m), y.map(s.cumulative[std::size_t(m)]));
            if (m == 0)
                path.moveTo(p);
            else
                path.lineTo(p);
        }
        m_p->setBrush(Qt::NoBrush);
        m_p->setPen(QPen(color, mm(0.5)));
        m_p->drawPath(path);
        // Break-even: where the strategy gets to or below all on-demand for good.
        if (s.id != u"on_demand" && s.breakEvenMonth > 0 && s.breakEvenMonth < int(s.cumulative.size())) {
            const QPointF at(xAt(s.breakEvenMonth), y.map(s.cumulative[std::size_t(s.breakEvenMonth)]));
            m_p->setPen(QPen(color, mm(0.2), Qt::DashLine));
            m_p->drawLine(QPointF(at.x(), plot.top()), QPointF(at.x(), plot.bottom()));
            m_p->setPen(QPen(Qt::white, mm(0.2)));
            m_p->setBrush(color);
            m_p->drawEllipse(at, mm(1.3), mm(1.3));
            // Labelled along the top of its dashed line, on white, clear of the series.
            const QString label = tr("break-even %1").arg(t.months.at(s.breakEvenMonth));
            const double w = fm.horizontalAdvance(label) + mm(1.5);
            const bool left = at.x() + w + mm(2) > plot.right();
            const QRectF box(left ? at.x() - w - mm(1) : at.x() + mm(1), plot.top() + mm(6) + fm.height() * 1.3 * double(i),
                             w, fm.height());
            m_p->setPen(Qt::NoPen);
            m_p->setBrush(QColor(255, 255, 255, 230));
            m_p->drawRect(box);
            m_p->setPen(color.darker(120));
            m_p->drawText(box, Qt::AlignCenter, label);
        }
    }
    // Legend below the axis labels, two entries per line.
    const double legendTop = plot.bottom() + fm.height() + mm(3);
    const double colW = plot.width() / 2;
    for (qsizetype i = 0; i < t.strategies.size(); ++i) {
        const StrategySeries &s = t.strategies.at(i);
        const double lx = plot.left() + colW * double(i % 2);
        const double ly = legendTop + fm.height() * 1.6 * double(i / 2);
        m_p->fillRect(QRectF(lx, ly + fm.height() / 2 - mm(0.4), mm(5), mm(0.8)), colors.at(i));
        drawFitted(QRectF(lx + mm(6.5), ly, colW - mm(8), fm.height()),
                   QStringLiteral("%1 (%2)").arg(strategyName(s), money(s.total)), tick, Qt::AlignLeft | Qt::AlignVCenter,
                   Qt::black);
    }
}

QString ReportPainter::strategyName(const StrategySeries &s) const
{
    if (s.id == u"on_demand")
        return tr("All on-demand");
    if (s.id == u"spot")
        return tr("Spot where allowed");
    if (s.id == u"own")
        return tr("Own the hardware");
    return s.name;
}

} // namespace gpuplanner::ui
