// Issue 45: the price APIs of Vultr, OVHcloud, Scaleway and CloudRift, which need no account.
// Bodies are under tests/data/api/{vultr,ovhcloud,scaleway,cloudrift}; SOURCE.md there says where
// each shape comes from (provider SDKs, API schemas, public client code) and which values are
// illustrative.

#include "net/providers/CloudRiftSource.h"
#include "net/providers/OvhCloudSource.h"
#include "net/providers/ProviderTestSupport.h"
#include "net/providers/ScalewaySource.h"
#include "net/providers/VultrSource.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>

#include <functional>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::net;
using namespace gpuplanner::net::test;

namespace {

QHash<QString, double> gpuMemory()
{
    QHash<QString, double> memory;
    for (const core::GpuModel &m : seedMetadata().gpuModels) {
        if (m.memoryGib)
            memory.insert(m.id, *m.memoryGib);
    }
    return memory;
}

bool excludes(const core::ImportBatch &batch, const QString &reason, const QString &detailPart)
{
    for (const core::ImportExclusion &e : batch.exclusions) {
        if (e.reason == reason && e.detail.contains(detailPart))
            return true;
    }
    return false;
}

// Answers every request from a function of the request (pagers that make up new pages).
class ScriptedHttpClient : public core::HttpClient
{
public:
    std::function<QByteArray(const core::HttpRequest &)> answer;
    int requests = 0;

    core::Result<core::HttpResponse> send(const core::HttpRequest &request, const core::TransferProgress &,
                                          const std::atomic_bool *) override
    {
        ++requests;
        core::HttpResponse response;
        response.status = 200;
        response.url = request.url;
        response.body = answer(request);
        return response;
    }
};

core::Result<core::ImportBatch> vultrPage(const QString &fixture, VultrListing listing)
{
    auto page = parseVultrPlans(readFixture(fixture), fixture, listing, resolver(), gpuMemory());
    if (!page)
        return page.error();
    return page->batch;
}

} // namespace

// --- Vultr ------------------------------------------------------------------------------------

TEST(VultrParser, CloudGpuPlansArePricedByTheHourPerLocationAndSlicesCountByMemory)
{
    const auto page1 = parseVultrPlans(readFixture(QStringLiteral("vultr/plans_page1.json")), QStringLiteral("p1"),
                                       VultrListing::Plans, resolver(), gpuMemory());
    ASSERT_TRUE(page1.ok()) << qPrintable(page1.errorMessage());
    EXPECT_EQ(page1->nextCursor, u"bmV4dF9fdmNnLWExNi0yYy04Zy0ydnJhbQ==");
    // The free plan and the CPU plan give nothing; the empty location string is skipped.
    EXPECT_EQ(describeAll(page1->batch.offers),
              (QStringList{QStringLiteral("vcg-l40s-16c-180g-48vram ewr on_demand L40S x1 1.671000 USD"),
                           QStringLiteral("vcg-l40s-16c-180g-48vram ord on_demand L40S x1 1.671000 USD")}));
    EXPECT_EQ(page1->planIds.size(), 3);

    const auto page2 = vultrPage(QStringLiteral("vultr/plans_page2.json"), VultrListing::Plans);
    ASSERT_TRUE(page2.ok()) << qPrintable(page2.errorMessage());
    // A 2 GB vGPU slice of the 64 GB A16 board; the A100 of unconfirmed form factor is left out.
    EXPECT_EQ(describeAll(page2->offers),
              (QStringList{QStringLiteral("vcg-a16-2c-8g-2vram ewr on_demand A16 x0.03125 0.059000 USD")}));
    EXPECT_TRUE(excludes(*page2, QStringLiteral("unmapped accelerator name"), QStringLiteral("NVIDIA_A100")));
}

