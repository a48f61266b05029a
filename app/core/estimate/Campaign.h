#pragma once
// Campaign: what a whole pre-training run takes against what its tuned steady state takes.
// Published campaigns (tests/data/validation-campaigns.csv) used more GPU-hours than a tuned
// stack's throughput and the modelled incidents (Goodput.h) explain: lower efficiency at scale
// and in older stacks, loss spikes and reruns, data-loader stalls, evaluation. The campaign
// model is a log-linear fit on that table: a factor per GPU generation (shrunk towards the
// all-generation figure), one per doubling of the GPU count, and one per term a team can state
// (CampaignTerms.h: stack, failure handling, first run), each shrunk towards its published value.
// Failure handling and first-run risk are fitted only on rows whose figure is wall-clock: a
// GPU-hour figure derived from throughput cannot show restarts or rollbacks. Its spread around the
// table, measured by leave-one-out, gives the P10-P90 range.

#include "core/estimate/CampaignTerms.h"
#include "core/estimate/Estimate.h"

#include <cmath>
#include <vector>

namespace gpuplanner::core {

// The generations the table has campaigns of; the rest use the all-generation figure.
enum class CampaignGeneration : quint8 { Other, Volta, Ampere, Hopper };
inline constexpr int kCampaignGenerations = 4;
CampaignGeneration campaignGeneration(GpuGeneration generation);

// How a published figure was counted: wall-clock allocation, or tokens / steady throughput
// (which shows no restarts). A user's campaign is always wall-clock.
enum class CampaignAccounting : quint8 { Unknown, WallClock, ThroughputDerived };

// The fitted terms beside generation and scale; ThroughputAccounting is a covariate of the table
// only, never applied to a user's estimate.
enum class CampaignTerm : quint8 { GenericStack, ManualFailureHandling, FirstRun, ThroughputAccounting };
inline constexpr int kCampaignTerms = 4;

struct CampaignModel
{
    double intercept = 0;                           // log factor of the all-generation figure at the reference scale
    double generationOffset[kCampaignGenerations]{}; // added to intercept; 0 for Other
    int generationRows[kCampaignGenerations]{};      // campaigns of each generation the fit saw
    double perDoubling = 0;                          // log factor per doubling of the GPU count
    double termCoefficient[kCampaignTerms]{};        // log factor of each term when it holds
    // Log residuals of the campaigns around the model, leave-one-out: P10 and P90 (conformal ranks).
    double logP10 = 0;
    double logP90 = 0;
    // Spread (standard deviation of log ratios) of the tuned steady-state rows around the
    // estimator: the part of the range a measured calibration removes.
    double tunedLogSigma = 0;
    int tunedRows = 0; // steady-state rows behind tunedLogSigma
    int rows = 0; // campaigns fitted

    static constexpr double kReferenceGpus = 256;
    // Generation and scale only: a tuned stack, automatic restarts, not a first run.
    double logFactor(CampaignGeneration g, int gpus) const;
    double termFactor(CampaignTerm t) const { return std::exp(termCoefficient[int(t)]); }
};

// One published campaign against the estimator: its modelled GPU-hours (tuned steady state
// and the modelled incidents), what was reported, and what its report states (Default = it does
// not say: counted halfway between the two states; a user's estimate resolves its defaults first).
struct CampaignSample
{
    CampaignGeneration generation = CampaignGeneration::Other;
    int gpus = 1;
    double modelledGpuHours = 0;
    double reportedGpuHours = 0;
    CampaignAccounting accounting = CampaignAccounting::Unknown;
    CampaignTerms terms;
};

// Log factor of a sample's generation, scale and stated terms under a model.
double campaignLogFactor(const CampaignModel &model, const CampaignSample &sample);

// Ridge weight on each generation's offset, in rows: a generation with few campaigns stays
// close to the all-generation figure.
inline constexpr double kGenerationShrinkRows = 2.0;
// Ridge weight on each term's coefficient, in rows, towards its published value (CampaignTerms.h).
inline constexpr double kTermShrinkRows = 2.0;

// Least squares in log space; logP10/logP90 from the leave-one-out residuals' conformal ranks (empty table:
// a model of factor 1 with no range).
CampaignModel fitCampaignModel(const std::vector<CampaignSample> &samples, double tunedLogSigma);
// Log residual of a sample under a model: log(reported / predicted).
double campaignResidual(const CampaignModel &model, const CampaignSample &sample);
// Leave-one-out residuals: each sample predicted by a fit without it.
std::vector<double> leaveOneOutResiduals(const std::vector<CampaignSample> &samples);
// Linear-interpolated quantile of values (0..1); 0 for none.
double quantile(std::vector<double> values, double q);

// An expected campaign (wall-clock, as a user pays it) against a figure counted another way: a
// figure derived from throughput shows none of the wall-clock-only terms (failure handling, first
// run) and carries the table's accounting offset; an unknown accounting half of each (log space).
double campaignAccountingRatio(const CampaignModel &model, const CampaignRange &range, CampaignAccounting accounting);

// The model the product uses: the fit of tests/data/validation-campaigns.csv, as constants
// (CampaignTest refits the table and checks they agree).
const CampaignModel &publishedCampaignModel();

// The stated terms' factors (stack, failure handling, first run, spares) under a model; tunedMfu is
// the estimate's own MFU, which a measured one is set against (0: a measured stack counts 1).
void setCampaignTermFactors(const CampaignTerms &terms, const CampaignModel &model, double tunedMfu, CampaignRange &range);

// Sets e's campaign figures from its modelled hours (after goodput): the expected campaign,
// its P10-P90 and the tuned best case. idealHours is the failure-free training time.
void applyCampaign(const Workload &w, const ClusterConfig &c, Estimate &e, double idealHours);

} // namespace gpuplanner::core
