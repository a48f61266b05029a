#include "core/estimate/InstancePlanner.h"

#include "core/estimate/Estimator.h"
#include "core/estimate/RunLength.h"

namespace gpuplanner::core {

namespace {

// Below an hour, shaving more wall time buys little and start-up costs dominate.
constexpr double kShortEnoughHours = 1.0;

// The run's length at the confidence asked: the expected length where the estimate has no range.
double hoursAt(const Estimate &e, double z)
{
    return e.wallTimeHours * RunLengthRange{e.campaign.low, e.campaign.high}.ratioAt(z);
}

Estimate at(const Workload &w, ClusterConfig c, int instances)
{
    c.instances = instances;
    return estimate(w, c);
}

} // namespace

InstancePlan planInstances(const Workload &w, const ClusterConfig &cluster, double deadlineHours, int maxInstances,
                           double confidence)
{
    InstancePlan plan;
    const double z = confidence > 0.5 ? standardNormalQuantile(std::min(confidence, 0.999)) : 0.0;
    auto meets = [&](const Estimate &e) { return e.fits && hoursAt(e, z) <= deadlineHours; };
    if (w.kind == WorkloadKind::Inference) {
        // Serving sizes itself from the demand.
        plan.estimate = estimate(w, cluster);
        plan.found = plan.estimate.fits;
        plan.instances = plan.estimate.instances;
        plan.deadlineMet = plan.found;
        return plan;
    }
    // Smallest count that fits.
    int first = 1;
    Estimate base = at(w, cluster, first);
    while (!base.fits && first < maxInstances) {
        first = std::min(maxInstances, first * 2);
        base = at(w, cluster, first);
    }
    if (!base.fits) {
        plan.estimate = base;
        return plan;
    }
    plan.found = true;
    if (deadlineHours > 0) {
        if (meets(base)) {
            plan.instances = first;
            plan.estimate = base;
            plan.deadlineMet = true;
            return plan;
        }
        // Double until the deadline is met, then bisect for the smallest count.
        int lo = first;
        int hi = first;
        Estimate hiEst = base;
        while (hi < maxInstances) {
            lo = hi;
            hi = std::min(maxInstances, hi * 2);
            hiEst = at(w, cluster, hi);
            if (meets(hiEst))
                break;
        }
        if (!meets(hiEst)) {
            plan.instances = hi;
            plan.estimate = hiEst;
            plan.deadlineMet = false;
            return plan;
        }
        while (hi - lo > 1) {
            const int mid = (lo + hi) / 2;
            const Estimate e = at(w, cluster, mid);
            if (meets(e)) {
                hi = mid;
                hiEst = e;
            } else {
                lo = mid;
            }
        }
        plan.instances = hi;
        plan.estimate = hiEst;
        plan.deadlineMet = true;
        plan.parallelEfficiency = base.gpuHours / hiEst.gpuHours;
        return plan;
    }
    // No deadline: keep doubling while the doubled run stays efficient.
    plan.instances = first;
    plan.estimate = base;
    for (int n = first * 2; n <= maxInstances && plan.estimate.wallTimeHours > kShortEnoughHours; n *= 2) {
        const Estimate e = at(w, cluster, n);
        if (!e.fits)
            break;
        const double eff = base.gpuHours / e.gpuHours;
        if (eff < kMinParallelEfficiency)
            break;
        plan.instances = n;
        plan.estimate = e;
        plan.parallelEfficiency = eff;
    }
    return plan;
}

QString explainPlan(const InstancePlan &plan, double deadlineHours, double confidence)
{
    if (!plan.found)
        return QStringLiteral("No instance count up to the limit holds the job.");
    const QString hours = QString::number(plan.estimate.wallTimeHours, 'f', 1);
    if (deadlineHours > 0) {
        if (!plan.deadlineMet)
            return QStringLiteral("Even %1 instances need %2 h, more than the %3 h deadline.")
                .arg(plan.instances)
                .arg(hours)
                .arg(deadlineHours, 0, 'f', 1);
        if (confidence > 0.5 && plan.estimate.campaign.high > 1)
            return QStringLiteral("%1 instance(s) is the fewest that finishes within %2 h with %3% confidence "
                                  "(expected %4 h, P90 %5 h).")
                .arg(plan.instances)
                .arg(deadlineHours, 0, 'f', 1)
                .arg(confidence * 100.0, 0, 'f', 0)
                .arg(hours)
                .arg(plan.estimate.wallTimeHours * plan.estimate.campaign.high, 0, 'f', 1);
        return QStringLiteral("%1 instance(s) is the fewest that finishes within %2 h (estimated %3 h).")
            .arg(plan.instances)
            .arg(deadlineHours, 0, 'f', 1)
            .arg(hours);
    }
    return QStringLiteral("%1 instance(s) finish in %2 h at %3% scaling efficiency; doubling again would keep less "
                          "than %4% of the smallest configuration's efficiency or save under an hour.")
        .arg(plan.instances)
        .arg(hours)
        .arg(plan.parallelEfficiency * 100.0, 0, 'f', 0)
        .arg(kMinParallelEfficiency * 100.0, 0, 'f', 0);
}

} // namespace gpuplanner::core
