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

TEST(Migrations, Version3KeepsEveryOfferAndItsHistoryAndDescribesCommitments)
{
    QTemporaryDir dir;
    auto db = createDb(dir);
    ASSERT_TRUE(migrate(*db, 2).ok());
    ASSERT_TRUE(db->exec(QStringLiteral(
                             "INSERT INTO providers (id, name, kind, home_currency) VALUES ('p', 'P', 'custom', 'USD');"
                             "INSERT INTO regions (id, provider_id, code, name, geography) VALUES (1, 'p', 'r', 'R', 'Europe');"
                             "INSERT INTO gpu_models (id, vendor, kind) VALUES ('G', 'V', 'gpu');"
                             "INSERT INTO instance_types (id, provider_id, name, gpu_id, gpu_count) VALUES (1, 'p', 'i', 'G', 1);"
                             "INSERT INTO offers (id, instance_type_id, region_id, billing, hourly_price, currency, "
                             "effective_date, fetched_at, source) VALUES (1, 1, 1, 'on_demand', 2.0, 'USD', '2026-01', '2026-01', 't');"
                             "INSERT INTO offers (id, instance_type_id, region_id, billing, term_months, upfront, hourly_price, "
                             "upfront_fee, currency, effective_date, fetched_at, source) VALUES (2, 1, 1, 'reserved', 12, "
                             "'partial', 0.5, 4000, 'USD', '2026-01', '2026-01', 't');"
                             "UPDATE offers SET hourly_price = 2.5 WHERE id = 1;"))
                    .ok());
    ASSERT_EQ(scalar(*db, "SELECT count(*) FROM price_history"), 3);
    ASSERT_TRUE(migrate(*db).ok());
    EXPECT_EQ(scalar(*db, "PRAGMA foreign_keys"), 1) << "turned back on after the rebuild";
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM price_history"), 3) << "the rebuild keeps every recorded price";
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
    // Version 2's reserved row: a standard RI stated by its recurring part with its fee.
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM offers WHERE id = 2 AND offering_class = 'standard' AND "
                          "price_basis = 'recurring' AND upfront_fee = 4000 AND recurring_per_hour = 0.5"),
              1);
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM offers WHERE id = 1 AND offering_class = '' AND "
                          "unavailable_since IS NULL"),
              1);
    // Convertible beside standard now fits the key; capacity blocks are a billing model.
    EXPECT_TRUE(db->exec(QStringLiteral(
                             "INSERT INTO offers (instance_type_id, region_id, billing, term_months, upfront, offering_class, "
                             "hourly_price, price_basis, currency, effective_date, fetched_at, source) VALUES (1, 1, "
                             "'reserved', 12, 'partial', 'convertible', 0.6, 'effective', 'USD', '2026-01', '2026-01', 't');"
                             "INSERT INTO offers (instance_type_id, region_id, billing, upfront, hourly_price, price_basis, "
                             "min_duration_hours, max_duration_hours, currency, effective_date, fetched_at, source) VALUES "
                             "(1, 1, 'capacity_block', 'all', 1.5, 'effective', 24, 4368, 'USD', '2026-01', '2026-01', 't');"))
                    .ok());
    EXPECT_FALSE(db->exec(QStringLiteral("UPDATE offers SET offering_class = 'gold' WHERE id = 2")).ok());
    // A deleted offer still takes its flags and history with it.
    ASSERT_TRUE(db->exec(QStringLiteral("INSERT INTO offer_flags (offer_id, rule, reason) VALUES (1, 'x', 'y');"
                                        "DELETE FROM offers WHERE id = 1"))
                    .ok());
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM offer_flags"), 0);
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM price_history WHERE offer_id = 1"), 0);
}

TEST(Migrations, Version7KeepsEverySpendLineItsChecksAndItsCascade)
{
    QTemporaryDir dir;
    auto db = createDb(dir);
    ASSERT_TRUE(migrate(*db, 6).ok());
    ASSERT_TRUE(db->exec(QStringLiteral(
                             "INSERT INTO spend_imports (id, source_file, sha256, format) VALUES (1, 'cur.csv', 'x', 'aws-cur');"
                             "INSERT INTO spend_lines (id, import_id, provider, billing_period, usage_start, usage_end, "
                             "resource_id, sku, gpu, kind, pricing, amount_micros, currency, basis, source_row) VALUES "
                             "(7, 1, 'aws', '2024-05', '2024-05-01T00:00:00Z', '2024-05-01T01:00:00Z', 'i-1', "
                             "'BoxUsage:p4d.24xlarge', 1, 'usage', 'on_demand', 32772000, 'USD', 'amortized', 2);"))
                    .ok());
    ASSERT_TRUE(migrate(*db).ok());
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM spend_lines WHERE id = 7 AND import_id = 1 AND gpu = 1 AND "
                          "amount_micros = 32772000 AND source_row = 2 AND resource_id = 'i-1'"),
              1);
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM sqlite_schema WHERE name = 'spend_lines_identity'"), 1);
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM sqlite_schema WHERE name = 'spend_lines_import'"), 1);
    // The checks written as comparisons refuse what the IN lists refused.
    EXPECT_FALSE(db->exec(QStringLiteral("UPDATE spend_lines SET kind = 'gift' WHERE id = 7")).ok());
    EXPECT_FALSE(db->exec(QStringLiteral("UPDATE spend_lines SET pricing = 'free' WHERE id = 7")).ok());
    EXPECT_FALSE(db->exec(QStringLiteral("UPDATE spend_lines SET gpu = 2 WHERE id = 7")).ok());
    EXPECT_TRUE(db->exec(QStringLiteral("UPDATE spend_lines SET kind = 'other', pricing = 'unknown' WHERE id = 7")).ok());
    // Removing the import still takes its lines with it.
    ASSERT_TRUE(db->exec(QStringLiteral("DELETE FROM spend_imports WHERE id = 1")).ok());
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM spend_lines"), 0);
}

