#include "db/SqliteOfferStore.h"

#include "core/refresh/BatchValidation.h"
#include "db/CatalogFile.h"
#include "db/PriceFlagStore.h"
#include "db/seed/CatalogWriter.h"

#include <QDate>
#include <QHash>
#include <QSet>

#include <algorithm>

namespace gpuplanner::db {

using namespace gpuplanner::core;

namespace {

QString statusId(RefreshStatus status)
{
    switch (status) {
    case RefreshStatus::Ok: return QStringLiteral("ok");
    case RefreshStatus::Failed: return QStringLiteral("failed");
    case RefreshStatus::Cancelled: return QStringLiteral("cancelled");
    }
    return QStringLiteral("failed");
}

QString regionClause(const RefreshScope &scope)
{
    if (scope.regions.isEmpty())
        return {};
    QStringList marks;
    for (qsizetype i = 0; i < scope.regions.size(); ++i)
        marks.append(QStringLiteral("?"));
    return QStringLiteral(" AND r.code IN (%1)").arg(marks.join(u','));
}

ImportBatch withinRegions(const ImportBatch &batch, const QStringList &regions)
{
    const QSet<QString> wanted(regions.cbegin(), regions.cend());
    ImportBatch out = batch;
    out.offers.clear();
    out.kept.clear();
    for (const ImportedOffer &o : batch.offers) {
        if (wanted.contains(o.region))
            out.offers.append(o);
    }
    for (const KeptOffer &k : batch.kept) {
        if (wanted.contains(k.region))
            out.kept.append(k);
    }
    return out;
}

struct Existing
{
    qint64 id = 0;
    double price = 0;
    std::optional<double> upfrontFee;
    QString currency;
    bool available = true;
    QString region;
    QString instanceType;
};

// "a3-ultragpu-8g" -> "a3-ultragpu", "p4d.24xlarge" -> "p4d", "tpu-v5p-8" -> "tpu-v5p": the name a
// person reads for the offers a source left alone.
QString instanceFamily(const QString &instanceType)
{
    const qsizetype cut = std::max(instanceType.lastIndexOf(u'.'), instanceType.lastIndexOf(u'-'));
    return cut > 0 ? instanceType.left(cut) : instanceType;
}

} // namespace

SqliteOfferStore::SqliteOfferStore(std::unique_ptr<Database> db, SeedMetadata reference)
    : m_db(std::move(db)), m_reference(std::move(reference))
{
}

Result<std::unique_ptr<SqliteOfferStore>> SqliteOfferStore::open(const QString &path)
{
    auto db = openCatalogFile(path, OpenMode::ReadWrite);
    if (!db)
        return db.error();
    auto reference = loadSeedMetadata(QStringLiteral(":/reference"));
    if (!reference)
        return reference.error();
    return std::make_unique<SqliteOfferStore>(std::move(db).value(), std::move(reference).value());
}

Result<QList<ImportedInstance>> SqliteOfferStore::instanceTypes(const QString &provider)
{
    auto stmt = m_db->prepare(QStringLiteral(
        "SELECT name, gpu_id, gpu_count, vcpus, memory_gib FROM instance_types WHERE provider_id = ? ORDER BY name"));
    if (!stmt)
        return stmt.error();
    stmt.value().bind(1, provider);
    QList<ImportedInstance> out;
    while (stmt.value().step()) {
        const auto &s = stmt.value();
        out.append(ImportedInstance{provider, s.text(0), s.text(1), s.real(2), s.optionalReal(3), s.optionalReal(4), {}});
    }
    return out;
}

Result<int> SqliteOfferStore::offerCount(const RefreshScope &scope, const QList<Billing> &billings)
{
    QStringList marks;
    for (qsizetype i = 0; i < billings.size(); ++i)
        marks.append(QStringLiteral("?"));
    const QString billingClause =
        billings.isEmpty() ? QString() : QStringLiteral(" AND o.billing IN (%1)").arg(marks.join(u','));
    auto stmt = m_db->prepare(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = "
                                             "o.instance_type_id JOIN regions r ON r.id = o.region_id "
                                             "WHERE it.provider_id = ? AND o.unavailable_since IS NULL")
                              + billingClause + regionClause(scope));
    if (!stmt)
        return stmt.error();
    int index = 1;
    stmt.value().bind(index++, scope.provider);
    for (Billing b : billings)
        stmt.value().bind(index++, billingId(b));
    for (const QString &r : scope.regions)
        stmt.value().bind(index++, r);
    if (!stmt.value().step())
        return Error{stmt.value().error()};
    return int(stmt.value().integer(0));
}

Result<QHash<QString, double>> SqliteOfferStore::latestFxRates()
{
    auto stmt = m_db->prepare(QStringLiteral("SELECT currency, rate FROM fx_latest"));
    if (!stmt)
        return stmt.error();
    QHash<QString, double> rates;
    while (stmt.value().step())
        rates.insert(stmt.value().text(0), stmt.value().real(1));
    if (!stmt.value().error().isEmpty())
        return Error{stmt.value().error()};
    return rates;
}

