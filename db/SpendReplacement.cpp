#include "db/SpendReplacement.h"

namespace gpuplanner::db {

using namespace gpuplanner::core;

namespace {

// What a billed line is, whatever it cost: the same columns as the identity index of 007 and
// the rest of what the bill says about the line. Amounts are left out (a correction changes
// them), and so is the project (a re-import may file the same bill under another).
const QStringList &identityColumns()
{
    static const QStringList columns{
        QStringLiteral("provider"),     QStringLiteral("billing_period"), QStringLiteral("usage_start"),
        QStringLiteral("usage_end"),    QStringLiteral("account"),        QStringLiteral("service"),
        QStringLiteral("resource_id"),  QStringLiteral("instance_type"),  QStringLiteral("sku"),
        QStringLiteral("kind"),         QStringLiteral("pricing"),        QStringLiteral("charge_detail")};
    return columns;
}

// "provider, billing_period, ..."
QString identityList()
{
    return identityColumns().join(QStringLiteral(", "));
}

// "a.provider = b.provider AND ..."
QString identityMatch(const QString &a, const QString &b)
{
    QStringList out;
    for (const QString &c : identityColumns())
        out.append(QStringLiteral("%1.%3 = %2.%3").arg(a, b, c));
    return out.join(QStringLiteral(" AND "));
}

// Runs one statement with the import's id as its parameter; the statement is gone on return, so
// nothing still reads a table that a later statement drops.
Status execFor(Database &db, const QString &sql, qint64 importId)
{
    auto stmt = db.prepare(sql);
    if (!stmt)
        return stmt.error();
    stmt.value().bind(1, importId);
    return stmt.value().exec();
}

// Whether any current line of an earlier import shares a provider and billing period with
// importId's lines.
Result<bool> hasEarlierLines(Database &db, qint64 importId)
{
    auto stmt = db.prepare(QStringLiteral(
        "SELECT EXISTS (SELECT 1 FROM spend_lines WHERE import_id <> ?1 AND replaced_by IS NULL AND "
        "(provider, billing_period) IN (SELECT DISTINCT provider, billing_period FROM spend_lines WHERE import_id = ?1))"));
    if (!stmt)
        return stmt.error();
    stmt.value().bind(1, importId);
    if (!stmt.value().step())
        return Error{stmt.value().error()};
    return stmt.value().integer(0) != 0;
}

} // namespace

Result<QList<SpendReplacement>> replaceCarriedLines(Database &db, qint64 importId)
{
    // A new month or provider, the usual import, has no earlier line to replace: nothing to sort.
    const auto earlier = hasEarlierLines(db, importId);
    if (!earlier)
        return earlier.error();
    if (!earlier.value())
        return QList<SpendReplacement>{};
    // The current lines that share a new line's provider, period, usage start, resource and SKU
    // (the identity index's columns, so a one-line correction reads a few lines, not its whole
    // period), the new lines among them, in one sort by identity: within an identity, the
    // earlier lines are replaced oldest first, as many as the new import carries. Lines it does
    // not carry stay: another part of a split export, a one-line correction or another account's
    // bill replace nothing else. A sort rather than a count per earlier line: the index ends at
    // the SKU, and lines that differ only after it (one instance type each) would each read all
    // that share it.
    const QString mark = QStringLiteral(
        "UPDATE spend_lines SET replaced_by = ?1 WHERE id IN (SELECT id FROM ("
        "  SELECT id, import_id, sum(import_id = ?1) OVER (PARTITION BY %1) AS carried, "
        "    sum(import_id <> ?1) OVER (PARTITION BY %1 ORDER BY id ROWS UNBOUNDED PRECEDING) AS place "
        "  FROM spend_lines WHERE replaced_by IS NULL AND (provider, billing_period, usage_start, resource_id, sku) IN "
        "    (SELECT provider, billing_period, usage_start, resource_id, sku FROM spend_lines WHERE import_id = ?1)) "
        "WHERE import_id <> ?1 AND place <= carried)")
                             .arg(identityList());
    if (auto s = execFor(db, mark, importId); !s)
        return s.error();

    auto report = db.prepare(QStringLiteral(
        "SELECT l.import_id, i.source_file, l.billing_period, count(*) FROM spend_lines l "
        "JOIN spend_imports i ON i.id = l.import_id WHERE l.replaced_by = ? "
        "GROUP BY l.import_id, l.billing_period ORDER BY l.import_id, l.billing_period"));
    if (!report)
        return report.error();
    report.value().bind(1, importId);
    QList<SpendReplacement> replaced;
    Statement &s = report.value();
    while (s.step())
        replaced.append(SpendReplacement{s.integer(0), s.text(1), s.text(2), int(s.integer(3))});
    if (!s.error().isEmpty())
        return Error{s.error()};
    return replaced;
}

Status putBackReplacedLines(Database &db, qint64 importId)
{
    // The heir of a line this import replaced: the import that since replaced this import's own
    // line of the same identity, paired place for place (oldest first) within the identity. Kept
    // in a temporary table so the update below reads pairs made before it changed anything; the
    // caller's transaction takes the table away with it if anything fails.
    if (auto s = db.exec(QStringLiteral(
            "CREATE TEMP TABLE IF NOT EXISTS spend_line_heirs (line_id INTEGER PRIMARY KEY, heir INTEGER NOT NULL);"
            "DELETE FROM temp.spend_line_heirs"));
        !s)
        return s;
    const QString pairs = QStringLiteral(
        "INSERT INTO temp.spend_line_heirs (line_id, heir) SELECT r.id, h.heir FROM "
        "(SELECT id, %1, ROW_NUMBER() OVER (PARTITION BY %1 ORDER BY id) AS place "
        "  FROM spend_lines WHERE replaced_by = ?1) r "
        "JOIN (SELECT replaced_by AS heir, %1, ROW_NUMBER() OVER (PARTITION BY %1 ORDER BY id) AS place "
        "  FROM spend_lines WHERE import_id = ?1 AND replaced_by IS NOT NULL) h "
        "ON %2 AND r.place = h.place")
                              .arg(identityList(), identityMatch(QStringLiteral("r"), QStringLiteral("h")));
    if (auto s = execFor(db, pairs, importId); !s)
        return s;
    // A line without an heir gets NULL: it counts again.
    if (auto s = execFor(db,
                         QStringLiteral("UPDATE spend_lines SET replaced_by = (SELECT heir FROM temp.spend_line_heirs "
                                        "WHERE line_id = spend_lines.id) WHERE replaced_by = ?1"),
                         importId);
        !s)
        return s;
    return db.exec(QStringLiteral("DROP TABLE temp.spend_line_heirs"));
}

} // namespace gpuplanner::db
