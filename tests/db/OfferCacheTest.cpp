// The copy of the whole-catalog offer read beside a catalog (OfferCache): it returns exactly what
// the catalog's SELECT returns, and any change to what that read returns, a damaged file, another
// catalog's copy or an unwritable folder sends the read back to the catalog.

#include "db/SeedCatalog.h"

#include "db/Database.h"
#include "db/OfferCache.h"
#include "db/OfferRows.h"
#include "db/SqliteCatalogRepository.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <atomic>
#include <thread>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::core;

namespace {

void expectSameText(const QString &a, const QString &b, const char *field, qint64 id)
{
    EXPECT_EQ(a, b) << field << " of offer " << id;
    EXPECT_EQ(a.isNull(), b.isNull()) << field << " of offer " << id << " (null against empty)";
}

// Every field of Offer, by name (OfferCache's static_assert on Offer's size keeps this list whole).
void expectSameOffer(const Offer &a, const Offer &b)
{
    ASSERT_EQ(a.id, b.id);
    const qint64 id = a.id;
    expectSameText(a.provider, b.provider, "provider", id);
    expectSameText(a.providerName, b.providerName, "providerName", id);
    expectSameText(a.instanceType, b.instanceType, "instanceType", id);
    expectSameText(a.region, b.region, "region", id);
    expectSameText(a.regionName, b.regionName, "regionName", id);
    expectSameText(a.regionNameZh, b.regionNameZh, "regionNameZh", id);
    expectSameText(a.geography, b.geography, "geography", id);
    expectSameText(a.gpu, b.gpu, "gpu", id);
    expectSameText(a.interconnect, b.interconnect, "interconnect", id);
    expectSameText(a.upfront, b.upfront, "upfront", id);
    expectSameText(a.offeringClass, b.offeringClass, "offeringClass", id);
    expectSameText(a.currency, b.currency, "currency", id);
    expectSameText(a.source, b.source, "source", id);
    expectSameText(a.effectiveDate, b.effectiveDate, "effectiveDate", id);
    expectSameText(a.unavailableSince, b.unavailableSince, "unavailableSince", id);
    expectSameText(a.interruptionBucket, b.interruptionBucket, "interruptionBucket", id);
    expectSameText(a.interruptionSource, b.interruptionSource, "interruptionSource", id);
    expectSameText(a.observedOn, b.observedOn, "observedOn", id);
    expectSameText(a.sourceFile, b.sourceFile, "sourceFile", id);
    EXPECT_EQ(a.suspectReasons, b.suspectReasons) << id;
    EXPECT_EQ(a.gpuCount, b.gpuCount) << id;
    EXPECT_EQ(a.gpuMemoryGib, b.gpuMemoryGib) << id;
    EXPECT_EQ(a.listedGpuMemoryGib, b.listedGpuMemoryGib) << id;
    EXPECT_EQ(a.vcpus, b.vcpus) << id;
    EXPECT_EQ(a.memoryGib, b.memoryGib) << id;
    EXPECT_EQ(a.networkGbps, b.networkGbps) << id;
    EXPECT_EQ(a.rdma, b.rdma) << id;
    EXPECT_EQ(a.billing, b.billing) << id;
    EXPECT_EQ(a.termMonths, b.termMonths) << id;
    EXPECT_EQ(a.pricePerHour, b.pricePerHour) << id;
    EXPECT_EQ(a.priceBasis, b.priceBasis) << id;
    EXPECT_EQ(a.medianPricePerHour, b.medianPricePerHour) << id;
    EXPECT_EQ(a.upfrontFee, b.upfrontFee) << id;
    EXPECT_EQ(a.recurringPerHour, b.recurringPerHour) << id;
    EXPECT_EQ(a.minDurationHours, b.minDurationHours) << id;
    EXPECT_EQ(a.maxDurationHours, b.maxDurationHours) << id;
    EXPECT_EQ(a.pricePerHourUsd, b.pricePerHourUsd) << id;
    EXPECT_EQ(a.interruptionRateMonthly, b.interruptionRateMonthly) << id;
}

void expectSameOffers(const QList<Offer> &a, const QList<Offer> &b)
{
    ASSERT_EQ(a.size(), b.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        expectSameOffer(a.at(i), b.at(i));
        if (::testing::Test::HasFailure())
            return; // the first offer that differs says enough
    }
}

class OfferCacheTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        m_catalog = tests::copySeedCatalog(m_dir.path());
        ASSERT_FALSE(m_catalog.isEmpty());
    }

    std::unique_ptr<db::SqliteCatalogRepository> open()
    {
        auto db = db::Database::open(m_catalog, db::OpenMode::ReadWrite);
        EXPECT_TRUE(db.ok()) << db.errorMessage().toStdString();
        return db ? std::make_unique<db::SqliteCatalogRepository>(std::move(db).value()) : nullptr;
    }

    QList<Offer> read(db::SqliteCatalogRepository &repo, const OfferQuery &query = {})
    {
        auto offers = repo.offers(query);
        EXPECT_TRUE(offers.ok()) << offers.errorMessage().toStdString();
        return offers ? offers.value() : QList<Offer>{};
    }

    // The catalog's own answer, with no copy anywhere.
    QList<Offer> readFromCatalog(db::SqliteCatalogRepository &repo)
    {
        QFile::remove(cachePath());
        auto offers = read(repo);
        return offers;
    }

    QString cachePath() const { return db::offerCachePath(m_catalog); }

    QTemporaryDir m_dir;
    QString m_catalog;
};

} // namespace

