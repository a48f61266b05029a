#include "core/actuals/BillUsageFormat.h"

#include "core/io/CsvReader.h"
#include "core/io/TextTable.h"

#include <QJsonArray>

#include <cmath>

namespace gpuplanner::core::actuals {

namespace {

QString micros(qint64 m)
{
    return QString::number(double(m) / 1e6, 'f', 2);
}

QString num(double v, int decimals = 2)
{
    return QString::number(v, 'f', decimals);
}

double rounded(double v, int decimals = 2)
{
    const double f = std::pow(10.0, decimals);
    return std::round(v * f) / f;
}

QString csvLine(const QStringList &cells)
{
    QStringList out;
    for (const QString &c : cells)
        out << csvEscape(c);
    return out.join(u',') + u'\n';
}

QString where(const UsageRow &r)
{
    return r.region.isEmpty() ? QStringLiteral("(no region)") : r.region;
}

QJsonObject quoteJson(const PriceQuote &q)
{
    QJsonObject o{{QStringLiteral("kind"), q.kind},
                  {QStringLiteral("label"), q.label},
                  {QStringLiteral("provider"), q.provider},
                  {QStringLiteral("instance_type"), q.instanceType},
                  {QStringLiteral("region"), q.region},
                  {QStringLiteral("per_instance_hour_usd"), rounded(q.perInstanceHour, 6)},
                  {QStringLiteral("cost_usd"), rounded(q.cost)},
                  {QStringLiteral("source"), q.source},
                  {QStringLiteral("date"), q.date},
                  {QStringLiteral("older_than_bill"), q.olderThanBill}};
    if (!q.interruption.isEmpty())
        o.insert(QStringLiteral("interruption"), q.interruption);
    return o;
}

QString quoteCell(const std::optional<PriceQuote> &q)
{
    if (!q)
        return QStringLiteral("-");
    return num(q->cost) + (q->olderThanBill ? QStringLiteral(" *") : QString());
}

// "aws p5.48xlarge us-west-2 on-demand 98.32/h: <source>, 2024-05-01 [older than the bill]"
QString priceLine(const PriceQuote &q)
{
    QString s = QStringLiteral("%1 %2 %3 %4: %5/h, %6, %7")
                    .arg(q.provider, q.instanceType, q.region, q.label, num(q.perInstanceHour, 4), q.source, q.date);
    if (q.olderThanBill)
        s += QStringLiteral(" (* older than the bill period)");
    if (!q.interruption.isEmpty())
        s += QStringLiteral("; ") + q.interruption;
    return s;
}

} // namespace

QString steadyToTable(const BillUsage &u)
{
    TextTable t({QStringLiteral("GPU"), QStringLiteral("Geography"), QStringLiteral("Steady GPUs"),
                 QStringLiteral("Steady GPU-h"), QStringLiteral("Bursty GPU-h"), QStringLiteral("GPU-h per month")},
                {false, false, true, true, true, false});
    for (const SteadyUsage &s : u.steady) {
        QStringList perMonth;
        for (double h : s.gpuHours)
            perMonth << num(h, 0);
        t.addRow({s.gpu, s.geography.isEmpty() ? QStringLiteral("(unknown)") : s.geography, num(s.steadyGpus, 3),
                  num(s.steadyGpuHours, 1), num(s.burstGpuHours, 1), perMonth.join(u' ')});
    }
    return t.render();
}

QJsonArray steadyToJson(const BillUsage &u)
{
    QJsonArray out;
    for (const SteadyUsage &s : u.steady) {
        QJsonArray perMonth;
        for (double h : s.gpuHours)
            perMonth.append(rounded(h, 3));
        out.append(QJsonObject{{QStringLiteral("gpu"), s.gpu},
                               {QStringLiteral("geography"), s.geography},
                               {QStringLiteral("steady_gpus"), rounded(s.steadyGpus, 3)},
                               {QStringLiteral("steady_gpu_hours"), rounded(s.steadyGpuHours, 3)},
                               {QStringLiteral("bursty_gpu_hours"), rounded(s.burstGpuHours, 3)},
                               {QStringLiteral("gpu_hours_per_month"), perMonth},
                               {QStringLiteral("instances"), QJsonArray::fromStringList(s.instances)}});
    }
    return out;
}

QString usageToTable(const BillUsage &u)
{
    QString out;
    out += QStringLiteral("GPU usage by month (%1 to %2)\n").arg(u.months.value(0), u.months.value(u.months.size() - 1));
    TextTable t({QStringLiteral("Month"), QStringLiteral("GPU"), QStringLiteral("GPUs/inst"), QStringLiteral("Provider"),
                 QStringLiteral("Instance"), QStringLiteral("Region"), QStringLiteral("Billing"), QStringLiteral("Inst-h"),
                 QStringLiteral("GPU-h"), QStringLiteral("Spend"), QStringLiteral("Cur")},
                {false, false, true, false, false, false, false, true, true, true, false});
    for (const UsageRow &r : u.rows)
        t.addRow({r.month, r.gpu, num(r.gpusPerInstance, 0), r.provider, r.instanceType, where(r), pricingKindId(r.pricing),
                  num(r.instanceHours, 1), num(r.gpuHours, 1), micros(r.spendMicros), r.currency});
    out += t.render();
    if (!u.fees.isEmpty()) {
        out += QStringLiteral("\nGPU fees and credits of recognised instances (no hours)\n");
        TextTable f({QStringLiteral("Month"), QStringLiteral("Provider"), QStringLiteral("Instance"), QStringLiteral("Kind"),
                     QStringLiteral("Amount"), QStringLiteral("Cur")},
                    {false, false, false, false, true, false});
        for (const GpuFee &e : u.fees)
            f.addRow({e.month, e.provider, e.instanceType, chargeKindId(e.kind), micros(e.amountMicros), e.currency});
        out += f.render();
    }
    out += QStringLiteral("\nSteady (in every month) and bursty usage\n") + steadyToTable(u);
    out += QStringLiteral("\nUnrecognised GPU lines: %1\n").arg(u.unrecognised.size());
    if (!u.unrecognised.isEmpty()) {
        TextTable n({QStringLiteral("Month"), QStringLiteral("Provider"), QStringLiteral("Instance"), QStringLiteral("SKU"),
                     QStringLiteral("Spend"), QStringLiteral("Cur"), QStringLiteral("Line"), QStringLiteral("Why")},
                    {false, false, false, false, true, false, false, false});
        for (const UnrecognisedGpuLine &l : u.unrecognised)
            n.addRow({l.month, l.provider, l.instanceType, l.sku, micros(l.amountMicros), l.currency,
                      QStringLiteral("%1:%2").arg(l.sourceFile).arg(l.sourceRow), l.reason});
        out += n.render();
    }
    out += QStringLiteral("\nGPU spend\n");
    for (const QString &c : u.currencies())
        out += QStringLiteral("  %1: recognised %2 + unrecognised %3 = %4\n")
                   .arg(c, micros(u.mappedMicros(c)), micros(u.unrecognisedMicros(c)),
                        micros(u.mappedMicros(c) + u.unrecognisedMicros(c)));
    for (const QString &n : u.notes)
        out += QStringLiteral("note: ") + n + u'\n';
    return out;
}

QString usageToCsv(const BillUsage &u)
{
    QString out = csvLine({QStringLiteral("record"), QStringLiteral("month"), QStringLiteral("gpu"),
                           QStringLiteral("gpus_per_instance"), QStringLiteral("provider"), QStringLiteral("instance_type"),
                           QStringLiteral("region"), QStringLiteral("geography"), QStringLiteral("billing"),
                           QStringLiteral("instance_hours"), QStringLiteral("gpu_hours"), QStringLiteral("amount"),
                           QStringLiteral("currency"), QStringLiteral("note")});
    for (const UsageRow &r : u.rows)
        out += csvLine({QStringLiteral("usage"), r.month, r.gpu, num(r.gpusPerInstance, 0), r.provider, r.instanceType,
                        r.region, r.geography, pricingKindId(r.pricing), num(r.instanceHours, 3), num(r.gpuHours, 3),
                        micros(r.spendMicros), r.currency, QString()});
    for (const GpuFee &f : u.fees)
        out += csvLine({QStringLiteral("fee"), f.month, f.gpu, QString(), f.provider, f.instanceType, QString(), QString(),
                        chargeKindId(f.kind), QString(), QString(), micros(f.amountMicros), f.currency, QString()});
    for (const UnrecognisedGpuLine &l : u.unrecognised)
        out += csvLine({QStringLiteral("unrecognised"), l.month, QString(), QString(), l.provider, l.instanceType, QString(),
                        QString(), QString(), QString(), QString(), micros(l.amountMicros), l.currency,
                        QStringLiteral("%1 (%2 line %3, SKU %4)").arg(l.reason, l.sourceFile).arg(l.sourceRow).arg(l.sku)});
    return out;
}

QJsonObject usageToJson(const BillUsage &u)
{
    QJsonArray rows, fees, unrecognised, totals;
    for (const UsageRow &r : u.rows)
        rows.append(QJsonObject{{QStringLiteral("month"), r.month},
                                {QStringLiteral("gpu"), r.gpu},
                                {QStringLiteral("gpus_per_instance"), r.gpusPerInstance},
                                {QStringLiteral("provider"), r.provider},
                                {QStringLiteral("instance_type"), r.instanceType},
                                {QStringLiteral("region"), r.region},
                                {QStringLiteral("region_known"), r.regionKnown},
                                {QStringLiteral("geography"), r.geography},
                                {QStringLiteral("billing"), pricingKindId(r.pricing)},
                                {QStringLiteral("instance_hours"), rounded(r.instanceHours, 3)},
                                {QStringLiteral("gpu_hours"), rounded(r.gpuHours, 3)},
                                {QStringLiteral("spend"), double(r.spendMicros) / 1e6},
                                {QStringLiteral("currency"), r.currency},
                                {QStringLiteral("lines"), r.lines}});
    for (const GpuFee &f : u.fees)
        fees.append(QJsonObject{{QStringLiteral("month"), f.month},
                                {QStringLiteral("provider"), f.provider},
                                {QStringLiteral("instance_type"), f.instanceType},
                                {QStringLiteral("gpu"), f.gpu},
                                {QStringLiteral("kind"), chargeKindId(f.kind)},
                                {QStringLiteral("amount"), double(f.amountMicros) / 1e6},
                                {QStringLiteral("currency"), f.currency}});
    for (const UnrecognisedGpuLine &l : u.unrecognised)
        unrecognised.append(QJsonObject{{QStringLiteral("month"), l.month},
                                        {QStringLiteral("provider"), l.provider},
                                        {QStringLiteral("instance_type"), l.instanceType},
                                        {QStringLiteral("sku"), l.sku},
                                        {QStringLiteral("reason"), l.reason},
                                        {QStringLiteral("amount"), double(l.amountMicros) / 1e6},
                                        {QStringLiteral("currency"), l.currency},
                                        {QStringLiteral("file"), l.sourceFile},
                                        {QStringLiteral("line"), l.sourceRow}});
    for (const QString &c : u.currencies())
        totals.append(QJsonObject{{QStringLiteral("currency"), c},
                                  {QStringLiteral("recognised"), double(u.mappedMicros(c)) / 1e6},
                                  {QStringLiteral("unrecognised"), double(u.unrecognisedMicros(c)) / 1e6}});
    return QJsonObject{{QStringLiteral("months"), QJsonArray::fromStringList(u.months)},
                       {QStringLiteral("usage"), rows},
                       {QStringLiteral("fees"), fees},
                       {QStringLiteral("unrecognised"), unrecognised},
                       {QStringLiteral("steady"), steadyToJson(u)},
                       {QStringLiteral("gpu_spend"), totals},
                       {QStringLiteral("notes"), QJsonArray::fromStringList(u.notes)}};
}

QString repriceToTable(const BillReprice &rp)
{
    QString out = QStringLiteral("The same usage repriced (USD; * = a price dated before the month it prices)\n");
    TextTable t({QStringLiteral("Month"), QStringLiteral("Provider"), QStringLiteral("Instance"), QStringLiteral("Region"),
                 QStringLiteral("Billing"), QStringLiteral("Inst-h"), QStringLiteral("Paid"), QStringLiteral("On-demand"),
                 QStringLiteral("Spot"), QStringLiteral("Best commitment"), QStringLiteral("Other provider")},
                {false, false, false, false, false, true, true, true, true, false, false});
    for (const RepricedRow &r : rp.rows) {
        const UsageRow &u = r.usage;
        const QString commitment = r.commitments.isEmpty()
            ? QStringLiteral("none sold")
            : QStringLiteral("%1 (%2)").arg(quoteCell(r.commitments.first()), r.commitments.first().label);
        const QString other = r.otherProvider
            ? QStringLiteral("%1 (%2 %3)").arg(quoteCell(r.otherProvider), r.otherProvider->provider, r.otherProvider->instanceType)
            : QStringLiteral("-");
        t.addRow({u.month, u.provider, u.instanceType, where(u), pricingKindId(u.pricing), num(u.instanceHours, 1),
                  r.paidUsd ? num(*r.paidUsd) + (r.paidFx.isEmpty() ? QString() : QStringLiteral(" (from %1)").arg(u.currency))
                            : micros(u.spendMicros) + u' ' + u.currency,
                  quoteCell(r.onDemand),
                  quoteCell(r.spot), commitment, other});
    }
    out += t.render();
    out += QStringLiteral("\nSaving available by month (against the least of on-demand, a commitment the provider sells "
                          "and another provider's on-demand; spot not counted)\n");
    TextTable m({QStringLiteral("Month"), QStringLiteral("Paid"), QStringLiteral("On-demand"), QStringLiteral("Spot"),
                 QStringLiteral("Best"), QStringLiteral("Saving"), QStringLiteral("Unpriced rows")},
                {false, true, true, true, true, true, true});
    double paid = 0, saving = 0;
    for (const RepricedMonth &mo : rp.months) {
        m.addRow({mo.month, num(mo.paidUsd), num(mo.onDemand), num(mo.spot), num(mo.best), num(mo.saving()),
                  QString::number(mo.unpriced)});
        paid += mo.bestPaidUsd;
        saving += mo.saving();
    }
    out += m.render();
    out += QStringLiteral("Total saving available: %1 of %2 paid (rows that already paid less than every alternative "
                          "count 0)\n").arg(num(saving), num(paid));
    out += QStringLiteral("\nPrices used\n");
    QStringList seen;
    for (const RepricedRow &r : rp.rows) {
        QList<PriceQuote> quotes = r.commitments;
        if (r.onDemand)
            quotes.prepend(*r.onDemand);
        if (r.spot)
            quotes.append(*r.spot);
        if (r.otherProvider)
            quotes.append(*r.otherProvider);
        for (const PriceQuote &q : quotes) {
            const QString line = priceLine(q);
            if (!seen.contains(line))
                seen << line;
        }
        if (!r.note.isEmpty()) {
            const QString line = QStringLiteral("%1 %2 %3: %4").arg(r.usage.month, r.usage.provider, r.usage.instanceType, r.note);
            if (!seen.contains(line))
                seen << line;
        }
    }
    for (const QString &s : seen)
        out += QStringLiteral("  ") + s + u'\n';
    for (const QString &n : rp.notes)
        out += QStringLiteral("note: ") + n + u'\n';
    return out;
}

QString repriceToCsv(const BillReprice &rp)
{
    QString out = csvLine({QStringLiteral("month"), QStringLiteral("provider"), QStringLiteral("instance_type"),
                           QStringLiteral("region"), QStringLiteral("billing"), QStringLiteral("instance_hours"),
                           QStringLiteral("paid_usd"), QStringLiteral("price_kind"), QStringLiteral("price_label"),
                           QStringLiteral("price_provider"), QStringLiteral("price_instance_type"),
                           QStringLiteral("price_region"), QStringLiteral("per_instance_hour_usd"), QStringLiteral("cost_usd"),
                           QStringLiteral("source"), QStringLiteral("date"), QStringLiteral("older_than_bill"),
                           QStringLiteral("interruption")});
    for (const RepricedRow &r : rp.rows) {
        const UsageRow &u = r.usage;
        QList<PriceQuote> quotes = r.commitments;
        if (r.onDemand)
            quotes.prepend(*r.onDemand);
        if (r.spot)
            quotes.append(*r.spot);
        if (r.otherProvider)
            quotes.append(*r.otherProvider);
        const QString paid = r.paidUsd ? num(*r.paidUsd) : QString();
        if (quotes.isEmpty())
            out += csvLine({u.month, u.provider, u.instanceType, u.region, pricingKindId(u.pricing), num(u.instanceHours, 3),
                            paid, QStringLiteral("none"), r.note});
        for (const PriceQuote &q : quotes)
            out += csvLine({u.month, u.provider, u.instanceType, u.region, pricingKindId(u.pricing), num(u.instanceHours, 3),
                            paid, q.kind, q.label, q.provider, q.instanceType, q.region, num(q.perInstanceHour, 6),
                            num(q.cost), q.source, q.date, q.olderThanBill ? QStringLiteral("yes") : QStringLiteral("no"),
                            q.interruption});
    }
    return out;
}

QJsonObject repriceToJson(const BillReprice &rp)
{
    QJsonArray rows, months;
    for (const RepricedRow &r : rp.rows) {
        const UsageRow &u = r.usage;
        QJsonArray commitments;
        for (const PriceQuote &q : r.commitments)
            commitments.append(quoteJson(q));
        QJsonObject o{{QStringLiteral("month"), u.month},
                      {QStringLiteral("provider"), u.provider},
                      {QStringLiteral("instance_type"), u.instanceType},
                      {QStringLiteral("region"), u.region},
                      {QStringLiteral("gpu"), u.gpu},
                      {QStringLiteral("gpus_per_instance"), u.gpusPerInstance},
                      {QStringLiteral("billing"), pricingKindId(u.pricing)},
                      {QStringLiteral("instance_hours"), rounded(u.instanceHours, 3)},
                      {QStringLiteral("paid"), double(u.spendMicros) / 1e6},
                      {QStringLiteral("currency"), u.currency},
                      {QStringLiteral("commitments"), commitments}};
        if (r.paidUsd)
            o.insert(QStringLiteral("paid_usd"), rounded(*r.paidUsd));
        if (!r.paidFx.isEmpty())
            o.insert(QStringLiteral("paid_fx"), r.paidFx);
        if (r.onDemand)
            o.insert(QStringLiteral("on_demand"), quoteJson(*r.onDemand));
        if (r.spot)
            o.insert(QStringLiteral("spot"), quoteJson(*r.spot));
        if (r.otherProvider)
            o.insert(QStringLiteral("other_provider"), quoteJson(*r.otherProvider));
        if (!r.note.isEmpty())
            o.insert(QStringLiteral("note"), r.note);
        rows.append(o);
    }
    for (const RepricedMonth &m : rp.months)
        months.append(QJsonObject{{QStringLiteral("month"), m.month},
                                  {QStringLiteral("paid_usd"), rounded(m.paidUsd)},
                                  {QStringLiteral("on_demand_usd"), rounded(m.onDemand)},
                                  {QStringLiteral("spot_usd"), rounded(m.spot)},
                                  {QStringLiteral("best_usd"), rounded(m.best)},
                                  {QStringLiteral("saving_usd"), rounded(m.saving())},
                                  {QStringLiteral("unpriced_rows"), m.unpriced},
                                  {QStringLiteral("other_currency_rows"), m.otherCurrency}});
    return QJsonObject{{QStringLiteral("currency"), QStringLiteral("USD")},
                       {QStringLiteral("rows"), rows},
                       {QStringLiteral("months"), months},
                       {QStringLiteral("notes"), QJsonArray::fromStringList(rp.notes)}};
}

QJsonObject billSummaryJson(const QString &file, const BillUsage &usage, const BillReprice &reprice)
{
    const QJsonObject u = usageToJson(usage);
    return QJsonObject{{QStringLiteral("file"), file},
                       {QStringLiteral("months"), u.value(u"months")},
                       {QStringLiteral("gpu_spend"), u.value(u"gpu_spend")},
                       {QStringLiteral("steady"), u.value(u"steady")},
                       {QStringLiteral("unrecognised"), u.value(u"unrecognised")},
                       {QStringLiteral("repriced_months"), repriceToJson(reprice).value(u"months")}};
}

} // namespace gpuplanner::core::actuals
