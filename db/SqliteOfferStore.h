#pragma once
// SqliteOfferStore: core::OfferStore over a catalog file. Each replaceOffers() is one
// transaction: on any error the provider keeps its previous prices.

#include "core/import/SeedMetadata.h"
#include "core/refresh/OfferStore.h"
#include "db/Database.h"

#include <memory>

namespace gpuplanner::db {

class SqliteOfferStore : public core::OfferStore
{
public:
    SqliteOfferStore(std::unique_ptr<Database> db, core::SeedMetadata reference);

    // Opens path read-write (validating and upgrading it) with the embedded reference data.
    static Result<std::unique_ptr<SqliteOfferStore>> open(const QString &path);

    Result<int> offerCount(const core::RefreshScope &scope, const QList<core::Billing> &billings) override;
    Result<QList<core::ImportedInstance>> instanceTypes(const QString &provider) override;
    Result<QHash<QString, double>> latestFxRates() override;
    Result<core::RefreshCounts> replaceOffers(const core::RefreshScope &scope, const core::ImportBatch &batch) override;
    Status writeFxRates(const QList<core::FxRate> &rates) override;
    Status logRefresh(const core::RefreshLogEntry &entry) override;

    Database &database() { return *m_db; }

private:
    Status ensureProvider(const QString &provider);

    std::unique_ptr<Database> m_db;
    core::SeedMetadata m_reference;
};

} // namespace gpuplanner::db
