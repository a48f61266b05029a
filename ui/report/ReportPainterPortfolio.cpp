// ReportPainter's portfolio report: a team's commitment plan as `portfolio plan --format json`
// states it (cover with the headline, purchase plan, utilisation chart and table, expected
// spend per provider and month, cost, the cost of being wrong, disclaimer). Every figure is read
// from that JSON; where the optimizer has none, the page says so.

#include "ui/report/ReportPainter.h"

#include "ui/report/ReportChartAxis.h"

#include <QFontMetricsF>
#include <QJsonArray>
#include <QLocale>
#include <QMap>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QPainterPath>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace gpuplanner::ui {

using namespace gpuplanner::core;

namespace {

using report::Axis;

const QColor kAccent(0x1f, 0x4e, 0x79);
const QColor kMuted(0x5f, 0x63, 0x68);
const QColor kGrid(0xe3, 0xe6, 0xea);
const QColor kCard(0xf1, 0xf5, 0xf9);

// One colour per commitment, distinct on white paper and in grey print.
QColor lineColor(int i)
{
    static const QList<QColor> colors{QColor(0x2e, 0x86, 0xc1), QColor(0xe6, 0x7e, 0x22), QColor(0x27, 0xae, 0x60),
                                      QColor(0x8e, 0x44, 0xad), QColor(0xc0, 0x39, 0x2b), QColor(0x16, 0xa0, 0x85),
                                      QColor(0x7f, 0x8c, 0x8d), QColor(0xd4, 0xac, 0x0d)};
    return colors.at(i % colors.size());
}

QJsonArray array(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toArray();
}

} // namespace

QString ReportPainter::portfolioProviderName(const QString &id) const
{
    return m_in.portfolio->providerNames.value(id, id);
}

QString ReportPainter::portfolioCaseName(const QString &id) const
{
    if (id == u"low")
        return tr("Low demand");
    if (id == u"high")
        return tr("High demand");
    return tr("Expected demand");
}

QString ReportPainter::portfolioCommitmentName(const QJsonObject &purchase) const
{
    // Core words capacity blocks in English only; the other labels come translated with the plan.
    const QString label = purchase.value(u"label").toString();
    if (purchase.value(u"billing").toString() == u"capacity_block") {
        const auto days = QRegularExpression(QStringLiteral("(\\d+) days")).match(label);
        if (days.hasMatch())
            return tr("capacity block, %1 days in the month").arg(days.captured(1));
    }
    return label;
}

void ReportPainter::portfolioReport()
{
    const PortfolioReport &r = *m_in.portfolio;
    if (!r.catalogHash.isEmpty()) {
        m_dataIdentity = r.oldestPriceDate.isEmpty() ? tr("data: catalog %1").arg(r.catalogHash)
            : r.oldestPriceDate == r.newestPriceDate
            ? tr("data: catalog %1, prices of %2").arg(r.catalogHash, r.newestPriceDate)
            : tr("data: catalog %1, prices %2 to %3").arg(r.catalogHash, r.oldestPriceDate, r.newestPriceDate);
    }
    drawHeaderFooter();
    m_cover = true;
    portfolioCover();
    m_cover = false;
    newPage();
    if (!r.bill.isEmpty())
        portfolioFromBill();
    portfolioPurchases();
    portfolioUtilisation();
    portfolioSpend();
    portfolioCost();
    portfolioSensitivity();
    disclaimer();
}

