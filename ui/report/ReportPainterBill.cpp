// ReportPainter's page for a portfolio started from a bill: "What we ran and what to buy next".
// What the bill says the team ran on GPUs (the steady part every month and the bursty rest per GPU
// model and geography), what that usage was paid and would have cost under the alternatives month
// by month, the GPU spend the catalog could not place, and then (the purchase plan that follows)
// what to buy next. Every figure is read from core::actuals::billSummaryJson.

#include "ui/report/ReportPainter.h"

#include <QJsonArray>
#include <QLocale>

namespace gpuplanner::ui {

void ReportPainter::portfolioFromBill()
{
    const QJsonObject bill = m_in.portfolio->bill;
    const QJsonArray months = bill.value(u"months").toArray();
    heading(tr("What we ran and what to buy next"));
    paragraph(tr("The GPU usage in the bill %1 (%2 to %3), placed on the catalog's GPU models. The steady part is the "
                 "usage present in every month; only it is planned below as demand for commitments. The bursty rest "
                 "stays on on-demand or spot.")
                  .arg(bill.value(u"file").toString(), months.first().toString(), months.last().toString())
                  .toHtmlEscaped(),
              9);
    const QList<Column> steadyColumns{{tr("GPU model"), 24, false},
                                      {tr("Geography"), 20, false},
                                      {tr("Steady GPUs"), 14, true},
                                      {tr("Steady GPU-hours"), 16, true},
                                      {tr("Bursty GPU-hours"), 16, true}};
    QList<Cells> steady;
    const QLocale locale(m_opt.language);
    for (const QJsonValue &v : bill.value(u"steady").toArray()) {
        const QJsonObject s = v.toObject();
        steady << Cells{{s.value(u"gpu").toString()},
                        {s.value(u"geography").toString().isEmpty() ? tr("unknown region") : s.value(u"geography").toString()},
                        {locale.toString(s.value(u"steady_gpus").toDouble(), 'f', 2)},
                        {locale.toString(s.value(u"steady_gpu_hours").toDouble(), 'f', 0)},
                        {locale.toString(s.value(u"bursty_gpu_hours").toDouble(), 'f', 0)}};
    }
    table(steadyColumns, steady, {}, 8);
    paragraph(QStringLiteral("<b>%1</b>").arg(tr("What it was paid and what it would have cost (USD)").toHtmlEscaped()), 9);
    const QList<Column> monthColumns{{tr("Month"), 12, false},   {tr("Paid"), 16, true}, {tr("On-demand"), 16, true},
                                     {tr("Spot"), 14, true},     {tr("Best"), 16, true}, {tr("Saving available"), 18, true}};
    QList<Cells> rows;
    for (const QJsonValue &v : bill.value(u"repriced_months").toArray()) {
        const QJsonObject m = v.toObject();
        rows << Cells{{m.value(u"month").toString()},
                      {money(m.value(u"paid_usd").toDouble())},
                      {money(m.value(u"on_demand_usd").toDouble())},
                      {money(m.value(u"spot_usd").toDouble())},
                      {money(m.value(u"best_usd").toDouble())},
                      {money(m.value(u"saving_usd").toDouble())}};
    }
    table(monthColumns, rows, {}, 8);
    paragraph(tr("Best: the least of on-demand, a commitment the same provider sells for that instance, and another "
                 "provider's on-demand offer with the same GPU model and count; spot is shown but not counted. "
                 "Each price's source and date: `gpu-planner-cli actuals reprice`.")
                  .toHtmlEscaped(),
              8);
    QStringList spend;
    for (const QJsonValue &v : bill.value(u"gpu_spend").toArray()) {
        const QJsonObject c = v.toObject();
        spend << tr("GPU spend in %1: %2 placed on catalog GPUs, %3 not recognised")
                     .arg(c.value(u"currency").toString(), locale.toString(c.value(u"recognised").toDouble(), 'f', 2),
                          locale.toString(c.value(u"unrecognised").toDouble(), 'f', 2));
    }
    for (const QJsonValue &v : bill.value(u"unrecognised").toArray()) {
        const QJsonObject l = v.toObject();
        spend << tr("Not recognised: %1 line %2 (%3), %4 %5: %6")
                     .arg(l.value(u"file").toString())
                     .arg(l.value(u"line").toInt())
                     .arg(l.value(u"sku").toString(), locale.toString(l.value(u"amount").toDouble(), 'f', 2),
                          l.value(u"currency").toString(), l.value(u"reason").toString());
    }
    bullets(spend, 8);
}

} // namespace gpuplanner::ui
