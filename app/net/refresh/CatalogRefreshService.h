#pragma once
// CatalogRefreshService: core::RefreshService over libcurl and a catalog file: the sources
// of a SourceRegistry, run by a Refresher into SqliteOfferStore-like stores.

#include "core/import/SeedMetadata.h"
#include "core/refresh/RefreshService.h"
#include "net/http/CurlHttpClient.h"
#include "net/refresh/Refresher.h"
#include "net/sources/SourceRegistry.h"

#include <memory>

namespace gpuplanner::net {

class CatalogRefreshService : public core::RefreshService
{
public:
    // stores opens the catalog for each worker thread.
    static core::Result<std::unique_ptr<CatalogRefreshService>> create(const SourceSettings &sources,
                                                                       const HttpClientOptions &http,
                                                                       OfferStoreFactory stores);

    QStringList providers() const override;
    core::Result<QList<core::ProviderOutcome>> refresh(const QStringList &providers, const core::RefreshOptions &options,
                                                       const std::atomic_bool *cancel,
                                                       const core::RefreshProgress &progress) override;

private:
    CatalogRefreshService(std::unique_ptr<SourceRegistry> registry, const HttpClientOptions &http, OfferStoreFactory stores);

    std::unique_ptr<SourceRegistry> m_registry;
    CurlHttpClient m_http;
    OfferStoreFactory m_stores;
};

} // namespace gpuplanner::net
