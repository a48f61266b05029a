#pragma once
// PortfolioProblem: what the commitment optimizer works on, as plain values: each workload's
// monthly GPU-hours per demand case on each provider's instance that can run it, that instance's
// on-demand and spot rates, and the commitments its provider sells for it (from the catalog or
// the user's negotiated terms, never guessed). Amounts are in the portfolio's currency.

#include "core/catalog/Billing.h"
#include "core/cost/BillingCost.h"
#include "core/portfolio/Portfolio.h"

#include <QDate>
#include <QList>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace gpuplanner::core {

// Three demand cases, weighted as Swanson's rule weighs P10 / P50 / P90 (0.3 / 0.4 / 0.3):
// low = the estimate's P10 less the user's shortfall, expected, high = the estimate's P90.
enum class DemandCase : quint8 { Low, Expected, High };
inline constexpr int kDemandCases = 3;
inline constexpr std::array<double, kDemandCases> kDemandCaseWeights{0.3, 0.4, 0.3};
QString demandCaseId(int demandCase); // low, expected, high

// One thing a provider sells for one instance type in one region (or the user's negotiated term).
struct CommitmentOffer
{
    Billing billing = Billing::Reserved;
    int termMonths = 12;  // capacity blocks: 0 (booked within one month)
    QString upfront;      // none, partial, all ("" for capacity blocks)
    QString offeringClass;
    QString label;        // "12-month standard reserved, no upfront"
    QString source;       // the catalog row's source or the user's quote, with its date, for people
    QString priceSource;  // the same source alone, and its date (the quote's for the user's terms):
    QString priceDate;    // what a record of the plan keeps
    bool negotiated = false;
    double hourly = 0;     // per instance-hour, billed every hour of the term
    double upfrontFee = 0; // per instance, paid at the start
    double bookedHours = 0; // capacity blocks: hours booked per block within its month

    // Active months of one purchase; what one instance of it costs in all.
    int activeMonths() const { return billing == Billing::CapacityBlock ? 1 : termMonths; }
    double unitCost() const
    {
        return billing == Billing::CapacityBlock ? hourly * bookedHours
                                                 : upfrontFee + hourly * termMonths * kHoursPerMonth;
    }
    // The rate per instance-hour with the upfront fee spread over the term.
    double effectiveHourly() const
    {
        return billing == Billing::CapacityBlock ? hourly : upfrontFee / (termMonths * kHoursPerMonth) + hourly;
    }
};

// One provider's way to run a workload: the instance type and region the planner found cheapest
// on-demand there, with the workload's GPU-hours on it per demand case and month.
struct Candidate
{
    QString provider;
    QString providerLabel;
    QString instanceType;
    QString region;
    double gpusPerInstance = 1;
    double onDemandPerGpuHour = 0;
    QString onDemandSource; // the on-demand price's source and date
    QString onDemandDate;
    std::optional<double> spotPerGpuHour; // with the expected extra time of interruptions
    // GPU-hours per month: the estimate's P10, expected and P90 (before the shortfall).
    std::vector<double> p10;
    std::vector<double> expected;
    std::vector<double> p90;
    std::vector<double> spotShare; // per month: the share of the load whose phases allow spot
    QList<CommitmentOffer> commitments;
};

struct WorkloadDemand
{
    QString name;
    QList<Candidate> candidates; // at most one per provider
    int owner = -1;   // the portfolio workload it is part of (its parts share its commitments); -1 = its own
    QString ownerName; // that workload's name; empty = name
};

struct PortfolioProblem
{
    QDate start;
    int months = 12;
    QString currency = QStringLiteral("USD");
    double demandShortfall = 0;
    std::optional<double> worstCaseCap;
    QList<WorkloadDemand> workloads;
    QList<CommitmentPool> pools;
    double timeLimitSeconds = 120; // per solve; a plan found by then is reported as not proven best

    // GPU-hours of a candidate in a demand case and month.
    double demand(const Candidate &c, int demandCase, int month) const;
};

} // namespace gpuplanner::core
