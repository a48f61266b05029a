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
    // How the reported figure was counted (campaigns); the terms the report states are in
    // workload.training.campaign (Default where it does not say).
    core::CampaignAccounting accounting = core::CampaignAccounting::Unknown;
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
    std::vector<bool> steadyTuned;       // the row's stack is stated as tuned
    double tunedLogSigma = 0;            // root mean square of the tuned rows' steadyLogRatios
    int tunedRows = 0;
};
PublishedFit estimatePublishedRuns(const std::vector<PublishedRun> &runs);

} // namespace gpuplanner::test
