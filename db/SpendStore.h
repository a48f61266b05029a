#pragma once
// SpendStore: billing exports (core/actuals) in the catalog's spend_imports and spend_lines
// (migration 006). One file's lines go in one transaction or not at all. The same bytes twice
// are counted once; a restated billing period (same provider, period and project as an earlier
// import) replaces the earlier lines. Writers hold the catalog's write lock around these.

#include "core/actuals/SpendLine.h"
#include "core/catalog/RealityStore.h"
#include "core/plan/PlanActuals.h"
#include "db/Database.h"

namespace gpuplanner::db {

struct SpendImportOutcome
{
    qint64 importId = 0;
    bool duplicate = false; // the same file was imported before (importId is that import)
    int lines = 0;
    int replacedLines = 0;  // lines of earlier imports the restated periods replaced
    QStringList periods;
};

Result<SpendImportOutcome> importSpend(Database &db, const core::actuals::BillingFile &file, const QString &project);

Result<QList<core::SpendImportInfo>> spendImports(Database &db);
Status removeSpendImport(Database &db, qint64 id);

// Every line of a project ('' = lines imported without --project), oldest first, with its file.
Result<QList<core::SpendRecord>> spendLines(Database &db, const QString &project);
// Every project's lines.
Result<QList<core::SpendRecord>> allSpendLines(Database &db);

// GPUs per instance by instance type, from the catalog's instance_types (for GPU-hours).
Result<QHash<QString, double>> gpusPerInstanceType(Database &db);

} // namespace gpuplanner::db