TEST(VultrParser, BareMetalGpusComeFromThePlanId)
{
    const auto batch = vultrPage(QStringLiteral("vultr/plans_metal.json"), VultrListing::BareMetal);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    const QStringList expected = {
        QStringLiteral("vbm-112c-2048gb-8-h100-gpu sea on_demand H100-SXM5-80GB x8 23.920000 USD"),
        QStringLiteral("vbm-256c-2048gb-8-mi300x-gpu ord on_demand MI300X x8 17.520000 USD"),
        // gpuhunt's table: the "l40" bare-metal plan carries L40S cards.
        QStringLiteral("vbm-64c-2048gb-8-l40-gpu ewr on_demand L40S x8 12.880000 USD"),
    };
    EXPECT_EQ(describeAll(batch->offers), expected);
    // monthly_cost caps hourly billing and preemptible prices are not confirmed: on-demand only.
    for (const core::ImportedOffer &o : batch->offers)
        EXPECT_EQ(o.billing, core::Billing::OnDemand);
    const core::ImportedOffer *mi300x = findOffer(*batch, QStringLiteral("vbm-256c-2048gb-8-mi300x-gpu"), core::Billing::OnDemand);
    ASSERT_TRUE(mi300x);
    EXPECT_EQ(mi300x->instance.vcpus, 256);
    EXPECT_TRUE(batch->exclusions.isEmpty());
}

TEST(VultrParser, PlanIdsNameTheMetalGpu)
{
    EXPECT_EQ(vultrMetalGpu(QStringLiteral("vbm-256c-2048gb-8-mi300x-gpu"))->token, u"mi300x");
    EXPECT_EQ(vultrMetalGpu(QStringLiteral("vbm-256c-2048gb-8-mi300x-gpu"))->count, 8);
    EXPECT_EQ(vultrMetalGpu(QStringLiteral("vbm-72c-480gb-gh200-gpu"))->count, 1);
    EXPECT_EQ(vultrMetalGpu(QStringLiteral("vbm-72c-480gb-gh200-gpu"))->token, u"gh200");
    EXPECT_FALSE(vultrMetalGpu(QStringLiteral("vbm-4c-32gb")));
}

TEST(VultrParser, AMalformedPriceNamesTheFieldAndAFreeGpuPlanIsSkipped)
{
    QByteArray bytes = readFixture(QStringLiteral("vultr/plans_page1.json"));
    bytes.replace("\"hourly_cost\": 1.671", "\"hourly_cost\": \"1.671\"");
    const auto bad = parseVultrPlans(bytes, QStringLiteral("vultr-page"), VultrListing::Plans, resolver(), gpuMemory());
    ASSERT_FALSE(bad.ok());
    EXPECT_TRUE(bad.errorMessage().contains(QStringLiteral("vultr-page: plans[2].hourly_cost: expected a number, got a string")))
        << qPrintable(bad.errorMessage());

    QByteArray free = readFixture(QStringLiteral("vultr/plans_page1.json"));
    free.replace("\"hourly_cost\": 1.671", "\"hourly_cost\": 0");
    const auto skipped = parseVultrPlans(free, QStringLiteral("p"), VultrListing::Plans, resolver(), gpuMemory());
    ASSERT_TRUE(skipped.ok()) << qPrintable(skipped.errorMessage());
    EXPECT_TRUE(skipped->batch.offers.isEmpty());
}

