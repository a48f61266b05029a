#pragma once
// SkyPilotImporter: reads SkyPilot-format vms.csv files (the embedded snapshot, the hosted
// catalog, or a file a user imports) into an ImportBatch, applying SOURCE.md's rules:
// GCP VM = host row + accelerator row; AWS zones -> lowest and median per region;
// placeholder and implausible prices left out with a reason; Alibaba/Tencent back to CNY.

#include "core/common/Result.h"
#include "core/io/CsvReader.h"
#include "core/import/ImportBatch.h"
#include "core/import/SeedMetadata.h"

namespace gpuplanner::core {

class SkyPilotImporter
{
public:
    explicit SkyPilotImporter(const SeedMetadata &metadata);

    // One provider's vms.csv (not GCP's pair of files).
    Result<ImportBatch> importFile(const QString &provider, const QString &fileLabel,
                                         const CsvTable &table) const;

    // GCP: accelerator rows (vms.csv) composed with host rows (gpu_host_vms.csv).
    Result<ImportBatch> importGcp(const QString &vmsLabel, const CsvTable &vms,
                                        const QString &hostsLabel, const CsvTable &hosts) const;

    // Every provider folder under dir (dir/<provider>/*.csv).
    Result<ImportBatch> importDirectory(const QString &dir) const;

    // The fixed rate the fork used to turn CNY into "USD"; prices are divided by it.
    static constexpr double kForkCnyToUsd = 0.138;

private:
    const SeedMetadata &m_meta;
    GpuAliasResolver m_resolver;
};

} // namespace gpuplanner::core