TEST_F(OfferCacheTest, TheCopyHoldsExactlyWhatTheCatalogReadReturns)
{
    auto repo = open();
    ASSERT_TRUE(repo);
    const QList<Offer> fromCatalog = readFromCatalog(*repo);
    ASSERT_GT(fromCatalog.size(), 1000);
    ASSERT_TRUE(QFile::exists(cachePath())) << "the first whole-catalog read leaves a copy";

    const auto copy = db::readOfferCache(cachePath(), db::offerCacheKey(repo->database()));
    ASSERT_TRUE(copy.has_value()) << "the copy is current";
    expectSameOffers(fromCatalog, *copy);
    // Offers with flags, unknown figures and Chinese region names are among them.
    EXPECT_TRUE(std::any_of(copy->cbegin(), copy->cend(), [](const Offer &o) { return o.suspect(); }));
    EXPECT_TRUE(std::any_of(copy->cbegin(), copy->cend(), [](const Offer &o) { return !o.regionNameZh.isEmpty(); }));
    EXPECT_TRUE(std::any_of(copy->cbegin(), copy->cend(), [](const Offer &o) { return !o.upfrontFee; }));

    // The repository's next read is the copy's, and the same.
    expectSameOffers(fromCatalog, read(*repo));
}

TEST_F(OfferCacheTest, OtherQueriesReadTheCatalogAndLeaveNoCopy)
{
    auto repo = open();
    ASSERT_TRUE(repo);
    OfferQuery query;
    query.gpus = {QStringLiteral("H100-SXM5-80GB")};
    EXPECT_FALSE(read(*repo, query).isEmpty());
    EXPECT_FALSE(QFile::exists(cachePath()));
}

TEST_F(OfferCacheTest, AnyChangeToWhatTheReadReturnsRetiresTheCopy)
{
    // One change to each table the read joins; after each, the read is the catalog's new answer.
    const QStringList changes = {
        QStringLiteral("UPDATE offers SET hourly_price = hourly_price * 2 WHERE id = (SELECT MIN(id) FROM offers)"),
        QStringLiteral("UPDATE instance_types SET vcpus = 7 WHERE id = (SELECT MIN(id) FROM instance_types)"),
        QStringLiteral("UPDATE regions SET name = 'Renamed' WHERE id = (SELECT MIN(id) FROM regions)"),
        QStringLiteral("UPDATE providers SET name = 'Renamed Cloud' WHERE id = 'aws'"),
        QStringLiteral("INSERT INTO fx_rates (currency, rate, date, source) VALUES ('CNY', 7.0, '2099-01-01', 'test')"),
        QStringLiteral("DELETE FROM offer_flags"),
        QStringLiteral("UPDATE spot_interruptions SET rate_monthly = 0.99"),
        QStringLiteral("DELETE FROM offers WHERE id = (SELECT MAX(id) FROM offers)"),
    };
    auto repo = open();
    ASSERT_TRUE(repo);
    QList<Offer> before = readFromCatalog(*repo);
    for (const QString &change : changes) {
        SCOPED_TRACE(change.toStdString());
        ASSERT_TRUE(QFile::exists(cachePath()));
        const QByteArray keyBefore = db::offerCacheKey(repo->database());
        ASSERT_TRUE(repo->database().exec(change).ok()) << change.toStdString();
        EXPECT_NE(db::offerCacheKey(repo->database()), keyBefore);
        EXPECT_FALSE(db::readOfferCache(cachePath(), db::offerCacheKey(repo->database())).has_value());

        const QList<Offer> now = read(*repo); // writes the new copy
        auto fresh = open();
        expectSameOffers(readFromCatalog(*fresh), now);
        EXPECT_FALSE(now.size() == before.size() && std::equal(now.cbegin(), now.cend(), before.cbegin(),
                                                              [](const Offer &a, const Offer &b) {
                                                                  return a.id == b.id && a.pricePerHourUsd == b.pricePerHourUsd
                                                                      && a.providerName == b.providerName
                                                                      && a.regionName == b.regionName && a.vcpus == b.vcpus
                                                                      && a.suspectReasons == b.suspectReasons
                                                                      && a.interruptionRateMonthly == b.interruptionRateMonthly;
                                                              }))
            << "the change shows in the read";
        before = now;
    }
}

