#include "db/SpendStore.h"

#include "core/common/WorkerQueue.h"
#include "db/SpendReplacement.h"

#include <QHash>
#include <QSet>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace gpuplanner::db {

using namespace gpuplanner::core;
using namespace gpuplanner::core::actuals;

namespace {

// The schema's ids (spend_lines CHECK constraints).
QString kindColumn(ChargeKind k)
{
    switch (k) {
    case ChargeKind::Usage: return QStringLiteral("usage");
    case ChargeKind::Commitment: return QStringLiteral("commitment");
    case ChargeKind::Credit: return QStringLiteral("credit");
    case ChargeKind::Refund: return QStringLiteral("refund");
    case ChargeKind::Tax: return QStringLiteral("tax");
    case ChargeKind::Payment: return QStringLiteral("payment");
    case ChargeKind::Other: break;
    }
    return QStringLiteral("other");
}

ChargeKind kindFromColumn(const QString &s)
{
    for (ChargeKind k : {ChargeKind::Usage, ChargeKind::Commitment, ChargeKind::Credit, ChargeKind::Refund, ChargeKind::Tax,
                         ChargeKind::Payment}) {
        if (kindColumn(k) == s)
            return k;
    }
    return ChargeKind::Other;
}

QString pricingColumn(PricingKind p)
{
    switch (p) {
    case PricingKind::OnDemand: return QStringLiteral("on_demand");
    case PricingKind::Spot: return QStringLiteral("spot");
    case PricingKind::Committed: return QStringLiteral("committed");
    case PricingKind::Unknown: break;
    }
    return QStringLiteral("unknown");
}

PricingKind pricingFromColumn(const QString &s)
{
    for (PricingKind p : {PricingKind::OnDemand, PricingKind::Spot, PricingKind::Committed}) {
        if (pricingColumn(p) == s)
            return p;
    }
    return PricingKind::Unknown;
}

// With the line's own offset ("Z" or "+08:00"), read back as it was: what
// QDateTime::toString(Qt::ISODate) writes (seconds, no fraction), without its cost per line.
QString iso(const QDateTime &t)
{
    const QDate d = t.date();
    if (!t.isValid() || d.year() < 1000 || d.year() > 9999)
        return t.toString(Qt::ISODate);
    const QTime tm = t.time();
    const int offset = t.offsetFromUtc();
    char text[32];
    int n = std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d", d.year(), d.month(), d.day(), tm.hour(),
                          tm.minute(), tm.second());
    if (offset == 0) {
        text[n++] = 'Z';
    } else {
        const int minutes = std::abs(offset) / 60;
        n += std::snprintf(text + n, sizeof text - size_t(n), "%c%02d:%02d", offset < 0 ? '-' : '+', minutes / 60,
                           minutes % 60);
    }
    return QString::fromLatin1(text, n);
}

Error fail(Database &db, const QString &what, const QString &why)
{
    return Error{QStringLiteral("%1: %2: %3").arg(db.path(), what, why)};
}

// Lines into spend_lines as the reader hands them over: in batches of kBatchLines, stored by a
// writer thread while the reader reads the next ones (at most kBatchesAhead batches wait), all in
// the caller's transaction. The first failure is kept; the next add() returns it.
class StoreSink final : public SpendSink
{
public:
    static constexpr std::size_t kBatchLines = 2048;
    static constexpr std::size_t kBatchesAhead = 4;

    StoreSink(Database &db, Statement &insert, qint64 importId, const QString &project, const SpendImportOptions &options)
        : m_db(db), m_insert(insert), m_importId(importId), m_project(project), m_options(options)
    {
        m_batch.reserve(kBatchLines);
    }

    Status add(const SpendLine &l) override
    {
        if (m_failed.load())
            return firstError();
        if (m_options.lineCheck) {
            if (auto refused = m_options.lineCheck(l))
                return *refused;
        }
        m_batch.push_back(l);
        if (m_batch.size() >= kBatchLines)
            handOver();
        return success();
    }

