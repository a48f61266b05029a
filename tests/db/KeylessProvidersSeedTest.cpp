// Issue 45: Scaleway, OVHcloud, Massed Compute, Hot Aisle and Denvr in the embedded catalog, from
// dated public readings of their price pages (resources/catalog/sources/<provider>/SOURCE.md). Each offer keeps
// the page's price in the provider's own currency, its billing and term, the file it came from and
// the day the page was read; the new instance types carry the hardware their sources state.

#include "db/SeedCatalog.h"

#include "db/CatalogFile.h"

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::db;

namespace {

class KeylessProvidersSeed : public ::testing::Test
{
protected:
    void SetUp() override
    {
        auto opened = openCatalogFile(tests::seedCatalogPath(), OpenMode::ReadOnly);
        ASSERT_TRUE(opened.ok()) << opened.errorMessage().toStdString();
        m_db = std::move(opened).value();
    }

    // One offer as "price currency billing term source_file observed_on", or <none>.
    QString offer(const QString &provider, const QString &instance, const QString &region, const QString &billing,
                  int termMonths = 0)
    {
        auto s = m_db->prepare(QStringLiteral(
            "SELECT printf('%.6f %s %s %d %s %s', o.hourly_price, o.currency, o.billing, o.term_months, o.source_file, "
            "o.fetched_at) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
            "JOIN regions r ON r.id = o.region_id WHERE it.provider_id = ? AND it.name = ? AND r.code = ? "
            "AND o.billing = ? AND o.term_months = ?"));
        EXPECT_TRUE(s.ok()) << s.errorMessage().toStdString();
        if (!s.ok())
            return QStringLiteral("<error>");
        s.value().bind(1, provider);
        s.value().bind(2, instance);
        s.value().bind(3, region);
        s.value().bind(4, billing);
        s.value().bind(5, termMonths);
        return s.value().step() ? s.value().text(0) : QStringLiteral("<none>");
    }

    // An instance type's hardware as "gpu count vcpus memory".
    QString hardware(const QString &provider, const QString &instance)
    {
        auto s = m_db->prepare(QStringLiteral(
            "SELECT printf('%s %g %g %g', gpu_id, gpu_count, vcpus, memory_gib) FROM instance_types "
            "WHERE provider_id = ? AND name = ?"));
        EXPECT_TRUE(s.ok()) << s.errorMessage().toStdString();
        if (!s.ok())
            return QStringLiteral("<error>");
        s.value().bind(1, provider);
        s.value().bind(2, instance);
        return s.value().step() ? s.value().text(0) : QStringLiteral("<none>");
    }

    int count(const QString &sql, const QString &provider)
    {
        auto s = m_db->prepare(sql);
        EXPECT_TRUE(s.ok()) << s.errorMessage().toStdString();
        if (!s.ok())
            return -1;
        s.value().bind(1, provider);
        return s.value().step() ? int(s.value().integer(0)) : -1;
    }

    std::unique_ptr<Database> m_db;
};

} // namespace