TEST(VultrSourceFetch, FollowsTheCursorThroughBothListings)
{
    FixtureHttpClient http;
    http.serveFile(QStringLiteral("/v2/plans"), QStringLiteral("vultr/plans_page1.json"), QStringLiteral("per_page=500"));
    http.serveFile(QStringLiteral("/v2/plans"), QStringLiteral("vultr/plans_page2.json"),
                   QStringLiteral("cursor=bmV4dF9fdmNnLWExNi0yYy04Zy0ydnJhbQ=="));
    http.serveFile(QStringLiteral("/v2/plans-metal"), QStringLiteral("vultr/plans_metal.json"));
    VultrSource source(QUrl(QStringLiteral("http://vultr.test")), QString(), seedMetadata());
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("vultr"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    ASSERT_EQ(http.requests.size(), 3);
    EXPECT_TRUE(http.requests.at(0).url.query().contains(QStringLiteral("type=all")));
    EXPECT_EQ(batch->offers.size(), 2 + 1 + 3);
    for (const auto &header : http.requests.at(0).headers)
        EXPECT_NE(header.first, "Authorization"); // no account: nothing to authenticate
}

TEST(VultrSourceFetch, AnEndlessCursorStopsAtTheBound)
{
    ScriptedHttpClient http;
    http.answer = [&](const core::HttpRequest &request) {
        // Every page a new plan and a new cursor: only the bound stops it.
        const QString n = QString::number(http.requests);
        QJsonObject plan{{QStringLiteral("id"), QStringLiteral("vc2-%1").arg(n)},
                         {QStringLiteral("type"), QStringLiteral("vc2")},
                         {QStringLiteral("hourly_cost"), 0.01},
                         {QStringLiteral("locations"), QJsonArray{QStringLiteral("ewr")}}};
        const QString key = request.url.path().endsWith(u"metal") ? QStringLiteral("plans_metal") : QStringLiteral("plans");
        QJsonObject body{{key, QJsonArray{plan}},
                         {QStringLiteral("meta"), QJsonObject{{QStringLiteral("links"),
                                                               QJsonObject{{QStringLiteral("next"), QStringLiteral("c") + n}}}}}};
        return QJsonDocument(body).toJson();
    };
    VultrSource source(QUrl(QStringLiteral("http://vultr.test")), QString(), seedMetadata());
    source.setPageBound(PageBound{500, 0, 10, 4, 3});
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("vultr"), context);
    ASSERT_FALSE(batch.ok());
    EXPECT_TRUE(batch.errorMessage().contains(QStringLiteral("Vultr plans: stopped paging after 4 pages")))
        << qPrintable(batch.errorMessage());
    EXPECT_EQ(http.requests, 4);
}

TEST(VultrSourceFetch, ARepeatedCursorStops)
{
    FixtureHttpClient http;
    QByteArray looping = readFixture(QStringLiteral("vultr/plans_page2.json"));
    looping.replace("\"next\": \"\"", "\"next\": \"again\"");
    http.serve(QStringLiteral("/v2/plans"), looping);
    VultrSource source(QUrl(QStringLiteral("http://vultr.test")), QString(), seedMetadata());
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("vultr"), context);
    ASSERT_FALSE(batch.ok());
    EXPECT_TRUE(batch.errorMessage().contains(QStringLiteral("repeats an earlier page"))) << qPrintable(batch.errorMessage());
}

// --- OVHcloud ---------------------------------------------------------------------------------

TEST(OvhCloudParser, HourlyAndMonthlyPostpaidPricesInEurFromMicroCents)
{
    const auto batch = parseOvhCloudCatalog(readFixture(QStringLiteral("ovhcloud/catalog_cloud_FR.json")),
                                            QStringLiteral("ovh"), resolver());
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    // 280,000,000 micro-cents = 2.80 EUR/h; 153,300,000,000 micro-cents = 1,533 EUR a month = 2.10 EUR/h
    // over 730 h. The hourly H100 plan lists no region: those of its monthly plan hold.
    const QStringList expected = {
        QStringLiteral("h100-380 BHS5 on_demand H100-SXM5-80GB x1 2.800000 EUR"),
        QStringLiteral("h100-380 BHS5 reserved H100-SXM5-80GB x1 2.100000 EUR 1m none 0.00"),
        QStringLiteral("h100-380 GRA11 on_demand H100-SXM5-80GB x1 2.800000 EUR"),
        QStringLiteral("h100-380 GRA11 reserved H100-SXM5-80GB x1 2.100000 EUR 1m none 0.00"),
        QStringLiteral("l40s-90 GRA11 on_demand L40S x1 1.400000 EUR"),
    };
    EXPECT_EQ(describeAll(batch->offers), expected);
    const core::ImportedOffer *monthly = findOffer(*batch, QStringLiteral("h100-380"), core::Billing::Reserved, 1,
                                                   QStringLiteral("none"), QStringLiteral("GRA11"));
    ASSERT_TRUE(monthly);
    EXPECT_EQ(monthly->priceBasis, core::PriceBasis::Effective);
    EXPECT_EQ(monthly->upfrontFee, 0.0);
    EXPECT_TRUE(monthly->source.contains(QStringLiteral("monthly postpaid"))) << qPrintable(monthly->source);
    EXPECT_EQ(monthly->instance.listedGpuMemoryGib, 80);
    // The V100S has no catalog model: left out by name, the rest still priced. CPU-only and
    // Windows flavours give nothing.
    EXPECT_TRUE(excludes(*batch, QStringLiteral("unmapped accelerator name"), QStringLiteral("V100S (instance type t2-45)")));
    EXPECT_EQ(batch->exclusions.size(), 1);
}

