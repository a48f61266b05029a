#include "db/SqliteRealityStore.h"

#include "db/CalibrationStore.h"
#include "db/CatalogFile.h"
#include "db/CatalogWriteLock.h"
#include "db/SpendStore.h"
#include "db/SqliteCatalogRepository.h"

namespace gpuplanner::db {

using namespace gpuplanner::core;

namespace {

// The write lock and a read-write connection for one change.
struct Writer
{
    std::unique_ptr<CatalogWriteLock> lock;
    std::unique_ptr<Database> db;
};

Result<Writer> openWriter(const QString &path)
{
    Writer w;
    w.lock = std::make_unique<CatalogWriteLock>(path);
    if (auto s = w.lock->acquire(std::chrono::seconds(60)); !s)
        return s.error();
    auto db = openCatalogFile(path, OpenMode::ReadWrite);
    if (!db)
        return db.error();
    w.db = std::move(db).value();
    return w;
}

} // namespace

SqliteRealityStore::SqliteRealityStore(QString catalogPath) : m_path(std::move(catalogPath)) {}

RealityStoreFactory SqliteRealityStore::factory(const QString &catalogPath)
{
    return [catalogPath]() -> Result<std::unique_ptr<RealityStore>> {
        return std::unique_ptr<RealityStore>(std::make_unique<SqliteRealityStore>(catalogPath));
    };
}

Result<Calibration> SqliteRealityStore::importCalibration(const QByteArray &document, const QString &sourceName,
                                                          const QString &gpuOverride)
{
    auto probe = parseProbeResult(document, sourceName);
    if (!probe)
        return probe.error();
    auto repo = SqliteCatalogRepository::openExisting(m_path);
    if (!repo)
        return repo.error();
    auto gpus = repo.value()->gpuModels();
    if (!gpus)
        return gpus.error();
    auto gpuId = matchProbeGpu(probe.value(), gpus.value(), gpuOverride, sourceName);
    if (!gpuId)
        return gpuId.error();
    for (const GpuModel &g : gpus.value()) {
        if (g.id == gpuId.value()) {
            if (auto s = checkProbeAgainstSpec(probe.value(), g, sourceName); !s)
                return s.error();
        }
    }
    Calibration c;
    c.gpuId = gpuId.value();
    c.probe = std::move(probe).value();
    c.sourceFile = sourceName;
    auto writer = openWriter(m_path);
    if (!writer)
        return writer.error();
    auto id = insertCalibration(*writer.value().db, c, document);
    if (!id)
        return id.error();
    c.id = id.value();
    c.importedAt = QDateTime::currentDateTimeUtc();
    return c;
}

Status SqliteRealityStore::removeCalibration(qint64 id)
{
    auto writer = openWriter(m_path);
    if (!writer)
        return writer.error();
    return db::removeCalibration(*writer.value().db, id);
}

Result<QList<Calibration>> SqliteRealityStore::calibrations()
{
    auto repo = SqliteCatalogRepository::openExisting(m_path);
    if (!repo)
        return repo.error();
    return loadCalibrations(repo.value()->database());
}

Result<SpendImportSummary> SqliteRealityStore::importSpend(QIODevice &device, const QString &sourceName,
                                                           actuals::BillingFormat format, const QString &project,
                                                           const SpendImportOptions &options)
{
    auto writer = openWriter(m_path);
    if (!writer)
        return writer.error();
    auto outcome = db::importSpend(*writer.value().db, device, sourceName, format, project, options);
    if (!outcome)
        return outcome.error();
    SpendImportSummary s;
    s.importId = outcome->importId;
    s.duplicate = outcome->duplicate;
    s.lines = outcome->lines;
    s.replacedLines = outcome->replacedLines;
    s.replaced = outcome->replaced;
    s.periods = outcome->periods;
    s.format = outcome->read.format;
    s.notes = outcome->read.notes;
    s.totals = outcome->read.totals;
    return s;
}

Status SqliteRealityStore::removeSpendImport(qint64 id)
{
    auto writer = openWriter(m_path);
    if (!writer)
        return writer.error();
    return db::removeSpendImport(*writer.value().db, id);
}

Result<QList<SpendImportInfo>> SqliteRealityStore::spendImports()
{
    auto repo = SqliteCatalogRepository::openExisting(m_path);
    if (!repo)
        return repo.error();
    return db::spendImports(repo.value()->database());
}

} // namespace gpuplanner::db
