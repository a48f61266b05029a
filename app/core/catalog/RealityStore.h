#pragma once
// RealityStore: the port through which the CLI and the desktop write what reality said into the
// catalog: benchmark-probe runs (calibrations) and billing exports (actual spend). gpuplanner_db
// implements it (db::SqliteRealityStore) under the catalog's write lock, one transaction per
// import, so a refused file changes nothing.

#include "core/actuals/BillingStream.h"
#include "core/actuals/SpendLine.h"
#include "core/calibrate/Calibration.h"

#include <functional>
#include <map>
#include <optional>
#include <memory>

namespace gpuplanner::core {

// Lines of one earlier import in one billing period that a new import carried again (the same
// identity, amounts aside) and so replaced; removing the new import puts them back.
struct SpendReplacement
{
    qint64 importId = 0; // the earlier import
    QString sourceFile;  // its file
    QString period;      // the billing period, "2024-05"
    int lines = 0;
};

struct SpendImportSummary
{
    qint64 importId = 0;
    bool duplicate = false; // the same file was imported before; nothing changed
    int lines = 0;
    int replacedLines = 0;  // lines of earlier imports this one replaced, line for line
    QList<SpendReplacement> replaced; // the same, per earlier import and billing period
    QStringList periods;
    actuals::BillingFormat format = actuals::BillingFormat::Auto;
    QStringList notes;
    // What the file said, per (kind, currency), in micros: the import's totals.
    std::map<std::pair<actuals::ChargeKind, QString>, qint64> totals;
};

// How an import runs: progress as the file is read (return false to cancel), and a check each
// line must pass (a line dated outside a scenario's plan) or the whole file is refused.
struct SpendImportOptions
{
    actuals::ReadProgress progress;
    std::function<std::optional<Error>(const actuals::SpendLine &)> lineCheck;
};

struct SpendImportInfo
{
    qint64 id = 0;
    QString sourceFile;
    QString format;
    QString project;
    QString importedAt;
    int lines = 0;
    QStringList periods;
};

class RealityStore
{
public:
    virtual ~RealityStore() = default;

    // Reads, checks (GPU model, probe version, spec table) and stores one probe result.
    // gpuOverride: the catalog GPU model the run was on, when its reported name is not one.
    virtual Result<Calibration> importCalibration(const QByteArray &document, const QString &sourceName,
                                                  const QString &gpuOverride = {}) = 0;
    virtual Status removeCalibration(qint64 id) = 0;
    virtual Result<QList<Calibration>> calibrations() = 0;

    // Streams one billing export into the store and files its lines under project ('' = each
    // line's own tag); a file of any size, in bounded memory.
    virtual Result<SpendImportSummary> importSpend(QIODevice &device, const QString &sourceName,
                                                   actuals::BillingFormat format, const QString &project,
                                                   const SpendImportOptions &options = {}) = 0;
    // The same, from a file on disk (refused when it cannot be opened, naming it).
    Result<SpendImportSummary> importSpendFile(const QString &path, const QString &sourceName,
                                               actuals::BillingFormat format, const QString &project,
                                               const SpendImportOptions &options = {});
    // The same, from bytes in memory.
    Result<SpendImportSummary> importSpendBytes(const QByteArray &bytes, const QString &sourceName,
                                                actuals::BillingFormat format, const QString &project);
    virtual Status removeSpendImport(qint64 id) = 0;
    virtual Result<QList<SpendImportInfo>> spendImports() = 0;
};

using RealityStoreFactory = std::function<Result<std::unique_ptr<RealityStore>>()>;

} // namespace gpuplanner::core
