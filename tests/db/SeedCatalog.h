#pragma once
// Builds the default catalog from resources/catalog once per test run, in a temp dir.

#include <QString>

namespace gpuplanner::tests {

// Path of a freshly built seed catalog (shared, do not modify).
QString seedCatalogPath();
// A private writable copy of the seed catalog in dir.
QString copySeedCatalog(const QString &dir);

} // namespace gpuplanner::tests
