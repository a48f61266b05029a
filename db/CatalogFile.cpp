#include "db/CatalogFile.h"

#include "core/io/BoundedFile.h"
#include "core/io/SafeFileWriter.h"
#include "db/EmbeddedMerge.h"
#include "db/Migrations.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>

namespace gpuplanner::db {

namespace {

// No QFile here, ever: closing any descriptor of the catalog drops every POSIX lock this
// process holds on it, including SQLite's in other threads, and that corrupts the file
// under concurrent writers. stat() is safe; the header is read by SQLite itself (inspect).
Status checkNotEmpty(const QString &path)
{
    if (QFileInfo(path).size() == 0)
        return Error{QStringLiteral("%1: the catalog file is empty").arg(path)};
    return core::success();
}

// The header, schema version and tables always; every page (PRAGMA quick_check, a read of the
// whole file) before a write, so nothing is written into a damaged catalog. A read-only use
// meets a damaged page as SQLite's own "malformed" error on the query that reads it.
Result<int> inspect(const QString &path, bool checkPages)
{
    auto db = Database::open(path, OpenMode::ReadOnly);
    if (!db)
        return db.error();
    if (checkPages) {
        auto check = db.value()->prepare(QStringLiteral("PRAGMA quick_check"));
        if (!check)
            return Error{QStringLiteral("%1: damaged catalog: %2").arg(path, check.errorMessage())};
        if (check.value().step() && check.value().text(0) != u"ok")
            return Error{QStringLiteral("%1: damaged catalog: %2").arg(path, check.value().text(0))};
        if (!check.value().error().isEmpty())
            return Error{QStringLiteral("%1: damaged catalog: %2").arg(path, check.value().error())};
    }
    auto version = db.value()->userVersion();
    if (!version)
        return Error{QStringLiteral("%1: %2").arg(path, version.errorMessage())};
    if (version.value() == 0) {
        return Error{QStringLiteral("%1: an SQLite database but not a GPU Planner catalog (no schema version)")
                         .arg(path)};
    }
    auto providers = db.value()->scalar(
        QStringLiteral("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'offers'"));
    if (!providers || providers.value() == 0)
        return Error{QStringLiteral("%1: an SQLite database but not a GPU Planner catalog (no offers table)").arg(path)};
    if (version.value() > latestSchemaVersion()) {
        return Error{QStringLiteral("%1: catalog schema version %2 is newer than this program supports (%3)")
                         .arg(path)
                         .arg(version.value())
                         .arg(latestSchemaVersion())};
    }
    return version.value();
}

} // namespace

QString userCatalogFileName()
{
    return QStringLiteral("catalog.sqlite");
}

Result<std::unique_ptr<Database>> openCatalogFile(const QString &path, OpenMode mode)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error{QStringLiteral("%1: no such catalog file").arg(path)};
    if (!info.isFile())
        return Error{QStringLiteral("%1: not a file").arg(path)};
    if (auto s = checkNotEmpty(path); !s)
        return s.error();
    auto version = inspect(path, mode != OpenMode::ReadOnly);
    if (!version)
        return version.error();

    const bool needsUpgrade = version.value() < latestSchemaVersion();
    if (needsUpgrade && mode == OpenMode::ReadOnly) {
        if (auto checked = inspect(path, true); !checked) // an upgrade writes: every page first
            return checked.error();
    }
    const OpenMode openMode = (needsUpgrade || mode != OpenMode::ReadOnly) ? OpenMode::ReadWrite : OpenMode::ReadOnly;
    auto db = Database::open(path, openMode);
    if (!db)
        return db.error();
    if (needsUpgrade) {
        if (auto s = migrate(*db.value()); !s)
            return s.error();
    }
    return db;
}

namespace {

// The built-in catalog copied to path, whole or not at all, readable by its user alone (0600);
// refused when something appeared at path meanwhile (expected: empty).
Status copySeed(const QString &seedPath, const QString &path, const QByteArray &expected)
{
    auto seed = core::readBoundedFile(seedPath, qint64(2) * 1024 * 1024 * 1024);
    if (!seed)
        return Error{QStringLiteral("cannot copy the default catalog: %1").arg(seed.errorMessage())};
    core::SafeWriteOptions options;
    options.expectedSha256 = expected;
    return core::writeFileSafely(path, seed.value(), options);
}

} // namespace

Result<QString> ensureUserCatalog(const QString &dataDir, const QString &seedPath)
{
    core::removeStaleTemporaryFiles(dataDir);
    const QString path = QDir(dataDir).filePath(userCatalogFileName());
    if (QFileInfo::exists(path)) {
        // A catalog in a folder the user may not write (a shared or read-only home) still
        // opens for reading; only a refresh or an edit then reports the folder.
        const bool writable = QFileInfo(dataDir).isWritable() && QFileInfo(path).isWritable();
        // Read-only first: the common case (a catalog of this version) writes nothing, so it
        // needs neither a write lock nor the full page check a write does first.
        auto db = openCatalogFile(path, OpenMode::ReadOnly);
        if (!db)
            return db.error();
        // A catalog an earlier version made gains what this version's embedded catalog adds.
        if (writable && embeddedMergeNeeded(*db.value())) {
            db.value().reset();
            auto rw = openCatalogFile(path, OpenMode::ReadWrite);
            if (!rw)
                return rw.error();
            if (auto merged = mergeEmbeddedData(*rw.value(), seedPath); !merged)
                return merged.error();
        }
        return path;
    }
    if (!QDir(dataDir).exists()) {
        if (!QDir().mkpath(dataDir))
            return Error{QStringLiteral("%1: cannot create the data directory for the catalog").arg(dataDir)};
        // The folder holds a user's data (imported bills, calibrations): the user's alone.
        QFile::setPermissions(dataDir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
    const QFileInfo dirInfo(dataDir);
    if (!dirInfo.isDir() || !dirInfo.isWritable())
        return Error{QStringLiteral("%1: the data directory is not writable, so the catalog cannot be created")
                         .arg(dataDir)};

    // Two first runs at once (the app and the CLI, two terminals): one creates, the other
    // waits for it and then opens what it made.
    QLockFile creating(path + QStringLiteral(".create-lock"));
    creating.setStaleLockTime(0);
    if (!creating.tryLock(60000))
        return Error{QStringLiteral("%1: another GPU Planner is still creating the catalog").arg(path)};
    if (!QFileInfo::exists(path)) {
        if (auto copied = copySeed(seedPath, path, QByteArray()); !copied)
            return copied.error();
    }
    auto db = openCatalogFile(path, OpenMode::ReadWrite);
    if (!db)
        return db.error();
    return path;
}

Result<QString> restoreBuiltInCatalog(const QString &path, const QString &seedPath)
{
    const QString aside = QStringLiteral("%1.damaged-%2").arg(path, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    if (QFileInfo::exists(path) && !QFile::rename(path, aside))
        return Error{QStringLiteral("%1: cannot move the file aside to %2; nothing was changed").arg(path, aside)};
    for (const char *suffix : {"-wal", "-shm"}) {
        const QString side = path + QLatin1String(suffix);
        if (QFileInfo::exists(side))
            QFile::rename(side, aside + QLatin1String(suffix));
    }
    if (auto copied = copySeed(seedPath, path, QByteArray()); !copied) {
        QFile::rename(aside, path); // put it back: the user's file stays where it was
        return Error{QStringLiteral("%1; the file was left in place").arg(copied.errorMessage())};
    }
    if (auto db = openCatalogFile(path, OpenMode::ReadWrite); !db)
        return db.error();
    return aside;
}

} // namespace gpuplanner::db