void ReportPainter::portfolioCover()
{
    const QJsonObject &plan = m_in.portfolio->plan;
    const double left = m_page.left() + mm(8);
    const double width = m_page.width() - mm(16);
    m_p->fillRect(QRectF(m_page.left(), m_page.top() + mm(30), mm(4), mm(50)), kAccent);
    double y = m_page.top() + mm(32);
    auto line = [&](const QString &text, const QFont &f, const QColor &color, double gap) {
        m_p->setFont(f);
        m_p->setPen(color);
        const QRectF r = QFontMetricsF(f, m_device).boundingRect(QRectF(left, y, width, 1e6), Qt::TextWordWrap, text);
        m_p->drawText(QRectF(left, y, width, r.height()), Qt::AlignLeft | Qt::TextWordWrap, text);
        y += r.height() + gap;
    };
    line(title(), font(24, true), kAccent, mm(4));
    line(m_in.scenario.name, font(16), Qt::black, mm(5));
    if (!m_in.portfolio->description.isEmpty())
        line(m_in.portfolio->description, font(9.5), kMuted, mm(8));

    // The headline as cards: what the plan costs and what it saves.
    const QJsonObject single = plan.value(u"best_single_provider").toObject();
    QList<QPair<QString, QString>> cards;
    cards << qMakePair(tr("Expected cost"), money(plan.value(u"expected_cost").toDouble()));
    cards << qMakePair(tr("Worst case"), money(plan.value(u"worst_case_cost").toDouble()));
    cards << qMakePair(tr("Saving against all on-demand"), money(plan.value(u"saving_vs_all_on_demand").toDouble()));
    cards << qMakePair(tr("Saving against the best single provider"),
                       single.isEmpty() ? tr("none to compare") : money(single.value(u"saving").toDouble()));
    y = std::max(y, m_page.top() + mm(95));
    const double gap = mm(2);
    const double cardW = (width - gap) / 2;
    const double cardH = mm(16);
    for (qsizetype i = 0; i < cards.size(); ++i) {
        const QRectF card(left + double(i % 2) * (cardW + gap), y + double(i / 2) * (cardH + gap), cardW, cardH);
        m_p->fillRect(card, kCard);
        m_p->fillRect(QRectF(card.left(), card.top(), mm(1), card.height()), kAccent);
        drawFitted(card.adjusted(mm(3), mm(2), -mm(2), -cardH / 2), cards.at(i).first, font(8),
                   Qt::AlignLeft | Qt::AlignVCenter, kMuted);
        drawFitted(card.adjusted(mm(3), cardH / 2 - mm(1), -mm(2), -mm(2)), cards.at(i).second, font(13, true),
                   Qt::AlignLeft | Qt::AlignVCenter, Qt::black);
    }
    y += 2 * cardH + gap;
    y += mm(8);

    const QJsonArray months = array(plan, "months");
    const QString currency = plan.value(u"currency").toString();
    const double allOnDemand = plan.value(u"all_on_demand_cost").toDouble();
    const double saving = plan.value(u"saving_vs_all_on_demand").toDouble();
    QList<QPair<QString, QString>> facts;
    facts << qMakePair(tr("Date"), QLocale(m_opt.language).toString(m_opt.date, QLocale::LongFormat));
    if (!m_opt.author.isEmpty())
        facts << qMakePair(tr("Prepared by"), m_opt.author);
    facts << qMakePair(tr("Portfolio"), m_in.scenario.name);
    facts << qMakePair(tr("Horizon"), months.isEmpty() ? tr("none")
                                                        : tr("%1 months, %2 to %3")
                                                              .arg(months.size())
                                                              .arg(months.first().toString(), months.last().toString()));
    facts << qMakePair(tr("Workloads"), tr("%1: %2").arg(m_in.portfolio->workloads.size())
                                            .arg(m_in.portfolio->workloads.join(tr(", "))));
    facts << qMakePair(tr("Currency"), currency);
    facts << qMakePair(tr("Demand"), tr("the low case is %1 below the estimates' P10")
                                         .arg(percent(plan.value(u"demand_shortfall").toDouble())));
    if (!m_in.portfolio->pools.isEmpty()) {
        QStringList names;
        for (const QString &p : m_in.portfolio->pools)
            names << portfolioProviderName(p);
        facts << qMakePair(tr("Team pools"), tr("%1: their commitments serve every workload that fits them")
                                                 .arg(names.join(tr(", "))));
    }
    facts << qMakePair(tr("Expected cost"), tr("%1, whole commitment terms included").arg(money(plan.value(u"expected_cost").toDouble())));
    facts << qMakePair(tr("All on-demand"),
                       tr("%1 all on-demand; the plan saves %2 (%3)")
                           .arg(money(allOnDemand), money(saving), percent(allOnDemand > 0 ? saving / allOnDemand : 0)));
    facts << qMakePair(tr("Best single provider"),
                       single.isEmpty() ? tr("no single provider runs every workload")
                                        : tr("%1 on %2 alone; the plan saves %3")
                                              .arg(money(single.value(u"cost").toDouble()),
                                                   portfolioProviderName(single.value(u"provider").toString()),
                                                   money(single.value(u"saving").toDouble())));
    const QFont key = font(10, true);
    const QFont value = font(10);
    const double keyW = mm(48);
    for (const auto &[k, v] : facts) {
        const QRectF box(left + keyW, y, width - keyW, mm(40));
        const double h = std::max(mm(7), QFontMetricsF(value, m_device)
                                             .boundingRect(box, Qt::TextWordWrap | Qt::AlignLeft, v).height() + mm(1.5));
        drawFitted(QRectF(left, y, keyW - mm(2), mm(7)), k, key, Qt::AlignLeft | Qt::AlignVCenter, kMuted);
        m_p->setFont(value);
        m_p->setPen(Qt::black);
        m_p->drawText(QRectF(box.left(), y + (h > mm(7) ? mm(0.75) : 0), box.width(), h),
                      Qt::TextWordWrap | Qt::AlignLeft | (h > mm(7) ? Qt::AlignTop : Qt::AlignVCenter), v);
        y += h;
    }
    m_p->setFont(font(8));
    m_p->setPen(kMuted);
    m_p->drawText(QRectF(left, m_page.bottom() - mm(26), width, mm(16)), Qt::AlignLeft | Qt::AlignBottom | Qt::TextWordWrap,
                  tr("Made with GPU Planner %1 from the offer catalog on this computer; the figures are those of "
                     "`gpu-planner-cli portfolio plan`. They are estimates; see the disclaimer at the end.")
                      .arg(QStringLiteral(GPUPLANNER_VERSION))
                      + (m_dataIdentity.isEmpty() ? QString() : QStringLiteral("\n") + m_dataIdentity));
}

