#pragma once
// Builds the default catalog from resources/catalog once per test run, in a temp dir.

#include <QString>

namespace gpuplanner::tests {

// Path of a freshly built seed catalog (shared, do not modify).
QString seedCatalogPath();
// The catalog gpuplanner-seedgen builds from the SkyPilot snapshot and the commitment data set
// alone (resources/catalog without sources/): what the snapshot's import rules make of its rows,
// before the dated sources replace any of them (shared, do not modify).
QString snapshotCatalogPath();
// A private writable copy of the seed catalog in dir.
QString copySeedCatalog(const QString &dir);

} // namespace gpuplanner::tests
