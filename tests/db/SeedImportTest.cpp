// The SkyPilot snapshot and the commitment data set against their files: every source row is
// either used or left out with a logged reason, and SOURCE.md's pricing rules hold on real rows.
// The catalog here is built from them alone; the dated sources that replace some of their prices
// in the embedded catalog are CatalogSourcesSeedTest's.

#include "db/SeedCatalog.h"

#include "core/io/CsvReader.h"
#include "db/CatalogFile.h"
#include "core/import/OfferAggregator.h"

#include <QDir>
#include <QDirIterator>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::db;

namespace {

class SeedImport : public ::testing::Test
{
protected:
    void SetUp() override
    {
        auto opened = openCatalogFile(tests::snapshotCatalogPath(), OpenMode::ReadOnly);
        ASSERT_TRUE(opened.ok()) << opened.errorMessage().toStdString();
        m_db = std::move(opened).value();
    }

    qint64 scalar(const QString &sql)
    {
        auto v = m_db->scalar(sql);
        EXPECT_TRUE(v.ok()) << v.errorMessage().toStdString() << " in " << sql.toStdString();
        return v.ok() ? v.value() : -1;
    }

    double real(const QString &sql)
    {
        auto s = m_db->prepare(sql);
        EXPECT_TRUE(s.ok()) << s.errorMessage().toStdString();
        if (!s.ok() || !s.value().step())
            return -1;
        return s.value().real(0);
    }

    static core::CsvTable source(const QString &relative)
    {
        auto t = core::readCsvFile(QDir(QStringLiteral(GPUPLANNER_SEED_DIR "/skypilot")).filePath(relative));
        EXPECT_TRUE(t.ok()) << t.errorMessage().toStdString();
        return t.ok() ? t.value() : core::CsvTable();
    }

    std::unique_ptr<Database> m_db;
};

} // namespace

TEST_F(SeedImport, EverySourceRowIsUsedOrLeftOutWithAReason)
{
    QDirIterator it(QStringLiteral(GPUPLANNER_SEED_DIR "/skypilot"), {QStringLiteral("*.csv")}, QDir::Files,
                    QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        const QString label = QDir(QStringLiteral(GPUPLANNER_SEED_DIR "/skypilot")).relativeFilePath(path);
        const auto table = source(label);
        auto stmt = m_db->prepare(
            QStringLiteral("SELECT source_rows, used_rows, excluded_rows FROM import_files WHERE file = ?"));
        ASSERT_TRUE(stmt.ok());
        stmt.value().bind(1, label);
        ASSERT_TRUE(stmt.value().step()) << "no import record for " << label.toStdString();
        const qint64 sourceRows = stmt.value().integer(0);
        const qint64 used = stmt.value().integer(1);
        const qint64 excluded = stmt.value().integer(2);
        EXPECT_EQ(sourceRows, table.size()) << label.toStdString();
        EXPECT_EQ(used + excluded, sourceRows) << label.toStdString();
        const qint64 logged = scalar(
            QStringLiteral("SELECT count(*) FROM import_exclusions WHERE scope = 'row' AND file = '%1'").arg(label));
        EXPECT_EQ(logged, excluded) << label.toStdString();
        EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE file = '%1' AND reason = ''")
                             .arg(label)),
                  0);
        // Mithril's file holds placeholder prices only (corrections.csv): every row is left out.
        if (label != u"mithril/vms.csv") {
            EXPECT_GT(used, 0) << label.toStdString();
        }
        ++files;
    }
    EXPECT_EQ(files, 23);
}

TEST_F(SeedImport, NoAcceleratorNameIsUnmapped)
{
    auto stmt = m_db->prepare(QStringLiteral(
        "SELECT file, line, detail FROM import_exclusions WHERE reason = 'unmapped accelerator name'"));
    ASSERT_TRUE(stmt.ok());
    QStringList unmapped;
    while (stmt.value().step())
        unmapped.append(QStringLiteral("%1:%2 %3").arg(stmt.value().text(0)).arg(stmt.value().integer(1)).arg(stmt.value().text(2)));
    EXPECT_TRUE(unmapped.isEmpty()) << unmapped.join(u'\n').toStdString();
}

