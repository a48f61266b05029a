#include "db/SeedCatalog.h"

#include "db/CatalogFile.h"
#include "db/Database.h"
#include "db/SqliteCatalogRepository.h"

#include <QTemporaryDir>

#include <algorithm>

#include <QFile>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::core;

namespace {

class Repository : public ::testing::Test
{
protected:
    void SetUp() override
    {
        auto repo = db::SqliteCatalogRepository::openExisting(tests::seedCatalogPath());
        ASSERT_TRUE(repo.ok()) << repo.errorMessage().toStdString();
        m_repo = std::move(repo).value();
    }

    QList<Offer> offers(const OfferQuery &q)
    {
        auto result = m_repo->offers(q);
        EXPECT_TRUE(result.ok()) << result.errorMessage().toStdString();
        return result.ok() ? result.value() : QList<Offer>{};
    }

    std::unique_ptr<db::SqliteCatalogRepository> m_repo;
};

} // namespace

TEST_F(Repository, ShortNamesPeopleTypeResolveFollowingSkyPilot)
{
    const QList<std::pair<const char *, const char *>> cases = {
        {"H100", "H100-SXM5-80GB"},        {"H100-80GB", "H100-SXM5-80GB"}, {"H200", "H200-SXM-141GB"},
        {"A100", "A100-SXM4-40GB"},        {"A100-40GB", "A100-SXM4-40GB"}, {"A100-80GB", "A100-SXM4-80GB"},
        {"V100", "V100-SXM2-16GB"},        {"V100-16GB", "V100-SXM2-16GB"}, {"L4", "L4"},
        {"T4", "T4"},                      {"NVIDIA A100 80GB", "A100-SXM4-80GB"}, {"h100-pcie-80gb", "H100-PCIe-80GB"},
    };
    for (const auto &[typed, expected] : cases) {
        auto id = m_repo->resolveGpu(QString::fromLatin1(typed));
        ASSERT_TRUE(id.ok()) << typed;
        EXPECT_EQ(id.value(), QString::fromLatin1(expected)) << typed;
    }
    auto unknown = m_repo->resolveGpu(QStringLiteral("Z9000"));
    ASSERT_FALSE(unknown.ok());
    EXPECT_TRUE(unknown.errorMessage().contains(QStringLiteral("Z9000")));
}

TEST_F(Repository, A100_80GBx8ComesFromEveryMajorProvider)
{
    OfferQuery q;
    q.gpus = {QStringLiteral("A100-SXM4-80GB")};
    q.minGpus = 8;
    q.billing = Billing::OnDemand;
    QSet<QString> providers;
    for (const Offer &o : offers(q)) {
        EXPECT_EQ(o.gpu, q.gpus.constFirst());
        EXPECT_GE(o.gpuCount, 8);
        EXPECT_GT(o.pricePerHour, 0);
        providers.insert(o.provider);
    }
    for (const char *p : {"aws", "azure", "gcp", "lambda", "oci"})
        EXPECT_TRUE(providers.contains(QString::fromLatin1(p))) << p;
}

TEST_F(Repository, SortsByUsdPriceAcrossCurrencies)
{
    OfferQuery q;
    q.gpus = {QStringLiteral("A100-SXM4-80GB")};
    const auto list = offers(q);
    ASSERT_GT(list.size(), 10);
    bool sawCny = false;
    for (qsizetype i = 1; i < list.size(); ++i) {
        EXPECT_LE(list.at(i - 1).pricePerHourUsd, list.at(i).pricePerHourUsd);
        sawCny = sawCny || list.at(i).currency == u"CNY";
    }
    EXPECT_TRUE(sawCny);
    // At the embedded catalog's newest CNY rate: the ECB's of 2026-10-09 (7.4992 CNY and 1.1206
    // USD per euro), not the fork's fixed 0.138 USD per CNY of 2026-05.
    const double cnyPerUsd = 7.4992 / 1.1206;
    for (const Offer &o : list) {
        if (o.currency == u"CNY") {
            EXPECT_NEAR(o.pricePerHourUsd, o.pricePerHour / cnyPerUsd, 1e-6);
        }
    }
}

TEST_F(Repository, SortsPerGpuAndByMemory)
{
    OfferQuery q;
    q.billing = Billing::OnDemand;
    q.sort = OfferSort::PricePerGpu;
    q.limit = 50;
    const auto perGpu = offers(q);
    ASSERT_EQ(perGpu.size(), 50);
    for (qsizetype i = 1; i < perGpu.size(); ++i)
        EXPECT_LE(perGpu.at(i - 1).pricePerHourUsd / perGpu.at(i - 1).gpuCount,
                  perGpu.at(i).pricePerHourUsd / perGpu.at(i).gpuCount + 1e-12);
    q.sort = OfferSort::GpuMemory;
    const auto byMemory = offers(q);
    for (qsizetype i = 1; i < byMemory.size(); ++i)
        EXPECT_GE(byMemory.at(i - 1).gpuMemoryGib, byMemory.at(i).gpuMemoryGib);
}

