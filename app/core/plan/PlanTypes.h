#pragma once
// PlanTypes: the planner's inputs (constraints, assumptions, request) and outputs (options,
// result) as plain values, so the GUI, the CLI and scenario files share one vocabulary.

#include "core/catalog/Billing.h"
#include "core/cost/BillingCost.h"
#include "core/cost/Money.h"
#include "core/cost/SpotRisk.h"
#include "core/estimate/Estimate.h"

#include <QList>
#include <QDate>
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
    // Offers with at least this many GPUs per instance (a bill's steady part that ran on 8-GPU
    // nodes is not committed to 1-GPU instances); 0 = any.
    int minGpusPerInstance = 0;
    double confidence = 0.9;    // probability the deadline and budget must be met with
    // Spot tolerance: the most interruptions a spot run may expect (interruption rate x
    // instances x run time); -1 = any number. 0 leaves spot out.
    double maxSpotInterruptions = -1;
    // Offers a price check flagged (suspect) are left out of the recommendation unless included.
    bool includeSuspect = false;

    bool allows(Billing b) const { return billing.isEmpty() || billing.contains(b); }
};

// A commitment the user can get from a named provider beyond what its price list shows (a
// negotiated reservation, a GPU cloud's term contract): a discount off that provider's on-demand
// price, or a quoted price per instance-hour, always with where it came from. Catalog commitment
// offers (AWS RIs, savings plans, capacity blocks) need no term here.
struct CommitmentTerm
{
    QString provider;     // required: no term applies to every provider
    QString instanceType; // glob on the instance type; empty = every instance type of the provider
    int termMonths = 12;
    Upfront upfront = Upfront::None;
    double discount = 0; // off the on-demand price over the whole term (when no quoted price)
    std::optional<double> quotedPricePerHour; // per instance-hour, in currency
    double upfrontFee = 0;                    // per instance, in currency, with a quoted price
    QString currency;                         // of the quoted price and fee
    QString source;                           // the quote, the contract, the sales contact
    QDate quotedOn;                           // the day the quote or contract was made; invalid = undated

    bool quoted() const { return quotedPricePerHour.has_value(); }
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
    // The share of a commitment's term the user will keep busy (this job and other work). Unset:
    // this job alone uses it, so the job pays the whole commitment.
    std::optional<double> expectedUtilization;
    double servingMonths = 1.0;       // inference: months of serving to price
    // Serving on spot: the share of time all the replicas the load needs are up, which sets the
    // spare replicas a spot option pays for (at least one). A default, stated with the option.
    double servingAvailability = 0.999;
    QString servingPhase;             // the project phase whose months set servingMonths; empty: assumptions
    bool spotUsesMedianPrice = true;  // the median zone price, where known, not the lowest
};

struct PlanRequest
{
    Workload workload;
    Constraints constraints;
    Assumptions assumptions;
    QString displayCurrency = QStringLiteral("USD");
    RankBy rankBy = RankBy::Cost;
    bool useCalibration = true; // stored probe runs calibrate the GPUs (scenario "calibration": false turns it off)
};

// Why an option cannot be used at all (hard failures), None when it can.
enum class OptionIssue : quint8 {
    None,
    DoesNotFit,  // the estimator found no layout (see problem)
    TooManyGpus, // the fewest instances that hold the job exceed max GPUs or instances
    NeedsRdma,   // multi-node without RDMA while the constraints ask for it
    NoFxRate,    // the offer's currency has no rate to the display currency
    TooManyInterruptions, // spot run expects more interruptions than the spot tolerance allows
    SuspectPrice,         // a price check flagged the offer and the constraints leave suspect offers out
    TooLongForBlock,      // the run is longer than the longest capacity block the provider books
    OversizedForJob,      // far more GPUs than a job this small can use: fewer would finish almost as soon
};
QString optionIssueId(OptionIssue issue);

// One offer x billing model, priced. Amounts are in the display currency.
struct PlanOption
{
    int offer = -1; // index into the planner's offers
    Billing billing = Billing::OnDemand;
    int termMonths = 0;
    Upfront upfront = Upfront::None;
    int commitmentTerm = -1; // index into assumptions.commitments when priced from the user's term
    double discount = 0;

    int instances = 0;
    int gpus = 0;
    double hours = 0;    // wall time without interruptions: the expected campaign for training
    double gpuHours = 0;
    double tunedHours = 0; // training: the best case, a tuned stack without incidents
    float rangeLow = 1;    // training: P10 / expected of the run's length (core/estimate/Campaign.h)
    float rangeHigh = 1;   // and P90 / expected
    double startupHours = 0; // part of hours: the run's fixed start-up
    float tpotSeconds = 0;   // serving: time per output token at the batch the estimate sized
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
    bool interruptionPublished = false; // the provider's own figure (Spot Advisor), not a default
    double expectedInterruptions = 0; // over the run on all its instances, spot only
    int spareReplicas = 0;            // serving on spot: replicas paid for beyond the load's, in `instances`
    int spareInstances = 0;           // pre-training: the spare capacity the team pays for (issue 46), in `instances`
    double commitmentTotal = 0;  // everything the commitment costs over its term(s), all instances
    int commitmentTerms = 0;     // consecutive terms the run needs (capacity blocks: days booked)
    double commitmentHourly = 0;  // one instance's commitment: billed every hour of the term
    double commitmentUpfront = 0; // and paid at its start (display currency)
    double costPerUsedGpuHour = 0; // commitments: what each GPU-hour the job uses costs
    double breakEvenUtilization = 0;
    double fxFactor = 1; // display units per unit of the offer's currency
    // Serving: compute cost per million tokens at the demand (storage and egress left out); 0 otherwise.
    double costPerMillionOutputTokens = 0; // cost over the output tokens served
    double costPerMillionTokens = 0;       // cost over the prompt and output tokens served
    double outputTokensServed = 0;         // at the demand over the serving months

    bool fits = false;
    FitProblem problem = FitProblem::None;
    OptionIssue issue = OptionIssue::None;
    Bottleneck bottleneck = Bottleneck::Compute;
    NumberFormat formatAsked = NumberFormat::Bf16; // the workload's math format
    NumberFormat formatUsed = NumberFormat::Bf16;  // the one this GPU runs it in (said when it differs)
    bool formatLacking = false;                    // the GPU lacks formatAsked (else its rate is unknown)
    bool pareto = false;

    bool usable() const { return fits && issue == OptionIssue::None; }
    double gpuHoursP10() const { return gpuHours * double(rangeLow); }
    double gpuHoursP90() const { return gpuHours * double(rangeHigh); }
    double gpuHoursTuned() const { return tunedHours * gpus; }
    bool derivedCommitment() const { return commitmentTerm >= 0; }
};

struct PlanResult
{
    std::vector<PlanOption> options; // usable options first, ranked; then unusable ones
    int usable = 0;
    int recommended = -1; // index into options; -1 when nothing is usable
    int cheapestOnDemand = -1;
    int offersConsidered = 0; // after the hard filters on offers
    int offersFilteredOut = 0;
    bool cancelled = false; // stopped part-way by the caller's cancel flag: not a plan to show
};

} // namespace gpuplanner::core