TEST_F(SeedImport, EveryProviderHasOffersAndEveryRegionAGeography)
{
    // Huawei Cloud ships its GPU flavors and regions without prices (none can be shipped
    // offline) and says so in its note; every other provider of the snapshot has offers. A
    // provider priced only by the dated sources (no snapshot folder) has none in this catalog.
    QStringList onlyDated;
    for (const QString &id : QDir(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/catalog/sources"))
                                 .entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (!QDir(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/catalog/skypilot/") + id).exists())
            onlyDated << u'\'' + id + u'\'';
    }
    onlyDated << QStringLiteral("''"); // never an empty list
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM providers p WHERE NOT EXISTS "
                                    "(SELECT 1 FROM instance_types it JOIN offers o ON o.instance_type_id = it.id "
                                    "WHERE it.provider_id = p.id) AND p.id NOT IN (%1) "
                                    "AND p.data_note NOT LIKE 'no offline prices%'")
                         .arg(onlyDated.join(u','))),
              0);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM providers WHERE id = 'huaweicloud' AND data_date = '' "
                                    "AND data_note LIKE 'no offline prices%'")),
              1);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM instance_types WHERE provider_id = 'huaweicloud'")), 24);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM regions WHERE provider_id = 'huaweicloud'")), 8);
    // The Chinese clouds' regions carry their own Chinese names too.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM regions WHERE provider_id = 'alicloud' AND code = 'cn-hangzhou' "
                                    "AND name = 'China (Hangzhou)' AND name_zh = '华东1（杭州）'")),
              1);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM regions WHERE provider_id IN ('alicloud', 'tencentcloud', "
                                    "'huaweicloud') AND name_zh = ''")),
              0);
    // The 32 GB V100 PCIe of Huawei P2s, the A100 40 GB of Alibaba gn7 and the bare-metal ebmgn7e.
    EXPECT_EQ(scalar(QStringLiteral("SELECT gpu_memory_gib FROM instance_types WHERE name = 'p2s.16xlarge.8'")), 256);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM instance_types WHERE provider_id = 'alicloud' AND "
                                    "name IN ('ecs.gn7-c13g1.26xlarge', 'ecs.ebmgn7e.32xlarge') AND gpu_count = 8")),
              2);
    // Mithril's only prices are placeholders (1.00 USD per GPU-hour for H100 and H200, on-demand
    // and spot alike): kept, and every one flagged as such.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.provider_id = 'mithril'")),
              8);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offer_flags f JOIN offers o ON o.id = f.offer_id JOIN "
                                    "instance_types it ON it.id = o.instance_type_id WHERE it.provider_id = 'mithril' "
                                    "AND f.rule = 'round_placeholder'")),
              8);
    // RunPod's spot column equals on-demand on every row: a copy, left out, each row with its reason.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.provider_id = 'runpod' AND o.billing = 'spot'")),
              0);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE provider_id = 'runpod' AND scope = 'spot' "
                                    "AND reason LIKE 'every spot price in this file equals%'")),
              79);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM regions WHERE geography = 'Unknown'")), 0);
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM regions WHERE geography = 'Mainland China'")), 10);
}

