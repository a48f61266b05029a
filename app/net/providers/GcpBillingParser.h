#pragma once
// GcpBillingParser: Cloud Billing Catalog SKU pages (Compute Engine) into GPU machine-type
// offers. The catalog prices parts, not machines: a GPU-hour per accelerator model and a
// vCPU-hour and GiB-hour per machine family (A2, A3, G2, ...). A machine type's price is
// GPU x count + vCPU x vcpus + RAM x GiB for each region and usage type where all three parts
// are priced (OnDemand, Preemptible = spot, Commit1Yr / Commit3Yr = 12 / 36-month commitments).
// A4 is the exception: it has no core or RAM SKUs, and its "A4 Nvidia B200 (1 gpu slice)" SKU
// is one GPU's share of the whole machine, so an A4 machine costs slice x GPUs. SKUs named
// "Reserved ..." (capacity reservations) are not prices of the usage type they carry, and a
// "Spot Preemptible ..." SKU is a spot price whatever usage type it carries.
// Pages are collected first, composed in finish(). One SKU that cannot be read (an unknown
// unit, a missing price) is left out with its reason; the rest of the page is used.

#include "core/catalog/GpuAliasResolver.h"
#include "core/common/Result.h"
#include "core/import/ImportBatch.h"
#include "core/import/SeedMetadata.h"
#include "net/providers/InstanceShapes.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>

namespace gpuplanner::net {

struct GcpMachineShape
{
    QString machineType;  // a2-highgpu-1g
    QString accelerator;  // gcp-host-accelerators.csv name (A100, H100-MEGA, ...)
    double gpuCount = 0;
    double vcpus = 0;
    double memoryGib = 0;
};

// GPU machine types whose accelerator comes from gcp-host-accelerators.csv and whose vCPUs
// and memory come from InstanceShapes. Fractional shapes whose snapshot price is all-in
// (g4-standard-6 holds 1/8 of an RTX PRO 6000) are left out: no SKU prices a GPU fraction.
QList<GcpMachineShape> gcpMachineShapes(const core::SeedMetadata &meta, const InstanceShapes &shapes);

class GcpBillingParser
{
public:
    GcpBillingParser(const core::GpuAliasResolver &resolver, QList<GcpMachineShape> machines);

    // Adds one page of services/.../skus; returns its nextPageToken (empty on the last page).
    core::Result<QString> addPage(const QByteArray &bytes, const QString &label);
    core::ImportBatch finish() const;
    int skusSeen() const { return m_skusSeen; }
    // SKUs (by skuId) no earlier page had: what a page adds, for the paging guard.
    int distinctSkusSeen() const { return int(m_skuIds.size()); }

    // "Nvidia Tesla A100 GPU running in Americas" -> "A100"; "Nvidia H100 80GB Mega GPU" -> "H100 80GB Mega";
    // "H200 141GB GPU running in Belgium" -> "H200 141GB"; "RTX 6000 96GB running in Oregon" -> "RTX 6000 96GB";
    // "A4 Nvidia B200 (1 gpu slice) running in Americas" -> "B200".
    static QString gpuNameFromDescription(const QString &description);
    // "A4 Nvidia B200 (1 gpu slice) ..." -> "a4": the family whose machines are priced per GPU slice.
    static QString sliceFamilyFromDescription(const QString &description);
    // "A2 Instance Core running in Americas" -> "a2"; "A3 Mega ..." -> "a3mega"; empty when none.
    static QString familyFromDescription(const QString &description);

private:
    int m_skusSeen = 0;
    QSet<QString> m_skuIds;
    struct Price
    {
        double value = 0;
        QString currency;
    };
    core::Result<bool> addSku(const QJsonObject &sku, const QString &path, const QString &label);
    std::optional<QString> gpuKey(const QString &name, const QString &instanceType) const;

    const core::GpuAliasResolver &m_resolver;
    QList<GcpMachineShape> m_machines;
    // "<part>|<key>|<usageType>|<region>" -> price; part = gpu, cpu, ram or slice (key "<gpu>@<family>").
    QHash<QString, Price> m_prices;
    QSet<QString> m_regions;
    core::ImportBatch m_batch; // exclusions and file stats
    QSet<QString> m_reported;
};

} // namespace gpuplanner::net
