#pragma once
// BillingCost: what renting costs under each billing model. Pure arithmetic on plain values
// (billing granularity and minimums, commitments paid for their whole term, savings plans,
// storage and egress extras) so the planner can price the whole catalog per keystroke.

#include "core/common/Result.h"

#include <QHash>
#include <QList>
#include <QString>

namespace gpuplanner::core {

// 8,760 hours a year / 12: the month cloud price lists use.
inline constexpr double kHoursPerMonth = 730.0;

// How a provider rounds a session: up to whole granules, never below the minimum.
struct BillingRule
{
    int granularitySeconds = 1;
    int minimumSeconds = 60;
};

// Billed hours of one session of `hours` (one instance, no interruption).
double billedHours(double hours, BillingRule rule);
// instances x billed hours x hourly price: on-demand and spot sessions.
double sessionCost(double hours, int instances, double pricePerHour, BillingRule rule);

class BillingRules
{
public:
    void set(const QString &provider, BillingRule rule) { m_rules.insert(provider, rule); }
    // Providers with no rule bill per second with a one-minute minimum, the most common terms.
    BillingRule forProvider(const QString &provider) const { return m_rules.value(provider, BillingRule{}); }
    bool has(const QString &provider) const { return m_rules.contains(provider); }

private:
    QHash<QString, BillingRule> m_rules;
};

// Reads billing_granularity_s and minimum_billing_s from the providers file (by default the
// embedded reference copy, ":/reference/providers.csv").
Result<BillingRules> loadBillingRules(const QString &path = QStringLiteral(":/reference/providers.csv"));

enum class Upfront : quint8 { None, Partial, All };
QString upfrontId(Upfront u);
std::optional<Upfront> upfrontFromId(QStringView id);

// A reserved instance or committed-use contract for one instance, paid whatever the use.
struct Commitment
{
    int termMonths = 12;
    double hourlyRate = 0; // billed every hour of the term
    double upfrontFee = 0; // paid at the start
    double termHours() const { return termMonths * kHoursPerMonth; }
    double total() const { return upfrontFee + hourlyRate * termHours(); }
};

// A commitment derived from an on-demand price: `discount` off on-demand over the term,
// with `upfront` deciding how much of the total is paid at the start (Partial = half,
// the split AWS's partial-upfront reservations come close to).
Commitment commitmentFromDiscount(double onDemandHourly, double discount, int termMonths, Upfront upfront);

// What one used hour costs when `utilization` (0..1] of the term is used.
double effectiveHourly(const Commitment &c, double utilization);
// The utilization above which the commitment beats on-demand at onDemandHourly.
double breakEvenUtilization(const Commitment &c, double onDemandHourly);

// A compute savings plan: commit to `commitPerHour` of spend for the term; usage is charged at
// the plan's discounted rate up to the commitment and at on-demand above it.
struct SavingsPlan
{
    int termMonths = 12;
    double commitPerHour = 0;  // in the plan's currency
    double discountedRate = 0; // the instance's rate under the plan
    double onDemandRate = 0;
};
// Cost of a month with usedHours instance-hours under the plan (the commitment is owed anyway).
double savingsPlanMonthCost(const SavingsPlan &plan, double usedHours);

// Storage and data-transfer list prices of a provider, in `currency`.
struct ExtrasPrices
{
    double storagePerGbMonth = 0;
    double egressPerGb = 0;
    QString currency = QStringLiteral("USD");
    QString source;
};

// Editable defaults per provider, with the list prices they come from.
class ExtrasTable
{
public:
    // The defaults documented in BillingCost.cpp.
    static ExtrasTable defaults();
    void set(const QString &provider, const ExtrasPrices &prices) { m_prices.insert(provider, prices); }
    void setFallback(const ExtrasPrices &prices) { m_fallback = prices; }
    const ExtrasPrices &forProvider(const QString &provider) const;
    const ExtrasPrices &fallback() const { return m_fallback; }
    QList<QString> providers() const { return m_prices.keys(); }

private:
    QHash<QString, ExtrasPrices> m_prices;
    ExtrasPrices m_fallback;
};

struct ExtrasUsage
{
    double dataGb = 0;       // training data or model weights kept in object storage
    double checkpointGb = 0; // checkpoints kept during the run
    double egressGb = 0;     // results and weights downloaded out of the cloud
};

// Storage for `months` (prorated) plus egress, in prices.currency.
double extrasCost(const ExtrasUsage &usage, const ExtrasPrices &prices, double months);

} // namespace gpuplanner::core