TEST_F(SeedImport, CommitmentPricesAreTheSourcesOwnWithEveryRowAccountedFor)
{
    // p5.48xlarge in us-east-1, 3-year standard RI: no upfront 23.777 USD/h; all upfront with its fee.
    EXPECT_NEAR(real(QStringLiteral(
                    "SELECT o.hourly_price FROM offers o JOIN instance_types it ON it.id = o.instance_type_id JOIN "
                    "regions r ON r.id = o.region_id WHERE it.name = 'p5.48xlarge' AND r.code = 'us-east-1' AND "
                    "o.billing = 'reserved' AND o.term_months = 36 AND o.upfront = 'none' AND o.offering_class = 'standard'")),
                23.77728, 1e-6);
    EXPECT_GT(real(QStringLiteral(
                  "SELECT o.upfront_fee FROM offers o JOIN instance_types it ON it.id = o.instance_type_id JOIN "
                  "regions r ON r.id = o.region_id WHERE it.name = 'p5.48xlarge' AND r.code = 'us-east-1' AND "
                  "o.billing = 'reserved' AND o.term_months = 36 AND o.upfront = 'all' AND o.offering_class = 'standard'")),
              500000);
    // Partial upfront: the source cannot split the parts, so both stay unknown.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers WHERE billing = 'reserved' AND upfront = 'partial' AND "
                                    "(upfront_fee IS NOT NULL OR recurring_per_hour IS NOT NULL)")),
              0);
    // Convertible beside standard, all effective rates.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers WHERE offering_class = 'convertible'")), 3624);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers WHERE offering_class = 'standard'")), 3564);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers WHERE billing = 'savings_plan'")), 222);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers WHERE billing = 'capacity_block' AND "
                                    "min_duration_hours = 24 AND max_duration_hours = 4368")),
              5);
    // An aggregate's discount is a ratio and says so; no marketplace gets a commitment.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.provider_id IN ('azure', 'gcp') AND o.billing = 'reserved' AND "
                                    "o.source NOT LIKE '% x on-demand: %' AND o.source NOT LIKE 'Azure Retail Prices%'")),
              0);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "JOIN providers p ON p.id = it.provider_id WHERE o.billing <> 'on_demand' AND "
                                    "o.billing <> 'spot' AND p.id NOT IN ('aws', 'azure', 'gcp')")),
              0);
    // Every source row is used or left out with a reason.
    EXPECT_EQ(scalar(QStringLiteral("SELECT source_rows FROM import_files WHERE file = 'commitments/commitments.csv'")),
              9446);
    EXPECT_EQ(scalar(QStringLiteral("SELECT used_rows + excluded_rows FROM import_files WHERE file = "
                                    "'commitments/commitments.csv'")),
              9446);
    EXPECT_EQ(scalar(QStringLiteral("SELECT excluded_rows FROM import_files WHERE file = 'commitments/commitments.csv'")),
              scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE scope = 'commitment'")));
}

TEST_F(SeedImport, PriceChecksFlagTheKnownBadRowsAndSpotAdvisorShips)
{
    auto flagged = [&](const char *instance, const char *region, const char *billing) {
        return scalar(QStringLiteral("SELECT count(*) FROM offer_flags f JOIN offers o ON o.id = f.offer_id JOIN "
                                     "instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
                                     "WHERE it.name = '%1' AND r.code = '%2' AND o.billing = '%3'")
                          .arg(QLatin1String(instance), QLatin1String(region), QLatin1String(billing)));
    };
    // The list price the defined-duration rows outnumber is not suspect (GcpA3 below).
    EXPECT_EQ(flagged("a3-highgpu-8g", "us-east4", "on_demand"), 0);
    // Google lists no on-demand price for A4: the snapshot's is the DWS calendar rate (corrections.csv).
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.name = 'a4-highgpu-8g' AND o.billing = 'on_demand'")),
              0);
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE provider_id = 'gcp' AND scope = "
                                    "'on_demand' AND reason LIKE 'Google lists no on-demand price for A4%'")),
              0);
    EXPECT_EQ(flagged("p5.48xlarge", "us-east-1", "on_demand"), 0);
    // Every spot offer above its on-demand twin is flagged.
    EXPECT_EQ(scalar(QStringLiteral(
                  "SELECT count(*) FROM offers s JOIN offers d ON d.instance_type_id = s.instance_type_id AND "
                  "d.region_id = s.region_id AND d.billing = 'on_demand' WHERE s.billing = 'spot' AND "
                  "s.hourly_price > d.hourly_price * 1.005 AND NOT EXISTS (SELECT 1 FROM offer_flags f WHERE "
                  "f.offer_id = s.id AND f.rule = 'spot_above_on_demand')")),
              0);
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM offer_flags WHERE rule = 'retired_family'")), 0);
    // The real Spot Advisor feed: p5.48xlarge in us-east-1 is in AWS's ">20%" bucket.
    auto bucket = m_db->prepare(QStringLiteral(
        "SELECT bucket, rate_monthly FROM spot_interruptions WHERE provider_id = 'aws' AND region_code = 'us-east-1' "
        "AND instance_name = 'p5.48xlarge'"));
    ASSERT_TRUE(bucket.ok());
    ASSERT_TRUE(bucket.value().step());
    EXPECT_EQ(bucket.value().text(0), QStringLiteral(">20%"));
    EXPECT_DOUBLE_EQ(bucket.value().real(1), 0.25);
}

