#pragma once
// SqliteCatalogRepository: CatalogRepository over one SQLite catalog file.
// Owns its connection; create one per thread.

#include "core/catalog/CatalogRepository.h"
#include "core/catalog/GpuAliasResolver.h"
#include "db/Database.h"

#include <memory>
#include <optional>

namespace gpuplanner::db {

class SqliteCatalogRepository : public core::CatalogRepository
{
public:
    explicit SqliteCatalogRepository(std::unique_ptr<Database> db);

    // Opens an existing catalog read-only for queries, with a clear error naming the file
    // when it is missing, damaged, not SQLite, or of an unknown schema version.
    static Result<std::unique_ptr<SqliteCatalogRepository>> openExisting(const QString &path);

    Result<QList<core::GpuModel>> gpuModels() override;
    Result<QString> resolveGpu(const QString &name) override;
    Result<core::GpuAliasResolver> gpuResolver() override;
    // The whole-catalog read (OfferQuery{}) comes from a copy beside the catalog while the
    // catalog has not changed since it was written (OfferCache), and writes one when it can.
    Result<QList<core::Offer>> offers(const core::OfferQuery &query) override;
    Result<core::CatalogInfo> info() override;
    // The same, its offer counts taken from offers, a read of offers(OfferQuery{}) (every
    // offer still listed, flagged ones included: the set info() counts), not counted again.
    Result<core::CatalogInfo> info(const QList<core::Offer> &offers) override;
    Result<QList<core::PricePoint>> priceHistory(const QString &instanceType, const QString &region) override;
    Result<QList<core::FxRate>> fxRates() override;
    Result<QList<core::Calibration>> calibrations() override;
    Result<core::SpendData> spend() override;

    Database &database() { return *m_db; }

private:
    // offers() from the catalog itself (the whole-catalog read goes through its copy first).
    Result<QList<core::Offer>> readOffers(const core::OfferQuery &query);
    Result<core::CatalogInfo> readInfo(const QList<core::Offer> *offers);
    Result<core::GpuAliasResolver *> resolver();

    std::unique_ptr<Database> m_db;
    std::optional<core::GpuAliasResolver> m_resolver;
};

} // namespace gpuplanner::db
