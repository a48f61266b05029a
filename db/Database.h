#pragma once
// Database: one SQLite connection (WAL, foreign keys on) and prepared statements.
// Not thread-safe: each thread opens its own (house rule 5).

#include "core/common/Result.h"

#include <QString>
#include <QVariant>

#include <memory>
#include <optional>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace gpuplanner::db {

using core::Error;
using core::Result;
using core::Status;

class Statement
{
public:
    Statement(sqlite3 *db, sqlite3_stmt *stmt) : m_db(db), m_stmt(stmt) {}
    Statement(Statement &&other) noexcept;
    Statement &operator=(Statement &&) = delete;
    Statement(const Statement &) = delete;
    ~Statement();

    Statement &bind(int index, const QString &value);
    Statement &bind(int index, double value);
    Statement &bind(int index, qint64 value);
    Statement &bind(int index, int value) { return bind(index, qint64(value)); }
    Statement &bind(int index, const std::optional<double> &value);
    Statement &bindNull(int index);

    // Steps once: true when a row is available, false when done. Errors go to error().
    bool step();
    Status exec(); // steps to completion
    void reset();

    QString text(int column) const;
    // The column's text as bytes, valid until the next step (no copy, no conversion); a null
    // data() for NULL.
    std::string_view utf8(int column) const;
    double real(int column) const;
    qint64 integer(int column) const;
    std::optional<double> optionalReal(int column) const;
    bool isNull(int column) const;

    const QString &error() const { return m_error; }

private:
    sqlite3 *m_db;
    sqlite3_stmt *m_stmt;
    QString m_error;
};

enum class OpenMode { ReadOnly, ReadWrite, Create };

class Database
{
public:
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    // Opens path; errors name the file. ReadWrite/Create turn on WAL and foreign keys.
    static Result<std::unique_ptr<Database>> open(const QString &path, OpenMode mode);

    const QString &path() const { return m_path; }
    Status exec(const QString &sql);
    Result<Statement> prepare(const QString &sql);
    Result<qint64> scalar(const QString &sql);
    qint64 lastInsertId() const;

    Status begin();
    Status commit();
    void rollback();

    Result<int> userVersion();
    QString lastError() const;

private:
    Database(sqlite3 *db, QString path);
    sqlite3 *m_db;
    QString m_path;
};

// Undoes a transaction unless commit() was called.
class Transaction
{
public:
    explicit Transaction(Database &db) : m_db(db) {}
    ~Transaction();
    Status begin();
    Status commit();

private:
    Database &m_db;
    bool m_open = false;
};

} // namespace gpuplanner::db
