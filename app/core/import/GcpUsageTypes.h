#pragma once
// GcpUsageTypes: which of a GCP accelerator's zone prices are not of the usage type their column
// claims. A GCP VM costs its host SKUs plus its accelerator SKU of the same usage type (OnDemand,
// Preemptible, Commit1Yr/3Yr); the billing catalog also files defined-duration SKUs (DWS,
// flex-start) under OnDemand, and a price list built from them shows a discounted price as
// on-demand. Such rows are told apart by structure, not by a vote:
//   1. the accelerator's per-GPU on-demand prices over all zones split into two tight clusters
//      about 2x apart (core/catalog/PriceSplit.h), and
//   2. in at least one zone of the lower cluster the accelerator's Preemptible (spot) price is at
//      or above it, which an on-demand price never is, while no zone of the upper cluster has that.
// The lower cluster's on-demand prices are then of another usage type: unknown, not a price. A
// spot price at or above the lowest trusted on-demand price of the same accelerator is unknown too.

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace gpuplanner::core {

struct GcpAcceleratorPrice
{
    QString accelerator; // SkyPilot's name, e.g. H100
    QString zone;
    double onDemandPerGpu = 0;         // 0 = none
    std::optional<double> spotPerGpu;  // the Preemptible SKU
};

struct GcpUsageVerdict
{
    // accelerator|zone -> why its price of that kind is unknown (a sentence for the user)
    QHash<QString, QString> onDemandUnknown;
    QHash<QString, QString> spotUnknown;

    static QString key(const QString &accelerator, const QString &zone) { return accelerator + u'|' + zone; }
};

GcpUsageVerdict checkGcpUsageTypes(const QList<GcpAcceleratorPrice> &prices);

// What a user can do about an unknown GCP price.
QString gcpRefreshAdvice();

} // namespace gpuplanner::core
