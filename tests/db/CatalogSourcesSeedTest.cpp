// Issue 44: the embedded catalog as the pipeline builds it from resources/catalog/sources. The
// build run twice gives the same file byte for byte; each offer of a dated source keeps that file
// and its two dates; a newer observation replaces an older one (the older price stays in the
// history) and never the other way round; catalog info names the sources and ages.

#include "db/SeedCatalog.h"

#include "core/import/CatalogSources.h"
#include "db/CatalogFile.h"
#include "db/Migrations.h"
#include "db/SqliteCatalogRepository.h"
#include "db/seed/CatalogWriter.h"
#include "core/catalog/CatalogFormat.h"

#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::db;

namespace {

QByteArray sha256(const QString &path)
{
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

class SourcesSeed : public ::testing::Test
{
protected:
    void SetUp() override
    {
        auto opened = openCatalogFile(tests::seedCatalogPath(), OpenMode::ReadOnly);
        ASSERT_TRUE(opened.ok()) << opened.errorMessage().toStdString();
        m_db = std::move(opened).value();
    }

    QString text(const QString &sql)
    {
        auto s = m_db->prepare(sql);
        EXPECT_TRUE(s.ok()) << s.errorMessage().toStdString();
        if (!s.ok() || !s.value().step())
            return QStringLiteral("<none>");
        return s.value().text(0);
    }

    std::unique_ptr<Database> m_db;
};

} // namespace

TEST(CatalogBuild, TheSameSourcesGiveTheSameFileByteForByte)
{
    QTemporaryDir dir;
    QStringList digests;
    for (const char *name : {"a.sqlite", "b.sqlite"}) {
        QProcess seedgen;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SOURCE_DATE_EPOCH"), QStringLiteral("1780000000"));
        env.insert(QStringLiteral("QT_HASH_SEED"), QStringLiteral("0"));
        seedgen.setProcessEnvironment(env);
        const QString out = dir.filePath(QLatin1String(name));
        seedgen.start(QStringLiteral(GPUPLANNER_SEEDGEN_PATH), {QStringLiteral(GPUPLANNER_SEED_DIR), out});
        ASSERT_TRUE(seedgen.waitForFinished(-1));
        ASSERT_EQ(seedgen.exitCode(), 0) << seedgen.readAllStandardError().toStdString();
        digests << QString::fromLatin1(sha256(out));
    }
    EXPECT_EQ(digests.at(0), digests.at(1));
}

TEST_F(SourcesSeed, EveryOfferOfADatedSourceKeepsItsFileAndObservationDate)
{
    auto meta = core::loadSeedMetadata(QStringLiteral(GPUPLANNER_SEED_DIR));
    ASSERT_TRUE(meta.ok());
    auto sources = core::readCatalogSources(QStringLiteral(GPUPLANNER_SEED_DIR "/sources"), meta.value(),
                                            {QStringLiteral("price-table"), QStringLiteral("gcp-cyclenerd")});
    ASSERT_TRUE(sources.ok()) << sources.errorMessage().toStdString();
    ASSERT_GE(sources.value().size(), 8);
    for (const core::CatalogSource &s : sources.value()) {
        auto stmt = m_db->prepare(QStringLiteral(
            "SELECT count(*), min(fetched_at), max(fetched_at), min(it.provider_id), max(it.provider_id) FROM offers o "
            "JOIN instance_types it ON it.id = o.instance_type_id WHERE o.source_file = ?"));
        ASSERT_TRUE(stmt.ok());
        stmt.value().bind(1, s.catalogPath());
        ASSERT_TRUE(stmt.value().step());
        // A source may be wholly replaced by a later one of the same offers; it then holds none.
        if (stmt.value().integer(0) == 0)
            continue;
        EXPECT_EQ(stmt.value().text(1), s.observedOn) << s.file.toStdString();
        EXPECT_EQ(stmt.value().text(2), s.observedOn) << s.file.toStdString();
        EXPECT_EQ(stmt.value().text(3), s.provider) << s.file.toStdString();
        EXPECT_EQ(stmt.value().text(4), s.provider) << s.file.toStdString();
    }
    // Every offer names a file: the snapshot's, the commitment set's or a dated source's.
    EXPECT_EQ(text(QStringLiteral("SELECT count(*) FROM offers WHERE source_file = ''")), u"0");
}

TEST_F(SourcesSeed, GcpA3HighgpuIsPricedOnDemandInUsCentral1WithItsLocalSsd)
{
    // Google's price page: 88.490000119 USD/h with the 6,000 GB of Local SSD it bundles.
    // The Cloud Billing API's reading of 2026-08-20, then the price page's of 2026-10-10 (the
    // same price to 4 decimals): the later observation is the catalog's.
    EXPECT_EQ(text(QStringLiteral(
                  "SELECT printf('%.4f %s %s', o.hourly_price, o.fetched_at, o.source_file) FROM offers o "
                  "JOIN instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
                  "WHERE it.name = 'a3-highgpu-8g' AND r.code = 'us-central1' AND o.billing = 'on_demand'")),
              u"88.4900 2026-10-10 sources/gcp/gcp-gpu-price-index-2026-10-10.csv");
    EXPECT_EQ(text(QStringLiteral(
                  "SELECT printf('%.10f', h.hourly_price) FROM price_history h JOIN offers o ON o.id = h.offer_id "
                  "JOIN instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
                  "WHERE it.name = 'a3-highgpu-8g' AND r.code = 'us-central1' AND o.billing = 'on_demand' ORDER BY h.id")),
              u"88.4899999026");
}

TEST_F(SourcesSeed, ANewerPriceReplacesTheOlderWhichStaysInTheHistory)
{
    // Nebius's 8x H100: 23.60 in the SkyPilot snapshot, 8 x 3.85 on nebius.com/prices in 2026-09.
    const QString history = text(QStringLiteral(
        "SELECT group_concat(printf('%.2f', h.hourly_price), ' -> ') FROM (SELECT h.hourly_price FROM price_history h "
        "JOIN offers o ON o.id = h.offer_id JOIN instance_types it ON it.id = o.instance_type_id "
        "WHERE it.provider_id = 'nebius' AND it.name = 'gpu-h100-sxm_8gpu-128vcpu-1600gb' AND o.billing = 'on_demand' "
        "ORDER BY h.id LIMIT 2) h"));
    EXPECT_EQ(history, u"23.60 -> 30.80");
}

TEST(CatalogWriterSources, AnOlderObservationNeverReplacesANewerOne)
{
    QTemporaryDir dir;
    auto db = Database::open(dir.filePath(QStringLiteral("c.sqlite")), OpenMode::Create);
    ASSERT_TRUE(db.ok());
    ASSERT_TRUE(migrate(*db.value()).ok());
    auto meta = core::loadSeedMetadata(QStringLiteral(GPUPLANNER_SEED_DIR));
    ASSERT_TRUE(meta.ok());
    CatalogWriter writer(*db.value(), meta.value());
    ASSERT_TRUE(writer.writeReferenceData().ok());
    writer.setKeepNewerObservations(true);
    core::ImportedInstance in;
    in.provider = QStringLiteral("lambda");
    in.name = QStringLiteral("gpu_8x_h100_sxm5");
    in.gpuId = QStringLiteral("H100-SXM5-80GB");
    in.gpuCount = 8;
    auto batchAt = [&](const QString &observed, double price) {
        core::ImportBatch b;
        b.fetchedAt = observed;
        b.effectiveDate = observed;
        b.offers.append(core::onDemandOrSpot(in, QStringLiteral("us-east-1"), core::Billing::OnDemand, price,
                                             QStringLiteral("USD"), observed));
        return b;
    };
    ASSERT_TRUE(writer.writeBatch(batchAt(QStringLiteral("2026-09-25"), 31.92)).ok());
    ASSERT_TRUE(writer.writeBatch(batchAt(QStringLiteral("2026-07"), 23.92)).ok());
    auto price = db.value()->prepare(QStringLiteral("SELECT hourly_price, fetched_at FROM offers"));
    ASSERT_TRUE(price.ok() && price.value().step());
    EXPECT_DOUBLE_EQ(price.value().real(0), 31.92);
    EXPECT_EQ(price.value().text(1), u"2026-09-25");
    ASSERT_TRUE(writer.writeBatch(batchAt(QStringLiteral("2026-10-10"), 29.0)).ok());
    auto later = db.value()->prepare(QStringLiteral("SELECT hourly_price FROM offers"));
    ASSERT_TRUE(later.ok() && later.value().step());
    EXPECT_DOUBLE_EQ(later.value().real(0), 29.0);
}

TEST_F(SourcesSeed, NoSpotPriceIsTheOnDemandPriceCopied)
{
    // RunPod's snapshot rows carried the on-demand price in the spot column (28 of 28).
    EXPECT_EQ(text(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                  "WHERE it.provider_id = 'runpod' AND o.billing = 'spot'")),
              u"0");
}

