#pragma once
// InstanceShapes: accelerator name and count, vCPUs and memory of GPU instance types whose
// price APIs do not say what hardware they price (Azure sizes, GCP machine types, AWS
// accelerator counts). Embedded from instance-shapes.csv, which was generated from the
// SkyPilot snapshot in resources/catalog/skypilot (aws, azure vms.csv; gcp gpu_host_vms.csv).
// The whole-GPU g4-standard shapes (48/96/192/384 vCPUs with 180/360/720/1440 GB and 1/2/4/8
// RTX PRO 6000) are GCP's published G4 sizes, as dstack lists them (dstackai/dstack#3213).

#include "core/common/Result.h"
#include "core/io/CsvReader.h"

#include <QHash>
#include <QString>

#include <optional>

namespace gpuplanner::net {

struct InstanceShape
{
    QString accelerator; // provider's accelerator name, resolved through GpuAliasResolver
    double count = 0;
    std::optional<double> vcpus;
    std::optional<double> memoryGib;
};

class InstanceShapes
{
public:
    InstanceShapes() = default;

    static core::Result<InstanceShapes> fromCsv(const core::CsvTable &table, const QString &label);
    // The copy compiled into gpuplanner_net (":/net/instance-shapes.csv").
    static core::Result<InstanceShapes> loadEmbedded();

    const InstanceShape *find(const QString &provider, const QString &instanceType) const;
    // Instance types of provider, sorted (GCP composes an offer for each).
    QStringList instanceTypes(const QString &provider) const;
    void insert(const QString &provider, const QString &instanceType, const InstanceShape &shape);

private:
    QHash<QString, InstanceShape> m_shapes; // "provider|instanceType"
};

} // namespace gpuplanner::net
