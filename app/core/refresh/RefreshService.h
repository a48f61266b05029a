#pragma once
// RefreshService: the port through which the desktop app refreshes prices without knowing
// about HTTP or SQLite (gpuplanner_net implements it). Blocking: run it off the GUI thread.

#include "core/refresh/OfferStore.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>

namespace gpuplanner::core {

struct RefreshOptions
{
    bool force = false;  // accept a collapse of the offer count
    QStringList regions; // empty = all
    int parallelism = 4;
};

struct ProviderOutcome
{
    QString provider;
    RefreshStatus status = RefreshStatus::Ok;
    RefreshCounts counts;
    int offers = 0;
    int fxRates = 0;
    QString error;
    // Offers whose new price was refused and kept the old one, duplicates ignored (ScreeningReport::summary).
    QString screening;
};

// provider, status line, bytes done, bytes total; called from worker threads.
using RefreshProgress = std::function<void(const QString &provider, const QString &status, qint64 done, qint64 total)>;

class RefreshService
{
public:
    virtual ~RefreshService() = default;

    // Providers this service can refresh (FX rates included as "ecb").
    virtual QStringList providers() const = 0;
    // Refreshes the given providers (all when empty); each succeeds or fails on its own.
    virtual Result<QList<ProviderOutcome>> refresh(const QStringList &providers, const RefreshOptions &options,
                                                   const std::atomic_bool *cancel, const RefreshProgress &progress) = 0;
};

} // namespace gpuplanner::core
