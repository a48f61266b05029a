// Issue 45: GPU clouds the embedded catalog gains from dated public sources
// (resources/catalog/sources/<provider>/SOURCE.md). Each offer keeps the source's price, billing,
// file and observation date; hardware comes with the new instance types; regions are the
// provider's own; every commitment states its term.

#include "db/SeedCatalog.h"

#include "db/CatalogFile.h"

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::db;

namespace {

const QString kCoreWeaveFile = QStringLiteral("sources/coreweave/coreweave-gpu-price-index-2026-10-10.csv");
const QString kCrusoeFile = QStringLiteral("sources/crusoe/crusoe-gpu-price-index-2026-10-10.csv");
const QString kDigitalOceanFile = QStringLiteral("sources/digitalocean/digitalocean-gpu-terms-2026-09-27.csv");
const QString kOciFile = QStringLiteral("sources/oci/oci-gpu-price-index-2026-10-10.csv");

class NewProvidersSeed : public ::testing::Test
{
protected:
    void SetUp() override
    {
        auto opened = openCatalogFile(tests::seedCatalogPath(), OpenMode::ReadOnly);
        ASSERT_TRUE(opened.ok()) << opened.errorMessage().toStdString();
        m_db = std::move(opened).value();
    }

    // The first column of the first row of sql, with ? bound to args in order.
    QString text(const QString &sql, const QStringList &args = {})
    {
        auto s = m_db->prepare(sql);
        EXPECT_TRUE(s.ok()) << s.errorMessage().toStdString();
        if (!s.ok())
            return QStringLiteral("<error>");
        for (int i = 0; i < args.size(); ++i)
            s.value().bind(i + 1, args.at(i));
        if (!s.value().step())
            return QStringLiteral("<none>");
        return s.value().text(0);
    }

    // "price currency billing term fetched_at source_file" of one offer.
    QString offer(const QString &provider, const QString &instance, const QString &region, const QString &billing)
    {
        return text(QStringLiteral(
                        "SELECT printf('%.4f %s %s %d %s %s', o.hourly_price, o.currency, o.billing, o.term_months, "
                        "o.fetched_at, o.source_file) FROM offers o "
                        "JOIN instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
                        "WHERE it.provider_id = ? AND it.name = ? AND r.code = ? AND o.billing = ?"),
                    {provider, instance, region, billing});
    }

    std::unique_ptr<Database> m_db;
};

} // namespace

TEST_F(NewProvidersSeed, CoreWeaveEightGpuInstancesKeepThePricingPagesWholeInstancePrice)
{
    // coreweave.com/pricing, 2026-10-10: the price is for the whole 8-GPU instance.
    EXPECT_EQ(offer(QStringLiteral("coreweave"), QStringLiteral("gd-8xh100ib-i128"), QStringLiteral("US-EAST-04A"),
                    QStringLiteral("on_demand")),
              QStringLiteral("49.2400 USD on_demand 0 2026-10-10 %1").arg(kCoreWeaveFile));
    EXPECT_EQ(offer(QStringLiteral("coreweave"), QStringLiteral("gd-8xh100ib-i128"), QStringLiteral("RNO2A"),
                    QStringLiteral("spot")),
              QStringLiteral("19.7100 USD spot 0 2026-10-10 %1").arg(kCoreWeaveFile));
    EXPECT_EQ(offer(QStringLiteral("coreweave"), QStringLiteral("b200-8x"), QStringLiteral("US-EAST-13A"),
                    QStringLiteral("on_demand")),
              QStringLiteral("68.8000 USD on_demand 0 2026-10-10 %1").arg(kCoreWeaveFile));
    EXPECT_EQ(offer(QStringLiteral("coreweave"), QStringLiteral("gd-8xl40s-i128"), QStringLiteral("US-EAST-04A"),
                    QStringLiteral("spot")),
              QStringLiteral("7.8800 USD spot 0 2026-10-10 %1").arg(kCoreWeaveFile));
}

TEST_F(NewProvidersSeed, CoreWeaveB300IsSpotOnlyBecauseOnDemandIsContactSales)
{
    EXPECT_EQ(offer(QStringLiteral("coreweave"), QStringLiteral("b300-8x"), QStringLiteral("US-WEST-10A"),
                    QStringLiteral("spot")),
              QStringLiteral("35.8400 USD spot 0 2026-10-10 %1").arg(kCoreWeaveFile));
    EXPECT_EQ(text(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                  "WHERE it.provider_id = 'coreweave' AND it.name = 'b300-8x' AND o.billing <> 'spot'")),
              u"0");
}

