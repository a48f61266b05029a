#include "db/SqliteRefreshLog.h"

#include "db/CatalogFile.h"

#include <QDateTime>

namespace gpuplanner::db {

using namespace gpuplanner::core;

namespace {

RefreshStatus statusFromId(const QString &id)
{
    if (id == u"ok")
        return RefreshStatus::Ok;
    if (id == u"cancelled")
        return RefreshStatus::Cancelled;
    return RefreshStatus::Failed; // failed, partial, or a run that never finished
}

} // namespace

SqliteRefreshLog::SqliteRefreshLog(std::unique_ptr<Database> db) : m_db(std::move(db)) {}

Result<std::unique_ptr<SqliteRefreshLog>> SqliteRefreshLog::open(const QString &path)
{
    auto db = openCatalogFile(path, OpenMode::ReadOnly);
    if (!db)
        return db.error();
    return std::make_unique<SqliteRefreshLog>(std::move(db).value());
}

RefreshLogFactory SqliteRefreshLog::factory(const QString &path)
{
    return [path]() -> Result<std::unique_ptr<RefreshLog>> {
        auto log = open(path);
        if (!log)
            return log.error();
        return std::unique_ptr<RefreshLog>(std::move(log).value());
    };
}

Result<QList<RefreshLogEntry>> SqliteRefreshLog::latestPerProvider()
{
    // The newest row per provider (id breaks ties between runs logged in the same second).
    auto stmt = m_db->prepare(QStringLiteral(
        "SELECT provider_id, started_at, finished_at, status, offers, message FROM refresh_log r "
        "WHERE id = (SELECT MAX(id) FROM refresh_log s WHERE s.provider_id IS r.provider_id) "
        "ORDER BY started_at DESC, provider_id"));
    if (!stmt)
        return Error{QStringLiteral("%1: %2").arg(m_db->path(), stmt.errorMessage())};
    QList<RefreshLogEntry> entries;
    auto &s = stmt.value();
    while (s.step()) {
        RefreshLogEntry e;
        e.provider = s.text(0);
        e.started = QDateTime::fromString(s.text(1), Qt::ISODate);
        e.finished = QDateTime::fromString(s.text(2), Qt::ISODate);
        e.status = statusFromId(s.text(3));
        e.offers = int(s.integer(4));
        e.message = s.text(5);
        entries.append(e);
    }
    if (!s.error().isEmpty())
        return Error{QStringLiteral("%1: refresh_log: %2").arg(m_db->path(), s.error())};
    return entries;
}

} // namespace gpuplanner::db
