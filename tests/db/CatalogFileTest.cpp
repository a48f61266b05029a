#include "db/SeedCatalog.h"

#include "db/CatalogFile.h"
#include "db/Migrations.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace gpuplanner::db;
using gpuplanner::tests::copySeedCatalog;
using gpuplanner::tests::seedCatalogPath;

namespace {

QByteArray fileHash(const QString &path)
{
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly));
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

TEST(CatalogFile, OpensTheSeedCatalog)
{
    QTemporaryDir dir;
    auto db = openCatalogFile(copySeedCatalog(dir.path()), OpenMode::ReadOnly);
    ASSERT_TRUE(db.ok()) << db.errorMessage().toStdString();
    EXPECT_EQ(db.value()->userVersion().value(), latestSchemaVersion());
}

TEST(CatalogFile, NonSqliteFileGivesClearErrorAndIsUntouched)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("prices.sqlite"));
    writeFile(path, QByteArray("provider,price\naws,1.0\n").repeated(200));
    const QByteArray before = fileHash(path);
    auto db = openCatalogFile(path, OpenMode::ReadWrite);
    ASSERT_FALSE(db.ok());
    EXPECT_TRUE(db.errorMessage().contains(path)) << db.errorMessage().toStdString();
    EXPECT_TRUE(db.errorMessage().contains(QStringLiteral("not an SQLite database")));
    EXPECT_EQ(fileHash(path), before);
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 1) << "no -wal/-shm/-journal left behind";
}

TEST(CatalogFile, DamagedCatalogGivesClearErrorAndIsUntouched)
{
    QTemporaryDir dir;
    const QString path = copySeedCatalog(dir.path());
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::ReadWrite));
        f.seek(100); // keep the 100-byte header, wreck the schema page
        f.write(QByteArray(4000, '\x5a'));
    }
    const QByteArray before = fileHash(path);
    auto db = openCatalogFile(path, OpenMode::ReadWrite);
    ASSERT_FALSE(db.ok());
    EXPECT_TRUE(db.errorMessage().contains(path)) << db.errorMessage().toStdString();
    EXPECT_EQ(fileHash(path), before);
}

TEST(CatalogFile, ADamagedDataPageIsFoundBeforeAnyWrite)
{
    // Reading needs only the header and schema (a cold CLI query stays fast); writing, or an
    // upgrade, first checks every page, so nothing is written into a damaged catalog.
    QTemporaryDir dir;
    const QString path = copySeedCatalog(dir.path());
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::ReadWrite));
        f.seek(f.size() / 2);
        f.write(QByteArray(8192, '\x5a'));
    }
    const QByteArray before = fileHash(path);
    EXPECT_TRUE(openCatalogFile(path, OpenMode::ReadOnly).ok());
    auto rw = openCatalogFile(path, OpenMode::ReadWrite);
    ASSERT_FALSE(rw.ok());
    EXPECT_TRUE(rw.errorMessage().contains(QStringLiteral("damaged catalog"))) << rw.errorMessage().toStdString();
    EXPECT_EQ(fileHash(path), before);
}

TEST(CatalogFile, EmptyAndMissingFilesAreNamed)
{
    QTemporaryDir dir;
    const QString empty = dir.filePath(QStringLiteral("empty.sqlite"));
    writeFile(empty, {});
    auto e = openCatalogFile(empty, OpenMode::ReadOnly);
    ASSERT_FALSE(e.ok());
    EXPECT_TRUE(e.errorMessage().contains(empty));
    EXPECT_TRUE(e.errorMessage().contains(QStringLiteral("empty")));

    const QString missing = dir.filePath(QStringLiteral("missing.sqlite"));
    auto m = openCatalogFile(missing, OpenMode::ReadOnly);
    ASSERT_FALSE(m.ok());
    EXPECT_TRUE(m.errorMessage().contains(missing));
}

TEST(CatalogFile, ForeignSqliteDatabaseIsRejected)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("other.sqlite"));
    {
        auto db = Database::open(path, OpenMode::Create);
        ASSERT_TRUE(db.ok());
        ASSERT_TRUE(db.value()->exec(QStringLiteral("CREATE TABLE notes (t TEXT)")).ok());
    }
    auto db = openCatalogFile(path, OpenMode::ReadOnly);
    ASSERT_FALSE(db.ok());
    EXPECT_TRUE(db.errorMessage().contains(QStringLiteral("not a GPU Planner catalog")));
}

TEST(CatalogFile, OlderCatalogIsUpgradedOnOpen)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.sqlite"));
    {
        auto db = Database::open(path, OpenMode::Create);
        ASSERT_TRUE(db.ok());
        ASSERT_TRUE(migrate(*db.value(), 1).ok());
    }
    auto db = openCatalogFile(path, OpenMode::ReadOnly);
    ASSERT_TRUE(db.ok()) << db.errorMessage().toStdString();
    EXPECT_EQ(db.value()->userVersion().value(), latestSchemaVersion());
}

