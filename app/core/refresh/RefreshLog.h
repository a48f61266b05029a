#pragma once
// RefreshLog: the port through which views read what the last refreshes did, per provider
// (gpuplanner_db reads the catalog's refresh_log table). Each thread opens its own.

#include "core/common/Result.h"
#include "core/refresh/OfferStore.h"

#include <QList>

#include <functional>
#include <memory>

namespace gpuplanner::core {

class RefreshLog
{
public:
    virtual ~RefreshLog() = default;

    // The most recent entry of each provider, newest first.
    virtual Result<QList<RefreshLogEntry>> latestPerProvider() = 0;
};

using RefreshLogFactory = std::function<Result<std::unique_ptr<RefreshLog>>()>;

} // namespace gpuplanner::core
