// FOCUS 1.0 / 1.1 / 1.2 (and the 1.0-preview names OCI still writes: Provider, Region,
// UsageQuantity). Amounts are EffectiveCost, the amortised basis; BilledCost only where a file has
// no EffectiveCost. Commitment purchases (EffectiveCost 0) and unused commitment stay Commitment
// lines; PricingCategory Dynamic is spot.
// A row that no commitment discount touches costs the same amortised as billed (FOCUS: EffectiveCost
// is BilledCost less the commitments' amortisation). Real exports leave EffectiveCost 0 or empty on
// such rows (the FinOps Foundation's own sample: 604 of 937 AWS Standard usage rows, every Oracle
// row), so there the invoiced BilledCost is used, and a note says on how many rows and how much.
// A commitment purchase stays 0 as the amortised view says, but a note gives what was billed for it:
// without one, a 38,580.50 USD all-upfront Savings Plan would leave no trace in the import.

#include "core/actuals/GpuRecognizer.h"
#include "core/actuals/ParseSupport.h"
#include "core/cost/Money.h"

#include <QJsonDocument>

#include <map>

namespace gpuplanner::core::actuals::detail {

namespace {

bool isHourUnit(QStringView unit)
{
    const QString u = squash(unit);
    return u == u"hrs" || u == u"hour" || u == u"hours" || u == u"hr" || u == u"h";
}

QString skuDetailsServiceType(const QString &json)
{
    if (json.isEmpty() || !json.startsWith(u'{'))
        return {};
    const QJsonObject o = QJsonDocument::fromJson(json.toUtf8()).object();
    for (const char16_t *key : {u"ServiceType", u"InstanceType", u"instance_type", u"x_ServiceType"}) {
        const QString v = o.value(QStringView(key)).toString();
        if (!v.isEmpty())
            return v;
    }
    return {};
}

// "38,580.50": in the currency's minor units (half away from zero) with thousands grouped, so the
// note's figure reads like the invoice line it stands for.
QString invoiceAmount(qint64 micros, QStringView currency)
{
    const int decimals = currencyDecimals(currency);
    quint64 microsPerMinor = 1;
    quint64 minorPerMajor = 1;
    for (int i = 0; i < 6 - decimals; ++i)
        microsPerMinor *= 10;
    for (int i = 0; i < decimals; ++i)
        minorPerMajor *= 10;
    const bool negative = micros < 0;
    const quint64 magnitude = negative ? quint64(0) - quint64(micros) : quint64(micros);
    const quint64 minor = (magnitude + microsPerMinor / 2) / microsPerMinor;
    QString whole = QString::number(minor / minorPerMajor);
    for (qsizetype i = whole.size() - 3; i > 0; i -= 3)
        whole.insert(i, u',');
    QString out = (negative && minor != 0 ? QStringLiteral("-") : QString()) + whole;
    if (decimals > 0)
        out += QStringLiteral(".%1").arg(minor % minorPerMajor, decimals, 10, QLatin1Char('0'));
    return out;
}

} // namespace

ParseResult parseFocus(Source &source, QStringList &notes)
{
    auto loaded = loadCsv(source);
    if (!loaded)
        return loaded.error();
    CsvInput &in = loaded.value();
    const ColumnMap &m = in.columns;

    static constexpr Aliases kCategory = {u"ChargeCategory"};
    static constexpr Aliases kCost = {u"EffectiveCost", u"BilledCost"};
    static constexpr Aliases kCurrency = {u"BillingCurrency"};
    static constexpr Aliases kStart = {u"ChargePeriodStart"};
    const int category = m.find(kCategory);
    const int effective = m.find({u"EffectiveCost"});
    const int billed = m.find({u"BilledCost"});
    const int currency = m.find(kCurrency);
    const int start = m.find(kStart);
    if (category < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the charge category"), kCategory);
    if (effective < 0 && billed < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the cost"), kCost);
    if (currency < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the currency"), kCurrency);
    if (start < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the charge period start"), kStart);
    const int cost = effective >= 0 ? effective : billed;
    const QString basis = effective >= 0 ? kBasisAmortized : kBasisBilled;
    const int end = m.find({u"ChargePeriodEnd"});
    const int period = m.find({u"BillingPeriodStart"});
    const int provider = m.find({u"ProviderName", u"Provider"});
    const int account = m.find({u"SubAccountId", u"BillingAccountId"});
    const int service = m.find({u"ServiceName"});
    const int resource = m.find({u"ResourceId"});
    const int sku = m.find({u"SkuMeter", u"x_SkuMeterName", u"x_UsageType", u"SkuId"});
    const int skuDetails = m.find({u"x_SkuDetails", u"SkuPriceDetails"});
    const int pricingCategory = m.find({u"PricingCategory"});
    const int chargeClass = m.find({u"ChargeClass"});
    const int commitmentId = m.find({u"CommitmentDiscountId"});
    const int commitmentStatus = m.find({u"CommitmentDiscountStatus"});
    const int commitmentCategory = m.find({u"CommitmentDiscountCategory"});
    const int consumed = m.find({u"ConsumedQuantity", u"UsageQuantity"});
    const int consumedUnit = m.find({u"ConsumedUnit", u"UsageUnit"});
    const int tags = m.find({u"Tags"});
    const int meterCategory = m.find({u"x_SkuMeterCategory"});
    const int region = m.find({u"RegionId", u"Region"});

    struct BilledInstead
    {
        int rows = 0;
        qint64 micros = 0;
    };
    std::map<QString, BilledInstead> billedInstead; // by currency
    std::map<QString, BilledInstead> purchasesBilled; // commitment purchases, by currency

    LineOut &lines = *source.lines;
    CsvFields record;
    while (in.next(record)) {
        const Row row(in, record);
        SpendLine line;
        line.sourceRow = row.line();
        line.basis = basis;
        line.currency = currencyCode(row.text(currency));
        if (line.currency.isEmpty()) {
            return row.bad(currency, row.text(currency).isEmpty() ? QStringLiteral("is empty: every line needs its currency")
                                                                  : QStringLiteral("is not an ISO 4217 currency code"));
        }
        auto begin = row.timestamp(start, kUtc);
        if (!begin)
            return begin.error();
        line.usageStart = *begin;
        if (end >= 0 && !row.text(end).isEmpty()) {
            auto e = row.timestamp(end, kUtc);
            if (!e)
                return e.error();
            line.usageEnd = *e;
        }
        auto amount = row.micros(cost);
        if (!amount)
            return amount.error();
        line.amountMicros = *amount;
        const bool touchedByCommitment = !row.text(commitmentId).isEmpty() || !row.text(commitmentCategory).isEmpty()
            || !row.text(commitmentStatus).isEmpty() || squash(row.text(pricingCategory)) == u"committed";
        if (cost == effective && billed >= 0 && line.amountMicros == 0 && !touchedByCommitment) {
            auto invoiced = row.micros(billed);
            if (!invoiced)
                return invoiced.error();
            if (*invoiced != 0) {
                line.amountMicros = *invoiced;
                BilledInstead &b = billedInstead[line.currency];
                ++b.rows;
                b.micros += *invoiced;
            }
        }
        auto billingPeriod = row.month(period);
        if (!billingPeriod)
            return billingPeriod.error();
        line.billingPeriod = *billingPeriod;
        line.provider = normalizeProvider(row.text(provider));
        line.account = row.text(account);
        line.service = row.text(service);
        line.resourceId = row.text(resource);
        line.region = row.text(region);
        line.sku = row.text(sku);
        line.project = projectFromJsonTags(row.text(tags));
        auto q = row.number(consumed);
        if (!q)
            return q.error();
        line.quantity = *q;
        line.quantityUnit = row.text(consumedUnit);

        const QString cat = squash(row.text(category));
        line.chargeDetail = row.text(category);
        const QString pc = squash(row.text(pricingCategory));
        line.pricing = pc == u"standard" ? PricingKind::OnDemand
            : pc == u"dynamic"           ? PricingKind::Spot
            : pc == u"committed"         ? PricingKind::Committed
                                         : PricingKind::Unknown;
        const bool commitment = !row.text(commitmentId).isEmpty() || !row.text(commitmentCategory).isEmpty();
        if (cat == u"usage") {
            line.kind = squash(row.text(commitmentStatus)) == u"unused" ? ChargeKind::Commitment : ChargeKind::Usage;
        } else if (cat == u"purchase") {
            line.kind = commitment ? ChargeKind::Commitment : ChargeKind::Other;
        } else if (cat == u"tax") {
            line.kind = ChargeKind::Tax;
        } else if (cat == u"credit") {
            line.kind = ChargeKind::Credit;
        } else if (cat == u"adjustment") {
            line.kind = ChargeKind::Other;
        } else {
            return row.bad(category, QStringLiteral("is not a FOCUS charge category (Usage, Purchase, Tax, Credit, Adjustment)"));
        }
        // A correction that gives money back is a refund; the other corrections keep their category.
        if (squash(row.text(chargeClass)) == u"correction" && line.amountMicros < 0
            && (line.kind == ChargeKind::Usage || line.kind == ChargeKind::Other || line.kind == ChargeKind::Commitment))
            line.kind = ChargeKind::Refund;
        if (line.kind == ChargeKind::Commitment)
            line.pricing = PricingKind::Committed;
        // FOCUS gives a commitment's purchase EffectiveCost 0 (its cost is amortised into the usage
        // it covers), so in this view it is 0 and its BilledCost is only said in a note.
        if (cat == u"purchase" && commitment && cost == effective && billed >= 0 && line.amountMicros == 0) {
            auto invoiced = row.micros(billed);
            if (!invoiced)
                return invoiced.error();
            if (*invoiced != 0) {
                BilledInstead &p = purchasesBilled[line.currency];
                ++p.rows;
                p.micros += *invoiced;
            }
        }

        line.instanceType = skuDetailsServiceType(row.text(skuDetails));
        if (line.instanceType.isEmpty())
            line.instanceType = awsInstanceFromUsageType(line.sku);
        line.gpu = isGpuInstanceType(line.instanceType)
            || (squash(row.text(meterCategory)) == u"virtualmachines" && isAzureGpuMeter(line.sku));
        if (line.kind == ChargeKind::Usage && !line.instanceType.isEmpty() && isHourUnit(line.quantityUnit))
            line.usageHours = line.quantity;
        lines.append(std::move(line));
    }
    if (auto s = in.status(); !s)
        return s;
    for (const auto &[currency, b] : billedInstead) {
        notes.append(QStringLiteral("%1: EffectiveCost is 0 or empty on %2 rows that no commitment discount covers; "
                                    "their BilledCost, %3 %4 in all, is used, as it was invoiced")
                         .arg(in.source)
                         .arg(b.rows)
                         .arg(formatMicros(b.micros), currency));
    }
    for (const auto &[currency, p] : purchasesBilled) {
        const QString amount = invoiceAmount(p.micros, currency);
        notes.append(p.rows == 1 ? QStringLiteral("%1: 1 commitment purchase billed %2 %3 is outside the amortised view read here "
                                                  "(EffectiveCost 0): its cost is spread over the usage it covers, so it is not "
                                                  "counted as bought; the invoice (BilledCost) shows it as bought")
                                           .arg(in.source, amount, currency)
                                 : QStringLiteral("%1: %2 commitment purchases billed %3 %4 in all are outside the amortised view "
                                                  "read here (EffectiveCost 0): their cost is spread over the usage they cover, so "
                                                  "they are not counted as bought; the invoice (BilledCost) shows them as bought")
                                           .arg(in.source)
                                           .arg(p.rows)
                                           .arg(amount, currency));
    }
    return success();
}

} // namespace gpuplanner::core::actuals::detail
