#include "BenchCatalog.h"

#include "db/Database.h"

#include <QFile>
#include <QHash>
#include <QTemporaryDir>

#include <cstdio>

namespace gpuplanner::tests {

namespace {

// Region copies k = 1..scale-1 hold every offer of their original region; each price moves by
// one of eleven steps between -10 % and +10 %, chosen by the offer and the copy.
QString scaleSql(int scale)
{
    QString copies;
    for (int k = 1; k < scale; ++k)
        copies += QStringLiteral("%1(%2)").arg(k > 1 ? QStringLiteral(",") : QString()).arg(k);
    return QStringLiteral(R"(
BEGIN;
CREATE TEMP TABLE copies (k INTEGER PRIMARY KEY);
INSERT INTO copies VALUES %1;
INSERT INTO regions (provider_id, code, name, geography, name_zh)
    SELECT r.provider_id, r.code || '-x' || c.k, r.name || ' ' || c.k, r.geography, r.name_zh
    FROM regions r, copies c;
INSERT INTO offers (instance_type_id, region_id, billing, term_months, upfront, offering_class, hourly_price,
                    price_basis, hourly_price_median, upfront_fee, recurring_per_hour, min_duration_hours,
                    max_duration_hours, currency, effective_date, fetched_at, source, unavailable_since)
    SELECT o.instance_type_id, nr.id, o.billing, o.term_months, o.upfront, o.offering_class,
           o.hourly_price * (1 + ((o.id * 7 + c.k * 13) % 11 - 5) / 50.0), o.price_basis,
           o.hourly_price_median * (1 + ((o.id * 7 + c.k * 13) % 11 - 5) / 50.0),
           o.upfront_fee * (1 + ((o.id * 7 + c.k * 13) % 11 - 5) / 50.0),
           o.recurring_per_hour * (1 + ((o.id * 7 + c.k * 13) % 11 - 5) / 50.0),
           o.min_duration_hours, o.max_duration_hours, o.currency, o.effective_date, o.fetched_at, o.source,
           o.unavailable_since
    FROM offers o
    JOIN regions r ON r.id = o.region_id
    JOIN copies c
    JOIN regions nr ON nr.provider_id = r.provider_id AND nr.code = r.code || '-x' || c.k;
INSERT INTO spot_interruptions (provider_id, region_code, instance_name, bucket, rate_monthly, savings_percent,
                                source, fetched_at)
    SELECT s.provider_id, s.region_code || '-x' || c.k, s.instance_name, s.bucket, s.rate_monthly,
           s.savings_percent, s.source, s.fetched_at
    FROM spot_interruptions s, copies c;
COMMIT;
)")
        .arg(copies);
}

QString buildScaled(int scale)
{
    static QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("catalog-x%1.sqlite").arg(scale));
    if (!QFile::copy(QStringLiteral(GPUPLANNER_DEFAULT_CATALOG), path)) {
        std::fprintf(stderr, "bench catalog: cannot copy %s\n", GPUPLANNER_DEFAULT_CATALOG);
        return {};
    }
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    auto db = db::Database::open(path, db::OpenMode::ReadWrite);
    if (!db) {
        std::fprintf(stderr, "bench catalog: %s\n", qPrintable(db.errorMessage()));
        return {};
    }
    if (auto done = db.value()->exec(scaleSql(scale)); !done) {
        std::fprintf(stderr, "bench catalog: %s\n", qPrintable(done.errorMessage()));
        return {};
    }
    return path;
}

} // namespace

QString benchCatalogPath(int scale)
{
    if (scale <= 1)
        return QStringLiteral(GPUPLANNER_DEFAULT_CATALOG);
    static QHash<int, QString> built;
    if (!built.contains(scale))
        built.insert(scale, buildScaled(scale));
    return built.value(scale);
}

} // namespace gpuplanner::tests