TEST_F(OfferCacheTest, ARolledBackChangeKeepsTheKeyAndTheCopy)
{
    auto repo = open();
    ASSERT_TRUE(repo);
    readFromCatalog(*repo);
    const QByteArray key = db::offerCacheKey(repo->database());
    ASSERT_TRUE(repo->database().exec(QStringLiteral("BEGIN")).ok());
    ASSERT_TRUE(repo->database().exec(QStringLiteral("UPDATE offers SET hourly_price = 0")).ok());
    ASSERT_TRUE(repo->database().exec(QStringLiteral("ROLLBACK")).ok());
    EXPECT_EQ(db::offerCacheKey(repo->database()), key);
    EXPECT_TRUE(db::readOfferCache(cachePath(), key).has_value());
}

TEST_F(OfferCacheTest, DamagedOrForeignCopiesAreNotUsed)
{
    auto repo = open();
    ASSERT_TRUE(repo);
    const QList<Offer> fromCatalog = readFromCatalog(*repo);
    const QByteArray key = db::offerCacheKey(repo->database());
    QFile f(cachePath());
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray good = f.readAll();
    f.close();
    const auto writeBytes = [&](const QByteArray &bytes) {
        QFile out(cachePath());
        ASSERT_TRUE(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(bytes);
    };

    // One byte changed anywhere: in the header, the key, a text, the last offer.
    for (const qsizetype at : {qsizetype(9), qsizetype(60), good.size() / 3, good.size() - 2}) {
        QByteArray bad = good;
        bad[at] = char(bad[at] ^ 0x10);
        writeBytes(bad);
        EXPECT_FALSE(db::readOfferCache(cachePath(), key).has_value()) << "byte " << at;
        expectSameOffers(fromCatalog, read(*repo)); // read from the catalog, and the copy rewritten
        EXPECT_TRUE(db::readOfferCache(cachePath(), key).has_value());
    }
    // Cut short, empty, or not a copy at all.
    for (const QByteArray &bad : {good.left(good.size() / 2), QByteArray(), QByteArray("SQLite format 3")}) {
        writeBytes(bad);
        EXPECT_FALSE(db::readOfferCache(cachePath(), key).has_value());
        expectSameOffers(fromCatalog, read(*repo));
    }
    // Another catalog's key (a copy of this catalog that has changed since).
    EXPECT_FALSE(db::readOfferCache(cachePath(), key + "x").has_value());
    EXPECT_FALSE(db::readOfferCache(cachePath(), QByteArray()).has_value());
}

TEST_F(OfferCacheTest, CopiesOfOneCatalogThatChangeApartGetDifferentKeys)
{
    const QString other = m_dir.filePath(QStringLiteral("other.sqlite"));
    ASSERT_TRUE(QFile::copy(m_catalog, other));
    auto a = open();
    auto b = db::Database::open(other, db::OpenMode::ReadWrite);
    ASSERT_TRUE(a && b.ok());
    // A copy is another file: its key differs even with the same content and token, so a copy
    // moved over a catalog (a .dump reloaded, a backup put back) never reads the catalog's copy.
    EXPECT_NE(db::offerCacheKey(a->database()), db::offerCacheKey(*b.value())) << "another file";
    const QString change = QStringLiteral("UPDATE offers SET hourly_price = hourly_price + 1 WHERE id = (SELECT MIN(id) FROM offers)");
    ASSERT_TRUE(a->database().exec(change).ok());
    ASSERT_TRUE(b.value()->exec(change + QStringLiteral(" AND 0")).ok()); // a statement that changes nothing
    ASSERT_TRUE(b.value()->exec(QStringLiteral("UPDATE offers SET hourly_price = hourly_price + 2 WHERE id = (SELECT MIN(id) FROM offers)")).ok());
    EXPECT_NE(db::offerCacheKey(a->database()), db::offerCacheKey(*b.value()));
}

TEST_F(OfferCacheTest, ACopyThatCannotBeWrittenLeavesEveryReadRight)
{
    // Where the copy would go there is a folder: the write fails whoever runs the test.
    ASSERT_TRUE(QDir().mkpath(cachePath()));
    auto repo = open();
    ASSERT_TRUE(repo);
    const QList<Offer> first = read(*repo);
    ASSERT_GT(first.size(), 1000);
    EXPECT_TRUE(QFileInfo(cachePath()).isDir());
    EXPECT_FALSE(db::readOfferCache(cachePath(), db::offerCacheKey(repo->database())).has_value());
    expectSameOffers(first, read(*repo));
    // And a read-only catalog that was never given a copy reads the same.
    ASSERT_TRUE(QDir(cachePath()).removeRecursively());
    auto readOnly = db::SqliteCatalogRepository::openExisting(m_catalog);
    ASSERT_TRUE(readOnly.ok()) << readOnly.errorMessage().toStdString();
    expectSameOffers(first, read(*readOnly.value()));
}

// Every table the offer read joins replaces the token on insert, update and delete, in a catalog
// of the latest schema: a later migration that rebuilds one of them must create its triggers again.
TEST_F(OfferCacheTest, EveryTableTheReadJoinsReplacesTheToken)
{
    auto repo = open();
    ASSERT_TRUE(repo);
    const QStringList tables = {QStringLiteral("offers"), QStringLiteral("instance_types"), QStringLiteral("regions"),
                                QStringLiteral("providers"), QStringLiteral("offer_flags"),
                                QStringLiteral("spot_interruptions"), QStringLiteral("fx_rates")};
    for (const QString &table : tables) {
        // The read joins it (the query names it; fx_rates through the fx_latest view), so a change to it must retire the copy.
        EXPECT_TRUE(db::offerSelect().contains(table) || table == QStringLiteral("fx_rates"))
            << table.toStdString();
        for (const char *event : {"INSERT", "UPDATE", "DELETE"}) {
            auto count = repo->database().scalar(
                QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = '%1' "
                               "AND sql LIKE '%AFTER %2 ON %1%' AND sql LIKE '%catalog_revision%'")
                    .arg(table, QLatin1String(event)));
            ASSERT_TRUE(count.ok());
            EXPECT_EQ(count.value(), 1) << table.toStdString() << " " << event;
        }
    }
}