TEST(OvhCloudParser, AMalformedPriceNamesItsPath)
{
    QByteArray bytes = readFixture(QStringLiteral("ovhcloud/catalog_cloud_FR.json"));
    bytes.replace("\"price\": 140000000", "\"price\": \"1.40\"");
    const auto batch = parseOvhCloudCatalog(bytes, QStringLiteral("ovh-catalog"), resolver());
    ASSERT_FALSE(batch.ok());
    EXPECT_TRUE(batch.errorMessage().contains(QStringLiteral("ovh-catalog: addons[3].pricings[0].price: expected a number")))
        << qPrintable(batch.errorMessage());
}

TEST(OvhCloudParser, AFreeFlavourIsSkipped)
{
    QByteArray bytes = readFixture(QStringLiteral("ovhcloud/catalog_cloud_FR.json"));
    bytes.replace("\"price\": 140000000", "\"price\": 0");
    const auto batch = parseOvhCloudCatalog(bytes, QStringLiteral("ovh"), resolver());
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_FALSE(findOffer(*batch, QStringLiteral("l40s-90"), core::Billing::OnDemand));
    EXPECT_TRUE(findOffer(*batch, QStringLiteral("h100-380"), core::Billing::OnDemand));
}

TEST(OvhCloudSourceFetch, AsksTheFrenchSubsidiarysCatalog)
{
    FixtureHttpClient http;
    http.serveFile(QStringLiteral("/1.0/order/catalog/public/cloud"), QStringLiteral("ovhcloud/catalog_cloud_FR.json"),
                   QStringLiteral("ovhSubsidiary=FR"));
    OvhCloudSource source(QUrl(QStringLiteral("http://ovh.test")), QString(), seedMetadata());
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("ovhcloud"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 5);
}

// --- Scaleway ---------------------------------------------------------------------------------

TEST(ScalewayParser, GpuInstancesPerZoneInEur)
{
    const auto page = parseScalewayProducts(readFixture(QStringLiteral("scaleway/products_page1.json")),
                                            QStringLiteral("scw"), resolver());
    ASSERT_TRUE(page.ok()) << qPrintable(page.errorMessage());
    EXPECT_EQ(page->totalCount, 5);
    EXPECT_EQ(page->products, 3);
    // PRO2-S has no GPU: skipped.
    EXPECT_EQ(describeAll(page->batch.offers),
              (QStringList{QStringLiteral("H100-SXM-8-80G fr-par-2 on_demand H100-SXM5-80GB x8 23.028000 EUR"),
                           QStringLiteral("L40S-1-48G fr-par-2 on_demand L40S x1 1.400000 EUR")}));
    const core::ImportedOffer *h100 = findOffer(page->batch, QStringLiteral("H100-SXM-8-80G"), core::Billing::OnDemand);
    ASSERT_TRUE(h100);
    EXPECT_EQ(h100->instance.vcpus, 128);
    EXPECT_EQ(h100->instance.memoryGib, 960);
}

