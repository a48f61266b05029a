#include "core/cost/BillingCost.h"

#include "core/io/CsvReader.h"

#include <algorithm>
#include <cmath>

namespace gpuplanner::core {

double billedHours(double hours, BillingRule rule)
{
    if (hours <= 0)
        return 0;
    const double seconds = hours * 3600.0;
    const double granule = std::max(1, rule.granularitySeconds);
    // A hair of tolerance so 1.0 h computed as 0.99999999 h * 3600 is not billed as two hours.
    double billed = std::ceil(seconds / granule - 1e-9) * granule;
    billed = std::max(billed, double(rule.minimumSeconds));
    return billed / 3600.0;
}

double sessionCost(double hours, int instances, double pricePerHour, BillingRule rule)
{
    return billedHours(hours, rule) * std::max(0, instances) * pricePerHour;
}

Result<BillingRules> loadBillingRules(const QString &path)
{
    auto table = readCsvFile(path);
    if (!table)
        return table.error();
    const CsvTable &t = table.value();
    for (const char16_t *column : {u"id", u"billing_granularity_s", u"minimum_billing_s"}) {
        if (!t.hasColumn(QString::fromUtf16(column)))
            return Error{QStringLiteral("%1: missing column '%2'").arg(path, QString::fromUtf16(column))};
    }
    BillingRules rules;
    for (const CsvRecord &r : t.records()) {
        bool okG = false;
        bool okM = false;
        const int granularity = t.field(r, QStringLiteral("billing_granularity_s")).toInt(&okG);
        const int minimum = t.field(r, QStringLiteral("minimum_billing_s")).toInt(&okM);
        if (!okG || !okM || granularity <= 0 || minimum < 0)
            return Error{QStringLiteral("%1:%2: bad billing granularity or minimum").arg(path).arg(r.line)};
        rules.set(t.field(r, QStringLiteral("id")), BillingRule{granularity, minimum});
    }
    return rules;
}

QString upfrontId(Upfront u)
{
    switch (u) {
    case Upfront::None: return QStringLiteral("none");
    case Upfront::Partial: return QStringLiteral("partial");
    case Upfront::All: return QStringLiteral("all");
    }
    return {};
}

std::optional<Upfront> upfrontFromId(QStringView id)
{
    for (Upfront u : {Upfront::None, Upfront::Partial, Upfront::All}) {
        if (upfrontId(u) == id)
            return u;
    }
    return std::nullopt;
}

Commitment commitmentFromDiscount(double onDemandHourly, double discount, int termMonths, Upfront upfront)
{
    Commitment c;
    c.termMonths = termMonths;
    const double total = onDemandHourly * (1.0 - discount) * c.termHours();
    const double upfrontShare = upfront == Upfront::All ? 1.0 : (upfront == Upfront::Partial ? 0.5 : 0.0);
    c.upfrontFee = total * upfrontShare;
    c.hourlyRate = c.termHours() > 0 ? (total - c.upfrontFee) / c.termHours() : 0;
    return c;
}

double effectiveHourly(const Commitment &c, double utilization)
{
    const double used = c.termHours() * std::clamp(utilization, 1e-6, 1.0);
    return c.total() / used;
}

double breakEvenUtilization(const Commitment &c, double onDemandHourly)
{
    if (onDemandHourly <= 0 || c.termHours() <= 0)
        return 1.0;
    return c.total() / (onDemandHourly * c.termHours());
}

double savingsPlanMonthCost(const SavingsPlan &plan, double usedHours)
{
    const double committed = plan.commitPerHour * kHoursPerMonth;
    const double atPlanRate = usedHours * plan.discountedRate;
    if (atPlanRate <= committed)
        return committed;
    // Usage beyond the commitment: the hours the commitment did not cover, at on-demand.
    const double coveredHours = plan.discountedRate > 0 ? committed / plan.discountedRate : 0;
    return committed + (usedHours - coveredHours) * plan.onDemandRate;
}

ExtrasTable ExtrasTable::defaults()
{
    // List prices for the first pricing tier, standard storage class, as published in 2024:
    // AWS S3 Standard us-east-1 $0.023/GB-month (aws.amazon.com/s3/pricing), EC2 data transfer
    // out to the internet $0.09/GB for the first 10 TB/month (aws.amazon.com/ec2/pricing/on-demand);
    // Google Cloud Storage Standard us-central1 $0.020/GB-month (cloud.google.com/storage/pricing),
    // Premium Tier internet egress $0.12/GB for the first TB (cloud.google.com/vpc/network-pricing).
    // Providers without an entry use the AWS figures: an upper-middle guess, flagged as such in
    // the assumptions, that a scenario should replace with the provider's own list price.
    ExtrasTable t;
    t.set(QStringLiteral("aws"), ExtrasPrices{0.023, 0.09, QStringLiteral("USD"),
                                              QStringLiteral("AWS S3 Standard us-east-1, EC2 internet egress first 10 TB (2024 list)")});
    t.set(QStringLiteral("gcp"), ExtrasPrices{0.020, 0.12, QStringLiteral("USD"),
                                              QStringLiteral("GCS Standard us-central1, Premium Tier egress first TB (2024 list)")});
    t.setFallback(ExtrasPrices{0.023, 0.09, QStringLiteral("USD"),
                               QStringLiteral("AWS list prices used as a stand-in (no figure for this provider)")});
    return t;
}

const ExtrasPrices &ExtrasTable::forProvider(const QString &provider) const
{
    const auto it = m_prices.constFind(provider);
    return it == m_prices.cend() ? m_fallback : it.value();
}

double extrasCost(const ExtrasUsage &usage, const ExtrasPrices &prices, double months)
{
    // GB-months are prorated by the hour (S3 and GCS both bill that way).
    return (usage.dataGb + usage.checkpointGb) * prices.storagePerGbMonth * std::max(0.0, months)
        + usage.egressGb * prices.egressPerGb;
}

} // namespace gpuplanner::core