TEST_F(SourcesSeed, CatalogInfoNamesEachSourceWithItsDateAndTheAgesOfThePrices)
{
    m_db.reset();
    auto repo = SqliteCatalogRepository::openExisting(tests::seedCatalogPath());
    ASSERT_TRUE(repo.ok()) << repo.errorMessage().toStdString();
    auto info = repo.value()->info();
    ASSERT_TRUE(info.ok());
    core::CatalogInfo i = info.value();
    i.asOf = QStringLiteral("2026-12-06");
    const QString out = core::formatCatalogInfo(i, core::OutputFormat::Table);
    EXPECT_TRUE(out.contains(u"sources/gcp/cyclenerd-pricing-gpu-2026-08-20.csv")) << out.toStdString();
    EXPECT_TRUE(out.contains(u"Offers by the age of their price on 2026-12-06:"));
    int total = 0;
    for (const core::AgeBands &a : core::ageBands(i))
        total += a.total();
    EXPECT_EQ(total, i.offers);
    // RunPod's whole catalog is its 2026-09 and 2026-10 readings: under 3 months old on that day.
    for (const core::AgeBands &a : core::ageBands(i)) {
        if (a.provider == u"runpod") {
            EXPECT_EQ(a.underThreeMonths, a.total());
            EXPECT_EQ(a.newest, u"2026-10-10");
        }
    }
}