TEST_F(Repository, FiltersByProviderRegionGeographyBillingAndPrice)
{
    OfferQuery q;
    q.providers = {QStringLiteral("aws"), QStringLiteral("gcp")};
    q.regionGlob = QStringLiteral("us-*");
    q.billing = Billing::Spot;
    q.maxPriceUsd = 5.0;
    const auto list = offers(q);
    ASSERT_FALSE(list.isEmpty());
    for (const Offer &o : list) {
        EXPECT_TRUE(o.provider == u"aws" || o.provider == u"gcp");
        EXPECT_TRUE(o.region.startsWith(u"us-"));
        EXPECT_EQ(o.billing, Billing::Spot);
        EXPECT_LE(o.pricePerHourUsd, 5.0);
    }

    OfferQuery china;
    china.geography = QStringLiteral("Mainland China");
    const auto cn = offers(china);
    ASSERT_FALSE(cn.isEmpty());
    for (const Offer &o : cn) {
        EXPECT_EQ(o.geography, QStringLiteral("Mainland China"));
        EXPECT_TRUE(o.provider == u"alicloud" || o.provider == u"tencentcloud" || o.provider == u"vast"
                    || (o.provider == u"aws" && o.region.startsWith(u"cn-")))
            << o.provider.toStdString();
    }
}

TEST_F(Repository, MinimumGpuMemoryIsPerGpu)
{
    OfferQuery q;
    q.minGpuMemoryGib = 140;
    for (const Offer &o : offers(q))
        EXPECT_GE(o.gpuMemoryGib / o.gpuCount, 140 - 1e-9) << o.instanceType.toStdString();
}

