#pragma once
// CatalogExport: reads a whole catalog into a portable snapshot (see core CatalogSnapshot).

#include "core/import/CatalogSnapshot.h"
#include "db/Database.h"

namespace gpuplanner::db {

Result<core::CatalogSnapshot> readSnapshot(Database &db);

} // namespace gpuplanner::db
