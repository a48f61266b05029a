#pragma once
// CatalogWriter: writes reference data and imported offers into a catalog database.
// Offers are upserted, so a changed price updates the row and appends to price_history.

#include "db/Database.h"
#include "core/import/ImportBatch.h"
#include "core/import/SeedMetadata.h"


namespace gpuplanner::db {

class CatalogWriter
{
public:
    CatalogWriter(Database &db, const core::SeedMetadata &meta) : m_db(db), m_meta(meta) {}

    // Providers, regions, GPU models and aliases (insert or replace).
    Status writeReferenceData();
    // Instance types, offers, import records. Call inside a transaction.
    Status writeBatch(const core::ImportBatch &batch);
    // The seed's rule: an offer already observed later than the batch keeps its price.
    void setKeepNewerObservations(bool keep) { m_keepNewerObservations = keep; }
    // The batch's spot interruption figures replace those of the providers they name.
    Status writeInterruptions(const core::ImportBatch &batch);
    Status writeReferences(const core::ImportBatch &batch);
    Status writeFxRate(const QString &currency, double ratePerUsd, const QString &date, const QString &source);
    Status setMeta(const QString &key, const QString &value);

    // Row ids, creating the instance type or region when new.
    Result<qint64> instanceTypeId(const core::ImportedInstance &instance);
    Result<qint64> regionId(const QString &provider, const QString &code);

private:
    Database &m_db;
    const core::SeedMetadata &m_meta;
    QHash<QString, qint64> m_instanceIds;
    QHash<QString, qint64> m_regionIds;
    bool m_keepNewerObservations = false;
};

// Builds a fresh catalog at outPath from a seed directory (resources/catalog layout): the
// SkyPilot snapshot and commitment data set, then the dated sources of sources/sources.csv, with
// the spot interruption figures given (the build tool reads them from the Spot Advisor feed).
Status buildSeedCatalog(const QString &seedDir, const QString &outPath,
                        const QList<core::SpotInterruption> &interruptions = {});

} // namespace gpuplanner::db
