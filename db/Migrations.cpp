#include "db/Migrations.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <algorithm>

namespace gpuplanner::db {

QList<Migration> migrations()
{
    static const QList<Migration> all = [] {
        QList<Migration> list;
        static const QRegularExpression name(QStringLiteral("^(\\d{3})_([a-z0-9_]+)\\.sql$"));
        const QDir dir(QStringLiteral(":/db/migrations"));
        for (const QString &file : dir.entryList(QDir::Files, QDir::Name)) {
            const auto match = name.match(file);
            if (!match.hasMatch())
                continue;
            QFile f(dir.filePath(file));
            if (!f.open(QIODevice::ReadOnly))
                continue;
            list.append(Migration{match.captured(1).toInt(), file, QString::fromUtf8(f.readAll())});
        }
        std::sort(list.begin(), list.end(),
                  [](const Migration &a, const Migration &b) { return a.version < b.version; });
        return list;
    }();
    return all;
}

int latestSchemaVersion()
{
    const auto all = migrations();
    return all.isEmpty() ? 0 : all.constLast().version;
}

Status migrate(Database &db, int targetVersion)
{
    if (targetVersion < 0)
        targetVersion = latestSchemaVersion();
    auto current = db.userVersion();
    if (!current)
        return Error{QStringLiteral("%1: cannot read schema version: %2").arg(db.path(), current.errorMessage())};
    if (current.value() > latestSchemaVersion()) {
        return Error{QStringLiteral("%1: catalog schema version %2 is newer than this program supports (%3); "
                                    "update GPU Planner or choose another catalog")
                         .arg(db.path())
                         .arg(current.value())
                         .arg(latestSchemaVersion())};
    }
    // A migration that rebuilds a table drops the old one; with foreign keys on, that drop would
    // cascade into the rows that reference it (price history). They are off while migrations run
    // (the pragma is a no-op inside a transaction) and checked before each commit.
    const bool pending = std::any_of(migrations().cbegin(), migrations().cend(), [&](const Migration &m) {
        return m.version > current.value() && m.version <= targetVersion;
    });
    if (!pending)
        return core::success();
    if (auto s = db.exec(QStringLiteral("PRAGMA foreign_keys = OFF")); !s)
        return Error{QStringLiteral("%1: %2").arg(db.path(), s.errorMessage())};
    struct ForeignKeysBackOn
    {
        Database &db;
        ~ForeignKeysBackOn() { (void)db.exec(QStringLiteral("PRAGMA foreign_keys = ON")); }
    } restore{db};
    for (const Migration &m : migrations()) {
        if (m.version <= current.value() || m.version > targetVersion)
            continue;
        Transaction tx(db);
        if (auto s = tx.begin(); !s)
            return Error{QStringLiteral("%1: cannot start migration %2: %3").arg(db.path(), m.name, s.errorMessage())};
        // Another process may have upgraded the file while this one waited for the write lock.
        auto now = db.userVersion();
        if (!now)
            return Error{QStringLiteral("%1: cannot read schema version: %2").arg(db.path(), now.errorMessage())};
        if (now.value() >= m.version)
            continue;
        if (auto s = db.exec(m.sql); !s)
            return Error{QStringLiteral("%1: migration %2 failed: %3").arg(db.path(), m.name, s.errorMessage())};
        if (auto broken = db.scalar(QStringLiteral("SELECT count(*) FROM pragma_foreign_key_check")); !broken || broken.value() > 0)
            return Error{QStringLiteral("%1: migration %2 left rows whose references are missing").arg(db.path(), m.name)};
        if (auto s = db.exec(QStringLiteral("PRAGMA user_version = %1").arg(m.version)); !s)
            return Error{QStringLiteral("%1: migration %2: %3").arg(db.path(), m.name, s.errorMessage())};
        if (auto s = tx.commit(); !s)
            return Error{QStringLiteral("%1: migration %2: %3").arg(db.path(), m.name, s.errorMessage())};
    }
    return core::success();
}

} // namespace gpuplanner::db
