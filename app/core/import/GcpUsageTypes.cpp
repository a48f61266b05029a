#include "core/import/GcpUsageTypes.h"

#include "core/catalog/PriceSplit.h"

#include <QMap>

#include <algorithm>
#include <vector>

namespace gpuplanner::core {

namespace {

// A spot price within 0.5 % of the on-demand one counts as "at or above" (rounding in the source).
constexpr double kSpotTolerance = 0.995;

bool spotAtOrAbove(const GcpAcceleratorPrice &p)
{
    return p.spotPerGpu && p.onDemandPerGpu > 0 && *p.spotPerGpu >= p.onDemandPerGpu * kSpotTolerance;
}

QString usd(double v)
{
    return QString::number(v, 'f', v < 10 ? 3 : 2) + QStringLiteral(" USD");
}

void judge(const QString &accelerator, const QList<const GcpAcceleratorPrice *> &zones, GcpUsageVerdict &out)
{
    std::vector<double> onDemand;
    for (const GcpAcceleratorPrice *p : zones)
        onDemand.push_back(p->onDemandPerGpu);
    const auto split = splitInTwo(onDemand, 1);
    if (!split)
        return;
    QStringList lowBelowSpot;
    bool highBelowSpot = false;
    for (const GcpAcceleratorPrice *p : zones) {
        if (!(p->onDemandPerGpu > 0) || !spotAtOrAbove(*p))
            continue;
        if (split->isLow(p->onDemandPerGpu))
            lowBelowSpot.append(p->zone);
        else
            highBelowSpot = true;
    }
    // Without the spot evidence, or with it on both sides, the importer cannot tell which
    // cluster is on-demand; the price checks then show both as a conflict.
    if (lowBelowSpot.isEmpty() || highBelowSpot)
        return;
    lowBelowSpot.sort();
    const QString why =
        QStringLiteral("on-demand price unknown: the snapshot's %1 accelerator price here is not an on-demand price. "
                       "Its per-GPU prices split into %2, %3x apart; the lower one is below or at the same zone's "
                       "Spot price in %4 (%5), which an on-demand price never is, so it is a discounted usage type "
                       "(DWS defined duration or flex-start) filed as on-demand. %6")
            .arg(accelerator, split->describe(QStringLiteral("USD per GPU-hour"), QStringLiteral("zones")))
            .arg(split->factor(), 0, 'f', 1)
            .arg(lowBelowSpot.size() == 1 ? QStringLiteral("1 zone") : QStringLiteral("%1 zones").arg(lowBelowSpot.size()),
                 lowBelowSpot.join(QStringLiteral(", ")), gcpRefreshAdvice());
    for (const GcpAcceleratorPrice *p : zones) {
        const QString key = GcpUsageVerdict::key(accelerator, p->zone);
        if (p->onDemandPerGpu > 0 && split->isLow(p->onDemandPerGpu))
            out.onDemandUnknown.insert(key, why);
        // Spot must stay below on-demand: the trusted cluster's lowest price is the bound.
        if (p->spotPerGpu && *p->spotPerGpu >= split->highMin * kSpotTolerance)
            out.spotUnknown.insert(key, QStringLiteral("spot price unknown: the %1 spot price %2 per GPU-hour is at or "
                                                       "above the lowest on-demand price of the same accelerator (%3). %4")
                                            .arg(accelerator, usd(*p->spotPerGpu), usd(split->highMin),
                                                 gcpRefreshAdvice()));
    }
}

} // namespace

GcpUsageVerdict checkGcpUsageTypes(const QList<GcpAcceleratorPrice> &prices)
{
    QMap<QString, QList<const GcpAcceleratorPrice *>> byAccelerator; // ordered: reasons are reproducible
    for (const GcpAcceleratorPrice &p : prices)
        byAccelerator[p.accelerator].append(&p);
    GcpUsageVerdict verdict;
    for (auto it = byAccelerator.cbegin(); it != byAccelerator.cend(); ++it)
        judge(it.key(), it.value(), verdict);
    return verdict;
}

QString gcpRefreshAdvice()
{
    return QStringLiteral("To get it, refresh GCP prices from the Cloud Billing API "
                          "(gpu-planner-cli refresh --source native --provider gcp, with GPUPLANNER_GCP_API_KEY set).");
}

} // namespace gpuplanner::core
