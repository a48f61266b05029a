#pragma once
// Internal pieces shared by the estimator's translation units; not part of the API.

#include "core/estimate/Estimate.h"

namespace gpuplanner::core::detail {

struct DataParallelTime
{
    double total = 0;        // seconds per step, before overlap
    double networkShare = 0; // part of total spent between instances
};

// Gradient synchronisation over dp ranks, each holding gradientBytes. Hierarchical ring
// all-reduce: 2(k-1)/k inside an instance over NVLink or PCIe, then 2(n-1)/n of each GPU's
// shard between the n instances over the GPU's share of the network. ZeRO-3 also
// all-gathers the weights twice: 1.5x the volume (Rajbhandari et al. 2020, section 7).
DataParallelTime dataParallelTime(const ClusterConfig &c, int replicaGpus, int dp, double gradientBytes, bool zero3);

// The part of data-parallel time left after overlapping it with the backward pass.
double exposedDataParallel(double commSeconds, double overlapWindowSeconds, double gradientBytes);

double trainingPeakTflops(const GpuSpec &gpu, TrainPrecision p);
// Compute unless interconnect or network time takes a fifth of the step or more.
Bottleneck classifyCommunication(double step, double compute, double interconnect, double network);

// Goodput (Goodput.h, or the user's one figure), then wall time and GPU-hours from the ideal hours.
void applyGoodput(const Workload &w, const ClusterConfig &c, Estimate &e, double idealHours);

Estimate estimateTraining(const Workload &w, const ClusterConfig &c);
Estimate estimateVision(const Workload &w, const ClusterConfig &c);
Estimate estimateInference(const Workload &w, const ClusterConfig &c);
Estimate estimateMeasured(const Workload &w, const ClusterConfig &c);

} // namespace gpuplanner::core::detail