TEST_F(Repository, InfoReportsProvidersDatesAndSchema)
{
    auto info = m_repo->info();
    ASSERT_TRUE(info.ok());
    // Every provider of the reference list (providers.csv, one per line after the header).
    QFile list(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/catalog/providers.csv"));
    ASSERT_TRUE(list.open(QIODevice::ReadOnly));
    const qsizetype listed = QString::fromUtf8(list.readAll()).trimmed().split(u'\n').size() - 1;
    EXPECT_GE(listed, 30);
    EXPECT_EQ(info->providers.size(), listed);
    EXPECT_GT(info->offers, 5000);
    // Every provider with prices dates them; one shipped without any (Huawei Cloud, and the clouds
    // whose public price APIs have no dated copy: Vultr, CloudRift) has no date and says so.
    int unpriced = 0;
    for (const ProviderInfo &p : info->providers) {
        const bool none = p.dataNote.startsWith(QStringLiteral("no offline prices"));
        unpriced += none ? 1 : 0;
        EXPECT_EQ(p.dataDate.isEmpty(), none) << p.id.toStdString();
    }
    EXPECT_GE(info->providers.size() - unpriced, 30) << "issue 45: thirty providers with prices offline";
    EXPECT_FALSE(info->exclusions.isEmpty());
}

TEST(RepositoryFx, FxRatesAreTheNewestOfEachCurrency)
{
    QTemporaryDir dir;
    const QString path = tests::copySeedCatalog(dir.path());
    {
        auto db = db::openCatalogFile(path, db::OpenMode::ReadWrite);
        ASSERT_TRUE(db.ok()) << db.errorMessage().toStdString();
        auto written = db.value()->exec(QStringLiteral(
            "INSERT INTO fx_rates (currency, rate, date, source) VALUES "
            "('EUR', 0.95, '2026-11-20', 'ECB'), ('EUR', 0.92, '2026-11-27', 'ECB'), ('EUR', 0.90, '2026-10-01', 'ECB'),"
            "('CNY', 7.1, '2026-11-27', 'ECB')"));
        ASSERT_TRUE(written.ok()) << written.errorMessage().toStdString();
    }
    auto repo = db::SqliteCatalogRepository::openExisting(path);
    ASSERT_TRUE(repo.ok()) << repo.errorMessage().toStdString();
    auto rates = repo.value()->fxRates();
    ASSERT_TRUE(rates.ok()) << rates.errorMessage().toStdString();

    QStringList currencies;
    QHash<QString, FxRate> byCode;
    for (const FxRate &r : rates.value()) {
        currencies << r.currency;
        byCode.insert(r.currency, r);
    }
    QStringList sorted = currencies;
    sorted.sort();
    EXPECT_EQ(currencies, sorted) << "ordered by code";
    EXPECT_EQ(currencies.removeDuplicates(), 0) << "one row per currency";
    const FxRate cny = byCode.value(QStringLiteral("CNY"));
    EXPECT_DOUBLE_EQ(cny.ratePerUsd, 7.1) << "a rate newer than the embedded ECB day's";
    EXPECT_EQ(cny.date, QStringLiteral("2026-11-27"));
    const FxRate eur = byCode.value(QStringLiteral("EUR"));
    EXPECT_DOUBLE_EQ(eur.ratePerUsd, 0.92);
    EXPECT_EQ(eur.date, QStringLiteral("2026-11-27"));
    EXPECT_EQ(eur.source, QStringLiteral("ECB"));
    EXPECT_DOUBLE_EQ(byCode.value(QStringLiteral("USD")).ratePerUsd, 1.0);
    // The embedded catalog's own ECB day, for a currency nothing newer was written for.
    const FxRate gbp = byCode.value(QStringLiteral("GBP"));
    EXPECT_DOUBLE_EQ(gbp.ratePerUsd, 0.84763 / 1.1206);
    EXPECT_EQ(gbp.date, QStringLiteral("2026-10-09"));
    EXPECT_TRUE(gbp.source.startsWith(QStringLiteral("ECB euro foreign exchange reference rates of 2026-10-09")));
}

TEST_F(Repository, SeedCatalogStoresTheRateItConvertedCnyWith)
{
    auto rates = m_repo->fxRates();
    ASSERT_TRUE(rates.ok()) << rates.errorMessage().toStdString();
    const auto cny = std::find_if(rates.value().begin(), rates.value().end(),
                                  [](const FxRate &r) { return r.currency == u"CNY"; });
    ASSERT_NE(cny, rates.value().end());
    EXPECT_GT(cny->ratePerUsd, 5);
    EXPECT_FALSE(cny->source.isEmpty());
}

TEST_F(Repository, TheWholeCatalogSortedInMemoryComesInSqlitesOwnOrder)
{
    // The planner's read (every offer by price, no limit) is sorted in memory; a limited read is
    // sorted by SQLite. The two orders must agree offer for offer, ties included.
    const QList<Offer> inMemory = offers(OfferQuery{});
    OfferQuery limited;
    limited.limit = 1000000000;
    const QList<Offer> bySqlite = offers(limited);
    ASSERT_GT(inMemory.size(), 10000);
    ASSERT_EQ(inMemory.size(), bySqlite.size());
    for (qsizetype i = 0; i < inMemory.size(); ++i)
        ASSERT_EQ(inMemory.at(i).id, bySqlite.at(i).id) << "at " << i;
}

TEST_F(Repository, FlagsAndCountsReadOnceAgreeWithTheirPerRowQueries)
{
    const QList<Offer> all = offers(OfferQuery{});
    // Each offer's price-check reasons, as a per-row subquery gives them (by rule).
    auto db = db::Database::open(tests::seedCatalogPath(), db::OpenMode::ReadOnly);
    ASSERT_TRUE(db.ok()) << db.errorMessage().toStdString();
    int flagged = 0;
    for (const Offer &o : all) {
        if (o.suspectReasons.isEmpty())
            continue;
        ++flagged;
        auto stmt = db.value()->prepare(QStringLiteral(
            "SELECT group_concat(f.rule || ': ' || f.reason, char(31)) FROM offer_flags f WHERE f.offer_id = :id"));
        ASSERT_TRUE(stmt.ok());
        stmt.value().bind(1, o.id);
        ASSERT_TRUE(stmt.value().step());
        EXPECT_EQ(o.suspectReasons, stmt.value().text(0).split(QChar(0x1f))) << o.id;
    }
    EXPECT_GT(flagged, 100);
    // The counts taken from the offers read equal the ones counted by SQL.
    auto counted = m_repo->info();
    auto fromOffers = m_repo->info(all);
    ASSERT_TRUE(counted.ok() && fromOffers.ok());
    EXPECT_EQ(counted.value().offers, fromOffers.value().offers);
    ASSERT_EQ(counted.value().providers.size(), fromOffers.value().providers.size());
    for (qsizetype i = 0; i < counted.value().providers.size(); ++i)
        EXPECT_EQ(counted.value().providers.at(i).offersByBilling, fromOffers.value().providers.at(i).offersByBilling)
            << counted.value().providers.at(i).id.toStdString();
}
