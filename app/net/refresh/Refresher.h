#pragma once
// Refresher: runs price sources for several providers at once, validates each provider's
// new prices and hands them to an OfferStore (one transaction per provider), logging every
// outcome. A failing or cancelled provider keeps its previous prices; the others go on.

#include "core/refresh/OfferStore.h"
#include "core/refresh/PriceSource.h"
#include "core/refresh/RefreshService.h"

#include <QList>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace gpuplanner::net {

struct RefreshJob
{
    core::PriceSource *source = nullptr;
    QString provider;
};

using core::ProviderOutcome;
using core::RefreshOptions;
using core::RefreshProgress;

// Opens a store for one worker thread (each thread uses its own SQLite connection).
using OfferStoreFactory = std::function<core::Result<std::unique_ptr<core::OfferStore>>()>;

class Refresher
{
public:
    Refresher(core::HttpClient &http, OfferStoreFactory stores);

    QList<ProviderOutcome> run(const QList<RefreshJob> &jobs, const RefreshOptions &options,
                               const std::atomic_bool *cancel = nullptr, const RefreshProgress &progress = {});

private:
    ProviderOutcome runOne(const RefreshJob &job, const RefreshOptions &options, const std::atomic_bool *cancel,
                           const RefreshProgress &progress);

    core::HttpClient &m_http;
    OfferStoreFactory m_stores;
};

} // namespace gpuplanner::net