TEST(ScalewayParser, AnUnknownGpuIsLeftOutAndUnitsMayComeAsAString)
{
    const auto page = parseScalewayProducts(readFixture(QStringLiteral("scaleway/products_page2.json")),
                                            QStringLiteral("scw2"), resolver());
    ASSERT_TRUE(page.ok()) << qPrintable(page.errorMessage());
    EXPECT_EQ(describeAll(page->batch.offers),
              (QStringList{QStringLiteral("L4-1-24G pl-waw-2 on_demand L4 x1 0.750000 EUR")}));
    EXPECT_TRUE(excludes(page->batch, QStringLiteral("unmapped accelerator name"), QStringLiteral("RTX-3070 (instance type GPU-3070-S)")));
}

TEST(ScalewayParser, MalformedMoneyNamesItsPathAndFreeOrRetiredProductsAreSkipped)
{
    QByteArray bytes = readFixture(QStringLiteral("scaleway/products_page1.json"));
    bytes.replace("\"units\": 23,", "\"units\": [23],");
    const auto bad = parseScalewayProducts(bytes, QStringLiteral("scw"), resolver());
    ASSERT_FALSE(bad.ok());
    EXPECT_TRUE(bad.errorMessage().contains(QStringLiteral("scw: products[0].price.retail_price.units: expected a whole number")))
        << qPrintable(bad.errorMessage());

    QByteArray other = readFixture(QStringLiteral("scaleway/products_page1.json"));
    other.replace("\"units\": 1, \"nanos\": 400000000", "\"units\": 0, \"nanos\": 0");
    other.replace("\"status\": \"general_availability\",\n      \"badges\": []\n    },\n    {\n      \"sku\": \"/compute/pro2_s",
                  "\"status\": \"end_of_sale\",\n      \"badges\": []\n    },\n    {\n      \"sku\": \"/compute/pro2_s");
    const auto page = parseScalewayProducts(other, QStringLiteral("scw"), resolver());
    ASSERT_TRUE(page.ok()) << qPrintable(page.errorMessage());
    EXPECT_TRUE(page->batch.offers.isEmpty()) << qPrintable(describeAll(page->batch.offers).join(u'\n'));
}

