#pragma once
// CatalogFile: opening a catalog file safely and creating the user's catalog on first run.
// A damaged or foreign file gives an error naming it and is never written to.

#include "db/Database.h"

#include <QString>

#include <memory>

namespace gpuplanner::db {

// Validates path (exists, SQLite header, integrity, a GPU Planner schema), upgrades an
// older schema in place, and opens it in mode.
Result<std::unique_ptr<Database>> openCatalogFile(const QString &path, OpenMode mode);

// Ensures dataDir/catalog.sqlite exists, copying seedPath (a file or ":/" resource) on first
// run, and upgrades it. Returns the catalog's path.
Result<QString> ensureUserCatalog(const QString &dataDir, const QString &seedPath);

QString userCatalogFileName();

// A catalog that cannot be read is kept, never deleted: moves path (and its -wal/-shm files) to
// path.damaged-<date-time> and puts a copy of seedPath where it was. Returns where the old file went.
Result<QString> restoreBuiltInCatalog(const QString &path, const QString &seedPath);

} // namespace gpuplanner::db
