// AWS Cost and Usage Report, legacy ("lineItem/UsageType") and CUR 2.0 / Data Exports
// ("line_item_usage_type") alike: ColumnMap compares the two spellings as one name. Amounts are
// the amortised EffectiveCost of the focus_converters / OpenCost formula (README 1.1), so
// savings-plan and reservation usage carry their effective cost, the negation lines carry 0 and
// the fee lines carry only the unused commitment. The gross (not net_*) effective costs are used:
// negotiated discounts come as their own EdpDiscount / PrivateRateDiscount lines (Credit here),
// and the net_* columns would count them twice.

#include "core/actuals/GpuRecognizer.h"
#include "core/actuals/ParseSupport.h"

namespace gpuplanner::core::actuals::detail {

namespace {

struct CurColumns
{
    int type, start, end, currency, unblended;
    int period, account, product, usageType, resource, amount, unit, instanceType, term;
    int reservationEffective, spEffective, spTotal, spUsed, riUnusedUpfront, riUnusedRecurring, riArn;
    int projectTag, resourceTags, tags;
    int region;
};

struct Formula
{
    ChargeKind kind = ChargeKind::Usage;
    PricingKind pricing = PricingKind::Unknown;
    QList<int> columns;    // summed for the amount; empty: the unblended cost
    bool zero = false;     // the amortised view carries nothing on this line
    bool hoursCount = true; // usage hours are real (a negation repeats the covered line's hours)
};

Result<Formula> formulaFor(const QString &type, const CurColumns &c, const Row &row, const QString &usageType)
{
    const QString t = squash(type);
    Formula f;
    auto needs = [&](std::initializer_list<int> cols, Aliases names) -> Result<Formula> {
        for (const int col : cols) {
            if (col >= 0)
                f.columns.append(col);
        }
        if (f.columns.isEmpty()) {
            return row.problem(QStringLiteral("a %1 line needs its effective cost, but the file has no column %2")
                                   .arg(type, aliasText(names)));
        }
        return f;
    };
    if (t == u"savingsplancoveredusage") {
        f.pricing = PricingKind::Committed;
        return needs({c.spEffective}, {u"savingsPlan/SavingsPlanEffectiveCost"});
    }
    if (t == u"discountedusage") {
        f.pricing = PricingKind::Committed;
        return needs({c.reservationEffective}, {u"reservation/EffectiveCost"});
    }
    if (t == u"savingsplannegation") {
        f.pricing = PricingKind::Committed;
        f.zero = true;
        f.hoursCount = false;
        return f;
    }
    if (t == u"savingsplanrecurringfee") {
        // Unused commitment = TotalCommitmentToDate - UsedCommitment (signs applied below).
        f.kind = ChargeKind::Commitment;
        f.pricing = PricingKind::Committed;
        if (c.spTotal < 0 || c.spUsed < 0) {
            return row.problem(QStringLiteral("a %1 line needs savingsPlan/TotalCommitmentToDate and "
                                              "savingsPlan/UsedCommitment, but the file lacks one of them")
                                   .arg(type));
        }
        f.columns = {c.spTotal, c.spUsed};
        return f;
    }
    if (t == u"savingsplanupfrontfee") {
        f.kind = ChargeKind::Commitment;
        f.pricing = PricingKind::Committed;
        f.zero = true;
        return f;
    }
    if (t == u"rifee") {
        f.kind = ChargeKind::Commitment;
        f.pricing = PricingKind::Committed;
        return needs({c.riUnusedUpfront, c.riUnusedRecurring},
                     {u"reservation/UnusedAmortizedUpfrontFeeForBillingPeriod", u"reservation/UnusedRecurringFee"});
    }
    if (t == u"fee") {
        // An RI upfront payment is already spread over the RI's usage lines. Not every Fee with a
        // reservation/SubscriptionId: that column is filled on ordinary rows too (S3, KMS, support).
        const bool reservation = !row.text(c.riArn).isEmpty() || usageType.contains(u"HeavyUsage");
        f.kind = reservation ? ChargeKind::Commitment : ChargeKind::Other;
        f.pricing = reservation ? PricingKind::Committed : PricingKind::Unknown;
        f.zero = reservation;
        return f;
    }
    if (t == u"usage") {
        f.pricing = awsIsSpotUsageType(usageType) ? PricingKind::Spot
            : squash(row.text(c.term)) == u"reserved" ? PricingKind::Committed
                                                       : PricingKind::OnDemand;
        return f;
    }
    if (t == u"credit" || t == u"bundleddiscount" || t == u"edpdiscount" || t == u"privateratediscount"
        || t == u"discount" || t == u"distributordiscount")
        f.kind = ChargeKind::Credit;
    else if (t == u"refund")
        f.kind = ChargeKind::Refund;
    else if (t == u"tax")
        f.kind = ChargeKind::Tax;
    else
        f.kind = ChargeKind::Other;
    return f;
}

bool isHourUnit(QStringView unit)
{
    const QString u = squash(unit);
    return u == u"hrs" || u == u"hours" || u == u"hour" || u == u"hr";
}

} // namespace

ParseResult parseAwsCur(Source &source, QStringList &notes)
{
    Q_UNUSED(notes);
    auto loaded = loadCsv(source);
    if (!loaded)
        return loaded.error();
    CsvInput &in = loaded.value();
    const ColumnMap &m = in.columns;

    static constexpr Aliases kType = {u"lineItem/LineItemType", u"line_item_line_item_type"};
    static constexpr Aliases kStart = {u"lineItem/UsageStartDate", u"line_item_usage_start_date"};
    static constexpr Aliases kCurrency = {u"lineItem/CurrencyCode", u"line_item_currency_code"};
    static constexpr Aliases kCost = {u"lineItem/UnblendedCost", u"line_item_unblended_cost"};
    CurColumns c{};
    c.type = m.find(kType);
    c.start = m.find(kStart);
    c.currency = m.find(kCurrency);
    c.unblended = m.find(kCost);
    if (c.type < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the line item type"), kType);
    if (c.start < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the usage start"), kStart);
    if (c.currency < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the currency"), kCurrency);
    if (c.unblended < 0)
        return ColumnMap::missing(in.source, QStringLiteral("the cost"), kCost);
    c.end = m.find({u"lineItem/UsageEndDate", u"line_item_usage_end_date"});
    c.period = m.find({u"bill/BillingPeriodStartDate", u"bill_billing_period_start_date"});
    c.account = m.find({u"lineItem/UsageAccountId", u"line_item_usage_account_id", u"bill/PayerAccountId"});
    c.product = m.find({u"lineItem/ProductCode", u"line_item_product_code", u"product/servicecode"});
    c.usageType = m.find({u"lineItem/UsageType", u"line_item_usage_type", u"product/usagetype"});
    c.resource = m.find({u"lineItem/ResourceId", u"line_item_resource_id"});
    c.amount = m.find({u"lineItem/UsageAmount", u"line_item_usage_amount"});
    c.unit = m.find({u"pricing/unit", u"pricing_unit"});
    c.instanceType = m.find({u"product/instanceType", u"product_instance_type"});
    c.term = m.find({u"pricing/term", u"pricing_term"});
    c.reservationEffective = m.find({u"reservation/EffectiveCost", u"reservation_effective_cost"});
    c.spEffective = m.find({u"savingsPlan/SavingsPlanEffectiveCost", u"savings_plan_savings_plan_effective_cost"});
    c.spTotal = m.find({u"savingsPlan/TotalCommitmentToDate", u"savings_plan_total_commitment_to_date"});
    c.spUsed = m.find({u"savingsPlan/UsedCommitment", u"savings_plan_used_commitment"});
    c.riUnusedUpfront = m.find({u"reservation/UnusedAmortizedUpfrontFeeForBillingPeriod",
                                u"reservation_unused_amortized_upfront_fee_for_billing_period"});
    c.riUnusedRecurring = m.find({u"reservation/UnusedRecurringFee", u"reservation_unused_recurring_fee"});
    c.riArn = m.find({u"reservation/ReservationARN", u"reservation_reservation_a_r_n"});
    c.projectTag = m.find({u"resourceTags/user:project", u"resource_tags_user_project"});
    c.resourceTags = m.find({u"resource_tags"});
    c.tags = m.find({u"tags"});
    c.region = m.find({u"product/regionCode", u"product_region_code", u"product/region", u"product_region"});

    LineOut &lines = *source.lines;
    CsvFields record;
    while (in.next(record)) {
        const Row row(in, record);
        const QString type = row.text(c.type);
        if (type.isEmpty())
            return row.bad(c.type, QStringLiteral("is empty: every line needs its line item type"));
        SpendLine line;
        line.provider = QStringLiteral("aws");
        line.sourceRow = row.line();
        line.basis = kBasisAmortized;
        line.chargeDetail = type;
        line.currency = currencyCode(row.text(c.currency));
        if (line.currency.isEmpty()) {
            return row.bad(c.currency, row.text(c.currency).isEmpty() ? QStringLiteral("is empty: every line needs its currency")
                                                                      : QStringLiteral("is not an ISO 4217 currency code"));
        }
        auto start = row.timestamp(c.start, kUtc);
        if (!start)
            return start.error();
        line.usageStart = *start;
        if (c.end >= 0 && !row.text(c.end).isEmpty()) {
            auto end = row.timestamp(c.end, kUtc);
            if (!end)
                return end.error();
            line.usageEnd = *end;
        }
        auto period = row.month(c.period);
        if (!period)
            return period.error();
        line.billingPeriod = *period;
        line.account = row.text(c.account);
        line.service = row.text(c.product);
        line.sku = row.text(c.usageType);
        line.resourceId = row.text(c.resource);
        line.region = row.text(c.region);
        line.instanceType = row.text(c.instanceType);
        if (line.instanceType.isEmpty())
            line.instanceType = awsInstanceFromUsageType(line.sku);
        line.gpu = isGpuInstanceType(line.instanceType);
        line.project = row.text(c.projectTag);
        if (line.project.isEmpty())
            line.project = projectFromJsonTags(row.text(c.resourceTags));
        if (line.project.isEmpty())
            line.project = projectFromJsonTags(row.text(c.tags));

        auto unblended = row.micros(c.unblended);
        if (!unblended)
            return unblended.error();
        auto quantity = row.number(c.amount);
        if (!quantity)
            return quantity.error();
        line.quantity = *quantity;
        line.quantityUnit = row.text(c.unit);

        auto formula = formulaFor(type, c, row, line.sku);
        if (!formula)
            return formula.error();
        line.kind = formula->kind;
        line.pricing = formula->pricing;
        if (formula->zero) {
            line.amountMicros = 0;
        } else if (formula->columns.isEmpty()) {
            line.amountMicros = *unblended;
        } else {
            qint64 sum = 0;
            for (int i = 0; i < formula->columns.size(); ++i) {
                auto v = row.micros(formula->columns.at(i));
                if (!v)
                    return v.error();
                // The recurring-fee formula subtracts its second column (used commitment).
                const bool subtract = squash(type) == u"savingsplanrecurringfee" && i == 1;
                sum += subtract ? -*v : *v;
            }
            line.amountMicros = sum;
        }
        // Instance-hours only: NAT gateway or load balancer hours are not instances.
        if (line.kind == ChargeKind::Usage && formula->hoursCount && !line.instanceType.isEmpty()
            && (isHourUnit(line.quantityUnit) || line.quantityUnit.isEmpty()))
            line.usageHours = line.quantity;
        lines.append(std::move(line));
    }
    return in.status();
}

} // namespace gpuplanner::core::actuals::detail