TEST_F(SeedImport, ChinaCloudPricesAreStoredBackInCny)
{
    // Tencent GN7.2XLARGE32 in ap-bangkok: 1.0833 "USD" in the fork = 1.0833 / 0.138 CNY.
    const double price = real(QStringLiteral(
        "SELECT o.hourly_price FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
        "JOIN regions r ON r.id = o.region_id WHERE it.provider_id = 'tencentcloud' AND it.name = 'GN7.2XLARGE32' "
        "AND r.code = 'ap-bangkok' AND o.billing = 'on_demand'"));
    EXPECT_NEAR(price, 1.0833 / 0.138, 1e-6);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.provider_id IN ('alicloud', 'tencentcloud') AND o.currency <> 'CNY'")),
              0);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "JOIN regions r ON r.id = o.region_id WHERE it.provider_id NOT IN ('alicloud', "
                                    "'tencentcloud') AND o.currency <> 'USD' AND NOT (it.provider_id = 'aws' AND "
                                    "r.code LIKE 'cn-%')")),
              0);
    // AWS China prices its regions in CNY (the commitments data set, see commitments/SOURCE.md).
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "JOIN regions r ON r.id = o.region_id WHERE it.provider_id = 'aws' AND "
                                    "r.code LIKE 'cn-%' AND o.currency = 'CNY'")),
              0);
}

TEST_F(SeedImport, AwsSpotKeepsLowestAndMedianOverZones)
{
    const auto table = source(QStringLiteral("aws/vms.csv"));
    QList<double> spots;
    double onDemand = -1;
    for (const auto &r : table.records()) {
        if (table.field(r, QStringLiteral("InstanceType")) == u"p5.48xlarge"
            && table.field(r, QStringLiteral("Region")) == u"us-east-1") {
            onDemand = table.field(r, QStringLiteral("Price")).toDouble();
            if (!table.field(r, QStringLiteral("SpotPrice")).isEmpty())
                spots.append(table.field(r, QStringLiteral("SpotPrice")).toDouble());
        }
    }
    ASSERT_GE(spots.size(), 2) << "the test needs a multi-zone example";
    const QString where = QStringLiteral(
        "FROM offers o JOIN instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
        "WHERE it.name = 'p5.48xlarge' AND r.code = 'us-east-1' AND o.billing = '%1'");
    EXPECT_DOUBLE_EQ(real(QStringLiteral("SELECT o.hourly_price ") + where.arg(QStringLiteral("spot"))),
                     *std::min_element(spots.cbegin(), spots.cend()));
    const double median = core::median(spots);
    const double stored = real(QStringLiteral("SELECT COALESCE(o.hourly_price_median, o.hourly_price) ")
                               + where.arg(QStringLiteral("spot")));
    EXPECT_DOUBLE_EQ(stored, median);
    EXPECT_DOUBLE_EQ(real(QStringLiteral("SELECT o.hourly_price ") + where.arg(QStringLiteral("on_demand"))), onDemand);
}

TEST_F(SeedImport, GcpVmPriceIsHostPlusAccelerator)
{
    const auto hosts = source(QStringLiteral("gcp/gpu_host_vms.csv"));
    const auto accels = source(QStringLiteral("gcp/vms.csv"));
    double host = -1, accel = -1;
    for (const auto &r : hosts.records()) {
        if (hosts.field(r, QStringLiteral("InstanceType")) == u"a2-highgpu-8g"
            && hosts.field(r, QStringLiteral("AvailabilityZone")) == u"us-central1-a")
            host = hosts.field(r, QStringLiteral("Price")).toDouble();
    }
    for (const auto &r : accels.records()) {
        if (accels.field(r, QStringLiteral("AcceleratorName")) == u"A100"
            && accels.field(r, QStringLiteral("AcceleratorCount")).toDouble() == 8
            && accels.field(r, QStringLiteral("AvailabilityZone")) == u"us-central1-a")
            accel = accels.field(r, QStringLiteral("Price")).toDouble();
    }
    ASSERT_GT(host, 0);
    ASSERT_GT(accel, 0);
    const double stored = real(QStringLiteral(
        "SELECT o.hourly_price FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
        "JOIN regions r ON r.id = o.region_id WHERE it.name = 'a2-highgpu-8g' AND r.code = 'us-central1' "
        "AND o.billing = 'on_demand'"));
    EXPECT_NEAR(stored, host + accel, 1e-6);
    // a4-highgpu-8g's host row is 0.0: the B200 price is all in its accelerator row.
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.name = 'a4-highgpu-8g' AND o.hourly_price > 20")),
              0);
}