    Status setBasis(const QString &basis) override
    {
        if (auto s = finish(); !s)
            return s;
        auto update = m_db.prepare(QStringLiteral("UPDATE spend_lines SET basis = ? WHERE import_id = ?"));
        if (!update)
            return update.error();
        update.value().bind(1, basis).bind(2, m_importId);
        return update.value().exec();
    }

    // Every line handed over is stored (or the first failure).
    Status finish()
    {
        handOver();
        m_writer.drain();
        return m_failed.load() ? firstError() : success();
    }

    int lines() const { return m_lines; }

private:
    void handOver()
    {
        if (m_batch.empty())
            return;
        m_writer.push(std::move(m_batch));
        m_batch = std::vector<SpendLine>();
        m_batch.reserve(kBatchLines);
    }

    Status firstError()
    {
        std::lock_guard lock(m_errorMutex);
        return m_error;
    }

    // On the writer thread.
    void store(std::vector<SpendLine> &batch)
    {
        for (const SpendLine &l : batch) {
            if (m_failed.load())
                return;
            if (auto s = insert(l); !s) {
                std::lock_guard lock(m_errorMutex);
                m_error = Error{QStringLiteral("row %1: %2").arg(l.sourceRow).arg(s.errorMessage())};
                m_failed.store(true);
                return;
            }
            ++m_lines;
        }
    }

    Status insert(const SpendLine &l)
    {
        Statement &s = m_insert;
        s.reset();
        // --project files every line under the project; otherwise the line's own tag, if any.
        s.bind(1, m_importId)
            .bind(2, l.provider)
            .bind(3, m_project.isEmpty() ? l.project : m_project)
            .bind(4, l.billingPeriod)
            .bind(5, iso(l.usageStart))
            .bind(6, iso(l.usageEnd))
            .bind(7, l.account)
            .bind(8, l.service)
            .bind(9, l.resourceId)
            .bind(10, l.instanceType)
            .bind(11, l.sku)
            .bind(12, l.gpu ? 1 : 0)
            .bind(13, l.usageHours)
            .bind(14, l.usageIsGpuHours ? 1 : 0)
            .bind(15, kindColumn(l.kind))
            .bind(16, pricingColumn(l.pricing))
            .bind(17, l.amountMicros)
            .bind(18, l.currency)
            .bind(19, l.basis)
            .bind(20, l.sourceRow)
            .bind(21, l.chargeDetail)
            .bind(22, l.region);
        return s.exec();
    }

    Database &m_db;
    Statement &m_insert;
    qint64 m_importId;
    QString m_project;
    const SpendImportOptions &m_options;
    std::vector<SpendLine> m_batch;
    int m_lines = 0; // written by the writer, read after drain()
    std::atomic<bool> m_failed{false};
    std::mutex m_errorMutex;
    Status m_error = success();
    WorkerQueue<std::vector<SpendLine>> m_writer{kBatchesAhead, [this](std::vector<SpendLine> &b) { store(b); }};
};

std::optional<qint64> importWithHash(Database &db, const QString &sha)
{
    auto existing = db.prepare(QStringLiteral("SELECT id FROM spend_imports WHERE sha256 = ?"));
    if (!existing)
        return std::nullopt;
    existing.value().bind(1, sha);
    if (existing.value().step())
        return existing.value().integer(0);
    return std::nullopt;
}

} // namespace

