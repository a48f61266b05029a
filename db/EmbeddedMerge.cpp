#include "db/EmbeddedMerge.h"

#include "core/import/SeedMetadata.h"
#include "db/PriceFlagStore.h"

#include <QFile>
#include <QStringList>
#include <QTemporaryDir>

namespace gpuplanner::db {

namespace {

// The rows this version's embedded catalog adds beside the SkyPilot prices: commitments, AWS
// China, and every offer of the dated sources (resources/catalog/sources).
const QString kEmbeddedOnly = QStringLiteral(
    "(so.billing IN ('reserved', 'savings_plan', 'capacity_block') OR (st.provider_id = 'aws' AND sr.code LIKE 'cn-%') "
    "OR so.source_file LIKE 'sources/%')");

// The embedded offers matched to the catalog's instance types and regions.
const QString kEmbeddedMatched = QStringLiteral(
    "FROM embedded.offers so "
    "JOIN embedded.instance_types st ON st.id = so.instance_type_id "
    "JOIN embedded.regions sr ON sr.id = so.region_id "
    "JOIN instance_types it ON it.provider_id = st.provider_id AND it.name = st.name AND "
    "it.gpu_id = st.gpu_id AND it.gpu_count = st.gpu_count AND it.vcpus IS st.vcpus AND "
    "it.memory_gib IS st.memory_gib "
    "JOIN regions r ON r.provider_id = sr.provider_id AND r.code = sr.code ");

QStringList mergeStatements()
{
    return {
        // Providers, GPU models and aliases this version adds (Huawei Cloud, V100 PCIe 32 GB, ...).
        QStringLiteral("INSERT OR IGNORE INTO providers SELECT * FROM embedded.providers"),
        QStringLiteral("INSERT OR IGNORE INTO gpu_models SELECT * FROM embedded.gpu_models"),
        QStringLiteral("INSERT OR IGNORE INTO gpu_aliases SELECT * FROM embedded.gpu_aliases"),
        QStringLiteral("INSERT OR IGNORE INTO regions (provider_id, code, name, geography, name_zh) "
                       "SELECT provider_id, code, name, geography, name_zh FROM embedded.regions "
                       "WHERE provider_id IN (SELECT id FROM providers)"),
        // UNIQUE does not match NULL vcpus or memory: the instance type is looked for with IS.
        QStringLiteral("INSERT INTO instance_types (provider_id, name, gpu_id, gpu_count, vcpus, memory_gib, "
                       "gpu_memory_gib, interconnect, network_gbps, rdma, spec_source) "
                       "SELECT DISTINCT st.provider_id, st.name, st.gpu_id, st.gpu_count, st.vcpus, st.memory_gib, "
                       "st.gpu_memory_gib, st.interconnect, st.network_gbps, st.rdma, st.spec_source "
                       "FROM embedded.offers so JOIN embedded.instance_types st ON st.id = so.instance_type_id "
                       "JOIN embedded.regions sr ON sr.id = so.region_id "
                       "WHERE ") + kEmbeddedOnly + QStringLiteral(
                       " AND st.provider_id IN (SELECT id FROM providers) AND st.gpu_id IN (SELECT id FROM gpu_models) "
                       "AND NOT EXISTS (SELECT 1 FROM instance_types it WHERE it.provider_id = st.provider_id AND "
                       "it.name = st.name AND it.gpu_id = st.gpu_id AND it.gpu_count = st.gpu_count AND "
                       "it.vcpus IS st.vcpus AND it.memory_gib IS st.memory_gib)"),
        // A price this version's sources observed later than the catalog's replaces it (the older
        // one stays in price_history); a price the user refreshed since is newer and stays.
        QStringLiteral("UPDATE offers SET hourly_price = e.hourly_price, price_basis = e.price_basis, "
                       "hourly_price_median = e.hourly_price_median, upfront_fee = e.upfront_fee, "
                       "recurring_per_hour = e.recurring_per_hour, min_duration_hours = e.min_duration_hours, "
                       "max_duration_hours = e.max_duration_hours, currency = e.currency, "
                       "effective_date = e.effective_date, fetched_at = e.fetched_at, source = e.source, "
                       "source_file = e.source_file FROM (SELECT it.id AS type_id, r.id AS place_id, so.billing, "
                       "so.term_months, so.upfront, so.offering_class, so.hourly_price, so.price_basis, "
                       "so.hourly_price_median, so.upfront_fee, so.recurring_per_hour, so.min_duration_hours, "
                       "so.max_duration_hours, so.currency, so.effective_date, so.fetched_at, so.source, so.source_file ")
            + kEmbeddedMatched + QStringLiteral(
                       ") e WHERE offers.instance_type_id = e.type_id AND offers.region_id = e.place_id AND "
                       "offers.billing = e.billing AND offers.term_months = e.term_months AND offers.upfront = e.upfront "
                       "AND offers.offering_class = e.offering_class AND e.fetched_at > offers.fetched_at"),
        // A catalog made before offers named their file (schema 10): an offer still at the embedded
        // price and observation it was copied with names the embedded offer's file.
        QStringLiteral("UPDATE offers SET source_file = e.source_file FROM (SELECT it.id AS type_id, r.id AS place_id, "
                       "so.billing, so.term_months, so.upfront, so.offering_class, so.hourly_price, so.fetched_at, "
                       "so.source_file ")
            + kEmbeddedMatched + QStringLiteral(
                       ") e WHERE offers.source_file = '' AND offers.instance_type_id = e.type_id AND "
                       "offers.region_id = e.place_id AND offers.billing = e.billing AND offers.term_months = e.term_months "
                       "AND offers.upfront = e.upfront AND offers.offering_class = e.offering_class AND "
                       "offers.fetched_at = e.fetched_at AND offers.hourly_price = e.hourly_price"),
        QStringLiteral("INSERT OR IGNORE INTO offers (instance_type_id, region_id, billing, term_months, upfront, "
                       "offering_class, hourly_price, price_basis, hourly_price_median, upfront_fee, recurring_per_hour, "
                       "min_duration_hours, max_duration_hours, currency, effective_date, fetched_at, source, source_file) "
                       "SELECT it.id, r.id, so.billing, so.term_months, so.upfront, so.offering_class, so.hourly_price, "
                       "so.price_basis, so.hourly_price_median, so.upfront_fee, so.recurring_per_hour, "
                       "so.min_duration_hours, so.max_duration_hours, so.currency, so.effective_date, so.fetched_at, "
                       "so.source, so.source_file ") + kEmbeddedMatched + QStringLiteral("WHERE ") + kEmbeddedOnly,
        // Chinese region names (schema 5) for the regions the catalog already has.
        QStringLiteral("UPDATE regions SET name_zh = (SELECT er.name_zh FROM embedded.regions er WHERE "
                       "er.provider_id = regions.provider_id AND er.code = regions.code) WHERE name_zh = '' AND EXISTS "
                       "(SELECT 1 FROM embedded.regions er WHERE er.provider_id = regions.provider_id AND "
                       "er.code = regions.code AND er.name_zh <> '')"),
        // Instance types known without a price (unpriced-instances.csv): a refresh prices them.
        QStringLiteral("INSERT INTO instance_types (provider_id, name, gpu_id, gpu_count, vcpus, memory_gib, "
                       "gpu_memory_gib, interconnect, network_gbps, rdma, spec_source) "
                       "SELECT st.provider_id, st.name, st.gpu_id, st.gpu_count, st.vcpus, st.memory_gib, "
                       "st.gpu_memory_gib, st.interconnect, st.network_gbps, st.rdma, st.spec_source "
                       "FROM embedded.instance_types st "
                       "WHERE NOT EXISTS (SELECT 1 FROM embedded.offers so WHERE so.instance_type_id = st.id) "
                       "AND st.provider_id IN (SELECT id FROM providers) AND st.gpu_id IN (SELECT id FROM gpu_models) "
                       "AND NOT EXISTS (SELECT 1 FROM instance_types it WHERE it.provider_id = st.provider_id AND "
                       "it.name = st.name)"),
        QStringLiteral("INSERT OR IGNORE INTO spot_interruptions SELECT * FROM embedded.spot_interruptions"),
        // The dated ECB rates this version ships (issue 45): a rate the user refreshed later stays
        // the newest of its currency, and so the one plans use.
        QStringLiteral("INSERT OR IGNORE INTO fx_rates (currency, rate, date, source) "
                       "SELECT currency, rate, date, source FROM embedded.fx_rates"),
        QStringLiteral("INSERT OR IGNORE INTO price_references SELECT * FROM embedded.price_references"),
    };
}

} // namespace

QString embeddedDataMetaKey()
{
    return QStringLiteral("embedded_dated_sources_v6");
}

bool embeddedMergeNeeded(Database &db)
{
    auto done = db.prepare(QStringLiteral("SELECT count(*) FROM catalog_meta WHERE key = ?"));
    if (!done)
        return true; // let the merge say what is wrong
    done.value().bind(1, embeddedDataMetaKey());
    return !(done.value().step() && done.value().integer(0) > 0);
}

Status mergeEmbeddedData(Database &db, const QString &embeddedCatalogPath)
{
    auto done = db.prepare(QStringLiteral("SELECT count(*) FROM catalog_meta WHERE key = ?"));
    if (!done)
        return done.error();
    done.value().bind(1, embeddedDataMetaKey());
    if (done.value().step() && done.value().integer(0) > 0)
        return core::success();
    auto reference = core::loadSeedMetadata(QStringLiteral(":/reference"));
    if (!reference)
        return reference.error();

    // The embedded catalog is a Qt resource: SQLite reads a private copy of it.
    QTemporaryDir scratch;
    const QString copy = scratch.filePath(QStringLiteral("embedded.sqlite"));
    if (!scratch.isValid() || !QFile::copy(embeddedCatalogPath, copy))
        return Error{QStringLiteral("%1: cannot read the embedded catalog").arg(embeddedCatalogPath)};
    auto attach = db.prepare(QStringLiteral("ATTACH DATABASE ? AS embedded"));
    if (!attach)
        return attach.error();
    attach.value().bind(1, copy);
    if (auto s = attach.value().exec(); !s)
        return Error{QStringLiteral("%1: cannot read the embedded catalog: %2").arg(embeddedCatalogPath, s.errorMessage())};
    struct Detach
    {
        Database &db;
        ~Detach() { (void)db.exec(QStringLiteral("DETACH DATABASE embedded")); }
    } detach{db};

    Transaction tx(db);
    if (auto s = tx.begin(); !s)
        return s;
    for (const QString &sql : mergeStatements()) {
        if (auto s = db.exec(sql); !s)
            return Error{QStringLiteral("%1: merging this version's embedded data: %2").arg(db.path(), s.errorMessage())};
    }
    if (auto s = recheckPrices(db, reference.value().retired); !s)
        return s;
    auto mark = db.prepare(QStringLiteral("INSERT OR REPLACE INTO catalog_meta (key, value) VALUES (?, 'merged')"));
    if (!mark)
        return mark.error();
    mark.value().bind(1, embeddedDataMetaKey());
    if (auto s = mark.value().exec(); !s)
        return s;
    return tx.commit();
}

} // namespace gpuplanner::db
