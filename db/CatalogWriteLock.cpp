#include "db/CatalogWriteLock.h"

#include <QDeadlineTimer>

namespace gpuplanner::db {

CatalogWriteLock::CatalogWriteLock(const QString &catalogPath)
    : m_catalogPath(catalogPath), m_file(lockFilePath(catalogPath))
{
    // A refresh may run for many minutes: only a holder that no longer runs is stale.
    m_file.setStaleLockTime(0);
}

QString CatalogWriteLock::lockFilePath(const QString &catalogPath)
{
    return catalogPath + QStringLiteral(".write-lock");
}

QString CatalogWriteLock::holder() const
{
    qint64 pid = 0;
    QString host;
    QString app;
    if (!m_file.getLockInfo(&pid, &host, &app))
        return QStringLiteral("another GPU Planner");
    return QStringLiteral("%1, pid %2").arg(app.isEmpty() ? QStringLiteral("GPU Planner") : app).arg(pid);
}

core::Status CatalogWriteLock::acquire(std::chrono::milliseconds wait, const std::function<void(const QString &)> &onWait,
                                       const std::atomic_bool *cancel)
{
    if (m_file.tryLock(0))
        return core::success();
    if (m_file.error() != QLockFile::LockFailedError) {
        return core::Error{QStringLiteral("%1: cannot create the lock file that keeps writers apart (%2)")
                               .arg(lockFilePath(m_catalogPath),
                                    m_file.error() == QLockFile::PermissionError ? QStringLiteral("permission denied")
                                                                                 : QStringLiteral("unknown error"))};
    }
    const QString who = holder();
    if (onWait) {
        onWait(QStringLiteral("Another refresh is running (%1); waiting up to %2 s for it to finish")
                   .arg(who)
                   .arg(qint64(wait.count() / 1000)));
    }
    const QDeadlineTimer deadline(wait.count());
    while (!deadline.hasExpired()) {
        if (cancel && cancel->load())
            return core::Error{QStringLiteral("%1: cancelled while waiting for %2").arg(m_catalogPath, who)};
        if (m_file.tryLock(int(std::min<qint64>(200, std::max<qint64>(1, deadline.remainingTime())))))
            return core::success();
    }
    return core::Error{QStringLiteral("%1: another refresh is running (%2); try again when it has finished")
                           .arg(m_catalogPath, who)};
}

LockedRefreshService::LockedRefreshService(std::unique_ptr<core::RefreshService> inner, QString catalogPath,
                                           std::chrono::milliseconds wait)
    : m_inner(std::move(inner)), m_catalogPath(std::move(catalogPath)), m_wait(wait)
{
}

core::Result<QList<core::ProviderOutcome>> LockedRefreshService::refresh(const QStringList &providers,
                                                                         const core::RefreshOptions &options,
                                                                         const std::atomic_bool *cancel,
                                                                         const core::RefreshProgress &progress)
{
    CatalogWriteLock lock(m_catalogPath);
    const auto waiting = [&](const QString &message) {
        if (progress)
            progress(QString(), message, 0, 0);
    };
    if (auto s = lock.acquire(m_wait, waiting, cancel); !s)
        return s.error();
    return m_inner->refresh(providers, options, cancel, progress);
}

} // namespace gpuplanner::db