TEST_F(SeedImport, PlaceholdersAndOutliersAreLeftOutWithReasons)
{
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE reason LIKE 'TPU price 700.0%'")), 0);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers WHERE hourly_price = 700.0")), 0);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers WHERE hourly_price <= 0")), 0);
    // Alibaba gn5i at 0.084 CNY/h is an API artifact (SOURCE.md).
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.name = 'ecs.gn5i-c12g1.6xlarge'")),
              0);
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE reason LIKE 'implausible%'")), 0);
    // Vast's 0.00 spot prices are placeholders: logged, on-demand kept.
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE provider_id = 'vast' AND scope = 'spot'")), 0);
}

TEST_F(SeedImport, KnownErrorsAreCorrectedWithANote)
{
    EXPECT_EQ(real(QStringLiteral("SELECT gpu_count FROM instance_types WHERE name = 'Standard_ND96isr_H100_v5'")), 8.0);
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE scope = 'correction' "
                                    "AND detail LIKE 'AcceleratorCount 12 -> 8'")),
              0);
    // Azure H100 spot = on-demand in the source: unknown, so no H100 spot offers.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.provider_id = 'azure' AND it.gpu_id LIKE 'H100%' AND o.billing = 'spot'")),
              0);
}

TEST_F(SeedImport, NetworkAndInterconnectAreFilledForTheMainFamilies)
{
    auto stmt = m_db->prepare(QStringLiteral(
        "SELECT name, interconnect, network_gbps, rdma FROM instance_types WHERE name IN "
        "('p5.48xlarge', 'p4d.24xlarge', 'Standard_ND96isr_H100_v5', 'a3-highgpu-8g') GROUP BY name ORDER BY name"));
    ASSERT_TRUE(stmt.ok());
    QMap<QString, QStringList> rows;
    while (stmt.value().step())
        rows.insert(stmt.value().text(0), {stmt.value().text(1), QString::number(stmt.value().real(2)), stmt.value().text(3)});
    EXPECT_EQ(rows.value(QStringLiteral("p5.48xlarge")), (QStringList{QStringLiteral("NVSwitch"), QStringLiteral("3200"), QStringLiteral("efa")}));
    EXPECT_EQ(rows.value(QStringLiteral("p4d.24xlarge")), (QStringList{QStringLiteral("NVSwitch"), QStringLiteral("400"), QStringLiteral("efa")}));
    EXPECT_EQ(rows.value(QStringLiteral("Standard_ND96isr_H100_v5")),
              (QStringList{QStringLiteral("NVSwitch"), QStringLiteral("3200"), QStringLiteral("infiniband")}));
    EXPECT_EQ(rows.value(QStringLiteral("a3-highgpu-8g")).value(0), QStringLiteral("NVSwitch"));
}

TEST_F(SeedImport, VgpuSlicesAndTpuSlicesCountFractionsAndChips)
{
    EXPECT_NEAR(real(QStringLiteral("SELECT gpu_count FROM instance_types WHERE provider_id = 'alicloud' "
                                    "AND gpu_id = 'A10' AND name LIKE 'ecs.sgn7i-vws-m2.%' LIMIT 1")),
                1.0 / 12, 1e-6);
    EXPECT_DOUBLE_EQ(real(QStringLiteral("SELECT gpu_count FROM instance_types WHERE name = 'tpu-v4-8'")), 4.0);
}

