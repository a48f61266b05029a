#include "db/Database.h"
#include "db/Migrations.h"

#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace gpuplanner::db;

namespace {

std::unique_ptr<Database> createDb(const QTemporaryDir &dir)
{
    auto db = Database::open(dir.filePath(QStringLiteral("c.sqlite")), OpenMode::Create);
    EXPECT_TRUE(db.ok()) << db.errorMessage().toStdString();
    return std::move(db).value();
}

qint64 scalar(Database &db, const char *sql)
{
    auto v = db.scalar(QString::fromLatin1(sql));
    EXPECT_TRUE(v.ok()) << v.errorMessage().toStdString();
    return v.ok() ? v.value() : -1;
}

} // namespace

TEST(Migrations, AreNumberedFromOneWithoutGaps)
{
    const auto all = migrations();
    ASSERT_GE(all.size(), 2);
    for (qsizetype i = 0; i < all.size(); ++i)
        EXPECT_EQ(all.at(i).version, i + 1) << all.at(i).name.toStdString();
    EXPECT_EQ(latestSchemaVersion(), all.constLast().version);
}

TEST(Migrations, FromEmptyReachLatestWithWalAndForeignKeys)
{
    QTemporaryDir dir;
    auto db = createDb(dir);
    ASSERT_TRUE(migrate(*db).ok());
    EXPECT_EQ(db->userVersion().value(), latestSchemaVersion());
    EXPECT_EQ(scalar(*db, "PRAGMA foreign_keys"), 1);
    auto mode = db->prepare(QStringLiteral("PRAGMA journal_mode"));
    ASSERT_TRUE(mode.ok());
    ASSERT_TRUE(mode.value().step());
    EXPECT_EQ(mode.value().text(0), QStringLiteral("wal"));
    for (const char *table : {"providers", "regions", "gpu_models", "gpu_aliases", "instance_types", "offers",
                              "price_history", "fx_rates", "refresh_log", "import_exclusions"}) {
        const QString sql = QStringLiteral("SELECT count(*) FROM sqlite_schema WHERE name = '%1'")
                                .arg(QString::fromLatin1(table));
        EXPECT_EQ(db->scalar(sql).value(), 1) << table;
    }
}

TEST(Migrations, UpgradeFromEveryEarlierVersionKeepsData)
{
    for (int from = 1; from < latestSchemaVersion(); ++from) {
        QTemporaryDir dir;
        auto db = createDb(dir);
        ASSERT_TRUE(migrate(*db, from).ok());
        ASSERT_EQ(db->userVersion().value(), from);
        ASSERT_TRUE(db->exec(QStringLiteral(
                                 "INSERT INTO providers (id, name, kind, home_currency) VALUES ('p', 'P', 'custom', 'EUR');"
                                 "INSERT INTO regions (provider_id, code, name, geography) VALUES ('p', 'r1', 'R1', 'Europe');"))
                        .ok());
        auto upgraded = migrate(*db);
        ASSERT_TRUE(upgraded.ok()) << "from " << from << ": " << upgraded.errorMessage().toStdString();
        EXPECT_EQ(db->userVersion().value(), latestSchemaVersion());
        EXPECT_EQ(scalar(*db, "SELECT count(*) FROM regions WHERE provider_id = 'p'"), 1);
    }
}

TEST(Migrations, RunningTwiceIsANoOp)
{
    QTemporaryDir dir;
    auto db = createDb(dir);
    ASSERT_TRUE(migrate(*db).ok());
    ASSERT_TRUE(migrate(*db).ok());
    EXPECT_EQ(db->userVersion().value(), latestSchemaVersion());
}

TEST(Migrations, RefuseANewerSchemaNamingTheFile)
{
    QTemporaryDir dir;
    auto db = createDb(dir);
    ASSERT_TRUE(db->exec(QStringLiteral("PRAGMA user_version = 999")).ok());
    auto result = migrate(*db);
    ASSERT_FALSE(result.ok());
    EXPECT_TRUE(result.errorMessage().contains(QStringLiteral("newer")));
    EXPECT_TRUE(result.errorMessage().contains(dir.filePath(QStringLiteral("c.sqlite"))));
}

TEST(Migrations, PriceHistoryGetsARowWhenAPriceChanges)
{
    QTemporaryDir dir;
    auto db = createDb(dir);
    ASSERT_TRUE(migrate(*db).ok());
    ASSERT_TRUE(db->exec(QStringLiteral(
                             "INSERT INTO providers (id, name, kind, home_currency) VALUES ('p', 'P', 'custom', 'USD');"
                             "INSERT INTO regions (id, provider_id, code, name, geography) VALUES (1, 'p', 'r', 'R', 'Europe');"
                             "INSERT INTO gpu_models (id, vendor, kind) VALUES ('G', 'V', 'gpu');"
                             "INSERT INTO instance_types (id, provider_id, name, gpu_id, gpu_count) VALUES (1, 'p', 'i', 'G', 1);"
                             "INSERT INTO offers (id, instance_type_id, region_id, billing, hourly_price, currency, "
                             "effective_date, fetched_at, source) VALUES (1, 1, 1, 'on_demand', 2.0, 'USD', '2026-01', '2026-01', 't');"))
                    .ok());
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM price_history WHERE offer_id = 1"), 1);
    ASSERT_TRUE(db->exec(QStringLiteral("UPDATE offers SET hourly_price = 2.5 WHERE id = 1")).ok());
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM price_history WHERE offer_id = 1"), 2);
    ASSERT_TRUE(db->exec(QStringLiteral("UPDATE offers SET hourly_price = 2.5, source = 'u' WHERE id = 1")).ok());
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM price_history WHERE offer_id = 1"), 2);
}

TEST(Migrations, ForeignKeysAreEnforced)
{
    QTemporaryDir dir;
    auto db = createDb(dir);
    ASSERT_TRUE(migrate(*db).ok());
    EXPECT_FALSE(db->exec(QStringLiteral("INSERT INTO regions (provider_id, code, name, geography) "
                                         "VALUES ('nobody', 'r', 'R', 'Europe')"))
                     .ok());
}
