#include "db/Database.h"

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QThread>
#include <QUrl>

#include <sqlite3.h>

#include <algorithm>

namespace gpuplanner::db {

namespace {

bool needsImmutableRead(const QString &path)
{
    const QFileInfo info(path);
    return info.exists() && !QFileInfo(info.absolutePath()).isWritable()
        && !QFileInfo::exists(path + QStringLiteral("-shm"));
}

// Writers in other processes and threads queue this long; a refresh also holds the catalog's
// write lock (CatalogWriteLock), so a long wait means something is stuck.
constexpr int busyTimeoutMs = 30000;

// A catalog already in WAL (every one this program made) needs nothing. A rollback-journal
// file (the shipped seed, a copied catalog) needs its write lock to switch, and SQLite answers
// "locked" at once, without the busy wait, when another connection writes or switches the same
// file at that moment: deadlock avoidance. A failed try holds no lock, so try again until the
// busy timeout.
Status enableWal(sqlite3 *handle)
{
    const QDeadlineTimer deadline(busyTimeoutMs);
    for (int attempt = 0;; ++attempt) {
        sqlite3_stmt *stmt = nullptr;
        int rc = sqlite3_prepare_v2(handle, "PRAGMA journal_mode = WAL", -1, &stmt, nullptr);
        if (rc == SQLITE_OK) {
            rc = sqlite3_step(stmt);
            if (rc == SQLITE_ROW)
                rc = SQLITE_OK;
        }
        const QString why = QString::fromUtf8(sqlite3_errmsg(handle));
        sqlite3_finalize(stmt);
        if (rc == SQLITE_OK) // "wal", or the old mode where the file system has no shared memory
            return core::success();
        if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED)
            return Error{why};
        if (deadline.hasExpired())
            return Error{why};
        QThread::msleep(std::min(5 + 5 * attempt, 100));
    }
}

} // namespace

Statement::Statement(Statement &&other) noexcept
    : m_db(other.m_db), m_stmt(other.m_stmt), m_error(std::move(other.m_error))
{
    other.m_stmt = nullptr;
}

Statement::~Statement()
{
    if (m_stmt)
        sqlite3_finalize(m_stmt);
}

Statement &Statement::bind(int index, const QString &value)
{
    const QByteArray utf8 = value.toUtf8();
    sqlite3_bind_text(m_stmt, index, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
    return *this;
}

Statement &Statement::bind(int index, double value)
{
    sqlite3_bind_double(m_stmt, index, value);
    return *this;
}

Statement &Statement::bind(int index, qint64 value)
{
    sqlite3_bind_int64(m_stmt, index, value);
    return *this;
}

Statement &Statement::bind(int index, const std::optional<double> &value)
{
    return value ? bind(index, *value) : bindNull(index);
}

Statement &Statement::bindNull(int index)
{
    sqlite3_bind_null(m_stmt, index);
    return *this;
}

bool Statement::step()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc != SQLITE_DONE)
        m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
    return false;
}

Status Statement::exec()
{
    while (step()) {
    }
    if (!m_error.isEmpty())
        return Error{m_error};
    return core::success();
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    m_error.clear();
}

QString Statement::text(int column) const
{
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    return data ? QString::fromUtf8(data, sqlite3_column_bytes(m_stmt, column)) : QString();
}

std::string_view Statement::utf8(int column) const
{
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    return data ? std::string_view(data, std::size_t(sqlite3_column_bytes(m_stmt, column))) : std::string_view();
}

double Statement::real(int column) const
{
    return sqlite3_column_double(m_stmt, column);
}

qint64 Statement::integer(int column) const
{
    return sqlite3_column_int64(m_stmt, column);
}