TEST_F(SeedImport, PartialAndMislabelledGpusFollowTheProvidersOwnSpecs)
{
    // Azure NVv4: 1/8, 1/4, 1/2 and 1 MI25 (Microsoft's NVv4-series size table), not one GPU each.
    const QString count = QStringLiteral("SELECT CAST(round(gpu_count * 1000) AS INTEGER) FROM instance_types WHERE "
                                         "provider_id = '%1' AND name = '%2'");
    EXPECT_EQ(scalar(count.arg(QStringLiteral("azure"), QStringLiteral("Standard_NV4as_v4"))), 125);
    EXPECT_EQ(scalar(count.arg(QStringLiteral("azure"), QStringLiteral("Standard_NV8as_v4"))), 250);
    EXPECT_EQ(scalar(count.arg(QStringLiteral("azure"), QStringLiteral("Standard_NV16as_v4"))), 500);
    EXPECT_EQ(scalar(count.arg(QStringLiteral("azure"), QStringLiteral("Standard_NV32as_v4"))), 1000);
    // Tencent GN10X and GN10Xp carry 32 GB V100 NVLink parts.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM instance_types WHERE provider_id = 'tencentcloud' AND "
                                    "name LIKE 'GN10X%' AND gpu_id <> 'V100-SXM2-32GB'")),
              0);
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM instance_types WHERE provider_id = 'tencentcloud' AND "
                                    "name LIKE 'GN10Xp%'")),
              0);
    // Vast.ai names PCIe and NVL parts only in the instance type.
    const QString gpu = QStringLiteral("SELECT count(*) FROM instance_types WHERE provider_id = 'vast' AND name = '%1' AND gpu_id = '%2'");
    EXPECT_EQ(scalar(gpu.arg(QStringLiteral("1x-H100_NVL-32-65536"), QStringLiteral("H100-NVL-94GB"))), 1);
    EXPECT_EQ(scalar(gpu.arg(QStringLiteral("2x-A100_PCIE-32-65536"), QStringLiteral("A100-PCIe-40GB"))), 1);
    EXPECT_EQ(scalar(gpu.arg(QStringLiteral("1x-H100_SXM-32-65536"), QStringLiteral("H100-SXM5-80GB"))), 1);
    // A Vast.ai host with no state reads ", CN, AS" in the source; the catalog keeps "CN, AS" (issue 47).
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM regions WHERE provider_id = 'vast' AND code LIKE ',%'")), 0);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM regions WHERE provider_id = 'vast' AND code = 'CN, AS' "
                                    "AND name = 'China'")),
              1);
}

namespace {

// The GCP file's Price of one accelerator row, by zone, name and count.
double gcpAcceleratorPrice(const core::CsvTable &vms, const QString &zone, const QString &name, int count)
{
    for (const auto &r : vms.records()) {
        if (vms.field(r, QStringLiteral("AvailabilityZone")) == zone
            && vms.field(r, QStringLiteral("AcceleratorName")) == name
            && vms.field(r, QStringLiteral("AcceleratorCount")).toDouble() == count)
            return vms.field(r, QStringLiteral("Price")).toDouble();
    }
    return -1;
}

} // namespace