TEST(CatalogFile, FirstRunCopiesTheSeedAndLaterRunsKeepTheUsersCatalog)
{
    QTemporaryDir dir;
    const QString dataDir = dir.filePath(QStringLiteral("xdg/gpu-planner"));
    auto created = ensureUserCatalog(dataDir, seedCatalogPath());
    ASSERT_TRUE(created.ok()) << created.errorMessage().toStdString();
    EXPECT_EQ(created.value(), QDir(dataDir).filePath(userCatalogFileName()));
    {
        auto db = openCatalogFile(created.value(), OpenMode::ReadWrite);
        ASSERT_TRUE(db.ok());
        ASSERT_TRUE(db.value()->exec(QStringLiteral("INSERT INTO catalog_meta VALUES ('marker', 'mine')")).ok());
    }
    auto again = ensureUserCatalog(dataDir, seedCatalogPath());
    ASSERT_TRUE(again.ok());
    auto db = openCatalogFile(again.value(), OpenMode::ReadOnly);
    ASSERT_TRUE(db.ok());
    EXPECT_EQ(db.value()->scalar(QStringLiteral("SELECT count(*) FROM catalog_meta WHERE key = 'marker'")).value(), 1);
}

TEST(CatalogFile, UnusableDataDirectoryGivesClearError)
{
    QTemporaryDir dir;
    const QString blocker = dir.filePath(QStringLiteral("a-file"));
    writeFile(blocker, QByteArray("x"));
    // A regular file where the data directory should be: it can be neither created nor written.
    auto result = ensureUserCatalog(blocker, seedCatalogPath());
    ASSERT_FALSE(result.ok());
    EXPECT_TRUE(result.errorMessage().contains(blocker)) << result.errorMessage().toStdString();
    const QString below = blocker + QStringLiteral("/gpu-planner");
    auto nested = ensureUserCatalog(below, seedCatalogPath());
    ASSERT_FALSE(nested.ok());
    EXPECT_TRUE(nested.errorMessage().contains(below));
    EXPECT_TRUE(nested.errorMessage().contains(QStringLiteral("cannot create")));
}

TEST(CatalogFile, MissingSeedGivesClearError)
{
    QTemporaryDir dir;
    auto result = ensureUserCatalog(dir.path(), dir.filePath(QStringLiteral("no-seed.sqlite")));
    ASSERT_FALSE(result.ok());
    EXPECT_TRUE(result.errorMessage().contains(QStringLiteral("no-seed.sqlite")));
}

TEST(CatalogFile, ACatalogFromAnEarlierVersionGainsTheEmbeddedCommitmentsOnce)
{
    QTemporaryDir dir;
    const QString path = copySeedCatalog(dir.path());
    auto count = [&](const char *sql) {
        auto db = openCatalogFile(path, OpenMode::ReadOnly);
        EXPECT_TRUE(db.ok());
        if (!db.ok())
            return qint64(-1);
        auto v = db.value()->scalar(QString::fromLatin1(sql));
        return v.ok() ? v.value() : qint64(-1);
    };
    const qint64 commitments = count("SELECT count(*) FROM offers WHERE billing IN ('reserved', 'savings_plan', 'capacity_block')");
    const qint64 flags = count("SELECT count(*) FROM offer_flags");
    ASSERT_GT(commitments, 7000);
    {
        // What a catalog of schema 2 upgraded to 3 holds: no commitment data, a price the user refreshed.
        auto db = openCatalogFile(path, OpenMode::ReadWrite);
        ASSERT_TRUE(db.ok());
        ASSERT_TRUE(db.value()->exec(QStringLiteral(
                                         "DELETE FROM offers WHERE billing IN ('reserved', 'savings_plan', 'capacity_block');"
                                         "DELETE FROM spot_interruptions; DELETE FROM price_references; DELETE FROM offer_flags;"
                                         "DELETE FROM catalog_meta WHERE key = 'embedded_dated_sources_v6';"
                                         "DELETE FROM fx_rates WHERE source LIKE 'ECB euro%';"
                                         "DELETE FROM instance_types WHERE provider_id = 'huaweicloud';"
                                         "DELETE FROM regions WHERE provider_id = 'huaweicloud';"
                                         "DELETE FROM providers WHERE id = 'huaweicloud';"
                                         "UPDATE offers SET hourly_price = 99.25 WHERE id = (SELECT min(id) FROM offers);"))
                        .ok());
    }
    auto opened = ensureUserCatalog(dir.path(), seedCatalogPath());
    ASSERT_TRUE(opened.ok()) << opened.errorMessage().toStdString();
    EXPECT_EQ(count("SELECT count(*) FROM offers WHERE billing IN ('reserved', 'savings_plan', 'capacity_block')"),
              commitments);
    EXPECT_GT(count("SELECT count(*) FROM spot_interruptions"), 0);
    EXPECT_GT(count("SELECT count(*) FROM offer_flags"), flags / 2);
    // The dated ECB rates this version ships (issue 45) arrive too.
    EXPECT_GE(count("SELECT count(*) FROM fx_rates WHERE source LIKE 'ECB euro%' AND date = '2026-10-09'"), 29);
    EXPECT_EQ(count("SELECT count(*) FROM offers WHERE hourly_price = 99.25"), 1) << "the user's own prices stay";
    EXPECT_EQ(count("SELECT count(*) FROM pragma_foreign_key_check"), 0);
    // A catalog of an earlier version gains Huawei Cloud: the provider, its regions and its flavors.
    EXPECT_EQ(count("SELECT count(*) FROM providers WHERE id = 'huaweicloud'"), 1);
    EXPECT_EQ(count("SELECT count(*) FROM regions WHERE provider_id = 'huaweicloud'"), 8);
    EXPECT_EQ(count("SELECT count(*) FROM instance_types WHERE provider_id = 'huaweicloud'"), 24);
    // Once: a commitment the user deletes afterwards is not brought back.
    {
        auto db = openCatalogFile(path, OpenMode::ReadWrite);
        ASSERT_TRUE(db.ok());
        ASSERT_TRUE(db.value()->exec(QStringLiteral("DELETE FROM offers WHERE billing = 'capacity_block'")).ok());
    }
    ASSERT_TRUE(ensureUserCatalog(dir.path(), seedCatalogPath()).ok());
    EXPECT_EQ(count("SELECT count(*) FROM offers WHERE billing = 'capacity_block'"), 0);
}

