#pragma once
// CommitmentsImporter: the sourced commitment data set (resources/catalog/commitments, see its
// SOURCE.md) into catalog offers: AWS reserved instances (standard and convertible, every upfront
// option), AWS China savings plans, capacity blocks, AWS China on-demand prices, and the Azure
// reservation / GCP committed-use discounts of an aggregator applied as ratios to the catalog's
// own on-demand prices. Every row left out is an exclusion with its reason; a number a row states
// that no provider sells (a term outside 1-60 months, a fee or price that is negative or not
// finite, an all-upfront fee far above the whole term on demand) is one, naming field and value.

#include "core/common/Result.h"
#include "core/import/ImportBatch.h"
#include "core/import/SeedMetadata.h"
#include "core/io/CsvReader.h"

namespace gpuplanner::core {

class CommitmentsImporter
{
public:
    // catalog: the offers already imported (instance types and on-demand prices to map onto).
    CommitmentsImporter(const SeedMetadata &metadata, const QList<ImportedOffer> &catalog);

    Result<ImportBatch> importTable(const QString &fileLabel, const CsvTable &table) const;

    // AWS Capacity Blocks: bookable from 1 day up to 182 days (EC2 User Guide, "Find and purchase
    // Capacity Blocks": 1-day increments up to 14 days, 7-day increments up to 182 days).
    static constexpr double kCapacityBlockMinHours = 24;
    static constexpr double kCapacityBlockMaxHours = 182 * 24;

private:
    const SeedMetadata &m_meta;
    const QList<ImportedOffer> &m_catalog;
};

} // namespace gpuplanner::core