void ReportPainter::portfolioPurchases()
{
    const QJsonArray purchases = array(m_in.portfolio->plan, "purchases");
    heading(tr("Purchase plan"));
    paragraph(tr("What to buy, in which month and where; everything else runs on on-demand or spot. A commitment is "
                 "paid for its whole term, used or not, also past the horizon. Break-even: the utilisation above "
                 "which it costs less than on-demand.")
                  .toHtmlEscaped(),
              9);
    if (purchases.isEmpty()) {
        paragraph(tr("No commitment pays off: everything runs on on-demand or spot.").toHtmlEscaped(), 10);
        return;
    }
    const QList<Column> columns{
        {tr("#"), 4, false},
        {tr("Month"), 10, false},
        {tr("Provider\nfor"), 21, false},
        {tr("Commitment\nwhere"), 36, false},
        {tr("Quantity"), 11, true},
        {tr("Upfront"), 13, true},
        {tr("Per month"), 12, true},
        {tr("Whole term"), 13, true},
        {tr("Break-\neven"), 8, true},
    };
    QList<Cells> rows;
    // Each commitment's price source once, under the table: a row per month would repeat it.
    QMap<int, QString> sources;
    for (const QJsonValue &v : purchases) {
        const QJsonObject b = v.toObject();
        const QString owner = b.value(u"for").toString();
        const bool perInstance = b.contains(u"instances");
        const QString where = perInstance
            ? QStringLiteral("%1 %2").arg(b.value(u"instance_type").toString(), b.value(u"region").toString())
            : tr("any instance (%1 %2)").arg(b.value(u"instance_type").toString(), b.value(u"region").toString());
        const QStringList quantity = perInstance
            ? QStringList{QString::number(b.value(u"instances").toDouble(), 'f', 0), tr("instance(s)")}
            : QStringList{tr("%1/h").arg(money(b.value(u"commit_per_hour").toDouble())), tr("committed")};
        QString source = b.value(u"source").toString();
        if (b.value(u"negotiated").toBool())
            source += u' ' + tr("(your terms)");
        const int id = b.value(u"commitment").toInt();
        sources.insert(id, source);
        rows << Cells{{QString::number(id)},
                      {b.value(u"month").toString()},
                      {portfolioProviderName(b.value(u"provider").toString()), owner == u"pool" ? tr("the team (pool)") : owner},
                      {portfolioCommitmentName(b), where},
                      quantity,
                      {money(b.value(u"upfront_total").toDouble())},
                      {money(b.value(u"per_month").toDouble())},
                      {money(b.value(u"whole_term").toDouble())},
                      {percent(b.value(u"break_even_utilization").toDouble())}};
    }
    table(columns, rows, {}, 7.5);
    paragraph(QStringLiteral("<b>%1</b>").arg(tr("Price sources").toHtmlEscaped()), 9);
    QStringList items;
    for (auto it = sources.cbegin(); it != sources.cend(); ++it)
        items << tr("#%1: %2").arg(it.key()).arg(it.value());
    bullets(items, 8);
}

