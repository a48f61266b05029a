#pragma once
// SkyPilotImporter: reads SkyPilot-format vms.csv files (the embedded snapshot, the hosted
// catalog, or a file a user imports) into an ImportBatch, applying SOURCE.md's rules:
// GCP VM = host row + accelerator row; AWS zones -> lowest and median per region;
// placeholder and implausible prices left out with a reason; Alibaba/Tencent back to CNY.

#include "core/common/Result.h"
#include "core/io/CsvReader.h"
#include "db/seed/ImportBatch.h"
#include "db/seed/SeedMetadata.h"

namespace gpuplanner::db {

class SkyPilotImporter
{
public:
    explicit SkyPilotImporter(const SeedMetadata &metadata);

    // One provider's vms.csv (not GCP's pair of files).
    core::Result<ImportBatch> importFile(const QString &provider, const QString &fileLabel,
                                         const core::CsvTable &table) const;

    // GCP: accelerator rows (vms.csv) composed with host rows (gpu_host_vms.csv).
    core::Result<ImportBatch> importGcp(const QString &vmsLabel, const core::CsvTable &vms,
                                        const QString &hostsLabel, const core::CsvTable &hosts) const;

    // Every provider folder under dir (dir/<provider>/*.csv).
    core::Result<ImportBatch> importDirectory(const QString &dir) const;

    // The fixed rate the fork used to turn CNY into "USD"; prices are divided by it.
    static constexpr double kForkCnyToUsd = 0.138;

private:
    const SeedMetadata &m_meta;
    core::GpuAliasResolver m_resolver;
};

} // namespace gpuplanner::db
