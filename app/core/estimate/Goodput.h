#pragma once
// Goodput: the share of a run's wall time that trains, for runs of any size. Failures grow
// with GPUs x hours; each one costs a restart and the work since the last checkpoint;
// checkpoints cost their write time; evaluation and slow-downs take a share of their own.
// Every term has a documented default (Goodput.cpp) and can be overridden per workload.

#include "core/estimate/Estimate.h"

namespace gpuplanner::core {

// Restart after an interruption: rescheduling, NCCL start-up and reloading the checkpoint's
// state, before the reload itself. Shared with the spot simulation's default.
inline constexpr double kDefaultRestartHours = 10.0 / 60.0;

// Failures per GPU-hour by generation (the user's figure wins).
double defaultFailuresPerGpuHour(GpuGeneration generation);

// Bytes a training checkpoint writes: weights and optimizer state of every trained parameter.
double checkpointBytes(const Workload &w);

// Aggregate checkpoint write bandwidth of a cluster, bytes per second.
double checkpointBandwidth(const Workload &w, const ClusterConfig &c);

// The terms for a run of idealHours of pure training on gpus GPUs of cluster c.
GoodputTerms goodputTerms(const Workload &w, const ClusterConfig &c, int gpus, double idealHours);

} // namespace gpuplanner::core
