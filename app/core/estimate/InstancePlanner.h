#pragma once
// InstancePlanner: how many instances to rent. With a deadline, the fewest that meet it;
// without, the count past which more instances stop paying off.

#include "core/estimate/Estimate.h"

#include <QString>

namespace gpuplanner::core {

struct InstancePlan
{
    bool found = false;
    bool deadlineMet = false;
    int instances = 0;
    Estimate estimate;
    double parallelEfficiency = 1; // vs the smallest count that fits, in GPU-hours
};

// Doubling past this share of the smallest configuration's GPU-hours efficiency stops paying.
inline constexpr double kMinParallelEfficiency = 0.8;

// cluster gives the instance shape; its instances field is ignored. deadlineHours <= 0: none.
// With a deadline, the run must end within it with the given confidence: the estimate's range
// (Estimate::campaign) puts that point above the expected length; 0.5 = the expected length.
InstancePlan planInstances(const Workload &w, const ClusterConfig &cluster, double deadlineHours,
                           int maxInstances = 1024, double confidence = 0.5);

// The deadline's default confidence where none is asked for (Constraints::confidence's default).
inline constexpr double kDefaultDeadlineConfidence = 0.9;

QString explainPlan(const InstancePlan &plan, double deadlineHours, double confidence = 0.5);

} // namespace gpuplanner::core
