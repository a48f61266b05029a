#pragma once
// PlanTypes: the planner's inputs (constraints, assumptions, request) and outputs (options,
// result) as plain values, so the GUI, the CLI and scenario files share one vocabulary.

#include "core/catalog/Billing.h"
#include "core/cost/BillingCost.h"
#include "core/cost/Money.h"
#include "core/cost/SpotRisk.h"
#include "core/estimate/Estimate.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace gpuplanner::core {

enum class RankBy : quint8 { Cost, Time, Risk };
QString rankById(RankBy r);
std::optional<RankBy> rankByFromId(QStringView id);

// Hard limits drop an offer; the deadline and budget are met with a probability instead.
struct Constraints
{
    double deadlineHours = 0; // 0 = none
    double budget = 0;        // in the display currency; 0 = none
    int maxGpus = 0;          // 0 = no limit
    int maxInstances = 0;     // 0 = no limit
    QStringList providers;    // provider ids; empty = any
    QStringList regions;      // region-code globs ("us-*"); empty = any
    QStringList geographies;  // "Mainland China", "Europe", ...; empty = any
    QStringList gpus;         // canonical GPU ids; empty = any
    QList<Billing> billing;   // allowed billing models; empty = all
    bool rdmaForMultiNode = true;
    double minGpuMemoryGib = 0; // per GPU
    double confidence = 0.9;    // probability the deadline and budget must be met with
    // Spot tolerance: the most interruptions a spot run may expect (interruption rate x
    // instances x run time); -1 = any number. 0 leaves spot out.
    double maxSpotInterruptions = -1;

    bool allows(Billing b) const { return billing.isEmpty() || billing.contains(b); }
};

// A reserved or committed-use price the user can get, as a discount off on-demand.
// No commitment prices ship with the catalog, so these come from scenarios (quotes).
struct CommitmentTerm
{
    QString provider; // empty = every provider
    int termMonths = 12;
    Upfront upfront = Upfront::None;
    double discount = 0; // off the on-demand price over the whole term
    QString source;
};

struct Assumptions
{
    FxTable fx;
    BillingRules billingRules;
    InterruptionRates interruptions;
    double checkpointHours = 1.0;
    double restartHours = 1.0 / 6.0;
    int monteCarloDraws = 1000;
    quint64 seed = 42;
    ExtrasTable extras = ExtrasTable::defaults();
    ExtrasUsage usage;
    QList<CommitmentTerm> commitments;
    double expectedUtilization = 1.0; // share of a commitment's term the user will use
    double servingMonths = 1.0;       // inference: months of serving to price
    bool spotUsesMedianPrice = true;  // the median zone price, where known, not the lowest
};

struct PlanRequest
{
    Workload workload;
    Constraints constraints;
    Assumptions assumptions;
    QString displayCurrency = QStringLiteral("USD");
    RankBy rankBy = RankBy::Cost;
};

// Why an option cannot be used at all (hard failures), None when it can.
enum class OptionIssue : quint8 {
    None,
    DoesNotFit,  // the estimator found no layout (see problem)
    TooManyGpus, // the fewest instances that hold the job exceed max GPUs or instances
    NeedsRdma,   // multi-node without RDMA while the constraints ask for it
    NoFxRate,    // the offer's currency has no rate to the display currency
    TooManyInterruptions, // spot run expects more interruptions than the spot tolerance allows
};
QString optionIssueId(OptionIssue issue);

// One offer x billing model, priced. Amounts are in the display currency.
struct PlanOption
{
    int offer = -1; // index into the planner's offers
    Billing billing = Billing::OnDemand;
    int termMonths = 0;
    Upfront upfront = Upfront::None;
    bool derivedCommitment = false; // priced from a scenario discount, not a catalog offer
    double discount = 0;

    int instances = 0;
    int gpus = 0;
    double hours = 0;    // wall time without interruptions
    double gpuHours = 0;
    double pricePerHour = 0; // per instance-hour (commitments: effective at the expected use)
    double extras = 0;       // storage and egress
    double cost = 0;         // expected cost
    double costP50 = 0;
    double costP90 = 0;
    double timeP50 = 0;
    double timeP90 = 0;
    double pMeetDeadline = 1;
    double pMeetBudget = 1;
    double pMeetBoth = 1;
    double interruptionRate = 0; // monthly, spot only
    double expectedInterruptions = 0; // over the run on all its instances, spot only
    double commitmentTotal = 0;  // everything the commitment costs over its term
    double breakEvenUtilization = 0;
    double fxFactor = 1; // display units per unit of the offer's currency

    bool fits = false;
    FitProblem problem = FitProblem::None;
    OptionIssue issue = OptionIssue::None;
    Bottleneck bottleneck = Bottleneck::Compute;
    bool pareto = false;

    bool usable() const { return fits && issue == OptionIssue::None; }
};

struct PlanResult
{
    std::vector<PlanOption> options; // usable options first, ranked; then unusable ones
    int usable = 0;
    int recommended = -1; // index into options; -1 when nothing is usable
    int cheapestOnDemand = -1;
    int offersConsidered = 0; // after the hard filters on offers
    int offersFilteredOut = 0;
};

} // namespace gpuplanner::core
