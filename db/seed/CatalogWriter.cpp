#include "db/seed/CatalogWriter.h"

#include <QDateTime>

#include "db/Migrations.h"
#include "db/EmbeddedMerge.h"
#include "db/PriceFlagStore.h"
#include "core/cost/Money.h"
#include "core/import/CatalogSources.h"
#include "core/import/CommitmentsImporter.h"
#include "core/import/GcpCyclenerdImporter.h"
#include "core/import/PriceTableImporter.h"
#include "core/import/SkyPilotImporter.h"
#include "core/io/CsvReader.h"

#include <QCryptographicHash>
#include <QDate>
#include <QDir>
#include <QFile>
#include <QSet>

namespace gpuplanner::db {

namespace {

// When the import ran: now, or SOURCE_DATE_EPOCH (the reproducible-builds convention) when set,
// so that the embedded catalog built from the same files is the same file byte for byte.
QString importTime()
{
    bool ok = false;
    const qint64 epoch = qEnvironmentVariable("SOURCE_DATE_EPOCH").toLongLong(&ok);
    const QDateTime at = ok && epoch >= 0 ? QDateTime::fromSecsSinceEpoch(epoch, Qt::UTC) : QDateTime::currentDateTimeUtc();
    return at.toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss'Z'"));
}

} // namespace


using namespace gpuplanner::core;

namespace {

Error sqlError(const Database &db, const QString &what, const QString &why)
{
    return Error{QStringLiteral("%1: %2: %3").arg(db.path(), what, why)};
}

// Fills in interconnect, network and RDMA from instance-specs.csv, else infers the
// intra-node interconnect from the GPU's form factor (HGX boards: 8 SXM GPUs on NVSwitch).
struct InstanceHardware
{
    QString interconnect;
    std::optional<double> networkGbps;
    QString rdma = QStringLiteral("none");
    QString source;
};

InstanceHardware instanceHardware(const SeedMetadata &meta, const ImportedInstance &instance)
{
    if (const InstanceSpec *spec = meta.instanceSpec(instance.provider, instance.name))
        return {spec->interconnect, spec->networkGbps, spec->rdma.isEmpty() ? QStringLiteral("none") : spec->rdma,
                spec->source};
    const GpuModel *model = meta.gpuModel(instance.gpuId);
    const bool sxm = model && model->formFactor == u"SXM";
    InstanceHardware hw;
    if (instance.gpuCount >= 8 && sxm)
        hw.interconnect = QStringLiteral("NVSwitch");
    else if (instance.gpuCount >= 2 && sxm)
        hw.interconnect = QStringLiteral("NVLink");
    else if (instance.gpuCount >= 2)
        hw.interconnect = QStringLiteral("PCIe");
    if (!hw.interconnect.isEmpty())
        hw.source = QStringLiteral("inferred from the GPU form factor and count");
    return hw;
}

} // namespace

Status CatalogWriter::writeReferenceData()
{
    auto providers = m_db.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO providers (id, name, kind, home_currency, billing_granularity_s, minimum_billing_s, "
        "data_date, data_note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!providers)
        return sqlError(m_db, QStringLiteral("providers"), providers.errorMessage());
    for (const ProviderMeta &p : m_meta.providers) {
        auto &s = providers.value();
        s.reset();
        s.bind(1, p.id).bind(2, p.name).bind(3, p.kind).bind(4, p.homeCurrency);
        s.bind(5, qMax(1, p.granularitySeconds)).bind(6, p.minimumSeconds).bind(7, p.dataDate).bind(8, p.dataNote);
        if (auto r = s.exec(); !r)
            return sqlError(m_db, QStringLiteral("provider %1").arg(p.id), r.errorMessage());
    }

    for (const RegionMeta &r : m_meta.regions) {
        if (!m_meta.provider(r.provider))
            return Error{QStringLiteral("regions.csv: provider '%1' of region '%2' is not in providers.csv")
                             .arg(r.provider, r.code)};
    }
    auto regions = m_db.prepare(QStringLiteral(
        "INSERT INTO regions (provider_id, code, name, geography, name_zh) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (provider_id, code) DO UPDATE SET name = excluded.name, geography = excluded.geography, "
        "name_zh = excluded.name_zh"));
    if (!regions)
        return sqlError(m_db, QStringLiteral("regions"), regions.errorMessage());
    for (const RegionMeta &r : m_meta.regions) {
        auto &s = regions.value();
        s.reset();
        s.bind(1, r.provider).bind(2, r.code).bind(3, r.name.isEmpty() ? r.code : r.name).bind(4, r.geography).bind(5, r.nameZh);
        if (auto e = s.exec(); !e)
            return sqlError(m_db, QStringLiteral("region %1/%2").arg(r.provider, r.code), e.errorMessage());
    }

    auto models = m_db.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO gpu_models (id, spec_name, vendor, kind, form_factor, architecture, memory_gib, "
        "memory_bandwidth_gbs, fp32_tflops, tf32_tflops_dense, fp16_tflops_dense, bf16_tflops_dense, "
        "fp8_tflops_dense, int8_tops_dense, interconnect, nvlink_gbs, tdp_w, release_year, source, note) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!models)
        return sqlError(m_db, QStringLiteral("gpu_models"), models.errorMessage());
    for (const GpuModel &g : m_meta.gpuModels) {
        auto &s = models.value();
        s.reset();
        s.bind(1, g.id).bind(2, g.specName).bind(3, g.vendor).bind(4, g.kind).bind(5, g.formFactor);
        s.bind(6, g.architecture).bind(7, g.memoryGib).bind(8, g.memoryBandwidthGbs).bind(9, g.fp32Tflops);
        s.bind(10, g.tf32Tflops).bind(11, g.fp16Tflops).bind(12, g.bf16Tflops).bind(13, g.fp8Tflops);
        s.bind(14, g.int8Tops).bind(15, g.interconnect).bind(16, g.nvlinkGbs).bind(17, g.tdpW);
        if (g.releaseYear)
            s.bind(18, *g.releaseYear);
        else
            s.bindNull(18);
        s.bind(19, g.source).bind(20, g.note);
        if (auto e = s.exec(); !e)
            return sqlError(m_db, QStringLiteral("GPU model %1").arg(g.id), e.errorMessage());
    }

    auto aliases = m_db.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO gpu_aliases (alias, provider_id, instance_pattern, gpu_id, fraction) "
        "VALUES (?, ?, ?, ?, ?)"));
    if (!aliases)
        return sqlError(m_db, QStringLiteral("gpu_aliases"), aliases.errorMessage());
    for (const GpuAlias &a : m_meta.aliases) {
        auto &s = aliases.value();
        s.reset();
        s.bind(1, a.alias).bind(2, a.provider.isEmpty() ? QStringLiteral("*") : a.provider);
        s.bind(3, a.instancePattern.isEmpty() ? QStringLiteral("*") : a.instancePattern);
        s.bind(4, a.gpuId).bind(5, a.fraction);
        if (auto e = s.exec(); !e)
            return sqlError(m_db, QStringLiteral("alias %1").arg(a.alias), e.errorMessage());
    }
    return success();
}

Result<qint64> CatalogWriter::regionId(const QString &provider, const QString &code)
{
    const QString key = provider + u'|' + code;
    if (auto it = m_regionIds.constFind(key); it != m_regionIds.constEnd())
        return *it;
    // Regions missing from regions.csv are kept, marked Unknown, rather than dropping offers.
    auto insert = m_db.prepare(QStringLiteral(
        "INSERT OR IGNORE INTO regions (provider_id, code, name, geography) VALUES (?, ?, ?, 'Unknown')"));
    if (!insert)
        return insert.error();
    insert.value().bind(1, provider).bind(2, code).bind(3, code);
    if (auto e = insert.value().exec(); !e)
        return sqlError(m_db, QStringLiteral("region %1/%2").arg(provider, code), e.errorMessage());
    auto select = m_db.prepare(QStringLiteral("SELECT id FROM regions WHERE provider_id = ? AND code = ?"));
    if (!select)
        return select.error();
    select.value().bind(1, provider).bind(2, code);
    if (!select.value().step())
        return Error{QStringLiteral("region %1/%2 not found after insert").arg(provider, code)};
    const qint64 id = select.value().integer(0);
    m_regionIds.insert(key, id);
    return id;
}

Result<qint64> CatalogWriter::instanceTypeId(const ImportedInstance &in)
{
    const QString key = QStringList{in.provider, in.name, in.gpuId, QString::number(in.gpuCount),
                                    QString::number(in.vcpus.value_or(-1)), QString::number(in.memoryGib.value_or(-1))}
                            .join(u'|');
    if (auto it = m_instanceIds.constFind(key); it != m_instanceIds.constEnd())
        return *it;
    const GpuModel *model = m_meta.gpuModel(in.gpuId);
    const double gpuMemory = model && model->memoryGib ? *model->memoryGib * in.gpuCount : 0.0;
    const InstanceHardware hw = instanceHardware(m_meta, in);

    auto select = m_db.prepare(QStringLiteral(
        "SELECT id FROM instance_types WHERE provider_id = ? AND name = ? AND gpu_id = ? AND gpu_count = ? "
        "AND vcpus IS ? AND memory_gib IS ?"));
    if (!select)
        return select.error();
    select.value().bind(1, in.provider).bind(2, in.name).bind(3, in.gpuId).bind(4, in.gpuCount);
    select.value().bind(5, in.vcpus).bind(6, in.memoryGib);
    qint64 id = 0;
    if (select.value().step()) {
        id = select.value().integer(0);
        if (in.listedGpuMemoryGib) {
            auto update = m_db.prepare(QStringLiteral("UPDATE instance_types SET listed_gpu_memory_gib = ? WHERE id = ?"));
            if (!update)
                return update.error();
            update.value().bind(1, in.listedGpuMemoryGib).bind(2, id);
            if (auto e = update.value().exec(); !e)
                return sqlError(m_db, QStringLiteral("instance type %1/%2").arg(in.provider, in.name), e.errorMessage());
        }
    } else {
        auto insert = m_db.prepare(QStringLiteral(
            "INSERT INTO instance_types (provider_id, name, gpu_id, gpu_count, vcpus, memory_gib, gpu_memory_gib, "
            "interconnect, network_gbps, rdma, spec_source, listed_gpu_memory_gib) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
        if (!insert)
            return insert.error();
        auto &s = insert.value();
        s.bind(1, in.provider).bind(2, in.name).bind(3, in.gpuId).bind(4, in.gpuCount).bind(5, in.vcpus);
        s.bind(6, in.memoryGib).bind(7, gpuMemory).bind(8, hw.interconnect).bind(9, hw.networkGbps);
        s.bind(10, hw.rdma).bind(11, hw.source.isEmpty() ? in.specNote : hw.source).bind(12, in.listedGpuMemoryGib);
        if (auto e = s.exec(); !e)
            return sqlError(m_db, QStringLiteral("instance type %1/%2").arg(in.provider, in.name), e.errorMessage());
        id = m_db.lastInsertId();
    }
    m_instanceIds.insert(key, id);
    return id;
}

Status CatalogWriter::writeBatch(const ImportBatch &batch)
{
    // An offer listed again is available again.
    auto upsert = m_db.prepare(QStringLiteral(
        "INSERT INTO offers (instance_type_id, region_id, billing, term_months, upfront, offering_class, hourly_price, "
        "price_basis, hourly_price_median, upfront_fee, recurring_per_hour, min_duration_hours, max_duration_hours, "
        "currency, effective_date, fetched_at, source, source_file) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (instance_type_id, region_id, billing, term_months, upfront, offering_class) DO UPDATE SET "
        "hourly_price = excluded.hourly_price, price_basis = excluded.price_basis, "
        "hourly_price_median = excluded.hourly_price_median, upfront_fee = excluded.upfront_fee, "
        "recurring_per_hour = excluded.recurring_per_hour, min_duration_hours = excluded.min_duration_hours, "
        "max_duration_hours = excluded.max_duration_hours, currency = excluded.currency, "
        "effective_date = excluded.effective_date, fetched_at = excluded.fetched_at, source = excluded.source, "
        "source_file = excluded.source_file, unavailable_since = NULL")
        + (m_keepNewerObservations ? QStringLiteral(" WHERE excluded.fetched_at >= offers.fetched_at") : QString()));
    if (!upsert)
        return sqlError(m_db, QStringLiteral("offers"), upsert.errorMessage());
    for (const ImportedOffer &o : batch.offers) {
        // Custom providers (negotiated or on-premise offers) have no reference entry.
        const ProviderMeta *provider = m_meta.provider(o.instance.provider);
        const QString referenceDate = provider ? provider->dataDate : QDate::currentDate().toString(Qt::ISODate);
        auto instanceId = instanceTypeId(o.instance);
        if (!instanceId)
            return instanceId.error();
        auto region = regionId(o.instance.provider, o.region);
        if (!region)
            return region.error();
        auto &s = upsert.value();
        s.reset();
        const QString effective = !o.effectiveDate.isEmpty() ? o.effectiveDate
            : batch.effectiveDate.isEmpty()                   ? referenceDate
                                                              : batch.effectiveDate;
        // Observed on: the batch's fetch, else the row's own capture date, else the provider's data date.
        const QString fetched = !batch.fetchedAt.isEmpty() ? batch.fetchedAt
            : !o.effectiveDate.isEmpty()                    ? o.effectiveDate
                                                            : referenceDate;
        const std::optional<double> fee = o.storedUpfrontFee();
        s.bind(1, instanceId.value()).bind(2, region.value()).bind(3, billingId(o.billing)).bind(4, o.termMonths);
        s.bind(5, o.upfront.isEmpty() ? QStringLiteral("none") : o.upfront).bind(6, o.offeringClass);
        s.bind(7, o.price).bind(8, priceBasisId(o.priceBasis)).bind(9, o.medianPrice).bind(10, fee);
        s.bind(11, o.recurringPerHour).bind(12, o.minDurationHours).bind(13, o.maxDurationHours);
        s.bind(14, o.currency).bind(15, effective).bind(16, fetched).bind(17, o.source).bind(18, o.sourceFile);
        if (auto e = s.exec(); !e)
            return sqlError(m_db, QStringLiteral("offer %1 %2").arg(o.instance.name, o.region), e.errorMessage());
    }
    if (auto s = writeInterruptions(batch); !s)
        return s;
    if (auto s = writeReferences(batch); !s)
        return s;

    auto files = m_db.prepare(QStringLiteral(
        "INSERT INTO import_files (provider_id, file, source_rows, used_rows, excluded_rows, imported_at) "
        "VALUES (?, ?, ?, ?, ?, ?)"));
    if (!files)
        return files.error();
    const QString importedAt = importTime();
    for (const ImportFileStats &f : batch.files) {
        auto &s = files.value();
        s.reset();
        s.bind(1, f.provider).bind(2, f.file).bind(3, f.sourceRows).bind(4, f.usedRows).bind(5, f.excludedRows);
        s.bind(6, importedAt);
        if (auto e = s.exec(); !e)
            return sqlError(m_db, QStringLiteral("import_files"), e.errorMessage());
    }
    auto exclusions = m_db.prepare(QStringLiteral(
        "INSERT INTO import_exclusions (provider_id, file, line, scope, reason, detail) VALUES (?, ?, ?, ?, ?, ?)"));
    if (!exclusions)
        return exclusions.error();
    for (const ImportExclusion &e : batch.exclusions) {
        auto &s = exclusions.value();
        s.reset();
        s.bind(1, e.provider).bind(2, e.file).bind(3, e.line).bind(4, e.scope).bind(5, e.reason).bind(6, e.detail);
        if (auto r = s.exec(); !r)
            return sqlError(m_db, QStringLiteral("import_exclusions"), r.errorMessage());
    }
    return success();
}

Status CatalogWriter::writeInterruptions(const ImportBatch &batch)
{
    if (batch.interruptions.isEmpty())
        return success();
    // A source that publishes interruption figures replaces its provider's stored ones.
    QSet<QString> providers;
    for (const SpotInterruption &i : batch.interruptions)
        providers.insert(i.provider);
    auto clear = m_db.prepare(QStringLiteral("DELETE FROM spot_interruptions WHERE provider_id = ?"));
    if (!clear)
        return sqlError(m_db, QStringLiteral("spot_interruptions"), clear.errorMessage());
    for (const QString &p : std::as_const(providers)) {
        clear.value().reset();
        clear.value().bind(1, p);
        if (auto e = clear.value().exec(); !e)
            return sqlError(m_db, QStringLiteral("spot_interruptions"), e.errorMessage());
    }
    auto insert = m_db.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO spot_interruptions (provider_id, region_code, instance_name, bucket, rate_monthly, "
        "savings_percent, source, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!insert)
        return sqlError(m_db, QStringLiteral("spot_interruptions"), insert.errorMessage());
    const QString fetched = batch.fetchedAt.isEmpty() ? QDate::currentDate().toString(Qt::ISODate) : batch.fetchedAt;
    for (const SpotInterruption &i : batch.interruptions) {
        auto &s = insert.value();
        s.reset();
        s.bind(1, i.provider).bind(2, i.region).bind(3, i.instanceType).bind(4, i.bucket).bind(5, i.monthlyRate);
        if (i.savingsPercent)
            s.bind(6, *i.savingsPercent);
        else
            s.bindNull(6);
        s.bind(7, i.source).bind(8, fetched);
        if (auto e = s.exec(); !e)
            return sqlError(m_db, QStringLiteral("spot interruption %1 %2").arg(i.instanceType, i.region), e.errorMessage());
    }
    return success();
}

Status CatalogWriter::writeReferences(const ImportBatch &batch)
{
    auto insert = m_db.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO price_references (provider_id, gpu_id, gpu_count, term_months, price_per_hour, currency, "
        "source, captured) VALUES (?, ?, ?, ?, ?, 'USD', ?, ?)"));
    if (!insert)
        return sqlError(m_db, QStringLiteral("price_references"), insert.errorMessage());
    for (const PriceReference &r : batch.references) {
        auto &s = insert.value();
        s.reset();
        s.bind(1, r.provider).bind(2, r.gpu).bind(3, r.gpuCount).bind(4, r.termMonths).bind(5, r.pricePerHourUsd);
        s.bind(6, r.source).bind(7, r.captured);
        if (auto e = s.exec(); !e)
            return sqlError(m_db, QStringLiteral("price_references"), e.errorMessage());
    }
    return success();
}

Status CatalogWriter::writeFxRate(const QString &currency, double ratePerUsd, const QString &date,
                                  const QString &source)
{
    auto s = m_db.prepare(
        QStringLiteral("INSERT OR REPLACE INTO fx_rates (currency, rate, date, source) VALUES (?, ?, ?, ?)"));
    if (!s)
        return s.error();
    s.value().bind(1, currency).bind(2, ratePerUsd).bind(3, date).bind(4, source);
    return s.value().exec();
}

Status CatalogWriter::setMeta(const QString &key, const QString &value)
{
    auto s = m_db.prepare(QStringLiteral("INSERT OR REPLACE INTO catalog_meta (key, value) VALUES (?, ?)"));
    if (!s)
        return s.error();
    s.value().bind(1, key).bind(2, value);
    return s.value().exec();
}

namespace {

// Instance types the seed knows from the provider's own documentation but has no price for
// (unpriced-instances.csv): they are in the catalog so that a refresh can price them and
// the catalog can say what exists, and no offer is made up for them.
Status writeUnpricedInstances(CatalogWriter &writer, const SeedMetadata &meta, const QString &seedDir)
{
    const QString file = QDir(seedDir).filePath(QStringLiteral("unpriced-instances.csv"));
    if (!QFile::exists(file))
        return success();
    auto table = readCsvFile(file);
    if (!table)
        return table.error();
    const CsvTable &t = table.value();
    for (const CsvRecord &r : t.records()) {
        ImportedInstance in;
        in.provider = t.field(r, QStringLiteral("provider"));
        in.name = t.field(r, QStringLiteral("instance_type"));
        in.gpuId = t.field(r, QStringLiteral("gpu_id"));
        in.specNote = t.field(r, QStringLiteral("source"));
        bool countOk = false, cpuOk = false, memOk = false;
        in.gpuCount = t.field(r, QStringLiteral("gpu_count")).toDouble(&countOk);
        in.vcpus = t.field(r, QStringLiteral("vcpus")).toDouble(&cpuOk);
        in.memoryGib = t.field(r, QStringLiteral("memory_gib")).toDouble(&memOk);
        const QString where = QStringLiteral("unpriced-instances.csv:%1").arg(r.line);
        if (!countOk || !cpuOk || !memOk || in.gpuCount <= 0)
            return Error{where + QStringLiteral(": gpu_count, vcpus and memory_gib must be numbers")};
        if (!meta.gpuModel(in.gpuId))
            return Error{QStringLiteral("%1: gpu_id '%2' is not in gpu-models.csv").arg(where, in.gpuId)};
        if (!meta.provider(in.provider))
            return Error{QStringLiteral("%1: provider '%2' is not in providers.csv").arg(where, in.provider)};
        if (auto id = writer.instanceTypeId(in); !id)
            return id.error();
    }
    return success();
}

// The ECB's euro reference rates of a day (fx/ecb-reference-rates-<date>.csv: currency,
// units_per_eur, date), stored per US dollar as the catalog keeps every rate: X per USD =
// (X per EUR) / (USD per EUR), and EUR per USD = 1 / (USD per EUR). Dated, so the newest rate of
// each currency is the one plans use and every converted figure can say which day it took.
Status writeEcbRates(CatalogWriter &writer, const QString &seedDir)
{
    const QDir dir(QDir(seedDir).filePath(QStringLiteral("fx")));
    const QStringList files = dir.entryList({QStringLiteral("ecb-reference-rates-*.csv")}, QDir::Files, QDir::Name);
    for (const QString &name : files) {
        auto table = readCsvFile(dir.filePath(name));
        if (!table)
            return table.error();
        const CsvTable &t = table.value();
        QHash<QString, double> perEur;
        QString date;
        for (const CsvRecord &r : t.records()) {
            const QString where = QStringLiteral("fx/%1:%2").arg(name).arg(r.line);
            const QString currency = t.field(r, QStringLiteral("currency"));
            const auto rate = csvNumber(t.field(r, QStringLiteral("units_per_eur")));
            const QString day = t.field(r, QStringLiteral("date"));
            if (!isCurrencyCode(currency) || !rate || *rate <= 0 || !QDate::fromString(day, Qt::ISODate).isValid())
                return Error{where + QStringLiteral(": needs currency (ISO code), units_per_eur (> 0) and date (YYYY-MM-DD)")};
            if (!date.isEmpty() && day != date)
                return Error{where + QStringLiteral(": every rate of one file is of one day (%1, not %2)").arg(date, day)};
            date = day;
            perEur.insert(currency, *rate);
        }
        const auto usd = perEur.constFind(QStringLiteral("USD"));
        if (usd == perEur.cend())
            return Error{QStringLiteral("fx/%1: has no USD rate to convert through").arg(name)};
        const QString source = QStringLiteral("ECB euro foreign exchange reference rates of %1 (fx/%2)").arg(date, name);
        if (auto s = writer.writeFxRate(QStringLiteral("EUR"), 1.0 / *usd, date, source); !s)
            return s;
        for (auto it = perEur.cbegin(); it != perEur.cend(); ++it) {
            if (it.key() == u"USD")
                continue;
            if (auto s = writer.writeFxRate(it.key(), it.value() / *usd, date, source); !s)
                return s;
        }
    }
    return success();
}

// The dated sources (sources/sources.csv), each read by its format's reader, oldest observation
// first; each source sees the offers of the snapshot and of the sources before it.
Result<QList<ImportBatch>> readSources(const QString &seedDir, const SeedMetadata &meta, QList<ImportedOffer> catalog)
{
    const QDir dir(QDir(seedDir).filePath(QStringLiteral("sources")));
    auto sources = readCatalogSources(dir.path(), meta, {QStringLiteral("gcp-cyclenerd"), QStringLiteral("price-table")});
    if (!sources)
        return sources.error();
    QList<ImportBatch> batches;
    for (const CatalogSource &source : sources.value()) {
        const QString path = dir.filePath(source.file);
        auto table = readCsvFile(path);
        if (!table)
            return table.error();
        auto batch = source.format == u"price-table" ? PriceTableImporter(meta, catalog).importTable(source, table.value())
                                                     : GcpCyclenerdImporter(catalog).importTable(source, table.value());
        if (!batch)
            return Error{QStringLiteral("%1: %2").arg(path, batch.errorMessage())};
        catalog.append(batch.value().offers);
        batches.append(batch.value());
    }
    return batches;
}

// The revision token of a built catalog: a digest of every table's rows, so the same inputs give
// the same file while a catalog with other contents never shares its token (migration 008).
Status stampContentRevision(Database &db)
{
    auto tables = db.prepare(QStringLiteral(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "AND name <> 'catalog_revision' ORDER BY name"));
    if (!tables)
        return tables.error();
    QStringList names;
    while (tables.value().step())
        names << tables.value().text(0);
    QCryptographicHash digest(QCryptographicHash::Sha256);
    for (const QString &table : std::as_const(names)) {
        auto columns = db.prepare(QStringLiteral("SELECT name FROM pragma_table_info(?) ORDER BY cid"));
        if (!columns)
            return columns.error();
        columns.value().bind(1, table);
        QStringList quoted;
        while (columns.value().step())
            quoted << QStringLiteral("quote(\"%1\")").arg(columns.value().text(0));
        auto rows = db.prepare(QStringLiteral("SELECT %1 FROM \"%2\" ORDER BY rowid")
                                   .arg(quoted.join(QStringLiteral(" || ',' || ")), table));
        if (!rows)
            return rows.error();
        digest.addData(table.toUtf8());
        while (rows.value().step()) {
            digest.addData(QByteArrayView("\n"));
            digest.addData(rows.value().text(0).toUtf8());
        }
    }
    // The token is a blob: the digest's first 128 bits as hex text, cast.
    auto token = db.prepare(QStringLiteral("UPDATE catalog_revision SET token = CAST(? AS BLOB) WHERE id = 1"));
    if (!token)
        return token.error();
    token.value().bind(1, QString::fromLatin1(digest.result().toHex().left(32)));
    return token.value().exec();
}

} // namespace

Status buildSeedCatalog(const QString &seedDir, const QString &outPath, const QList<SpotInterruption> &interruptions)
{
    auto meta = loadSeedMetadata(seedDir);
    if (!meta)
        return meta.error();
    const SkyPilotImporter importer(meta.value());
    auto batch = importer.importDirectory(QDir(seedDir).filePath(QStringLiteral("skypilot")));
    if (!batch)
        return batch.error();
    // Commitment prices on the snapshot's instance types (see commitments/SOURCE.md).
    const QString commitmentsFile = QDir(seedDir).filePath(QStringLiteral("commitments/commitments.csv"));
    if (QFile::exists(commitmentsFile)) {
        auto table = readCsvFile(commitmentsFile);
        if (!table)
            return table.error();
        auto commitments = CommitmentsImporter(meta.value(), batch.value().offers)
                               .importTable(QStringLiteral("commitments/commitments.csv"), table.value());
        if (!commitments)
            return commitments.error();
        for (ImportedOffer &o : commitments.value().offers)
            o.sourceFile = QStringLiteral("commitments/commitments.csv");
        batch.value().append(commitments.value());
    }
    auto sources = readSources(seedDir, meta.value(), batch.value().offers);
    if (!sources)
        return sources.error();
    // Interruption figures for the instance types the catalog holds.
    QSet<QString> instances;
    for (const ImportedOffer &o : batch.value().offers)
        instances.insert(o.instance.provider + u'|' + o.instance.name);
    for (const SpotInterruption &i : interruptions) {
        if (instances.contains(i.provider + u'|' + i.instanceType))
            batch.value().interruptions.append(i);
    }

    const QString temp = outPath + QStringLiteral(".tmp");
    QFile::remove(temp);
    auto db = Database::open(temp, OpenMode::Create);
    if (!db)
        return db.error();
    if (auto s = migrate(*db.value()); !s)
        return s;
    Database &database = *db.value();
    Transaction tx(database);
    if (auto s = tx.begin(); !s)
        return s;
    CatalogWriter writer(database, meta.value());
    if (auto s = writer.writeReferenceData(); !s)
        return s;
    if (auto s = writer.writeBatch(batch.value()); !s)
        return s;
    // A newer observation replaces an older one; the older price stays in price_history.
    writer.setKeepNewerObservations(true);
    for (const ImportBatch &source : sources.value()) {
        if (auto s = writer.writeBatch(source); !s)
            return s;
    }
    writer.setKeepNewerObservations(false);
    if (auto s = writeUnpricedInstances(writer, meta.value(), seedDir); !s)
        return s;
    // The fork converted CNY at this fixed rate; the seed keeps it so CNY offers compare
    // with USD ones exactly as published until the FX refresh brings a dated ECB rate.
    if (auto s = writer.writeFxRate(QStringLiteral("USD"), 1.0, QStringLiteral("2026-01-01"),
                                    QStringLiteral("identity"));
        !s)
        return s;
    if (auto s = writer.writeFxRate(QStringLiteral("CNY"), 1.0 / SkyPilotImporter::kForkCnyToUsd,
                                    QStringLiteral("2026-05-07"),
                                    QStringLiteral("skypilot-catalog fork conversion rate 0.138 USD per CNY"));
        !s)
        return s;
    if (auto s = writeEcbRates(writer, seedDir); !s)
        return s;
    // The price checks need the FX rates above and every provider's offers.
    if (auto s = recheckPrices(database, meta.value().retired); !s)
        return s;
    // A catalog copied from this one has this version's embedded data already.
    if (auto s = writer.setMeta(embeddedDataMetaKey(), QStringLiteral("built in")); !s)
        return s;
    if (auto s = writer.setMeta(QStringLiteral("seed_source"),
                                QStringLiteral("embedded skypilot-catalog snapshot (mid-2026; see SOURCE.md)"));
        !s)
        return s;
    // The history rows were stamped by SQLite's clock; a reproducible build stamps them as the import.
    if (qEnvironmentVariableIsSet("SOURCE_DATE_EPOCH")) {
        auto stamp = database.prepare(QStringLiteral("UPDATE price_history SET recorded_at = ?"));
        if (!stamp)
            return stamp.error();
        if (auto s = stamp.value().bind(1, importTime()).exec(); !s)
            return s;
    }
    if (auto s = stampContentRevision(database); !s)
        return s;
    if (auto s = tx.commit(); !s)
        return s;
    // Rewritten rows (the history's stamps above) leave their old bytes in freed page space; a
    // VACUUM writes every page afresh from the rows alone, so the file depends on nothing else.
    if (auto s = database.exec(QStringLiteral("VACUUM")); !s)
        return s;
    (void)database.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    (void)database.exec(QStringLiteral("PRAGMA journal_mode = DELETE"));
    db.value().reset();
    QFile::remove(outPath);
    if (!QFile::rename(temp, outPath))
        return Error{QStringLiteral("%1: cannot write the seed catalog").arg(outPath)};
    return success();
}

} // namespace gpuplanner::db
