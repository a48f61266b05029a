#pragma once
// SpendReplacement: how a billing import replaces earlier lines, line for line and undoably
// (migration 009). A line is identified by what the bill says it is (provider, billing period,
// usage start and end, account, service, resource, instance type, SKU, kind, pricing), amounts
// and project aside; a new import replaces as many current earlier lines of an identity as it
// carries itself, oldest first, and marks them (spend_lines.replaced_by) instead of deleting
// them. Both run inside the caller's transaction.

#include "core/catalog/RealityStore.h"
#include "db/Database.h"

namespace gpuplanner::db {

// Marks the current lines of earlier imports that import importId carries again; what it
// replaced, per earlier import and billing period, ordered by import and period.
Result<QList<core::SpendReplacement>> replaceCarriedLines(Database &db, qint64 importId);

// Before import importId goes: the lines it replaced come back, except where its own line of
// that identity was since replaced by a later import, which then replaces the line that comes
// back instead (so removing the middle one of three deliveries leaves the latest counted once).
Status putBackReplacedLines(Database &db, qint64 importId);

} // namespace gpuplanner::db