std::optional<double> Statement::optionalReal(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return real(column);
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

Database::Database(sqlite3 *db, QString path) : m_db(db), m_path(std::move(path)) {}

Database::~Database()
{
    sqlite3_close_v2(m_db);
}

Result<std::unique_ptr<Database>> Database::open(const QString &path, OpenMode mode)
{
    int flags = SQLITE_OPEN_FULLMUTEX;
    switch (mode) {
    case OpenMode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
    case OpenMode::ReadWrite: flags |= SQLITE_OPEN_READWRITE; break;
    case OpenMode::Create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
    }
    QByteArray name = path.toUtf8();
    if (mode == OpenMode::ReadOnly && needsImmutableRead(path)) {
        // A WAL catalog in a folder we cannot write has no -shm to coordinate through:
        // read it as an immutable file (nothing here can write it either).
        flags |= SQLITE_OPEN_URI;
        name = QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath()).toEncoded() + "?immutable=1";
    }
    sqlite3 *handle = nullptr;
    const int rc = sqlite3_open_v2(name.constData(), &handle, flags, nullptr);
    if (rc != SQLITE_OK) {
        const QString why = handle ? QString::fromUtf8(sqlite3_errmsg(handle))
                                   : QString::fromUtf8(sqlite3_errstr(rc));
        sqlite3_close_v2(handle);
        return Error{QStringLiteral("%1: cannot open catalog database: %2").arg(path, why)};
    }
    std::unique_ptr<Database> db(new Database(handle, path));
    sqlite3_busy_timeout(handle, busyTimeoutMs);
    sqlite3_extended_result_codes(handle, 1);

    // Reading the schema fails cleanly on a file that is not SQLite, before anything is written.
    if (auto probe = db->scalar(QStringLiteral("SELECT count(*) FROM sqlite_schema")); !probe) {
        if ((sqlite3_extended_errcode(handle) & 0xff) == SQLITE_NOTADB)
            return Error{QStringLiteral("%1: not an SQLite database, so not a GPU Planner catalog").arg(path)};
        return Error{QStringLiteral("%1: not a usable catalog database (%2)").arg(path, probe.errorMessage())};
    }
    if (auto fk = db->exec(QStringLiteral("PRAGMA foreign_keys = ON")); !fk)
        return Error{QStringLiteral("%1: %2").arg(path, fk.errorMessage())};
    if (mode != OpenMode::ReadOnly) {
        if (auto wal = enableWal(handle); !wal)
            return Error{QStringLiteral("%1: cannot enable WAL: %2").arg(path, wal.errorMessage())};
        (void)db->exec(QStringLiteral("PRAGMA synchronous = NORMAL"));
    }
    return db;
}

Status Database::exec(const QString &sql)
{
    char *message = nullptr;
    const int rc = sqlite3_exec(m_db, sql.toUtf8().constData(), nullptr, nullptr, &message);
    if (rc != SQLITE_OK) {
        QString why = message ? QString::fromUtf8(message) : QString::fromUtf8(sqlite3_errstr(rc));
        sqlite3_free(message);
        return Error{why};
    }
    return core::success();
}

Result<Statement> Database::prepare(const QString &sql)
{
    sqlite3_stmt *stmt = nullptr;
    const QByteArray utf8 = sql.toUtf8();
    const int rc = sqlite3_prepare_v2(m_db, utf8.constData(), int(utf8.size()), &stmt, nullptr);
    if (rc != SQLITE_OK)
        return Error{QString::fromUtf8(sqlite3_errmsg(m_db))};
    return Statement(m_db, stmt);
}

Result<qint64> Database::scalar(const QString &sql)
{
    auto stmt = prepare(sql);
    if (!stmt)
        return stmt.error();
    if (!stmt.value().step()) {
        if (!stmt.value().error().isEmpty())
            return Error{stmt.value().error()};
        return qint64(0);
    }
    return stmt.value().integer(0);
}

qint64 Database::lastInsertId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

Status Database::begin()
{
    return exec(QStringLiteral("BEGIN IMMEDIATE"));
}

Status Database::commit()
{
    return exec(QStringLiteral("COMMIT"));
}

void Database::rollback()
{
    if (!sqlite3_get_autocommit(m_db))
        (void)exec(QStringLiteral("ROLLBACK"));
}

Result<int> Database::userVersion()
{
    auto v = scalar(QStringLiteral("PRAGMA user_version"));
    if (!v)
        return v.error();
    return int(v.value());
}

QString Database::lastError() const
{
    return QString::fromUtf8(sqlite3_errmsg(m_db));
}

Transaction::~Transaction()
{
    if (m_open)
        m_db.rollback();
}

Status Transaction::begin()
{
    auto s = m_db.begin();
    m_open = s.ok();
    return s;
}

Status Transaction::commit()
{
    auto s = m_db.commit();
    if (s)
        m_open = false;
    return s;
}

} // namespace gpuplanner::db