Result<SpendImportOutcome> importSpend(Database &db, QIODevice &device, const QString &sourceName, BillingFormat format,
                                       const QString &project, const SpendImportOptions &options)
{
    SpendImportOutcome outcome;
    Transaction tx(db);
    if (auto s = tx.begin(); !s)
        return s.error();
    // The file's hash is known once it is read; until then the import row holds a placeholder
    // that no hash can equal.
    auto header = db.prepare(QStringLiteral("INSERT INTO spend_imports (source_file, sha256, format, project) "
                                            "VALUES (?, 'reading:' || hex(randomblob(16)), ?, ?)"));
    if (!header)
        return header.error();
    header.value().bind(1, sourceName).bind(2, billingFormatId(format)).bind(3, project);
    if (auto s = header.value().exec(); !s)
        return fail(db, sourceName, s.errorMessage());
    outcome.importId = db.lastInsertId();
    auto insert = db.prepare(QStringLiteral(
        "INSERT INTO spend_lines (import_id, provider, project, billing_period, usage_start, usage_end, account, service, "
        "resource_id, instance_type, sku, gpu, usage_hours, usage_is_gpu_hours, kind, pricing, amount_micros, currency, "
        "basis, source_row, charge_detail, region) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!insert)
        return insert.error();
    StoreSink sink(db, insert.value(), outcome.importId, project, options);
    auto read = readBillingExport(device, sourceName, format, sink, options.progress);
    if (!read) {
        (void)sink.finish(); // the writer stops before the transaction rolls back
        return read.error(); // nothing of the file stays
    }
    if (auto stored = sink.finish(); !stored)
        return fail(db, sourceName, stored.errorMessage());
    const QString sha = QString::fromLatin1(read->sha256.toHex());
    if (const auto earlier = importWithHash(db, sha)) {
        SpendImportOutcome duplicate;
        duplicate.importId = *earlier;
        duplicate.duplicate = true;
        duplicate.read = std::move(read).value();
        return duplicate; // rolled back
    }
    auto replaced = replaceCarriedLines(db, outcome.importId);
    if (!replaced)
        return fail(db, sourceName, replaced.errorMessage());
    outcome.replaced = std::move(replaced).value();
    for (const SpendReplacement &r : outcome.replaced)
        outcome.replacedLines += r.lines;
    // Earlier imports left without lines go. Replaced lines still belong to their import (they
    // come back when the import that replaced them is removed, and only their import can take
    // them away for good), so an import whose lines are all replaced stays; since no import
    // deletes lines any more, what this still tidies is an earlier import of a file without lines.
    auto drop = db.prepare(QStringLiteral("DELETE FROM spend_imports WHERE id <> ? AND id NOT IN (SELECT import_id FROM spend_lines)"));
    if (!drop)
        return drop.error();
    drop.value().bind(1, outcome.importId);
    if (auto s = drop.value().exec(); !s)
        return s.error();
    auto finish = db.prepare(QStringLiteral("UPDATE spend_imports SET sha256 = ?, format = ? WHERE id = ?"));
    if (!finish)
        return finish.error();
    finish.value().bind(1, sha).bind(2, billingFormatId(read->format)).bind(3, outcome.importId);
    if (auto s = finish.value().exec(); !s)
        return s.error();
    if (auto st = tx.commit(); !st)
        return st.error();
    outcome.lines = sink.lines();
    outcome.periods = read->periods;
    outcome.read = std::move(read).value();
    return outcome;
}

Result<QList<SpendImportInfo>> spendImports(Database &db)
{
    auto stmt = db.prepare(QStringLiteral(
        "SELECT i.id, i.source_file, i.format, i.project, i.imported_at, count(l.id), "
        "coalesce(group_concat(DISTINCT l.billing_period), '') FROM spend_imports i "
        "LEFT JOIN spend_lines l ON l.import_id = i.id AND l.replaced_by IS NULL GROUP BY i.id ORDER BY i.id"));
    if (!stmt)
        return stmt.error();
    QList<SpendImportInfo> out;
    Statement &s = stmt.value();
    while (s.step()) {
        QStringList periods = s.text(6).split(u',', Qt::SkipEmptyParts);
        periods.sort();
        out.append(SpendImportInfo{s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4), int(s.integer(5)), periods});
    }
    if (!s.error().isEmpty())
        return Error{s.error()};
    return out;
}

Status removeSpendImport(Database &db, qint64 id)
{
    const auto failed = [&](const QString &why) {
        return Error{QStringLiteral("%1: billing import %2: %3").arg(db.path()).arg(id).arg(why)};
    };
    Transaction tx(db);
    if (auto s = tx.begin(); !s)
        return failed(s.errorMessage());
    // Its lines go with it (ON DELETE CASCADE); the lines it replaced must not: they are put
    // back first, in the same transaction, so no moment counts neither or both.
    if (auto s = putBackReplacedLines(db, id); !s)
        return failed(s.errorMessage());
    auto stmt = db.prepare(QStringLiteral("DELETE FROM spend_imports WHERE id = ?"));
    if (!stmt)
        return failed(stmt.errorMessage());
    stmt.value().bind(1, id);
    if (auto s = stmt.value().exec(); !s)
        return failed(s.errorMessage());
    auto changed = db.scalar(QStringLiteral("SELECT changes()"));
    if (!changed)
        return failed(changed.errorMessage());
    if (changed.value() == 0)
        return Error{QStringLiteral("no billing import %1 in %2 (see `gpu-planner-cli actuals list`)").arg(id).arg(db.path())};
    if (auto s = tx.commit(); !s)
        return failed(s.errorMessage());
    return success();
}

namespace {

Result<QList<SpendRecord>> readSpendLines(Database &db, const std::optional<QString> &project)
{
    auto stmt = db.prepare(QStringLiteral(
        "SELECT l.provider, l.project, l.billing_period, l.usage_start, l.usage_end, l.account, l.service, l.resource_id, "
        "l.instance_type, l.sku, l.gpu, l.usage_hours, l.usage_is_gpu_hours, l.kind, l.pricing, l.amount_micros, "
        "l.currency, l.basis, l.source_row, i.source_file, l.region FROM spend_lines l JOIN spend_imports i ON i.id = l.import_id "
        "WHERE (?1 IS NULL OR l.project = ?1) AND l.replaced_by IS NULL ORDER BY l.usage_start, l.id"));
    if (!stmt)
        return stmt.error();
    if (project)
        stmt.value().bind(1, *project);
    else
        stmt.value().bindNull(1);
    QList<SpendRecord> out;
    Statement &s = stmt.value();
    while (s.step()) {
        SpendLine l;
        l.provider = s.text(0);
        l.project = s.text(1);
        l.billingPeriod = s.text(2);
        l.usageStart = QDateTime::fromString(s.text(3), Qt::ISODate); // its own offset, as stored
        l.usageEnd = QDateTime::fromString(s.text(4), Qt::ISODate);
        l.account = s.text(5);
        l.service = s.text(6);
        l.resourceId = s.text(7);
        l.instanceType = s.text(8);
        l.sku = s.text(9);
        l.gpu = s.integer(10) != 0;
        l.usageHours = s.real(11);
        l.usageIsGpuHours = s.integer(12) != 0;
        l.kind = kindFromColumn(s.text(13));
        l.pricing = pricingFromColumn(s.text(14));
        l.amountMicros = s.integer(15);
        l.currency = s.text(16);
        l.basis = s.text(17);
        l.sourceRow = int(s.integer(18));
        l.region = s.text(20);
        out.append(SpendRecord{std::move(l), s.text(19)});
    }
    if (!s.error().isEmpty())
        return Error{s.error()};
    return out;
}

} // namespace

Result<QList<SpendRecord>> spendLines(Database &db, const QString &project)
{
    return readSpendLines(db, project);
}

Result<QList<SpendRecord>> allSpendLines(Database &db)
{
    return readSpendLines(db, std::nullopt);
}

namespace {

// The lines of readSpendLines summed per group of what comparePlanToActuals reads, so the
// timeline over any number of lines holds one record per group: the bill's day of the start and
// of the (exclusive) end with whether the end is past midnight (the days a line covers), each
// with its offset text (what the date is read in), currency, kind, basis, provider, whether it
// is a GPU line counted in GPU-hours, the sign of its hours (lines of no hours count none) and
// the instance type where the GPU count is looked up by it. The instance type is grouped as
// written, not by SQLite's lower() (ASCII only): the comparison lowercases it as for a line. The
// MIN() key is the first line in readSpendLines' order (usage_start, then id; char(1) sorts
// below any character of a date, the id is zero-padded), and with one MIN() SQLite takes the
// bare columns from that row: the group's dates to read and its file and row for messages.
// Sorted by that key, the first group with an error holds the first line with one.
Result<QList<SpendRecord>> readSpendAggregates(Database &db, const std::optional<QString> &project)
{
    // Not through QString::arg: printf's '%020d' reads as a place marker.
    const QString instance = QStringLiteral("CASE WHEN l.kind = 'usage' AND l.gpu = 1 AND l.usage_hours > 0 "
                                            "AND l.usage_is_gpu_hours = 0 THEN l.instance_type ELSE '' END");
    auto stmt = db.prepare(
        QStringLiteral("SELECT min(l.usage_start || char(1) || printf('%020d', l.id)), l.usage_start, l.usage_end, "
                       "l.source_row, i.source_file, l.project, l.provider, l.kind, l.currency, l.basis, l.gpu, "
                       "l.usage_is_gpu_hours, ")
        + instance
        + QStringLiteral(", sum(l.amount_micros), sum(l.usage_hours), count(*) FROM spend_lines l "
                         "JOIN spend_imports i ON i.id = l.import_id "
                         "WHERE (?1 IS NULL OR l.project = ?1) AND l.replaced_by IS NULL "
                         "GROUP BY l.project, substr(l.usage_start, 1, 10), substr(l.usage_start, 20), "
                         "substr(l.usage_end, 1, 10), substr(l.usage_end, 12, 8) = '00:00:00', substr(l.usage_end, 20), "
                         "l.currency, l.kind, l.basis, l.provider, l.gpu, l.usage_is_gpu_hours, l.usage_hours > 0, ")
        + instance + QStringLiteral(" ORDER BY 1"));
    if (!stmt)
        return stmt.error();
    if (project)
        stmt.value().bind(1, *project);
    else
        stmt.value().bindNull(1);
    QList<SpendRecord> out;
    Statement &s = stmt.value();
    while (s.step()) {
        SpendLine l;
        l.usageStart = QDateTime::fromString(s.text(1), Qt::ISODate); // as readSpendLines reads it
        l.usageEnd = QDateTime::fromString(s.text(2), Qt::ISODate);
        l.sourceRow = int(s.integer(3));
        l.project = s.text(5);
        l.provider = s.text(6);
        l.kind = kindFromColumn(s.text(7));
        l.currency = s.text(8);
        l.basis = s.text(9);
        l.gpu = s.integer(10) != 0;
        l.usageIsGpuHours = s.integer(11) != 0;
        l.instanceType = s.text(12);
        l.amountMicros = s.integer(13);
        l.usageHours = s.real(14);
        out.append(SpendRecord{std::move(l), s.text(4), int(s.integer(15))});
    }
    if (!s.error().isEmpty())
        return Error{s.error()};
    return out;
}

} // namespace

Result<QList<SpendRecord>> spendAggregates(Database &db, const QString &project)
{
    return readSpendAggregates(db, project);
}

Result<QList<SpendRecord>> allSpendAggregates(Database &db)
{
    return readSpendAggregates(db, std::nullopt);
}

Result<QHash<QString, double>> gpusPerInstanceType(Database &db)
{
    auto stmt = db.prepare(QStringLiteral("SELECT lower(name), max(gpu_count) FROM instance_types GROUP BY lower(name)"));
    if (!stmt)
        return stmt.error();
    QHash<QString, double> out;
    while (stmt.value().step())
        out.insert(stmt.value().text(0), stmt.value().real(1));
    return out;
}

} // namespace gpuplanner::db