TEST_F(NewProvidersSeed, CoreWeaveInstancesHaveTheirDocumentedHardwareAndOnlyNorthAmericanZones)
{
    EXPECT_EQ(text(QStringLiteral("SELECT printf('%s %g %g %g', gpu_id, gpu_count, vcpus, memory_gib) FROM instance_types "
                                  "WHERE provider_id = 'coreweave' AND name = 'gd-8xh200ib-i128'")),
              u"H200-SXM-141GB 8 128 2048");
    EXPECT_EQ(text(QStringLiteral("SELECT printf('%s %g %g %g', gpu_id, gpu_count, vcpus, memory_gib) FROM instance_types "
                                  "WHERE provider_id = 'coreweave' AND name = 'b300-8x'")),
              u"B300 8 192 4096");
    // The published prices are North American: no European zone is priced.
    EXPECT_EQ(text(QStringLiteral("SELECT count(DISTINCT r.code) || ' ' || min(r.geography) || ' ' || max(r.geography) "
                                  "FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                  "JOIN regions r ON r.id = o.region_id WHERE it.provider_id = 'coreweave'")),
              u"15 North America North America");
    EXPECT_EQ(text(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                  "WHERE it.provider_id = 'coreweave'")),
              u"48");
}

TEST_F(NewProvidersSeed, CoreWeaveIsBilledByTheMinute)
{
    EXPECT_EQ(text(QStringLiteral("SELECT printf('%s %s %d %d', name, kind, billing_granularity_s, minimum_billing_s) "
                                  "FROM providers WHERE id = 'coreweave'")),
              u"CoreWeave gpu_cloud 60 60");
}

TEST_F(NewProvidersSeed, CrusoePricesEachVmTypeAtThePerGpuRateTimesItsGpus)
{
    // crusoe.ai/cloud/pricing, 2026-10-10: "$3.45/GPU-hr" for MI300X, priced for the 8-GPU VM type.
    EXPECT_EQ(offer(QStringLiteral("crusoe"), QStringLiteral("mi300x-192gb-ib.8x"), QStringLiteral("us-east1-a"),
                    QStringLiteral("on_demand")),
              QStringLiteral("27.6000 USD on_demand 0 2026-10-10 %1").arg(kCrusoeFile));
    EXPECT_EQ(offer(QStringLiteral("crusoe"), QStringLiteral("h100-80gb-sxm-ib.8x"), QStringLiteral("eu-iceland1-a"),
                    QStringLiteral("on_demand")),
              QStringLiteral("31.2000 USD on_demand 0 2026-10-10 %1").arg(kCrusoeFile));
    EXPECT_EQ(offer(QStringLiteral("crusoe"), QStringLiteral("l40s-48gb.1x"), QStringLiteral("us-west1-a"),
                    QStringLiteral("on_demand")),
              QStringLiteral("1.5000 USD on_demand 0 2026-10-10 %1").arg(kCrusoeFile));
    // No spot price in the source: none in the catalog; six types in four locations.
    EXPECT_EQ(text(QStringLiteral("SELECT count(*) || ' ' || sum(o.billing = 'on_demand') FROM offers o "
                                  "JOIN instance_types it ON it.id = o.instance_type_id WHERE it.provider_id = 'crusoe'")),
              u"24 24");
}

TEST_F(NewProvidersSeed, HardwareNoSourceStatesIsStoredAsUnknown)
{
    // vcpus and memory_gib left empty in the price table arrive as NULL, never as a guess.
    EXPECT_EQ(text(QStringLiteral("SELECT printf('%s %g %s %s', gpu_id, gpu_count, quote(vcpus), quote(memory_gib)) "
                                  "FROM instance_types WHERE provider_id = 'crusoe' AND name = 'mi300x-192gb-ib.8x'")),
              u"MI300X 8 NULL NULL");
    EXPECT_EQ(text(QStringLiteral("SELECT printf('%s %g %s %s', gpu_id, gpu_count, quote(vcpus), quote(memory_gib)) "
                                  "FROM instance_types WHERE provider_id = 'oci' AND name = 'BM.GPU.B200.8'")),
              u"B200 8 NULL NULL");
    // A size whose hardware a source does state keeps it (DigitalOcean's OpenAPI example: 20 vCPUs, 240 GiB).
    EXPECT_EQ(text(QStringLiteral("SELECT printf('%s %g %g %g', gpu_id, gpu_count, vcpus, memory_gib) "
                                  "FROM instance_types WHERE provider_id = 'digitalocean' AND name = 'gpu-h100x1-80gb'")),
              u"H100-SXM5-80GB 1 20 240");
}

TEST_F(NewProvidersSeed, DigitalOceanOneGpuDropletsHaveOnDemandAndTwelveMonthCommitmentPrices)
{
    EXPECT_EQ(offer(QStringLiteral("digitalocean"), QStringLiteral("gpu-h100x1-80gb"), QStringLiteral("tor1"),
                    QStringLiteral("on_demand")),
              QStringLiteral("4.4100 USD on_demand 0 2026-09-27 %1").arg(kDigitalOceanFile));
    EXPECT_EQ(offer(QStringLiteral("digitalocean"), QStringLiteral("gpu-h100x1-80gb"), QStringLiteral("ams3"),
                    QStringLiteral("reserved")),
              QStringLiteral("3.2600 USD reserved 12 2026-09-27 %1").arg(kDigitalOceanFile));
    EXPECT_EQ(offer(QStringLiteral("digitalocean"), QStringLiteral("gpu-h200x1-141gb"), QStringLiteral("atl1"),
                    QStringLiteral("reserved")),
              QStringLiteral("3.4000 USD reserved 12 2026-09-27 %1").arg(kDigitalOceanFile));
    EXPECT_EQ(text(QStringLiteral("SELECT printf('%s %s', o.upfront, o.effective_date) FROM offers o "
                                  "JOIN instance_types it ON it.id = o.instance_type_id "
                                  "WHERE it.provider_id = 'digitalocean' AND o.billing = 'reserved' LIMIT 1")),
              u"none 2026-08-01");
}

TEST_F(NewProvidersSeed, OciNewShapesArePricedPerGpuTimesEightInTheCatalogsOciRegions)
{
    EXPECT_EQ(offer(QStringLiteral("oci"), QStringLiteral("BM.GPU.MI300X.8"), QStringLiteral("eu-amsterdam-1"),
                    QStringLiteral("on_demand")),
              QStringLiteral("48.0000 USD on_demand 0 2026-10-10 %1").arg(kOciFile));
    EXPECT_EQ(offer(QStringLiteral("oci"), QStringLiteral("BM.GPU.B200.8"), QStringLiteral("eu-stockholm-1"),
                    QStringLiteral("on_demand")),
              QStringLiteral("112.0000 USD on_demand 0 2026-10-10 %1").arg(kOciFile));
    EXPECT_EQ(offer(QStringLiteral("oci"), QStringLiteral("BM.GPU.B300.8"), QStringLiteral("eu-amsterdam-1"),
                    QStringLiteral("on_demand")),
              QStringLiteral("120.0000 USD on_demand 0 2026-10-10 %1").arg(kOciFile));
    EXPECT_EQ(text(QStringLiteral("SELECT count(DISTINCT r.code) FROM offers o JOIN instance_types it ON "
                                  "it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
                                  "WHERE it.provider_id = 'oci' AND it.name = 'BM.GPU.MI300X.8'")),
              u"2");
}

TEST_F(NewProvidersSeed, Mi300xIsOfferedByAtLeastTwoProviders)
{
    const int providers = text(QStringLiteral("SELECT count(DISTINCT it.provider_id) FROM offers o "
                                              "JOIN instance_types it ON it.id = o.instance_type_id "
                                              "WHERE it.gpu_id = 'MI300X'"))
                              .toInt();
    EXPECT_GE(providers, 2);
}

TEST_F(NewProvidersSeed, EveryCommitmentOfTheNewProvidersStatesItsTerm)
{
    // Reserved and savings-plan rows need the term the seller states (1 to 60 months); none may be 0.
    EXPECT_EQ(text(QStringLiteral(
                  "SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                  "WHERE it.provider_id IN ('coreweave', 'crusoe', 'digitalocean', 'together', 'paperspace', 'civo', "
                  "'gcore', 'latitude', 'cirrascale') AND o.billing IN ('reserved', 'savings_plan') "
                  "AND (o.term_months < 1 OR o.term_months > 60)")),
              u"0");
}