TEST(Migrations, Version9KeepsEverySpendLineCurrentAndAReplacementComesBackWithItsImportsRemoval)
{
    QTemporaryDir dir;
    auto db = createDb(dir);
    ASSERT_TRUE(migrate(*db, 8).ok());
    ASSERT_TRUE(db->exec(QStringLiteral(
                             "INSERT INTO spend_imports (id, source_file, sha256, format) VALUES (1, 'cur.csv', 'x', 'aws-cur');"
                             "INSERT INTO spend_lines (id, import_id, provider, billing_period, usage_start, usage_end, "
                             "resource_id, sku, gpu, kind, pricing, amount_micros, currency, basis, source_row) VALUES "
                             "(7, 1, 'aws', '2024-05', '2024-05-01T00:00:00Z', '2024-05-01T01:00:00Z', 'i-1', "
                             "'BoxUsage:p4d.24xlarge', 1, 'usage', 'on_demand', 32772000, 'USD', 'amortized', 2);"))
                    .ok());
    ASSERT_TRUE(migrate(*db).ok());
    // A line stored before 9 is current: replaced by nothing.
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM spend_lines WHERE id = 7 AND replaced_by IS NULL AND amount_micros = 32772000"), 1);
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM sqlite_schema WHERE name = 'spend_lines_replaced_by'"), 1);
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM sqlite_schema WHERE name = 'spend_lines_identity'"), 1);
    // Replaced by import 2: when import 2's row goes, by whatever path, the line counts again.
    ASSERT_TRUE(db->exec(QStringLiteral("INSERT INTO spend_imports (id, source_file, sha256, format) VALUES (2, 'fix.csv', 'y', 'aws-cur');"
                                        "UPDATE spend_lines SET replaced_by = 2 WHERE id = 7"))
                    .ok());
    EXPECT_FALSE(db->exec(QStringLiteral("UPDATE spend_lines SET replaced_by = 99 WHERE id = 7")).ok());
    ASSERT_TRUE(db->exec(QStringLiteral("DELETE FROM spend_imports WHERE id = 2")).ok());
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM spend_lines WHERE id = 7 AND replaced_by IS NULL"), 1);
}

TEST(Migrations, Version11KeepsEverySpendLineWithAnEmptyRegion)
{
    QTemporaryDir dir;
    auto db = createDb(dir);
    ASSERT_TRUE(migrate(*db, 10).ok());
    ASSERT_TRUE(db->exec(QStringLiteral(
                             "INSERT INTO spend_imports (id, source_file, sha256, format) VALUES (1, 'cur.csv', 'x', 'aws-cur');"
                             "INSERT INTO spend_lines (id, import_id, provider, billing_period, usage_start, usage_end, "
                             "resource_id, sku, gpu, kind, pricing, amount_micros, currency, basis, source_row, charge_detail) VALUES "
                             "(7, 1, 'aws', '2024-05', '2024-05-01T00:00:00Z', '2024-05-01T01:00:00Z', 'i-1', "
                             "'BoxUsage:p4d.24xlarge', 1, 'usage', 'on_demand', 32772000, 'USD', 'amortized', 2, 'Usage');"))
                    .ok());
    ASSERT_TRUE(migrate(*db).ok());
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM spend_lines WHERE id = 7 AND region = '' AND amount_micros = 32772000 AND "
                          "charge_detail = 'Usage' AND replaced_by IS NULL"),
              1);
    EXPECT_TRUE(db->exec(QStringLiteral("UPDATE spend_lines SET region = 'us-east-1' WHERE id = 7")).ok());
    EXPECT_EQ(scalar(*db, "SELECT count(*) FROM spend_lines WHERE region = 'us-east-1'"), 1);
}