// Issue 44: a catalog made by an earlier version takes this version's newer observations (the
// older price stays in its history) and names the file of every offer still as embedded, while a
// price the user refreshed since is newer and stays.
TEST(CatalogFile, ACatalogFromAnEarlierVersionTakesTheNewerObservations)
{
    QTemporaryDir dir;
    const QString path = copySeedCatalog(dir.path());
    auto text = [&](const char *sql) {
        auto db = openCatalogFile(path, OpenMode::ReadOnly);
        EXPECT_TRUE(db.ok());
        if (!db.ok())
            return QString();
        auto s = db.value()->prepare(QString::fromLatin1(sql));
        return s.ok() && s.value().step() ? s.value().text(0) : QString();
    };
    const char *nebius = "SELECT printf('%.2f %s %s', o.hourly_price, o.fetched_at, o.source_file) FROM offers o "
                         "JOIN instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
                         "WHERE it.name = 'gpu-h100-sxm_8gpu-128vcpu-1600gb' AND r.code = 'eu-north1' AND o.billing = 'on_demand'";
    const QString embedded = text(nebius);
    ASSERT_TRUE(embedded.startsWith(u"36.00 2026-10-10 sources/nebius/")) << embedded.toStdString();
    {
        // What the earlier version held: the snapshot's Nebius price, no file names, and a Lambda
        // price the user refreshed after this version's sources were read.
        auto db = openCatalogFile(path, OpenMode::ReadWrite);
        ASSERT_TRUE(db.ok());
        ASSERT_TRUE(db.value()->exec(QStringLiteral(
                                         "UPDATE offers SET source_file = '';"
                                         "UPDATE offers SET hourly_price = 23.6, fetched_at = '2026-07', effective_date = '2026-07' "
                                         "WHERE id IN (SELECT o.id FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                         "WHERE it.name = 'gpu-h100-sxm_8gpu-128vcpu-1600gb' AND o.billing = 'on_demand');"
                                         "UPDATE offers SET hourly_price = 30.0, fetched_at = '2026-12-01T08:00:00Z' WHERE id IN "
                                         "(SELECT o.id FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                         "WHERE it.name = 'gpu_8x_h100_sxm5' AND o.billing = 'on_demand');"
                                         "DELETE FROM catalog_meta WHERE key = 'embedded_dated_sources_v6';"))
                        .ok());
    }
    ASSERT_TRUE(ensureUserCatalog(dir.path(), seedCatalogPath()).ok());
    EXPECT_EQ(text(nebius), embedded);
    EXPECT_EQ(text("SELECT count(*) FROM price_history h JOIN offers o ON o.id = h.offer_id JOIN instance_types it "
                   "ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id WHERE it.name = "
                   "'gpu-h100-sxm_8gpu-128vcpu-1600gb' AND r.code = 'eu-north1' AND o.billing = 'on_demand' "
                   "AND h.hourly_price = 23.6"),
              u"2");
    EXPECT_EQ(text("SELECT count(DISTINCT o.hourly_price) || ' ' || min(o.source_file) FROM offers o JOIN instance_types it "
                   "ON it.id = o.instance_type_id WHERE it.name = 'gpu_8x_h100_sxm5' AND o.billing = 'on_demand'"),
              u"1 ");
    // Every other offer is still as embedded, and names its file again.
    EXPECT_EQ(text("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                   "WHERE o.source_file = '' AND it.name <> 'gpu_8x_h100_sxm5'"),
              u"0");
}
