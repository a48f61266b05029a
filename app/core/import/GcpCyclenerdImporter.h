#pragma once
// GcpCyclenerdImporter: Google Cloud machine-type prices as Cyclenerd's pricing.yml publishes
// them (generated weekly from Google's Cloud Billing Catalog API), extracted to CSV for the GPU
// machine types (format gcp-cyclenerd, resources/catalog/sources/README.md). Whole-VM prices:
// GPUs, vCPUs, memory and the Local SSD Google bundles with A2 Ultra and A3 VMs. On-demand and
// Spot per hour as the file has them; 1- and 3-year resource-based committed use from its monthly
// figures at the file's own 730 hours a month. A row whose month and hour disagree (a copying
// slip) is an exclusion, as is a machine type the catalog does not know.

#include "core/import/CatalogSources.h"
#include "core/import/ImportBatch.h"
#include "core/io/CsvReader.h"

#include <QHash>

namespace gpuplanner::core {

class GcpCyclenerdImporter
{
public:
    explicit GcpCyclenerdImporter(const QList<ImportedOffer> &catalog);

    Result<ImportBatch> importTable(const CatalogSource &source, const CsvTable &table) const;

    static constexpr double kHoursPerMonth = 730;

private:
    QHash<QString, ImportedInstance> m_instances; // machine type
};

} // namespace gpuplanner::core
