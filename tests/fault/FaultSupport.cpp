#include "FaultSupport.h"

#include "core/io/CsvReader.h"
#include "db/Database.h"

#include <QDir>
#include <QFile>
#include <QHash>

#include <gtest/gtest.h>

#include <cmath>

namespace gpuplanner::tests {

int faultRuns(int defaultRuns)
{
    bool ok = false;
    const int runs = qEnvironmentVariableIntValue("GPUPLANNER_FAULT_RUNS", &ok);
    return ok && runs > 0 ? runs : defaultRuns;
}

QStringList faultProviders()
{
    // Large and small files together: long transactions overlap new connections opening.
    return {QStringLiteral("aws"),    QStringLiteral("vast"),      QStringLiteral("jarvislabs"),
            QStringLiteral("seeweb"), QStringLiteral("primeintellect"), QStringLiteral("lambda"),
            QStringLiteral("nebius"), QStringLiteral("cudo"),      QStringLiteral("oci"),
            QStringLiteral("shadeform"), QStringLiteral("hyperstack")};
}

QByteArray scaledVmsCsv(const QString &provider, double factor, const QString &file)
{
    const QString path = QStringLiteral(GPUPLANNER_SEED_DIR "/skypilot/%1/%2").arg(provider, file);
    auto table = core::readCsvFile(path);
    EXPECT_TRUE(table.ok()) << table.errorMessage().toStdString();
    if (!table)
        return {};
    const QStringList header = table.value().header();
    const qsizetype price = header.indexOf(QStringLiteral("Price"));
    const qsizetype spot = header.indexOf(QStringLiteral("SpotPrice"));
    QStringList lines;
    QStringList escaped;
    for (const QString &h : header)
        escaped.append(core::csvEscape(h));
    lines.append(escaped.join(u','));
    for (core::CsvRecord r : table.value().records()) {
        for (qsizetype column : {price, spot}) {
            bool ok = false;
            const double v = column >= 0 ? r.fields.at(column).toDouble(&ok) : 0;
            if (ok)
                r.fields[column] = QString::number(v * factor, 'g', 12);
        }
        QStringList out;
        for (const QString &f : std::as_const(r.fields))
            out.append(core::csvEscape(f));
        lines.append(out.join(u','));
    }
    return lines.join(u'\n').toUtf8() + '\n';
}

void serveScaledCatalog(TestHttpServer &server, double factor)
{
    for (const QString &p : faultProviders()) {
        const QDir dir(QStringLiteral(GPUPLANNER_SEED_DIR "/skypilot/%1").arg(p));
        for (const QString &file : dir.entryList({QStringLiteral("*.csv")}, QDir::Files)) {
            HttpTestReply reply;
            reply.body = scaledVmsCsv(p, factor, file);
            reply.contentType = "text/csv";
            server.routeSequence(QStringLiteral("/v8/%1/%2").arg(p, file).toUtf8(), {reply});
        }
    }
}

QProcessEnvironment isolatedEnvironment(const QString &dir)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), QDir(dir).filePath(QStringLiteral("home")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), QDir(dir).filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), QDir(dir).filePath(QStringLiteral("cache")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), QDir(dir).filePath(QStringLiteral("config")));
    QDir().mkpath(QDir(dir).filePath(QStringLiteral("home")));
    return env;
}

QString integrityCheck(const QString &catalog)
{
    auto db = db::Database::open(catalog, db::OpenMode::ReadOnly);
    if (!db)
        return db.errorMessage();
    auto s = db.value()->prepare(QStringLiteral("PRAGMA integrity_check"));
    if (!s)
        return s.errorMessage();
    return s.value().step() ? s.value().text(0) : s.value().error();
}

qint64 catalogScalar(const QString &catalog, const QString &sql)
{
    auto db = db::Database::open(catalog, db::OpenMode::ReadOnly);
    EXPECT_TRUE(db.ok()) << db.errorMessage().toStdString();
    if (!db)
        return -1;
    auto v = db.value()->scalar(sql);
    EXPECT_TRUE(v.ok()) << v.errorMessage().toStdString();
    return v.ok() ? v.value() : -1;
}

namespace {

using PriceKey = QString;

// snapshotOnly: the offers whose price is the SkyPilot snapshot's (a dated source replaced the
// others in the embedded catalog, so a SkyPilot refresh scales them from another base).
QHash<PriceKey, double> prices(const QString &catalog, const QString &provider, bool snapshotOnly = false)
{
    QHash<PriceKey, double> out;
    auto db = db::Database::open(catalog, db::OpenMode::ReadOnly);
    EXPECT_TRUE(db.ok()) << db.errorMessage().toStdString();
    if (!db)
        return out;
    auto s = db.value()->prepare(QStringLiteral(
        "SELECT it.name, r.code, o.billing, o.hourly_price FROM offers o JOIN instance_types it ON it.id = "
        "o.instance_type_id JOIN regions r ON r.id = o.region_id WHERE it.provider_id = ? "
        // What a SkyPilot refresh replaces: commitment prices and AWS China (from the commitments
        // data set, in regions SkyPilot does not list) come from elsewhere and stay.
        "AND o.billing IN ('on_demand', 'spot') AND r.code NOT LIKE 'cn-%'")
        + QString::fromLatin1(snapshotOnly ? " AND o.source_file LIKE 'skypilot/%'" : ""));
    EXPECT_TRUE(s.ok());
    if (!s)
        return out;
    s.value().bind(1, provider);
    while (s.value().step())
        out.insert(s.value().text(0) + u'|' + s.value().text(1) + u'|' + s.value().text(2), s.value().real(3));
    return out;
}

} // namespace

QStringList mixedProviders(const QString &catalog, const QString &seedCatalog, const QList<double> &factors)
{
    QStringList mixed;
    for (const QString &provider : faultProviders()) {
        const auto before = prices(seedCatalog, provider, true);
        if (before.isEmpty())
            continue; // every price of the provider is a dated source's: nothing to scale from
        const auto after = prices(catalog, provider);
        QList<double> scales{1.0};
        scales.append(factors);
        bool uniform = false;
        for (double scale : scales) {
            bool all = true;
            for (auto it = before.cbegin(); all && it != before.cend(); ++it) {
                const double now = after.value(it.key(), -1);
                all = now > 0 && std::abs(now - it.value() * scale) <= 1e-6 * it.value() * scale;
            }
            uniform = uniform || all;
        }
        if (!uniform)
            mixed.append(provider);
    }
    return mixed;
}

} // namespace gpuplanner::tests
