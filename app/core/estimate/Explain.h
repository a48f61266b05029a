#pragma once
// Explain: turns an Estimate into words and JSON for the UI, the CLI and the PDF report.
// Kept apart from the estimator so the hot path builds no strings.

#include "core/estimate/Estimate.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace gpuplanner::core {

QString bottleneckId(Bottleneck b);     // compute, memory_bandwidth, interconnect, network, memory_capacity
QString memoryTermId(MemoryTerm t);     // weights, gradients, optimizer_states, activations, kv_cache, overhead
QString servingLimitId(ServingLimit l); // compute, memory_bandwidth, kv_capacity, latency, batch_limit
QString shardingName(Sharding s);
QString recomputeName(Recompute r);
// "TP 8 x PP 4 x DP 32, ZeRO-1, selective recomputation, micro-batch 1"
QString layoutText(const Estimate &e, WorkloadKind kind);
QString trainingLayoutText(const Layout &l);
// Why it does not fit, in one sentence; empty when it fits.
QString reasonText(const Workload &w, const ClusterConfig &c, const Estimate &e);
// The assumptions behind the numbers, as plain sentences.
QStringList assumptions(const Workload &w, const ClusterConfig &c, const Estimate &e);

// Training: the expected campaign, its range and the tuned best case, with their sources
// (CampaignExplain.cpp); empty for inference.
QStringList campaignAssumptions(const Workload &w, const ClusterConfig &c, const Estimate &e);
QString rangeBasisId(RangeBasis b); // published_campaigns, tuned_steady_state, none
// gpu_hours_p10, gpu_hours_p90, gpu_hours_tuned, the wall times and a "campaign" object.
void insertCampaignJson(QJsonObject &o, const Estimate &e);

// Pre-training: each campaign term (CampaignTerms.h) with its value, whether the user stated it,
// its factor on GPU-hours and its source (CampaignTermsExplain.cpp); empty for other work.
struct CampaignTermLine
{
    QString id;    // stack, failure_handling, first_run, spare_capacity
    QString value; // tuned, generic, mfu=0.42; automatic, manual; yes, no; "8 %"
    bool stated = false;
    double factor = 1;
    QString source;
};
QList<CampaignTermLine> campaignTermLines(const Workload &w, const Estimate &e);
QStringList campaignTermAssumptions(const Workload &w, const Estimate &e);
QJsonArray campaignTermsJson(const Workload &w, const Estimate &e);

QJsonObject estimateToJson(const Workload &w, const ClusterConfig &c, const Estimate &e);

} // namespace gpuplanner::core
