#include "db/SqliteCatalogRepository.h"

#include "db/CalibrationStore.h"
#include "db/SpendStore.h"

#include "db/CatalogFile.h"
#include "db/Migrations.h"
#include "db/OfferCache.h"
#include "db/OfferRows.h"

#include <QDate>
#include <QFileInfo>

namespace gpuplanner::db {

using namespace gpuplanner::core;

SqliteCatalogRepository::SqliteCatalogRepository(std::unique_ptr<Database> db) : m_db(std::move(db)) {}

Result<std::unique_ptr<SqliteCatalogRepository>> SqliteCatalogRepository::openExisting(const QString &path)
{
    auto db = openCatalogFile(path, OpenMode::ReadOnly);
    if (!db)
        return db.error();
    return std::make_unique<SqliteCatalogRepository>(std::move(db).value());
}

Result<QList<GpuModel>> SqliteCatalogRepository::gpuModels()
{
    auto stmt = m_db->prepare(QStringLiteral(
        "SELECT id, spec_name, vendor, kind, form_factor, architecture, memory_gib, memory_bandwidth_gbs, "
        "fp32_tflops, tf32_tflops_dense, fp16_tflops_dense, bf16_tflops_dense, fp8_tflops_dense, "
        "int8_tops_dense, interconnect, nvlink_gbs, tdp_w, release_year, source, note "
        "FROM gpu_models ORDER BY vendor, id"));
    if (!stmt)
        return Error{QStringLiteral("%1: %2").arg(m_db->path(), stmt.errorMessage())};
    QList<GpuModel> list;
    auto &s = stmt.value();
    while (s.step()) {
        GpuModel g;
        g.id = s.text(0);
        g.specName = s.text(1);
        g.vendor = s.text(2);
        g.kind = s.text(3);
        g.formFactor = s.text(4);
        g.architecture = s.text(5);
        g.memoryGib = s.optionalReal(6);
        g.memoryBandwidthGbs = s.optionalReal(7);
        g.fp32Tflops = s.optionalReal(8);
        g.tf32Tflops = s.optionalReal(9);
        g.fp16Tflops = s.optionalReal(10);
        g.bf16Tflops = s.optionalReal(11);
        g.fp8Tflops = s.optionalReal(12);
        g.int8Tops = s.optionalReal(13);
        g.interconnect = s.text(14);
        g.nvlinkGbs = s.optionalReal(15);
        g.tdpW = s.optionalReal(16);
        if (!s.isNull(17))
            g.releaseYear = int(s.integer(17));
        g.source = s.text(18);
        g.note = s.text(19);
        list.append(g);
    }
    if (!s.error().isEmpty())
        return Error{QStringLiteral("%1: %2").arg(m_db->path(), s.error())};
    return list;
}

Result<GpuAliasResolver *> SqliteCatalogRepository::resolver()
{
    if (m_resolver)
        return &*m_resolver;
    auto stmt = m_db->prepare(
        QStringLiteral("SELECT alias, provider_id, instance_pattern, gpu_id, fraction FROM gpu_aliases"));
    if (!stmt)
        return Error{QStringLiteral("%1: %2").arg(m_db->path(), stmt.errorMessage())};
    QList<GpuAlias> aliases;
    while (stmt.value().step()) {
        const auto &s = stmt.value();
        aliases.append(GpuAlias{s.text(0), s.text(1), s.text(2), s.text(3), s.real(4)});
    }
    auto ids = m_db->prepare(QStringLiteral("SELECT id FROM gpu_models"));
    if (!ids)
        return Error{QStringLiteral("%1: %2").arg(m_db->path(), ids.errorMessage())};
    QStringList canonical;
    while (ids.value().step())
        canonical.append(ids.value().text(0));
    m_resolver.emplace(aliases, canonical);
    return &*m_resolver;
}

Result<QString> SqliteCatalogRepository::resolveGpu(const QString &name)
{
    auto r = resolver();
    if (!r)
        return r.error();
    if (auto resolved = r.value()->resolve(name))
        return resolved->gpuId;
    return Error{QStringLiteral("unknown GPU '%1'; run `gpu-planner-cli gpus` to list the known models").arg(name)};
}

Result<GpuAliasResolver> SqliteCatalogRepository::gpuResolver()
{
    auto r = resolver();
    if (!r)
        return r.error();
    return *r.value();
}

namespace {

// The read the planner and the desktop start from: every offer still listed, flagged ones
// included, by price.
bool isWholeCatalog(const OfferQuery &q)
{
    return q.gpus.isEmpty() && q.minGpus <= 0 && q.providers.isEmpty() && q.regionGlob.isEmpty()
        && q.geography.isEmpty() && !q.billing && !q.termMonths && q.upfront.isEmpty() && q.includeSuspect
        && !q.includeUnavailable && !q.maxPriceUsd && q.minGpuMemoryGib <= 0 && q.sort == OfferSort::Price
        && q.limit <= 0;
}

} // namespace

Result<QList<Offer>> SqliteCatalogRepository::offers(const OfferQuery &query)
{
    if (!isWholeCatalog(query) || !QFileInfo(m_db->path()).isFile())
        return readOffers(query);
    // From the copy beside the catalog while it is the catalog's current one (OfferCache).
    const QString cache = offerCachePath(m_db->path());
    const QByteArray key = offerCacheKey(*m_db);
    if (auto cached = readOfferCache(cache, key))
        return std::move(*cached);
    auto read = readOffers(query);
    // Kept only when no change landed during the read (the same token after it as before it),
    // so a copy never holds offers under a key they were not read at.
    if (read && !key.isEmpty() && offerCacheKey(*m_db) == key)
        writeOfferCache(cache, key, read.value());
    return read;
}

Result<QList<Offer>> SqliteCatalogRepository::readOffers(const OfferQuery &query)
{
    QString sql = offerSelect();
    QStringList where;
    if (!query.gpus.isEmpty()) {
        QStringList params;
        for (qsizetype i = 0; i < query.gpus.size(); ++i)
            params.append(QStringLiteral(":gpu%1").arg(i));
        where.append(QStringLiteral("it.gpu_id IN (%1)").arg(params.join(u',')));
    }
    if (query.minGpus > 0)
        where.append(QStringLiteral("it.gpu_count >= :min_gpus"));
    if (!query.providers.isEmpty()) {
        QStringList params;
        for (qsizetype i = 0; i < query.providers.size(); ++i)
            params.append(QStringLiteral(":provider%1").arg(i));
        where.append(QStringLiteral("p.id IN (%1)").arg(params.join(u',')));
    }
    if (!query.regionGlob.isEmpty())
        where.append(QStringLiteral("r.code GLOB :region"));
    if (!query.geography.isEmpty())
        where.append(QStringLiteral("r.geography = :geography COLLATE NOCASE"));
    if (query.billing)
        where.append(QStringLiteral("o.billing = :billing"));
    if (query.termMonths)
        where.append(QStringLiteral("o.term_months = :term"));
    if (!query.upfront.isEmpty())
        where.append(QStringLiteral("o.upfront = :upfront"));
    if (!query.includeUnavailable)
        where.append(QStringLiteral("o.unavailable_since IS NULL"));
    if (!query.includeSuspect)
        where.append(QStringLiteral("NOT EXISTS (SELECT 1 FROM offer_flags f WHERE f.offer_id = o.id)"));
    if (query.maxPriceUsd)
        where.append(QStringLiteral("usd <= :max_price"));
    if (query.minGpuMemoryGib > 0)
        where.append(QStringLiteral("it.gpu_memory_gib / it.gpu_count >= :min_mem"));
    if (!where.isEmpty())
        sql += QStringLiteral("WHERE ") + where.join(QStringLiteral(" AND ")) + u'\n';
    // Ties (one instance under several terms) in a fixed order: billing, term, upfront, class.
    const QString tie = QStringLiteral("p.id, it.name, r.code, o.billing, o.term_months, o.upfront, o.offering_class");
    // The whole catalog by price (the planner's read) is sorted here rather than by SQLite, whose
    // sorter would carry every column of every row through its temporary tree (most of the read's
    // time at 150k offers); the order is the same (sortOffersByPrice).
    const bool sortHere = query.sort == OfferSort::Price && query.limit <= 0;
    switch (query.sort) {
    case OfferSort::Price:
        if (!sortHere)
            sql += QStringLiteral("ORDER BY usd, ") + tie;
        break;
    case OfferSort::PricePerGpu: sql += QStringLiteral("ORDER BY usd / it.gpu_count, ") + tie; break;
    case OfferSort::GpuMemory: sql += QStringLiteral("ORDER BY it.gpu_memory_gib DESC, usd, ") + tie; break;
    }
    if (query.limit > 0)
        sql += QStringLiteral(" LIMIT %1").arg(query.limit);

    auto stmt = m_db->prepare(sql);
    if (!stmt)
        return Error{QStringLiteral("%1: %2").arg(m_db->path(), stmt.errorMessage())};
    auto &s = stmt.value();
    int index = 1;
    for (const QString &gpu : query.gpus)
        s.bind(index++, gpu);
    if (query.minGpus > 0)
        s.bind(index++, query.minGpus);
    for (const QString &p : query.providers)
        s.bind(index++, p);
    if (!query.regionGlob.isEmpty())
        s.bind(index++, query.regionGlob); // shell globs and SQLite GLOB share * ? [..]
    if (!query.geography.isEmpty())
        s.bind(index++, query.geography);
    if (query.billing)
        s.bind(index++, billingId(*query.billing));
    if (query.termMonths)
        s.bind(index++, *query.termMonths);
    if (!query.upfront.isEmpty())
        s.bind(index++, query.upfront);
    if (query.maxPriceUsd)
        s.bind(index++, *query.maxPriceUsd);
    if (query.minGpuMemoryGib > 0)
        s.bind(index++, query.minGpuMemoryGib);

    QList<Offer> list;
    if (query.limit <= 0) {
        // Every row at most: one allocation instead of a list that grows and moves its offers.
        if (auto rows = m_db->scalar(QStringLiteral("SELECT count(*) FROM offers")); rows)
            list.reserve(qsizetype(rows.value()));
    }
    TextPool pool;
    while (s.step())
        readOffer(s, pool, list.emplaceBack());
    if (!s.error().isEmpty())
        return Error{QStringLiteral("%1: %2").arg(m_db->path(), s.error())};
    if (sortHere)
        sortOffersByPrice(list);
    return list;
}

Result<CatalogInfo> SqliteCatalogRepository::info()
{
    return readInfo(nullptr);
}

Result<CatalogInfo> SqliteCatalogRepository::info(const QList<Offer> &offers)
{
    return readInfo(&offers);
}

Result<CatalogInfo> SqliteCatalogRepository::readInfo(const QList<Offer> *offers)
{
    CatalogInfo info;
    info.path = QFileInfo(m_db->path()).absoluteFilePath();
    auto version = m_db->userVersion();
    if (!version)
        return version.error();
    info.schemaVersion = version.value();

    auto fail = [this](const QString &why) { return Error{QStringLiteral("%1: %2").arg(m_db->path(), why)}; };

    auto meta = m_db->prepare(QStringLiteral("SELECT value FROM catalog_meta WHERE key = 'seed_source'"));
    if (!meta)
        return fail(meta.errorMessage());
    if (meta.value().step())
        info.seedSource = meta.value().text(0);

    auto providers = m_db->prepare(QStringLiteral(
        "SELECT id, name, kind, home_currency, data_date, data_note FROM providers ORDER BY id"));
    if (!providers)
        return fail(providers.errorMessage());
    while (providers.value().step()) {
        const auto &s = providers.value();
        info.providers.append(ProviderInfo{s.text(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), {}});
    }
    if (offers) {
        QHash<QString, ProviderInfo *> byId;
        for (ProviderInfo &p : info.providers)
            byId.insert(p.id, &p);
        QHash<QString, QMap<QString, int>> counted; // provider -> billing id -> offers
        for (const Offer &o : *offers)
            counted[o.provider][billingId(o.billing)] += 1;
        for (auto it = counted.cbegin(); it != counted.cend(); ++it) {
            ProviderInfo *p = byId.value(it.key());
            for (auto b = it.value().cbegin(); b != it.value().cend(); ++b) {
                if (p)
                    p->offersByBilling.insert(b.key(), b.value());
                info.offers += b.value();
            }
        }
    } else {
        auto counts = m_db->prepare(QStringLiteral(
            "SELECT it.provider_id, o.billing, count(*) FROM offers o "
            "JOIN instance_types it ON it.id = o.instance_type_id WHERE o.unavailable_since IS NULL GROUP BY 1, 2"));
        if (!counts)
            return fail(counts.errorMessage());
        while (counts.value().step()) {
            const auto &s = counts.value();
            for (ProviderInfo &p : info.providers) {
                if (p.id == s.text(0))
                    p.offersByBilling.insert(s.text(1), int(s.integer(2)));
            }
            info.offers += int(s.integer(2));
        }
    }
    // Where each provider's offers came from and when they were observed (their age counts from it).
    auto sources = m_db->prepare(QStringLiteral(
        "SELECT it.provider_id, o.source_file, substr(o.fetched_at, 1, 10), count(*) FROM offers o "
        "JOIN instance_types it ON it.id = o.instance_type_id WHERE o.unavailable_since IS NULL "
        "GROUP BY 1, 2, 3 ORDER BY 1, 3 DESC, 2"));
    if (!sources)
        return fail(sources.errorMessage());
    while (sources.value().step()) {
        const auto &s = sources.value();
        info.sources.append(SourceInfo{s.text(0), s.text(1), s.text(2), int(s.integer(3))});
    }
    info.asOf = QDate::currentDate().toString(Qt::ISODate);
    auto exclusions = m_db->prepare(QStringLiteral(
        "SELECT provider_id, reason, count(*) FROM import_exclusions WHERE scope IN ('row', 'commitment') "
        "GROUP BY 1, 2 ORDER BY 1, 3 DESC"));
    if (!exclusions)
        return fail(exclusions.errorMessage());
    while (exclusions.value().step()) {
        const auto &s = exclusions.value();
        info.exclusions.append(ExclusionSummary{s.text(0), s.text(1), int(s.integer(2))});
    }
    info.gpuModels = int(m_db->scalar(QStringLiteral("SELECT count(*) FROM gpu_models")).value());
    info.instanceTypes = int(m_db->scalar(QStringLiteral("SELECT count(*) FROM instance_types")).value());
    return info;
}

Result<QList<PricePoint>> SqliteCatalogRepository::priceHistory(const QString &instanceType, const QString &region)
{
    auto stmt = m_db->prepare(QStringLiteral(
        "SELECT it.provider_id, it.name, r.code, o.billing, o.term_months, o.upfront, h.hourly_price, h.upfront_fee, "
        "h.currency, h.effective_date, h.recorded_at FROM price_history h JOIN offers o ON o.id = h.offer_id "
        "JOIN instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
        "WHERE it.name = ? AND r.code = ? ORDER BY o.billing, o.term_months, o.upfront, h.recorded_at, h.id"));
    if (!stmt)
        return Error{QStringLiteral("%1: %2").arg(m_db->path(), stmt.errorMessage())};
    stmt.value().bind(1, instanceType).bind(2, region);
    QList<PricePoint> points;
    while (stmt.value().step()) {
        const auto &s = stmt.value();
        points.append(PricePoint{s.text(0), s.text(1), s.text(2), billingFromId(s.text(3)).value_or(Billing::OnDemand),
                                 int(s.integer(4)), s.text(5), s.real(6), s.optionalReal(7), s.text(8), s.text(9),
                                 s.text(10)});
    }
    if (!stmt.value().error().isEmpty())
        return Error{QStringLiteral("%1: %2").arg(m_db->path(), stmt.value().error())};
    return points;
}

Result<QList<FxRate>> SqliteCatalogRepository::fxRates()
{
    auto stmt = m_db->prepare(QStringLiteral("SELECT currency, rate, date, source FROM fx_latest ORDER BY currency"));
    if (!stmt)
        return Error{QStringLiteral("%1: %2").arg(m_db->path(), stmt.errorMessage())};
    auto &s = stmt.value();
    QList<FxRate> rates;
    while (s.step())
        rates.append(FxRate{s.text(0), s.real(1), s.text(2), s.text(3)});
    if (!s.error().isEmpty())
        return Error{QStringLiteral("%1: %2").arg(m_db->path(), s.error())};
    return rates;
}

Result<QList<core::Calibration>> SqliteCatalogRepository::calibrations()
{
    return loadCalibrations(*m_db);
}

Result<core::SpendData> SqliteCatalogRepository::spend()
{
    core::SpendData data;
    // Summed in SQL per day, currency and kind of line (SpendStore.h): the desktop's actuals need
    // no more, and memory stays bounded by the groups, not the lines imported.
    auto records = allSpendAggregates(*m_db);
    if (!records)
        return records.error();
    auto counts = gpusPerInstanceType(*m_db);
    if (!counts)
        return counts.error();
    data.records = std::move(records).value();
    data.gpusPerInstance = std::move(counts).value();
    return data;
}

} // namespace gpuplanner::db