// The fault probe (issue 43): after a table the read joins was rebuilt by SQLite's 12-step ALTER
// procedure (its triggers dropped with the old table), changes no longer replaced the token and
// the copy was read as current. Now no copy is trusted while a trigger is missing.
TEST_F(OfferCacheTest, ATableRebuiltWithoutItsTriggersRetiresTheCopy)
{
    auto repo = open();
    ASSERT_TRUE(repo);
    readFromCatalog(*repo);
    ASSERT_FALSE(db::offerCacheKey(repo->database()).isEmpty());
    db::Database &catalog = repo->database();
    ASSERT_TRUE(catalog.exec(QStringLiteral("PRAGMA foreign_keys = OFF")).ok());
    ASSERT_TRUE(catalog.exec(QStringLiteral("BEGIN")).ok());
    ASSERT_TRUE(catalog.exec(QStringLiteral("CREATE TABLE regions_new AS SELECT * FROM regions")).ok());
    ASSERT_TRUE(catalog.exec(QStringLiteral("DROP TABLE regions")).ok());
    ASSERT_TRUE(catalog.exec(QStringLiteral("ALTER TABLE regions_new RENAME TO regions")).ok());
    ASSERT_TRUE(catalog.exec(QStringLiteral("COMMIT")).ok());
    ASSERT_TRUE(catalog.exec(QStringLiteral("UPDATE regions SET name = 'Rebuilt' WHERE id = (SELECT MIN(id) FROM regions)")).ok());
    EXPECT_TRUE(db::offerCacheKey(catalog).isEmpty()) << "a table without its token triggers: no key, no copy";
    const QList<Offer> now = read(*repo);
    EXPECT_TRUE(std::any_of(now.cbegin(), now.cend(), [](const Offer &o) { return o.regionName == u"Rebuilt"; }));
}