TEST_F(KeylessProvidersSeed, ScalewayIsPricedInEurosPerZoneFromItsGpuPage)
{
    // 2026-09-26: the page's embedded catalogue data, zone fr-par-2.
    EXPECT_EQ(offer(QStringLiteral("scaleway"), QStringLiteral("L40S-1-48G"), QStringLiteral("pl-waw-2"),
                    QStringLiteral("on_demand")),
              u"1.469900 EUR on_demand 0 sources/scaleway/scaleway-gpu-2026-09-26.csv 2026-09-26");
    EXPECT_EQ(offer(QStringLiteral("scaleway"), QStringLiteral("B300-SXM-8-288G"), QStringLiteral("fr-par-2"),
                    QStringLiteral("on_demand")),
              u"60.000000 EUR on_demand 0 sources/scaleway/scaleway-gpu-2026-09-26.csv 2026-09-26");
    // Read again on 2026-10-06 at the same price: the later reading is the offer's.
    EXPECT_EQ(offer(QStringLiteral("scaleway"), QStringLiteral("H100-SXM-8-80G"), QStringLiteral("fr-par-2"),
                    QStringLiteral("on_demand")),
              u"25.330800 EUR on_demand 0 sources/scaleway/scaleway-gpu-2026-10-06.csv 2026-10-06");
    EXPECT_EQ(offer(QStringLiteral("scaleway"), QStringLiteral("H100-1-80G"), QStringLiteral("pl-waw-2"),
                    QStringLiteral("on_demand")),
              u"2.866500 EUR on_demand 0 sources/scaleway/scaleway-gpu-2026-10-06.csv 2026-10-06");
    // Hardware from Scaleway's documentation; the PCIe and SXM H100 types stay apart.
    EXPECT_EQ(hardware(QStringLiteral("scaleway"), QStringLiteral("H100-2-80G")), u"H100-PCIe-80GB 2 48 480");
    EXPECT_EQ(hardware(QStringLiteral("scaleway"), QStringLiteral("H100-SXM-2-80G")), u"H100-SXM5-80GB 2 32 240");
    // The page has no spot and no term prices.
    EXPECT_EQ(count(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                   "WHERE it.provider_id = ? AND o.billing <> 'on_demand'"),
                    QStringLiteral("scaleway")),
              0);
}

TEST_F(KeylessProvidersSeed, OvhcloudMonthlyBillingIsAOneMonthTermAtTheMonthlyPriceOver730Hours)
{
    EXPECT_EQ(offer(QStringLiteral("ovhcloud"), QStringLiteral("h100-380"), QStringLiteral("gra"),
                    QStringLiteral("on_demand")),
              u"2.800000 EUR on_demand 0 sources/ovhcloud/ovhcloud-gpu-2026-09-26.csv 2026-09-26");
    // OVHcloud's own monthly price, EUR 1,940: 1940 / 730 h.
    EXPECT_EQ(offer(QStringLiteral("ovhcloud"), QStringLiteral("h100-380"), QStringLiteral("gra"),
                    QStringLiteral("reserved"), 1),
              u"2.657534 EUR reserved 1 sources/ovhcloud/ovhcloud-gpu-2026-09-26.csv 2026-09-26");
    EXPECT_EQ(offer(QStringLiteral("ovhcloud"), QStringLiteral("h200-1920"), QStringLiteral("gra"),
                    QStringLiteral("on_demand")),
              u"42.000000 EUR on_demand 0 sources/ovhcloud/ovhcloud-gpu-2026-09-26.csv 2026-09-26");
    EXPECT_EQ(hardware(QStringLiteral("ovhcloud"), QStringLiteral("h100-1520")), u"H100-SXM5-80GB 4 120 1520");
    // The source gives OVHcloud's own monthly price for five flavors only; no other term exists.
    EXPECT_EQ(count(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                   "WHERE it.provider_id = ? AND o.billing = 'reserved' AND o.term_months = 1"),
                    QStringLiteral("ovhcloud")),
              5);
    EXPECT_EQ(count(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                   "WHERE it.provider_id = ? AND NOT (o.billing = 'on_demand' OR "
                                   "(o.billing = 'reserved' AND o.term_months = 1))"),
                    QStringLiteral("ovhcloud")),
              0);
}

TEST_F(KeylessProvidersSeed, MassedComputeIsPricedPerWholeInstanceInItsOneStatedRegion)
{
    // 8 x 3.14 = 25.12 for the 8-GPU H100 SXM5 instance, as the page lists it.
    EXPECT_EQ(offer(QStringLiteral("massedcompute"), QStringLiteral("8x H100 SXM5"), QStringLiteral("default"),
                    QStringLiteral("on_demand")),
              u"25.120000 USD on_demand 0 sources/massedcompute/massedcompute-pricing-2026-10-06.csv 2026-10-06");
    EXPECT_EQ(offer(QStringLiteral("massedcompute"), QStringLiteral("1x H200 NVL"), QStringLiteral("default"),
                    QStringLiteral("on_demand")),
              u"3.620000 USD on_demand 0 sources/massedcompute/massedcompute-pricing-2026-10-06.csv 2026-10-06");
    EXPECT_EQ(hardware(QStringLiteral("massedcompute"), QStringLiteral("8x B200 SXM6")), u"B200 8 280 2800");
    // The page's 1x H100 SXM5 (no vCPU or RAM stated) and its H100 of unstated form factor are left out.
    EXPECT_EQ(count(QStringLiteral("SELECT count(*) FROM instance_types WHERE provider_id = ?"),
                    QStringLiteral("massedcompute")),
              4);
}