void ReportPainter::portfolioUtilisation()
{
    const QJsonObject &plan = m_in.portfolio->plan;
    const QJsonArray use = array(plan, "utilization");
    const double chartH = std::min(mm(70), m_content.height() * 0.35);
    heading(tr("Expected utilisation of each commitment"), use.isEmpty() ? -1 : chartH);
    if (use.isEmpty()) {
        paragraph(tr("No commitment is bought, so there is no utilisation to show.").toHtmlEscaped());
        return;
    }
    paragraph(tr("The share of each commitment's capacity the workloads use per month, weighted over the demand cases "
                 "(low 0.3, expected 0.4, high 0.3); the dashed line in its colour is its break-even. A month it is not "
                 "held is left out.")
                  .toHtmlEscaped(),
              9);
    QList<int> ids;
    for (const QJsonValue &v : use)
        ids << v.toObject().value(u"commitment").toInt();
    ensureSpace(chartH);
    portfolioUtilisationChart(QRectF(m_content.left(), m_y, m_content.width(), chartH), ids);
    m_y += chartH + mm(3);

    // The same figures as a table, a row per commitment and up to 12 months a block, so a
    // 36-month horizon stays readable.
    ensureSpace(mm(12) + mm(6) * double(use.size() + 1)); // the caption stays with its table
    paragraph(QStringLiteral("<b>%1</b>").arg(tr("Expected utilisation per month").toHtmlEscaped()), 9);
    const QJsonArray months = array(plan, "months");
    for (qsizetype from = 0; from < months.size(); from += 12) {
        const qsizetype to = std::min(months.size(), from + 12);
        QList<Column> columns{{tr("#"), 6, false}};
        for (qsizetype m = from; m < to; ++m)
            columns << Column{months.at(m).toString(), 10, true};
        QList<Cells> rows;
        for (const QJsonValue &v : use) {
            const QJsonObject u = v.toObject();
            Cells row{{QString::number(u.value(u"commitment").toInt())}};
            for (qsizetype m = from; m < to; ++m) {
                const bool held = array(u, "capacity").at(m).toDouble() > 0;
                row << QStringList{held ? percent(array(u, "utilization").at(m).toDouble()) : QStringLiteral("-")};
            }
            rows << row;
        }
        table(columns, rows, {}, 7);
    }
}