Status SqliteOfferStore::ensureProvider(const QString &provider)
{
    auto exists = m_db->prepare(QStringLiteral("SELECT count(*) FROM providers WHERE id = ?"));
    if (!exists)
        return exists.error();
    exists.value().bind(1, provider);
    if (exists.value().step() && exists.value().integer(0) > 0)
        return success();
    if (const ProviderMeta *meta = m_reference.provider(provider)) {
        auto insert = m_db->prepare(QStringLiteral(
            "INSERT INTO providers (id, name, kind, home_currency, billing_granularity_s, minimum_billing_s) "
            "VALUES (?, ?, ?, ?, ?, ?)"));
        if (!insert)
            return insert.error();
        insert.value().bind(1, meta->id).bind(2, meta->name).bind(3, meta->kind).bind(4, meta->homeCurrency);
        insert.value().bind(5, qMax(1, meta->granularitySeconds)).bind(6, meta->minimumSeconds);
        return insert.value().exec();
    }
    // Negotiated and on-premise offers come from a user's own provider.
    auto insert = m_db->prepare(QStringLiteral(
        "INSERT INTO providers (id, name, kind, home_currency, billing_granularity_s, minimum_billing_s) "
        "VALUES (?, ?, 'custom', 'USD', 3600, 0)"));
    if (!insert)
        return insert.error();
    insert.value().bind(1, provider).bind(2, provider);
    return insert.value().exec();
}

