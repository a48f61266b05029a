#pragma once
// EmbeddedMerge: a catalog created by an earlier version lacks what the embedded catalog of
// this version ships beside the prices its refreshes keep up to date: commitment offers (AWS
// RIs, savings plans, capacity blocks, Azure/GCP ratios), AWS China prices, Spot Advisor
// figures and the published listings the price checks use. They are merged in once, without
// touching any offer the catalog already has, and the price checks run over the result.

#include "db/Database.h"

namespace gpuplanner::db {

// catalog_meta key set once the merge is done (the embedded catalog carries it from the start).
QString embeddedDataMetaKey();

// Whether the catalog still lacks this version's embedded data (a read, no write).
bool embeddedMergeNeeded(Database &catalog);
// No-op when the catalog already has this version's embedded data.
Status mergeEmbeddedData(Database &catalog, const QString &embeddedCatalogPath);

} // namespace gpuplanner::db
