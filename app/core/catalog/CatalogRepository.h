#pragma once
// CatalogRepository: the port through which core and ui read the offer catalog.
// gpuplanner_db implements it over SQLite; each thread uses its own instance.

#include "core/catalog/CatalogInfo.h"
#include "core/catalog/GpuModel.h"
#include "core/catalog/Offer.h"
#include "core/catalog/OfferQuery.h"
#include "core/common/Result.h"

#include <QList>

#include <functional>
#include <memory>

namespace gpuplanner::core {

class CatalogRepository
{
public:
    virtual ~CatalogRepository() = default;

    virtual Result<QList<GpuModel>> gpuModels() = 0;
    // Resolves what a person types ("H100", "A100-80GB", "NVIDIA A100 80GB") to a canonical id.
    virtual Result<QString> resolveGpu(const QString &name) = 0;
    virtual Result<QList<Offer>> offers(const OfferQuery &query) = 0;
    virtual Result<CatalogInfo> info() = 0;
};

// Opens a fresh repository; background jobs call it on their own thread.
using CatalogRepositoryFactory = std::function<Result<std::unique_ptr<CatalogRepository>>()>;

} // namespace gpuplanner::core
