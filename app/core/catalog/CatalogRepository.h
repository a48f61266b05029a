#pragma once
// CatalogRepository: the port through which core and ui read the offer catalog.
// gpuplanner_db implements it over SQLite; each thread uses its own instance.

#include "core/actuals/SpendRecord.h"
#include "core/calibrate/Calibration.h"
#include "core/catalog/GpuAliasResolver.h"
#include "core/catalog/CatalogInfo.h"
#include "core/catalog/FxRate.h"
#include "core/catalog/GpuModel.h"
#include "core/catalog/Offer.h"
#include "core/catalog/OfferQuery.h"
#include "core/common/Result.h"

#include <QList>

#include <functional>
#include <memory>

namespace gpuplanner::core {

// One recorded price of an offer (a row is appended whenever the price changes).
struct PricePoint
{
    QString provider;
    QString instanceType;
    QString region;
    Billing billing = Billing::OnDemand;
    int termMonths = 0;
    QString upfront;
    double pricePerHour = 0;
    std::optional<double> upfrontFee; // nullopt = not known
    QString currency;
    QString effectiveDate;
    QString recordedAt;
};

class CatalogRepository
{
public:
    virtual ~CatalogRepository() = default;

    virtual Result<QList<GpuModel>> gpuModels() = 0;
    // Resolves what a person types ("H100", "A100-80GB", "NVIDIA A100 80GB") to a canonical id.
    virtual Result<QString> resolveGpu(const QString &name) = 0;
    // The alias table behind resolveGpu, for resolving many names without the repository.
    virtual Result<GpuAliasResolver> gpuResolver() = 0;
    virtual Result<QList<Offer>> offers(const OfferQuery &query) = 0;
    virtual Result<CatalogInfo> info() = 0;
    // The same, its offer counts taken from offers, a read of offers(OfferQuery{}) just made,
    // instead of counted again.
    virtual Result<CatalogInfo> info(const QList<Offer> &offers) = 0;
    // Price history of an instance type in a region (all billing models), oldest first.
    virtual Result<QList<PricePoint>> priceHistory(const QString &instanceType, const QString &region) = 0;
    // The newest stored exchange rate of each currency (as the ECB refresh or the seed wrote them),
    // ordered by currency.
    virtual Result<QList<FxRate>> fxRates() = 0;
    // Stored benchmark-probe runs (`calibrate import`), oldest first.
    virtual Result<QList<Calibration>> calibrations() = 0;
    // Imported actual spend of every project (`actuals import`), with GPUs per instance type.
    virtual Result<SpendData> spend() = 0;
};

// Opens a fresh repository; background jobs call it on their own thread.
using CatalogRepositoryFactory = std::function<Result<std::unique_ptr<CatalogRepository>>()>;

} // namespace gpuplanner::core
