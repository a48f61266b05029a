#include "db/SpendStore.h"

#include <QHash>
#include <QPair>
#include <QSet>

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

// With the line's own offset ("Z" or "+08:00"), read back as it was.
QString iso(const QDateTime &t)
{
    return t.toString(Qt::ISODate);
}

Error fail(Database &db, const QString &what, const QString &why)
{
    return Error{QStringLiteral("%1: %2: %3").arg(db.path(), what, why)};
}

// What a re-export of the same bill repeats of a line: everything but the amount (a restatement
// changes amounts) and the project it was filed under.
QString lineIdentity(const QStringList &parts)
{
    return parts.join(QChar(0x1f));
}

QString lineIdentity(const SpendLine &l)
{
    return lineIdentity({l.billingPeriod, iso(l.usageStart), iso(l.usageEnd), l.account, l.service, l.resourceId,
                         l.instanceType, l.sku, kindColumn(l.kind), pricingColumn(l.pricing)});
}

Result<int> dropRestatedLines(Database &db, const BillingFile &file)
{
    QHash<QString, QSet<QString>> identitiesByProvider;
    QSet<QPair<QString, QString>> providerPeriods;
    for (const SpendLine &l : file.lines) {
        identitiesByProvider[l.provider].insert(lineIdentity(l));
        providerPeriods.insert({l.provider, l.billingPeriod});
    }
    auto earlier = db.prepare(QStringLiteral(
        "SELECT import_id, billing_period, usage_start, usage_end, account, service, resource_id, instance_type, sku, "
        "kind, pricing FROM spend_lines WHERE provider = ? AND billing_period = ?"));
    if (!earlier)
        return earlier.error();
    QSet<QPair<qint64, QString>> restated; // (earlier import, period)
    for (const auto &[provider, period] : providerPeriods) {
        const QSet<QString> &ours = identitiesByProvider[provider];
        Statement &s = earlier.value();
        s.reset();
        s.bind(1, provider).bind(2, period);
        while (s.step()) {
            const QStringList columns = {s.text(1), s.text(2), s.text(3), s.text(4), s.text(5),
                                         s.text(6), s.text(7), s.text(8), s.text(9), s.text(10)};
            if (ours.contains(lineIdentity(columns)))
                restated.insert({s.integer(0), s.text(1)});
        }
        if (!s.error().isEmpty())
            return Error{s.error()};
    }
    auto drop = db.prepare(QStringLiteral("DELETE FROM spend_lines WHERE import_id = ? AND billing_period = ?"));
    if (!drop)
        return drop.error();
    int dropped = 0;
    for (const auto &[importId, period] : restated) {
        drop.value().reset();
        drop.value().bind(1, importId).bind(2, period);
        if (auto s = drop.value().exec(); !s)
            return s.error();
        auto changed = db.scalar(QStringLiteral("SELECT changes()"));
        dropped += int(changed ? changed.value() : 0);
    }
    return dropped;
}

} // namespace

Result<SpendImportOutcome> importSpend(Database &db, const BillingFile &file, const QString &project)
{
    SpendImportOutcome outcome;
    const QString sha = QString::fromLatin1(file.sha256.toHex());
    {
        auto existing = db.prepare(QStringLiteral("SELECT id FROM spend_imports WHERE sha256 = ?"));
        if (!existing)
            return existing.error();
        existing.value().bind(1, sha);
        if (existing.value().step()) {
            outcome.importId = existing.value().integer(0);
            outcome.duplicate = true;
            return outcome;
        }
    }
    Transaction tx(db);
    if (auto s = tx.begin(); !s)
        return s.error();
    // A restated period replaces what earlier imports said about it: an earlier import that has
    // any of this file's bill lines in a period (the same lines again, amounts aside) is the same
    // bill, and its lines of that period go. Another part of a split export, another account or
    // a hand-written line shares none and stays.
    auto replaced = dropRestatedLines(db, file);
    if (!replaced)
        return fail(db, file.sourceName, replaced.errorMessage());
    outcome.replacedLines = replaced.value();
    if (auto s = db.exec(QStringLiteral("DELETE FROM spend_imports WHERE id NOT IN (SELECT import_id FROM spend_lines)")); !s)
        return s.error();
    auto header = db.prepare(QStringLiteral("INSERT INTO spend_imports (source_file, sha256, format, project) VALUES (?, ?, ?, ?)"));
    if (!header)
        return header.error();
    header.value().bind(1, file.sourceName).bind(2, sha).bind(3, billingFormatId(file.format)).bind(4, project);
    if (auto s = header.value().exec(); !s)
        return fail(db, file.sourceName, s.errorMessage());
    outcome.importId = db.lastInsertId();
    auto insert = db.prepare(QStringLiteral(
        "INSERT INTO spend_lines (import_id, provider, project, billing_period, usage_start, usage_end, account, service, "
        "resource_id, instance_type, sku, gpu, usage_hours, usage_is_gpu_hours, kind, pricing, amount_micros, currency, "
        "basis, source_row) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!insert)
        return insert.error();
    Statement &s = insert.value();
    for (const SpendLine &l : file.lines) {
        s.reset();
        // --project files every line under the project; otherwise the line's own tag, if any.
        const QString lineProject = project.isEmpty() ? l.project : project;
        s.bind(1, outcome.importId)
            .bind(2, l.provider)
            .bind(3, lineProject)
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
            .bind(20, l.sourceRow);
        if (auto st = s.exec(); !st)
            return fail(db, QStringLiteral("%1 row %2").arg(file.sourceName).arg(l.sourceRow), st.errorMessage());
        ++outcome.lines;
    }
    if (auto st = tx.commit(); !st)
        return st.error();
    outcome.periods = file.periods();
    return outcome;
}

Result<QList<SpendImportInfo>> spendImports(Database &db)
{
    auto stmt = db.prepare(QStringLiteral(
        "SELECT i.id, i.source_file, i.format, i.project, i.imported_at, count(l.id), "
        "coalesce(group_concat(DISTINCT l.billing_period), '') FROM spend_imports i "
        "LEFT JOIN spend_lines l ON l.import_id = i.id GROUP BY i.id ORDER BY i.id"));
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
    auto stmt = db.prepare(QStringLiteral("DELETE FROM spend_imports WHERE id = ?"));
    if (!stmt)
        return stmt.error();
    stmt.value().bind(1, id);
    if (auto s = stmt.value().exec(); !s)
        return s;
    auto changed = db.scalar(QStringLiteral("SELECT changes()"));
    if (!changed)
        return changed.error();
    if (changed.value() == 0)
        return Error{QStringLiteral("no billing import %1 in %2 (see `gpu-planner-cli actuals list`)").arg(id).arg(db.path())};
    return success();
}

namespace {

Result<QList<SpendRecord>> readSpendLines(Database &db, const std::optional<QString> &project)
{
    auto stmt = db.prepare(QStringLiteral(
        "SELECT l.provider, l.project, l.billing_period, l.usage_start, l.usage_end, l.account, l.service, l.resource_id, "
        "l.instance_type, l.sku, l.gpu, l.usage_hours, l.usage_is_gpu_hours, l.kind, l.pricing, l.amount_micros, "
        "l.currency, l.basis, l.source_row, i.source_file FROM spend_lines l JOIN spend_imports i ON i.id = l.import_id "
        "WHERE ?1 IS NULL OR l.project = ?1 ORDER BY l.usage_start, l.id"));
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