void ReportPainter::portfolioUtilisationChart(const QRectF &area, const QList<int> &ids)
{
    const QJsonObject &plan = m_in.portfolio->plan;
    const QJsonArray months = array(plan, "months");
    const QJsonArray use = array(plan, "utilization");
    QHash<int, QJsonObject> firstPurchase;
    for (const QJsonValue &v : array(plan, "purchases")) {
        const QJsonObject b = v.toObject();
        const int id = b.value(u"commitment").toInt();
        if (!firstPurchase.contains(id))
            firstPurchase.insert(id, b);
    }
    const QFont label = font(7);
    const QFontMetricsF fm(label, m_device);
    const double legendW = area.width() * 0.34;
    const QRectF plot(area.left() + fm.horizontalAdvance(QStringLiteral("100%")) + mm(3), area.top() + mm(2),
                      area.width() - legendW - fm.horizontalAdvance(QStringLiteral("100%")) - mm(6),
                      area.height() - fm.height() * 2 - mm(4));
    Axis y;
    y.lo = 0;
    y.hi = 1;
    y.from = plot.bottom();
    y.to = plot.top();
    m_p->setFont(label);
    for (double t : y.ticks(5)) {
        const double py = y.map(t);
        m_p->setPen(QPen(kGrid, mm(0.15)));
        m_p->drawLine(QPointF(plot.left(), py), QPointF(plot.right(), py));
        m_p->setPen(kMuted);
        m_p->drawText(QRectF(area.left(), py - fm.height() / 2, plot.left() - area.left() - mm(1.5), fm.height()),
                      Qt::AlignRight | Qt::AlignVCenter, percent(t));
    }
    const int n = int(months.size());
    const double step = plot.width() / std::max(1, n);
    auto xOf = [&](int m) { return plot.left() + step * (m + 0.5); };
    // Month labels, thinned so they never overlap.
    const double labelW = fm.horizontalAdvance(QStringLiteral("2026-09")) + mm(1.5);
    const int every = std::max(1, int(std::ceil(labelW / step)));
    m_p->setPen(kMuted);
    for (int m = 0; m < n; m += every)
        m_p->drawText(QRectF(xOf(m) - labelW / 2, plot.bottom() + mm(1), labelW, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                      months.at(m).toString());
    m_p->drawText(QRectF(plot.left(), plot.bottom() + mm(1) + fm.height(), plot.width(), fm.height()),
                  Qt::AlignHCenter | Qt::AlignTop, tr("month"));

    for (qsizetype i = 0; i < use.size(); ++i) {
        const QJsonObject u = use.at(i).toObject();
        const QColor color = lineColor(int(i));
        const QJsonArray share = array(u, "utilization");
        const QJsonArray capacity = array(u, "capacity");
        const double breakEven = firstPurchase.value(ids.at(i)).value(u"break_even_utilization").toDouble();
        m_p->setPen(QPen(color, mm(0.3), Qt::DashLine));
        m_p->drawLine(QPointF(plot.left(), y.map(breakEven)), QPointF(plot.right(), y.map(breakEven)));
        QPainterPath path;
        bool open = false;
        for (int m = 0; m < n; ++m) {
            if (capacity.at(m).toDouble() <= 0) {
                open = false;
                continue;
            }
            const QPointF pt(xOf(m), y.map(std::clamp(share.at(m).toDouble(), 0.0, 1.0)));
            if (open)
                path.lineTo(pt);
            else
                path.moveTo(pt);
            open = true;
        }
        m_p->setPen(QPen(color, mm(0.5)));
        m_p->setBrush(Qt::NoBrush);
        m_p->drawPath(path);
        m_p->setBrush(color);
        m_p->setPen(Qt::NoPen);
        for (int m = 0; m < n; ++m) {
            if (capacity.at(m).toDouble() > 0)
                m_p->drawEllipse(QPointF(xOf(m), y.map(std::clamp(share.at(m).toDouble(), 0.0, 1.0))), mm(0.8), mm(0.8));
        }
        m_p->setBrush(Qt::NoBrush);
    }
    m_p->setPen(QPen(kMuted, mm(0.2)));
    m_p->drawLine(plot.bottomLeft(), plot.bottomRight());
    m_p->drawLine(plot.bottomLeft(), plot.topLeft());

    // Legend: each commitment's number, what it is and its break-even.
    const double lx = plot.right() + mm(4);
    const double lw = area.right() - lx;
    double ly = plot.top();
    const double rowH = fm.height() * 2 + mm(1.5);
    for (qsizetype i = 0; i < ids.size() && ly + rowH <= area.bottom(); ++i) {
        const QJsonObject b = firstPurchase.value(ids.at(i));
        m_p->fillRect(QRectF(lx, ly + fm.height() / 2 - mm(0.4), mm(4), mm(0.8)), lineColor(int(i)));
        drawFitted(QRectF(lx + mm(5), ly, lw - mm(5), fm.height()),
                   QStringLiteral("#%1 %2 %3").arg(ids.at(i)).arg(portfolioProviderName(b.value(u"provider").toString()),
                                                      b.value(u"instance_type").toString()),
                   font(7, true), Qt::AlignLeft | Qt::AlignVCenter, Qt::black);
        drawFitted(QRectF(lx + mm(5), ly + fm.height(), lw - mm(5), fm.height()),
                   tr("%1; break-even %2").arg(portfolioCommitmentName(b), percent(b.value(u"break_even_utilization").toDouble())),
                   label, Qt::AlignLeft | Qt::AlignVCenter, kMuted);
        ly += rowH;
    }
}

void ReportPainter::portfolioSpend()
{
    const QJsonObject &plan = m_in.portfolio->plan;
    const QJsonObject spend = plan.value(u"spend_by_provider").toObject();
    heading(tr("Expected spend per provider and month"));
    paragraph(tr("Commitments as they are paid (an upfront fee in its first month, then monthly), on-demand and spot as "
                 "used, expected over the demand cases; \u201cafter\u201d is what falls due after the horizon.")
                  .toHtmlEscaped(),
              9);
    const QStringList providers = spend.keys();
    if (providers.isEmpty()) {
        paragraph(tr("The plan spends nothing.").toHtmlEscaped());
        return;
    }
    QList<Column> columns{{tr("Month"), 14, false}};
    for (const QString &p : providers)
        columns << Column{portfolioProviderName(p), 16, true};
    columns << Column{tr("Total"), 16, true};
    const QJsonArray months = array(plan, "months");
    const QJsonArray perMonth = array(plan, "spend_total_by_month");
    QList<Cells> rows;
    for (qsizetype m = 0; m <= months.size(); ++m) {
        Cells row{{m < months.size() ? months.at(m).toString() : tr("after")}};
        for (const QString &p : providers)
            row << QStringList{money(spend.value(p).toArray().at(m).toDouble())};
        row << QStringList{perMonth.isEmpty() ? tr("n/a") : money(perMonth.at(m).toDouble())};
        rows << row;
    }
    Cells total{{tr("total")}};
    const QJsonObject perProvider = plan.value(u"spend_total_by_provider").toObject();
    for (const QString &p : providers)
        total << QStringList{perProvider.contains(p) ? money(perProvider.value(p).toDouble()) : tr("n/a")};
    total << QStringList{plan.contains(u"spend_total") ? money(plan.value(u"spend_total").toDouble()) : tr("n/a")};
    rows << total;
    table(columns, rows, {int(rows.size() - 1)}, 7.5);
}

void ReportPainter::portfolioCost()
{
    const QJsonObject &plan = m_in.portfolio->plan;
    heading(tr("Cost"), mm(40));
    QList<QPair<QString, QString>> rows;
    rows << qMakePair(tr("Expected cost"), money(plan.value(u"expected_cost").toDouble()));
    for (const QJsonValue &v : array(plan, "demand_cases")) {
        const QJsonObject c = v.toObject();
        rows << qMakePair(portfolioCaseName(c.value(u"id").toString()),
                          tr("%1 (weight %2)").arg(money(c.value(u"cost").toDouble())).arg(c.value(u"weight").toDouble()));
    }
    rows << qMakePair(tr("Worst case"),
                      plan.contains(u"worst_case_cap")
                          ? tr("%1 (cap %2)").arg(money(plan.value(u"worst_case_cost").toDouble()),
                                                  money(plan.value(u"worst_case_cap").toDouble()))
                          : tr("%1 (no cap)").arg(money(plan.value(u"worst_case_cost").toDouble())));
    rows << qMakePair(tr("Commitments bought"), money(plan.value(u"commitment_cost").toDouble()));
    rows << qMakePair(tr("All on-demand"), money(plan.value(u"all_on_demand_cost").toDouble()));
    const QJsonObject single = plan.value(u"best_single_provider").toObject();
    rows << qMakePair(tr("Best single provider"),
                      single.isEmpty() ? tr("none: no single provider runs every workload")
                                       : tr("%1 on %2").arg(money(single.value(u"cost").toDouble()),
                                                            portfolioProviderName(single.value(u"provider").toString())));
    keyValues(rows);
    const QJsonObject solver = plan.value(u"solver").toObject();
    const QString how = solver.value(u"proven_best").toBool()
        ? tr("within 0.01% of the least expected cost")
        : tr("the best found before the time limit, not proven best");
    paragraph(tr("Solved with %1 (%2 solves, %3 s): the plan is %4.")
                  .arg(solver.value(u"name").toString())
                  .arg(solver.value(u"solves").toInt())
                  .arg(QLocale(m_opt.language).toString(solver.value(u"seconds").toDouble(), 'f', 2), how)
                  .toHtmlEscaped(),
              8.5);
}

void ReportPainter::portfolioSensitivity()
{
    const QJsonArray cases = array(m_in.portfolio->plan, "cost_of_being_wrong");
    heading(tr("The cost of being wrong"));
    paragraph(tr("The purchases above stand and the rest is re-planned at least cost; each case is set against the plan "
                 "that would have been made knowing it (expected costs).")
                  .toHtmlEscaped(),
              9);
    if (cases.isEmpty()) {
        paragraph(tr("The optimizer computed no case of being wrong for this portfolio.").toHtmlEscaped());
        return;
    }
    const QList<Column> columns{
        {tr("If"), 34, false},
        {tr("With this plan"), 16, true},
        {tr("Best plan\nhad we known"), 16, true},
        {tr("Cost of\nbeing wrong"), 16, true},
        {tr("All on-demand"), 16, true},
    };
    QList<Cells> rows;
    for (const QJsonValue &v : cases) {
        const QJsonObject c = v.toObject();
        const QString id = c.value(u"id").toString();
        QString label = c.value(u"label").toString();
        if (id == u"demand_drop")
            label = tr("Demand %1 lower").arg(percent(m_in.portfolio->demandDrop));
        else if (id.startsWith(u"price_cut:"))
            label = tr("%1 prices %2 lower").arg(portfolioProviderName(id.mid(10)), percent(m_in.portfolio->priceCut));
        rows << Cells{{label},
                      {money(c.value(u"plan_cost").toDouble())},
                      {money(c.value(u"reoptimised_cost").toDouble())},
                      {money(c.value(u"cost_of_being_wrong").toDouble())},
                      {money(c.value(u"all_on_demand_cost").toDouble())}};
    }
    table(columns, rows, {}, 8);
}

} // namespace gpuplanner::ui
