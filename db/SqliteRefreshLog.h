#pragma once
// SqliteRefreshLog: core::RefreshLog over a catalog file's refresh_log table (read-only).

#include "core/refresh/RefreshLog.h"
#include "db/Database.h"

#include <memory>

namespace gpuplanner::db {

class SqliteRefreshLog : public core::RefreshLog
{
public:
    explicit SqliteRefreshLog(std::unique_ptr<Database> db);

    static Result<std::unique_ptr<SqliteRefreshLog>> open(const QString &path);
    // A factory for worker threads, each opening its own connection.
    static core::RefreshLogFactory factory(const QString &path);

    Result<QList<core::RefreshLogEntry>> latestPerProvider() override;

private:
    std::unique_ptr<Database> m_db;
};

} // namespace gpuplanner::db
