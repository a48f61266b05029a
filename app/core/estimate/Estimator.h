#pragma once
// Estimator: a workload on one GPU configuration -> fit, parallel layout, throughput, wall
// time, GPU-hours and bottleneck. Pure functions over plain values: no allocation, no
// locking, so the whole catalog can be estimated on every keystroke.

#include "core/estimate/Estimate.h"

namespace gpuplanner::core {

// Training and measured jobs use every GPU of cluster (gpusPerInstance x instances);
// inference sizes its own replica count from the demand and ignores cluster.instances.
Estimate estimate(const Workload &workload, const ClusterConfig &cluster);

// Fewest GPUs of cluster's kind (whole instances beyond one) that hold the job; 0 when no
// count up to maxGpus does.
int minimumGpus(const Workload &workload, const ClusterConfig &cluster, int maxGpus = 65536);

// Model FLOPs per token (6N plus 12*layers*hidden*seq attention for training, 4N for
// adapters) used for MFU; hardware FLOPs add recomputation on top.
double modelFlopsPerToken(const Workload &workload);

} // namespace gpuplanner::core
