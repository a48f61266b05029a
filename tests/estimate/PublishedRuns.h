#pragma once
// Published training runs (tests/data/validation-campaigns.csv) as the estimator's inputs:
// each row's model, tokens and cluster, and what its source reported.

#include "core/estimate/Campaign.h"
#include "core/estimate/Workload.h"

#include <QString>

#include <vector>

namespace gpuplanner::test {

// Runs without a published GPU count: the count of that era's large runs.
inline constexpr int kAssumedCampaignGpus = 2048;

struct PublishedRun
{
    QString id;
    bool campaign = false; // a whole run's total; else a tuned stack's steady state
    core::Workload workload;
    core::ClusterConfig cluster;
    double reported = 0;   // campaigns: GPU-hours; steady state: as reportedUnit
    QString reportedUnit;  // steady state: tokens_per_s_per_gpu, tflops_per_gpu or mfu
    bool verified = false;
};

std::vector<PublishedRun> loadPublishedRuns();

// What the estimate says for a steady-state row, in the row's unit; 0 when it does not fit.
double steadyStateFigure(const PublishedRun &run, const core::Estimate &e);

// The campaign samples (modelled against reported GPU-hours) and the steady-state log ratios.
struct PublishedFit
{
    std::vector<core::CampaignSample> samples;
    std::vector<QString> sampleIds;
    std::vector<double> steadyLogRatios; // log(estimate / reported)
    std::vector<QString> steadyIds;
    double tunedLogSigma = 0;            // root mean square of steadyLogRatios
};
PublishedFit estimatePublishedRuns(const std::vector<PublishedRun> &runs);

} // namespace gpuplanner::test
