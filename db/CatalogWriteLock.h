#pragma once
// CatalogWriteLock: admits one refresh or import at a time to a catalog, across processes
// (the desktop app and any number of CLI runs), through a lock file beside the catalog.
// Never a descriptor on the catalog itself: closing one drops SQLite's POSIX locks.
// A holder killed with -9 leaves a stale lock file that the next writer takes over.

#include "core/common/Result.h"
#include "core/refresh/RefreshService.h"

#include <QLockFile>
#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>

namespace gpuplanner::db {

class CatalogWriteLock
{
public:
    explicit CatalogWriteLock(const QString &catalogPath);

    // Takes the lock, waiting up to wait. When another writer holds it, onWait is called
    // once with a sentence naming that writer before waiting; cancel stops the wait.
    core::Status acquire(std::chrono::milliseconds wait, const std::function<void(const QString &)> &onWait = {},
                         const std::atomic_bool *cancel = nullptr);
    bool isLocked() const { return m_file.isLocked(); }

    static QString lockFilePath(const QString &catalogPath);

private:
    QString holder() const;

    QString m_catalogPath;
    QLockFile m_file;
};

// A RefreshService that holds the catalog's write lock while the wrapped one refreshes;
// the wait is reported through the progress callback (provider empty).
class LockedRefreshService : public core::RefreshService
{
public:
    LockedRefreshService(std::unique_ptr<core::RefreshService> inner, QString catalogPath,
                         std::chrono::milliseconds wait);

    QStringList providers() const override { return m_inner->providers(); }
    core::Result<QList<core::ProviderOutcome>> refresh(const QStringList &providers, const core::RefreshOptions &options,
                                                       const std::atomic_bool *cancel,
                                                       const core::RefreshProgress &progress) override;

private:
    std::unique_ptr<core::RefreshService> m_inner;
    QString m_catalogPath;
    std::chrono::milliseconds m_wait;
};

} // namespace gpuplanner::db
