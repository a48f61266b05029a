#pragma once
// SpendStore: billing exports (core/actuals) in the catalog's spend_imports and spend_lines
// (migrations 006, 007). A file streams into the store, line by line as it is read, inside one
// transaction: all its lines or none. The same bytes twice are counted once; a restated billing
// period (an earlier import with any of this file's lines in that period) is replaced. Writers
// hold the catalog's write lock around these.

#include "core/actuals/BillingStream.h"
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
    core::actuals::BillingReadSummary read; // format, notes and totals of what the file said
};

// Reads the export from device into the store; nothing stays when it fails.
Result<SpendImportOutcome> importSpend(Database &db, QIODevice &device, const QString &sourceName,
                                       core::actuals::BillingFormat format, const QString &project,
                                       const core::SpendImportOptions &options = {});

Result<QList<core::SpendImportInfo>> spendImports(Database &db);
Status removeSpendImport(Database &db, qint64 id);

// Every line of a project ('' = lines imported without --project), oldest first, with its file.
Result<QList<core::SpendRecord>> spendLines(Database &db, const QString &project);
// Every project's lines.
Result<QList<core::SpendRecord>> allSpendLines(Database &db);

// GPUs per instance by instance type, from the catalog's instance_types (for GPU-hours).
Result<QHash<QString, double>> gpusPerInstanceType(Database &db);

} // namespace gpuplanner::db
