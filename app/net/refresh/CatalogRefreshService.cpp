#include "net/refresh/CatalogRefreshService.h"

namespace gpuplanner::net {

using namespace gpuplanner::core;

CatalogRefreshService::CatalogRefreshService(std::unique_ptr<SourceRegistry> registry, const HttpClientOptions &http,
                                             OfferStoreFactory stores)
    : m_registry(std::move(registry)), m_http(http), m_stores(std::move(stores))
{
}

Result<std::unique_ptr<CatalogRefreshService>> CatalogRefreshService::create(const SourceSettings &sources,
                                                                            const HttpClientOptions &http,
                                                                            OfferStoreFactory stores)
{
    auto reference = loadSeedMetadata(QStringLiteral(":/reference"));
    if (!reference)
        return reference.error();
    auto registry = SourceRegistry::create(sources, reference.value());
    if (!registry)
        return registry.error();
    return std::unique_ptr<CatalogRefreshService>(
        new CatalogRefreshService(std::move(registry).value(), http, std::move(stores)));
}

QStringList CatalogRefreshService::providers() const
{
    auto jobs = m_registry->jobs({});
    QStringList list;
    if (jobs) {
        for (const RefreshJob &job : jobs.value())
            list.append(job.provider);
    }
    return list;
}

Result<QList<ProviderOutcome>> CatalogRefreshService::refresh(const QStringList &providers, const RefreshOptions &options,
                                                              const std::atomic_bool *cancel,
                                                              const RefreshProgress &progress)
{
    auto jobs = m_registry->jobs(providers);
    if (!jobs)
        return jobs.error();
    Refresher refresher(m_http, m_stores);
    return refresher.run(jobs.value(), options, cancel, progress);
}

} // namespace gpuplanner::net
