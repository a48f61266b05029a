#pragma once
// Migrations: numbered .sql scripts (db/migrations/NNN_name.sql, embedded as resources),
// each applied in its own transaction and recorded in PRAGMA user_version.

#include "db/Database.h"

#include <QList>
#include <QString>

namespace gpuplanner::db {

struct Migration
{
    int version = 0;
    QString name;
    QString sql;
};

// All embedded migrations in version order.
QList<Migration> migrations();
int latestSchemaVersion();

// Applies every migration above the current version up to targetVersion (default: latest).
// Fails, naming the file, when the database is newer than this program knows.
Status migrate(Database &db, int targetVersion = -1);

} // namespace gpuplanner::db
