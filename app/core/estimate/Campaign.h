#pragma once
// Campaign: what a whole pre-training run takes against what its tuned steady state takes.
// Published campaigns (tests/data/validation-campaigns.csv) used more GPU-hours than a tuned
// stack's throughput and the modelled incidents (Goodput.h) explain: lower efficiency at scale
// and in older stacks, loss spikes and reruns, data-loader stalls, evaluation. The campaign
// model is a log-linear fit on that table: a factor per GPU generation (shrunk towards the
// all-generation figure) and one per doubling of the GPU count. Its spread around the table,
// measured by leave-one-out, gives the P10-P90 range.

#include "core/estimate/Estimate.h"

#include <vector>

namespace gpuplanner::core {

// The generations the table has campaigns of; the rest use the all-generation figure.
enum class CampaignGeneration : quint8 { Other, Volta, Ampere, Hopper };
inline constexpr int kCampaignGenerations = 4;
CampaignGeneration campaignGeneration(GpuGeneration generation);

struct CampaignModel
{
    double intercept = 0;                           // log factor of the all-generation figure at the reference scale
    double generationOffset[kCampaignGenerations]{}; // added to intercept; 0 for Other
    int generationRows[kCampaignGenerations]{};      // campaigns of each generation the fit saw
    double perDoubling = 0;                          // log factor per doubling of the GPU count
    // Log residuals of the campaigns around the model, leave-one-out: P10 and P90 (conformal ranks).
    double logP10 = 0;
    double logP90 = 0;
    // Spread (standard deviation of log ratios) of the tuned steady-state rows around the
    // estimator: the part of the range a measured calibration removes.
    double tunedLogSigma = 0;
    int tunedRows = 0; // steady-state rows behind tunedLogSigma
    int rows = 0; // campaigns fitted

    static constexpr double kReferenceGpus = 256;
    double logFactor(CampaignGeneration g, int gpus) const;
};

// One published campaign against the estimator: its modelled GPU-hours (tuned steady state
// and the modelled incidents) and what was reported.
struct CampaignSample
{
    CampaignGeneration generation = CampaignGeneration::Other;
    int gpus = 1;
    double modelledGpuHours = 0;
    double reportedGpuHours = 0;
};

// Ridge weight on each generation's offset, in rows: a generation with few campaigns stays
// close to the all-generation figure.
inline constexpr double kGenerationShrinkRows = 2.0;

// Least squares in log space; logP10/logP90 from the leave-one-out residuals' conformal ranks (empty table:
// a model of factor 1 with no range).
CampaignModel fitCampaignModel(const std::vector<CampaignSample> &samples, double tunedLogSigma);
// Log residual of a sample under a model: log(reported / predicted).
double campaignResidual(const CampaignModel &model, const CampaignSample &sample);
// Leave-one-out residuals: each sample predicted by a fit without it.
std::vector<double> leaveOneOutResiduals(const std::vector<CampaignSample> &samples);
// Linear-interpolated quantile of values (0..1); 0 for none.
double quantile(std::vector<double> values, double q);

// The model the product uses: the fit of tests/data/validation-campaigns.csv, as constants
// (CampaignTest refits the table and checks they agree).
const CampaignModel &publishedCampaignModel();

// Sets e's campaign figures from its modelled hours (after goodput): the expected campaign,
// its P10-P90 and the tuned best case. idealHours is the failure-free training time.
void applyCampaign(const Workload &w, const ClusterConfig &c, Estimate &e, double idealHours);

} // namespace gpuplanner::core
