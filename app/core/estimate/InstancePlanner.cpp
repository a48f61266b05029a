#include "core/estimate/InstancePlanner.h"

#include "core/estimate/Estimator.h"

namespace gpuplanner::core {

namespace {

// Below an hour, shaving more wall time buys little and start-up costs dominate.
constexpr double kShortEnoughHours = 1.0;

Estimate at(const Workload &w, ClusterConfig c, int instances)
{
    c.instances = instances;
    return estimate(w, c);
}

} // namespace

InstancePlan planInstances(const Workload &w, const ClusterConfig &cluster, double deadlineHours, int maxInstances)
{
    InstancePlan plan;
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
        if (base.wallTimeHours <= deadlineHours) {
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
            if (hiEst.fits && hiEst.wallTimeHours <= deadlineHours)
                break;
        }
        if (!hiEst.fits || hiEst.wallTimeHours > deadlineHours) {
            plan.instances = hi;
            plan.estimate = hiEst;
            plan.deadlineMet = false;
            return plan;
        }
        while (hi - lo > 1) {
            const int mid = (lo + hi) / 2;
            const Estimate e = at(w, cluster, mid);
            if (e.fits && e.wallTimeHours <= deadlineHours) {
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

QString explainPlan(const InstancePlan &plan, double deadlineHours)
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