TEST_F(KeylessProvidersSeed, HotAisleSellsMi300xVmsAndABareMetalServerAtItsPerGpuPrices)
{
    // $2.99 per GPU-hour for the 1, 2 and 4-GPU VMs, times the VM's GPUs.
    EXPECT_EQ(offer(QStringLiteral("hotaisle"), QStringLiteral("1x MI300X VM"), QStringLiteral("us-michigan-1"),
                    QStringLiteral("on_demand")),
              u"2.990000 USD on_demand 0 sources/hotaisle/hotaisle-pricing-2026-09-19.csv 2026-09-19");
    EXPECT_EQ(offer(QStringLiteral("hotaisle"), QStringLiteral("4x MI300X VM"), QStringLiteral("us-michigan-1"),
                    QStringLiteral("on_demand")),
              u"11.960000 USD on_demand 0 sources/hotaisle/hotaisle-pricing-2026-09-19.csv 2026-09-19");
    // Bare metal: 8 x $3.39. Its one-month minimum cannot be expressed on an on-demand offer (SOURCE.md).
    EXPECT_EQ(offer(QStringLiteral("hotaisle"), QStringLiteral("8x MI300X bare metal"), QStringLiteral("us-michigan-1"),
                    QStringLiteral("on_demand")),
              u"27.120000 USD on_demand 0 sources/hotaisle/hotaisle-pricing-2026-09-19.csv 2026-09-19");
    EXPECT_EQ(hardware(QStringLiteral("hotaisle"), QStringLiteral("2x MI300X VM")), u"MI300X 2 26 448");
    // The page gives two core counts for the 1x VM and the server, and the server's RAM only as "2TB":
    // those stay unknown rather than guessed.
    EXPECT_EQ(count(QStringLiteral("SELECT count(*) FROM instance_types WHERE provider_id = ? AND name = '1x MI300X VM' "
                                   "AND vcpus IS NULL AND memory_gib = 224"),
                    QStringLiteral("hotaisle")),
              1);
    EXPECT_EQ(count(QStringLiteral("SELECT count(*) FROM instance_types WHERE provider_id = ? "
                                   "AND name = '8x MI300X bare metal' AND vcpus IS NULL AND memory_gib IS NULL"),
                    QStringLiteral("hotaisle")),
              1);
    // The grandfathered $1.99 is not orderable and is left out: every offer is on-demand at $2.99 or $3.39 per GPU.
    EXPECT_EQ(count(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                   "WHERE it.provider_id = ? AND o.source_file LIKE 'sources/hotaisle/%' AND NOT "
                                   "(o.billing = 'on_demand' AND (abs(o.hourly_price - 2.99 * it.gpu_count) < 1e-9 "
                                   "OR abs(o.hourly_price - 3.39 * it.gpu_count) < 1e-9))"),
                    QStringLiteral("hotaisle")),
              0);
}

TEST_F(KeylessProvidersSeed, DenvrPricesItsWholeEightGpuH100Node)
{
    // 8 x $2.45 per GPU-hour for the node, as the page sells it.
    EXPECT_EQ(offer(QStringLiteral("denvr"), QStringLiteral("8x H100 SXM"), QStringLiteral("default"),
                    QStringLiteral("on_demand")),
              u"19.600000 USD on_demand 0 sources/denvr/denvr-pricing-2026-10-06.csv 2026-10-06");
    EXPECT_EQ(hardware(QStringLiteral("denvr"), QStringLiteral("8x H100 SXM")), u"H100-SXM5-80GB 8 208 1024");
    // "Save up to 20%" on reservations is a bound, not a price: no reserved offer.
    EXPECT_EQ(count(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                   "WHERE it.provider_id = ? AND o.billing <> 'on_demand'"),
                    QStringLiteral("denvr")),
              0);
}
