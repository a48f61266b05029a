#pragma once
// SpendStore: billing exports (core/actuals) in the catalog's spend_imports and spend_lines
// (migrations 006, 007, 009). A file streams into the store, line by line as it is read, inside
// one transaction: all its lines or none. The same bytes twice are counted once; an earlier line
// that the file carries again (a corrected or restated bill) is replaced line for line and kept,
// so removing the file's import puts it back (db/SpendReplacement.h); nothing the file does not
// carry is touched. Writers hold the catalog's write lock around these.

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
    int replacedLines = 0;  // lines of earlier imports this one replaced, line for line
    QList<core::SpendReplacement> replaced; // the same, per earlier import and billing period
    QStringList periods;
    core::actuals::BillingReadSummary read; // format, notes and totals of what the file said
};

// Reads the export from device into the store; nothing stays when it fails.
Result<SpendImportOutcome> importSpend(Database &db, QIODevice &device, const QString &sourceName,
                                       core::actuals::BillingFormat format, const QString &project,
                                       const core::SpendImportOptions &options = {});

// Every import with its current lines (replaced ones left out).
Result<QList<core::SpendImportInfo>> spendImports(Database &db);
// Removes an import and its lines, first putting back the lines it replaced; one transaction.
Status removeSpendImport(Database &db, qint64 id);

// Every current (not replaced) line of a project ('' = lines imported without --project), oldest
// first, with its file.
Result<QList<core::SpendRecord>> spendLines(Database &db, const QString &project);
// Every project's lines.
Result<QList<core::SpendRecord>> allSpendLines(Database &db);

// The same lines summed in the catalog per group of everything core::comparePlanToActuals reads
// (days covered, currency, kind, basis, provider, GPU-hour fields), in the same date order, one
// record per group with its line count: what the timeline over actuals reads, in memory bounded
// by the groups (days x charge kinds x instance types ...), not the lines. Only the fields the
// comparison reads are filled (SpendRecord::lines).
Result<QList<core::SpendRecord>> spendAggregates(Database &db, const QString &project);
// Every project's, grouped per project as well.
Result<QList<core::SpendRecord>> allSpendAggregates(Database &db);

// GPUs per instance by instance type, from the catalog's instance_types (for GPU-hours).
Result<QHash<QString, double>> gpusPerInstanceType(Database &db);

} // namespace gpuplanner::db
