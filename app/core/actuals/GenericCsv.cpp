// The simple spend CSV for providers without a reader (neoclouds, invoices typed up by hand).
// Columns, by name in any order (aliases in brackets):
//   date [day, usage_date]  or  usage_start [start, start_time] + usage_end [end, end_time]
//   provider, amount [cost, spend], currency                                    required
//   instance_type [instance, machine_type, vm_size], hours [usage_hours, instance_hours],
//   gpu_hours, kind [charge_kind, charge_type] (usage|commitment|credit|refund|tax|payment|other;
//   payment: a voucher, coupon or promotional credit, not a lower cost),
//   pricing [pricing_model, billing] (on-demand|spot|committed), project, account, service,
//   resource_id, sku, billing_period [period, invoice_month], basis (amortized|billed)
// A date covers that UTC day; timestamps without a zone are UTC; end times are exclusive.

#include "core/actuals/GpuRecognizer.h"
#include "core/actuals/ParseSupport.h"

namespace gpuplanner::core::actuals::detail {

namespace {

std::optional<ChargeKind> kindFrom(QStringView text)
{
    const QString k = squash(text);
    if (k.isEmpty() || k == u"usage")
        return ChargeKind::Usage;
    if (k == u"commitment" || k == u"purchase" || k == u"subscription" || k == u"reservation")
        return ChargeKind::Commitment;
    if (k == u"credit" || k == u"discount")
        return ChargeKind::Credit;
    if (k == u"payment" || k == u"voucher" || k == u"coupon" || k == u"promotion")
        return ChargeKind::Payment;
    if (k == u"refund")
        return ChargeKind::Refund;
    if (k == u"tax")
        return ChargeKind::Tax;
    if (k == u"other" || k == u"adjustment" || k == u"fee")
        return ChargeKind::Other;
    return std::nullopt;
}

std::optional<PricingKind> pricingFrom(QStringView text)
{
    const QString k = squash(text);
    if (k.isEmpty() || k == u"unknown")
        return PricingKind::Unknown;
    if (k == u"ondemand" || k == u"od" || k == u"standard" || k == u"payg" || k == u"payasyougo")
        return PricingKind::OnDemand;
    if (k == u"spot" || k == u"preemptible" || k == u"interruptible" || k == u"dynamic")
        return PricingKind::Spot;
    if (k == u"committed" || k == u"reserved" || k == u"commitment" || k == u"savingsplan" || k == u"cud"
        || k == u"subscription")
        return PricingKind::Committed;
    return std::nullopt;
}

} // namespace

ParseResult parseGenericCsv(Source &source, QStringList &notes)
{
    Q_UNUSED(notes);
    auto loaded = loadCsv(source);
    if (!loaded)
        return loaded.error();
    CsvInput &in = loaded.value();
    const ColumnMap &m = in.columns;
    static constexpr Aliases kAmount = {u"amount", u"cost", u"spend"};
    static constexpr Aliases kCurrency = {u"currency", u"currency_code"};
    static constexpr Aliases kProvider = {u"provider", u"cloud"};
    static constexpr Aliases kDate = {u"date", u"day", u"usage_date", u"usage_start", u"start", u"start_time"};
    const int amount = m.find(kAmount);
    const int currency = m.find(kCurrency);
    const int provider = m.find(kProvider);
    const int date = m.find({u"date", u"day", u"usage_date"});
    const int start = m.find({u"usage_start", u"start", u"start_time"});
    if (amount < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the cost"), kAmount);
    if (currency < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the currency"), kCurrency);
    if (provider < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the provider"), kProvider);
    if (date < 0 && start < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the date"), kDate);
    const int end = m.find({u"usage_end", u"end", u"end_time"});
    const int instanceType = m.find({u"instance_type", u"instance", u"machine_type", u"vm_size"});
    const int hours = m.find({u"hours", u"usage_hours", u"instance_hours"});
    const int gpuHours = m.find({u"gpu_hours"});
    const int kind = m.find({u"kind", u"charge_kind", u"charge_type"});
    const int pricing = m.find({u"pricing", u"pricing_model", u"billing"});
    const int project = m.find({u"project"});
    const int account = m.find({u"account", u"account_id"});
    const int service = m.find({u"service"});
    const int resource = m.find({u"resource_id", u"resource"});
    const int sku = m.find({u"sku", u"description"});
    const int period = m.find({u"billing_period", u"period", u"invoice_month"});
    const int basis = m.find({u"basis"});
    const int gpu = m.find({u"gpu"});

    LineOut &lines = *source.lines;
    CsvFields record;
    while (in.next(record)) {
        const Row row(in, record);
        SpendLine line;
        line.sourceRow = row.line();
        line.provider = normalizeProvider(row.text(provider));
        if (line.provider.isEmpty())
            return row.bad(provider, QStringLiteral("is empty: every line needs its provider"));
        line.currency = currencyCode(row.text(currency));
        if (line.currency.isEmpty()) {
            return row.bad(currency, row.text(currency).isEmpty() ? QStringLiteral("is empty: every line needs its currency")
                                                                  : QStringLiteral("is not an ISO 4217 currency code"));
        }
        auto micros = row.micros(amount, DecimalOptions{true, 0});
        if (!micros)
            return micros.error();
        if (row.text(amount).isEmpty())
            return row.bad(amount, QStringLiteral("is empty: every line needs its amount"));
        line.amountMicros = *micros;
        if (!row.text(start).isEmpty()) {
            auto t = row.timestamp(start, kUtc);
            if (!t)
                return t.error();
            line.usageStart = *t;
            if (!row.text(end).isEmpty()) {
                auto e = row.timestamp(end, kUtc);
                if (!e)
                    return e.error();
                line.usageEnd = *e;
            }
        } else {
            auto d = row.day(date >= 0 ? date : start);
            if (!d)
                return d.error();
            setDayWindow(line, *d, kUtc);
        }
        auto billingPeriod = row.month(period);
        if (!billingPeriod)
            return billingPeriod.error();
        line.billingPeriod = *billingPeriod;
        const auto k = kindFrom(row.text(kind));
        if (!k)
            return row.bad(kind, QStringLiteral("is not one of usage, commitment, credit, refund, tax, payment, other"));
        line.kind = *k;
        const auto p = pricingFrom(row.text(pricing));
        if (!p)
            return row.bad(pricing, QStringLiteral("is not one of on-demand, spot, committed"));
        line.pricing = *p;
        const QString b = squash(row.text(basis));
        if (b.isEmpty() || b == u"billed" || b == u"actual")
            line.basis = kBasisBilled;
        else if (b == u"amortized" || b == u"amortised")
            line.basis = kBasisAmortized;
        else
            return row.bad(basis, QStringLiteral("is not amortized or billed"));
        line.instanceType = row.text(instanceType);
        line.project = row.text(project);
        line.account = row.text(account);
        line.service = row.text(service);
        line.resourceId = row.text(resource);
        line.sku = row.text(sku);
        line.chargeDetail = row.text(kind);
        const QString g = squash(row.text(gpu));
        if (!g.isEmpty() && g != u"true" && g != u"false" && g != u"yes" && g != u"no" && g != u"1" && g != u"0")
            return row.bad(gpu, QStringLiteral("is not true or false"));
        line.gpu = g.isEmpty() ? isGpuInstanceType(line.instanceType) : (g == u"true" || g == u"yes" || g == u"1");
        auto h = row.number(hours);
        if (!h)
            return h.error();
        auto gh = row.number(gpuHours);
        if (!gh)
            return gh.error();
        if (*h < 0 || *gh < 0)
            return row.bad(*h < 0 ? hours : gpuHours, QStringLiteral("is negative"));
        if (*gh > 0 && *h == 0) {
            line.usageHours = *gh;
            line.usageIsGpuHours = true;
            line.gpu = true;
        } else {
            line.usageHours = *h;
        }
        line.quantity = line.usageHours;
        line.quantityUnit = line.usageHours > 0 ? QStringLiteral("hour") : QString();
        lines.append(std::move(line));
    }
    return in.status();
}

} // namespace gpuplanner::core::actuals::detail