// SkyPilot's GCP file prices H100 in most zones with the defined-duration (DWS) accelerator SKU,
// 4.20076 USD per GPU-hour, against 9.80-12.74 for the on-demand SKU: those on-demand prices are
// unknown, with the reason, and the on-demand SKU sums stand unflagged however outnumbered.
TEST_F(SeedImport, GcpA3OnDemandIsTheOnDemandSkuSumOrUnknown)
{
    const auto hosts = source(QStringLiteral("gcp/gpu_host_vms.csv"));
    const auto vms = source(QStringLiteral("gcp/vms.csv"));
    ASSERT_DOUBLE_EQ(gcpAcceleratorPrice(vms, QStringLiteral("us-central1-a"), QStringLiteral("H100"), 8), 33.60609);
    const QString where = QStringLiteral(
        "FROM offers o JOIN instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
        "WHERE it.name = '%1' AND r.code = '%2' AND o.billing = '%3'");
    auto count = [&](const char *instance, const char *region, const char *billing) {
        return scalar(QStringLiteral("SELECT count(*) ")
                      + where.arg(QLatin1String(instance), QLatin1String(region), QLatin1String(billing)));
    };
    // us-central1: no on-demand price (and no commitment taken from one), the reason logged.
    EXPECT_EQ(count("a3-highgpu-8g", "us-central1", "on_demand"), 0);
    EXPECT_EQ(count("a3-highgpu-8g", "us-central1", "reserved"), 0);
    QList<int> lines;
    for (const auto &r : hosts.records()) {
        if (hosts.field(r, QStringLiteral("InstanceType")) == u"a3-highgpu-8g"
            && hosts.field(r, QStringLiteral("Region")) == u"us-central1")
            lines.append(r.line);
    }
    ASSERT_FALSE(lines.isEmpty());
    for (int line : lines) {
        auto why = m_db->prepare(QStringLiteral("SELECT reason FROM import_exclusions WHERE file = "
                                                "'gcp/gpu_host_vms.csv' AND line = ? AND scope = 'on_demand'"));
        ASSERT_TRUE(why.ok());
        why.value().bind(1, line);
        ASSERT_TRUE(why.value().step()) << "line " << line;
        const QString reason = why.value().text(0);
        EXPECT_TRUE(reason.startsWith(u"on-demand price unknown: the snapshot's H100 accelerator price")) << reason.toStdString();
        EXPECT_TRUE(reason.contains(u"4.201 USD per GPU-hour in")) << reason.toStdString();
        EXPECT_TRUE(reason.contains(u"Cloud Billing API")) << reason.toStdString();
    }
    // Its spot price stays: host and accelerator Preemptible SKUs, below every on-demand SKU.
    EXPECT_EQ(count("a3-highgpu-8g", "us-central1", "spot"), 1);

    // us-east4: the on-demand SKU sum (host + 8 x 9.79655), unflagged.
    double host = -1;
    for (const auto &r : hosts.records()) {
        if (hosts.field(r, QStringLiteral("InstanceType")) == u"a3-highgpu-8g"
            && hosts.field(r, QStringLiteral("AvailabilityZone")) == u"us-east4-a")
            host = hosts.field(r, QStringLiteral("Price")).toDouble();
    }
    const double accel = gcpAcceleratorPrice(vms, QStringLiteral("us-east4-a"), QStringLiteral("H100"), 8);
    ASSERT_GT(host, 0);
    ASSERT_NEAR(accel, 8 * 9.79655, 1e-4);
    EXPECT_NEAR(real(QStringLiteral("SELECT o.hourly_price ") + where.arg(QStringLiteral("a3-highgpu-8g"),
                                                                          QStringLiteral("us-east4"),
                                                                          QStringLiteral("on_demand"))),
                host + accel, 1e-6);
    EXPECT_NEAR(host + accel, 87.83, 0.01);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offer_flags f JOIN offers o ON o.id = f.offer_id ")
                     + where.mid(where.indexOf(QStringLiteral("JOIN instance_types")))
                           .arg(QStringLiteral("a3-highgpu-8g"), QStringLiteral("us-east4"), QStringLiteral("on_demand"))),
              0);

    // The half-price Asia-Pacific 1g/2g/4g offers (the 12 that passed every check, and
    // asia-southeast1's, flagged before) are not on-demand offers any more.
    for (const char *instance : {"a3-highgpu-1g", "a3-highgpu-2g", "a3-highgpu-4g"}) {
        for (const char *region :
             {"asia-east1", "asia-northeast1", "asia-south2", "australia-southeast1", "asia-southeast1"})
            EXPECT_EQ(count(instance, region, "on_demand"), 0) << instance << ' ' << region;
    }
    // No GCP H100 on-demand price is made of a defined-duration SKU: the cheapest per GPU is
    // us-east4's on-demand SKU plus its share of the host.
    EXPECT_NEAR(real(QStringLiteral("SELECT min(o.hourly_price / it.gpu_count) FROM offers o JOIN instance_types it "
                                    "ON it.id = o.instance_type_id WHERE it.provider_id = 'gcp' AND it.gpu_id = "
                                    "'H100-SXM5-80GB' AND o.billing = 'on_demand'")),
                (host + accel) / 8, 0.01);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.provider_id = 'gcp' AND o.billing = 'on_demand' AND o.hourly_price / "
                                    "it.gpu_count < 9.79655 AND it.name LIKE 'a3-%'")),
              0);
    // Every zone row whose on-demand price is left out this way is logged: 157 with a spot price
    // kept, 6 (a3-megagpu-8g and a3-ultragpu-8g zones with no spot price) left out whole. A100,
    // A100 80GB, H100, H100 Mega and H200 each show the split; B200's spread of regional prices
    // does not.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE provider_id = 'gcp' AND scope = "
                                    "'on_demand' AND reason LIKE 'on-demand price unknown: %'")),
              157);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE provider_id = 'gcp' AND scope = "
                                    "'row' AND reason LIKE 'on-demand price unknown: %'")),
              6);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE provider_id = 'gcp' AND reason LIKE "
                                    "'%snapshot''s B200 accelerator%'")),
              0);
}