Result<RefreshCounts> SqliteOfferStore::replaceOffers(const RefreshScope &scope, const ImportBatch &fetched)
{
    // A region-scoped refresh touches those regions only, whatever else the source sent back
    // (Azure's filtered query still returns other regions' items now and then).
    const ImportBatch batch = scope.regions.isEmpty() ? fetched : withinRegions(fetched, scope.regions);
    const QString where = QStringLiteral("%1 (%2)").arg(m_db->path(), scope.provider);
    Transaction tx(*m_db);
    if (auto s = tx.begin(); !s)
        return Error{QStringLiteral("%1: %2").arg(where, s.errorMessage())};
    if (auto s = ensureProvider(scope.provider); !s)
        return Error{QStringLiteral("%1: %2").arg(where, s.errorMessage())};

    QSet<QString> billings;
    for (const ImportedOffer &o : batch.offers)
        billings.insert(billingId(o.billing));

    // What the scope holds now, for the billing models this batch covers (all of them when
    // the batch is complete).
    QHash<QString, Existing> existing;
    if (!billings.isEmpty() || batch.complete) {
        QStringList marks;
        for (qsizetype i = 0; i < billings.size(); ++i)
            marks.append(QStringLiteral("?"));
        const QString billingClause =
            batch.complete ? QString() : QStringLiteral(" AND o.billing IN (%1)").arg(marks.join(u','));
        auto stmt = m_db->prepare(
            QStringLiteral("SELECT o.id, it.name, r.code, o.billing, o.term_months, o.upfront, "
                           "o.hourly_price, o.upfront_fee, o.currency, o.offering_class, o.unavailable_since IS NULL "
                           "FROM offers o "
                           "JOIN instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
                           "WHERE it.provider_id = ?")
            + billingClause + regionClause(scope));
        if (!stmt)
            return Error{QStringLiteral("%1: %2").arg(where, stmt.errorMessage())};
        int index = 1;
        stmt.value().bind(index++, scope.provider);
        if (!batch.complete) {
            for (const QString &b : billings)
                stmt.value().bind(index++, b);
        }
        for (const QString &r : scope.regions)
            stmt.value().bind(index++, r);
        while (stmt.value().step()) {
            const auto &s = stmt.value();
            // By names, not row ids: the batch's offers and its kept (refused) offers match on the same key.
            existing.insert(offerIdentity(s.text(1), s.text(2), s.text(3), int(s.integer(4)), s.text(5), s.text(9)),
                            Existing{s.integer(0), s.real(6), s.optionalReal(7), s.text(8), s.integer(10) != 0, s.text(2),
                                     s.text(1)});
        }
    }

    CatalogWriter writer(*m_db, m_reference);
    RefreshCounts counts;
    QSet<qint64> seen;
    for (const ImportedOffer &o : batch.offers) {
        const QString key = offerIdentity(o);
        const auto it = existing.constFind(key);
        if (it == existing.constEnd() || !it->available) {
            // New, or listed again after its source had dropped it.
            ++counts.added;
        } else if (seen.contains(it->id)) {
            continue;
        } else {
            seen.insert(it->id);
            const bool same = it->price == o.price && it->upfrontFee == o.storedUpfrontFee() && it->currency == o.currency;
            same ? ++counts.unchanged : ++counts.changed;
        }
    }
    if (auto s = writer.writeBatch(batch); !s)
        return Error{QStringLiteral("%1: %2").arg(where, s.errorMessage())};

    // An offer the source no longer lists is marked unavailable, so its price history survives.
    // A complete batch (the custom offers editor) is the user's own list: rows deleted there go.
    const QString since = batch.effectiveDate.isEmpty() ? QDate::currentDate().toString(Qt::ISODate)
                                                        : batch.effectiveDate.left(10);
    auto remove = m_db->prepare(batch.complete
                                    ? QStringLiteral("DELETE FROM offers WHERE id = ?")
                                    : QStringLiteral("UPDATE offers SET unavailable_since = ? WHERE id = ?"));
    if (!remove)
        return Error{QStringLiteral("%1: %2").arg(where, remove.errorMessage())};
    // Offers whose new price was refused keep their previous one.
    QSet<QString> kept;
    for (const KeptOffer &k : batch.kept)
        kept.insert(offerIdentity(k));
    // A region the batch lists nothing for is one the source does not price: left as it was.
    // So is an instance type a source that prices only what it lists has nothing for.
    QSet<QString> covered, typesListed;
    for (const ImportedOffer &o : batch.offers) {
        covered.insert(o.region);
        typesListed.insert(o.instance.name);
    }
    for (const KeptOffer &k : batch.kept) {
        covered.insert(k.region);
        typesListed.insert(k.instance);
    }
    QSet<QString> regionsLeft, familiesLeft;
    for (auto e = existing.cbegin(); e != existing.cend(); ++e) {
        if (seen.contains(e->id) || kept.contains(e.key()) || (!e->available && !batch.complete))
            continue;
        if (!batch.complete && batch.listedTypesOnly && !typesListed.contains(e->instanceType)) {
            ++counts.typesLeftAsTheyWere;
            familiesLeft.insert(instanceFamily(e->instanceType));
            continue;
        }
        if (!batch.complete && !covered.contains(e->region)) {
            ++counts.leftAsTheyWere;
            regionsLeft.insert(e->region);
            continue;
        }
        remove.value().reset();
        if (batch.complete)
            remove.value().bind(1, e->id);
        else
            remove.value().bind(1, since).bind(2, e->id);
        if (auto s = remove.value().exec(); !s)
            return Error{QStringLiteral("%1: %2").arg(where, s.errorMessage())};
        ++counts.removed;
    }

    // New prices change the peers every check compares with: the whole catalog is checked again.
    if (auto s = recheckPrices(*m_db, m_reference.retired); !s)
        return Error{QStringLiteral("%1: %2").arg(where, s.errorMessage())};
    counts.regionsLeft = QStringList(regionsLeft.cbegin(), regionsLeft.cend());
    counts.regionsLeft.sort();
    counts.familiesLeft = QStringList(familiesLeft.cbegin(), familiesLeft.cend());
    counts.familiesLeft.sort();
    if (!batch.effectiveDate.isEmpty()) {
        auto provider = m_db->prepare(QStringLiteral("UPDATE providers SET data_date = ?, data_note = ? WHERE id = ?"));
        if (!provider)
            return Error{QStringLiteral("%1: %2").arg(where, provider.errorMessage())};
        provider.value().bind(1, batch.effectiveDate).bind(2, batch.sourceNote).bind(3, scope.provider);
        if (auto s = provider.value().exec(); !s)
            return Error{QStringLiteral("%1: %2").arg(where, s.errorMessage())};
    }
    if (auto s = tx.commit(); !s)
        return Error{QStringLiteral("%1: %2").arg(where, s.errorMessage())};
    return counts;
}

Status SqliteOfferStore::writeFxRates(const QList<FxRate> &rates)
{
    Transaction tx(*m_db);
    if (auto s = tx.begin(); !s)
        return s;
    CatalogWriter writer(*m_db, m_reference);
    for (const FxRate &r : rates) {
        if (auto s = writer.writeFxRate(r.currency, r.ratePerUsd, r.date, r.source); !s)
            return Error{QStringLiteral("%1: FX rate %2: %3").arg(m_db->path(), r.currency, s.errorMessage())};
    }
    return tx.commit();
}

Status SqliteOfferStore::logRefresh(const RefreshLogEntry &entry)
{
    auto stmt = m_db->prepare(QStringLiteral(
        "INSERT INTO refresh_log (provider_id, started_at, finished_at, status, offers, message) VALUES (?, ?, ?, ?, ?, ?)"));
    if (!stmt)
        return stmt.error();
    stmt.value().bind(1, entry.provider).bind(2, entry.started.toUTC().toString(Qt::ISODate));
    stmt.value().bind(3, entry.finished.toUTC().toString(Qt::ISODate)).bind(4, statusId(entry.status));
    stmt.value().bind(5, entry.offers).bind(6, entry.message);
    return stmt.value().exec();
}

} // namespace gpuplanner::db