// The fault probe (issue 43): a catalog dumped, changed and reloaded into a new file (with the
// dumped token) and moved over the old one was planned from the old one's copy.
TEST_F(OfferCacheTest, AnotherFileMovedOverTheCatalogRetiresTheCopy)
{
    QByteArray token;
    {
        auto repo = open();
        ASSERT_TRUE(repo);
        readFromCatalog(*repo);
        ASSERT_TRUE(QFile::exists(cachePath()));
        auto stmt = repo->database().prepare(QStringLiteral("SELECT hex(token) FROM catalog_revision"));
        ASSERT_TRUE(stmt && stmt.value().step());
        token = stmt.value().text(0).toLatin1();
    }
    const QString reloaded = m_dir.filePath(QStringLiteral("reloaded.sqlite"));
    ASSERT_TRUE(QFile::copy(m_catalog, reloaded));
    {
        auto db = db::Database::open(reloaded, db::OpenMode::ReadWrite);
        ASSERT_TRUE(db.ok());
        ASSERT_TRUE(db.value()->exec(QStringLiteral("UPDATE offers SET hourly_price = 12345.5 WHERE id = (SELECT MIN(id) FROM offers)")).ok());
        ASSERT_TRUE(db.value()->exec(QStringLiteral("UPDATE catalog_revision SET token = X'%1'").arg(QString::fromLatin1(token))).ok());
        ASSERT_TRUE(db.value()->exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")).ok());
    }
    for (const char *side : {"-wal", "-shm"})
        QFile::remove(m_catalog + QLatin1String(side));
    ASSERT_TRUE(QFile::remove(m_catalog));
    ASSERT_TRUE(QFile::rename(reloaded, m_catalog));
    auto repo = open();
    ASSERT_TRUE(repo);
    const QList<Offer> now = read(*repo);
    auto fresh = open();
    expectSameOffers(readFromCatalog(*fresh), now);
}

// The fault probe (issue 43): the copy was read through mmap, and a copy rewritten in place under
// a reader crashed it (SIGBUS, 25 of 56 plans). It is read into memory now: while another thread
// cuts the file short and writes it back, over and over, every read is the whole copy or none.
TEST_F(OfferCacheTest, ACopyRewrittenInPlaceUnderAReaderIsReadWholeOrNotAtAll)
{
    auto repo = open();
    ASSERT_TRUE(repo);
    const QList<Offer> offers = readFromCatalog(*repo);
    const QByteArray key = db::offerCacheKey(repo->database());
    QFile file(cachePath());
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray whole = file.readAll();
    file.close();
    std::atomic<bool> stop{false};
    std::thread rewriter([&] {
        while (!stop.load()) {
            QFile f(cachePath());
            if (!f.open(QIODevice::ReadWrite))
                continue;
            f.resize(whole.size() / 3); // in place, as another program might
            f.seek(0);
            f.write(whole);
            f.close();
        }
    });
    int wholeReads = 0;
    for (int i = 0; i < 200; ++i) {
        const auto read = db::readOfferCache(cachePath(), key);
        if (read) {
            ++wholeReads;
            ASSERT_EQ(read->size(), offers.size());
        }
    }
    stop.store(true);
    rewriter.join();
    const auto last = db::readOfferCache(cachePath(), key);
    ASSERT_TRUE(last.has_value()) << "rewritten whole at the end";
    expectSameOffers(offers, *last);
    RecordProperty("wholeReadsOf200", wholeReads);
}