TEST(ScalewaySourceFetch, PagesUntilTotalCountAndStopsAPagerThatAddsNothing)
{
    FixtureHttpClient http;
    http.serveFile(QStringLiteral("/product-catalog/v2alpha1/public-catalog/products"),
                   QStringLiteral("scaleway/products_page1.json"), QStringLiteral("page=1&"));
    http.serveFile(QStringLiteral("/product-catalog/v2alpha1/public-catalog/products"),
                   QStringLiteral("scaleway/products_page2.json"), QStringLiteral("page=2&"));
    ScalewaySource source(QUrl(QStringLiteral("http://scw.test")), QString(), seedMetadata());
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("scaleway"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    ASSERT_EQ(http.requests.size(), 2);
    EXPECT_TRUE(http.requests.at(0).url.query().contains(QStringLiteral("product_types=instance")));
    EXPECT_EQ(batch->offers.size(), 3);

    // A pager that claims more products but repeats the same page: stopped, with the pages read.
    ScriptedHttpClient looping;
    const QByteArray same = readFixture(QStringLiteral("scaleway/products_page1.json")).replace("\"total_count\": 5", "\"total_count\": 900");
    looping.answer = [&](const core::HttpRequest &) { return same; };
    context.http = &looping;
    const auto stopped = source.fetch(QStringLiteral("scaleway"), context);
    ASSERT_FALSE(stopped.ok());
    EXPECT_TRUE(stopped.errorMessage().contains(QStringLiteral("Scaleway public-catalog products: stopped paging")))
        << qPrintable(stopped.errorMessage());
    EXPECT_LE(looping.requests, 5);
}

// --- CloudRift --------------------------------------------------------------------------------

TEST(CloudRiftParser, CentsBecomeUsdPerDataCentre)
{
    const auto batch = parseCloudRiftInstanceTypes(readFixture(QStringLiteral("cloudrift/instance_types.json")),
                                                   QStringLiteral("rift"), resolver());
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(describeAll(batch->offers),
              (QStringList{QStringLiteral("rtx49-8c-nr.1 us-east-nc-nr-1 on_demand RTX4090 x1 0.390000 USD"),
                           QStringLiteral("rtx49-8c-nr.2 us-east-nc-nr-1 on_demand RTX4090 x2 0.780000 USD")}));
    const core::ImportedOffer *two = findOffer(*batch, QStringLiteral("rtx49-8c-nr.2"), core::Billing::OnDemand);
    ASSERT_TRUE(two);
    EXPECT_EQ(two->instance.vcpus, 16);
    EXPECT_EQ(two->instance.memoryGib, 100);
    // MI350X is not in the catalog: left out by name; the CPU-only type gives nothing.
    EXPECT_TRUE(excludes(*batch, QStringLiteral("unmapped accelerator name"), QStringLiteral("MI350X")));
    EXPECT_EQ(batch->exclusions.size(), 1);
}

TEST(CloudRiftParser, TheVariantFamilyResolvesWhenTheBrandDoesNot)
{
    QByteArray bytes = readFixture(QStringLiteral("cloudrift/instance_types.json"));
    bytes.replace("\"brand_short\": \"RTX 4090\"", "\"brand_short\": \"GeForce RTX 4090 24GB\"");
    const auto batch = parseCloudRiftInstanceTypes(bytes, QStringLiteral("rift"), resolver());
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 2);
    EXPECT_EQ(batch->offers.at(0).instance.gpuId, u"RTX4090");
}

TEST(CloudRiftParser, AMalformedPriceNamesItsPathAndAFreeVariantIsSkipped)
{
    QByteArray bytes = readFixture(QStringLiteral("cloudrift/instance_types.json"));
    bytes.replace("\"cost_per_hour\": 78", "\"cost_per_hour\": null");
    const auto bad = parseCloudRiftInstanceTypes(bytes, QStringLiteral("rift"), resolver());
    ASSERT_FALSE(bad.ok());
    EXPECT_TRUE(bad.errorMessage().contains(
        QStringLiteral("rift: data.instance_types[0].variants[1].cost_per_hour: expected a number, got null")))
        << qPrintable(bad.errorMessage());

    QByteArray free = readFixture(QStringLiteral("cloudrift/instance_types.json"));
    free.replace("\"cost_per_hour\": 78", "\"cost_per_hour\": 0");
    const auto skipped = parseCloudRiftInstanceTypes(free, QStringLiteral("rift"), resolver());
    ASSERT_TRUE(skipped.ok());
    EXPECT_EQ(skipped->offers.size(), 1);
}

TEST(CloudRiftSourceFetch, PostsTheVersionedSelector)
{
    FixtureHttpClient http;
    http.serveFile(QStringLiteral("/api/v1/instance-types/list"), QStringLiteral("cloudrift/instance_types.json"));
    CloudRiftSource source(QUrl(QStringLiteral("http://rift.test")), QString(), seedMetadata());
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("cloudrift"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    ASSERT_EQ(http.requests.size(), 1);
    EXPECT_EQ(http.requests.at(0).method, "POST");
    const QJsonObject body = QJsonDocument::fromJson(http.requests.at(0).body).object();
    EXPECT_EQ(body.value(QStringLiteral("version")).toString(), u"2025-03-21");
    EXPECT_EQ(body.value(QStringLiteral("data")).toObject().value(QStringLiteral("selector")).toObject()
                  .value(QStringLiteral("ByServiceAndLocation")).toObject().value(QStringLiteral("services")).toArray(),
              QJsonArray{QStringLiteral("vm")});
}
