// Issue 45: DigitalOcean, Hot Aisle and Massed Compute (keyed) and Oracle Cloud's public price
// list, on bodies in the shapes of the providers' documentation and SDKs (tests/data/api/*/SOURCE.md).

#include "net/providers/DigitalOceanSource.h"
#include "net/providers/HotAisleSource.h"
#include "net/providers/MassedComputeSource.h"
#include "net/providers/OciPriceListSource.h"
#include "net/providers/ProviderTestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::net;
using namespace gpuplanner::net::test;

namespace {

core::RefreshContext contextWith(core::HttpClient &http)
{
    core::RefreshContext context;
    context.http = &http;
    return context;
}

bool hasHeader(const core::HttpRequest &request, const QByteArray &name, const QByteArray &value)
{
    return request.headers.contains({name, value});
}

// Page n of a DigitalOcean size listing that never ends: each page a new size and a new next link.
class EndlessSizes : public core::HttpClient
{
public:
    core::Result<core::HttpResponse> send(const core::HttpRequest &request, const core::TransferProgress &,
                                          const std::atomic_bool *) override
    {
        ++requests;
        const QString n = QString::number(requests);
        core::HttpResponse response;
        response.status = 200;
        response.url = request.url;
        response.body = QStringLiteral(R"({"sizes": [{"slug": "s-%1", "memory": 512, "vcpus": 1, "price_hourly": 0.01,
                                           "regions": ["nyc1"]}],
                                           "links": {"pages": {"next": "https://api.digitalocean.com/v2/sizes?page=%2"}}})")
                            .arg(n, QString::number(requests + 1))
                            .toUtf8();
        return response;
    }
    int requests = 0;
};

// Every error below must name where the bad value is.
void expectErrorStartsWith(const core::Result<core::ImportBatch> &batch, const QString &start)
{
    ASSERT_FALSE(batch.ok()) << qPrintable(start);
    EXPECT_TRUE(batch.errorMessage().startsWith(start)) << qPrintable(batch.errorMessage());
}

} // namespace

// --- DigitalOcean ---------------------------------------------------------------------------

TEST(DigitalOceanParser, GpuSizesBecomeOnDemandOffersInTheirRegionsAndCpuSizesAreSkipped)
{
    const auto page = parseDigitalOceanSizes(readFixture(QStringLiteral("digitalocean/sizes_page1.json")),
                                             QStringLiteral("do"), resolver());
    ASSERT_TRUE(page.ok()) << qPrintable(page.errorMessage());
    EXPECT_EQ(describeAll(page->batch.offers),
              QStringList{QStringLiteral("gpu-h100x8-640gb nyc1 on_demand H100-SXM5-80GB x8 23.920000 USD")});
    // The CPU Droplet is on the page (the paging guard counts it) but gives no offer.
    EXPECT_EQ(page->slugs, (QStringList{QStringLiteral("s-1vcpu-512mb-10gb"), QStringLiteral("gpu-h100x8-640gb")}));
    EXPECT_EQ(page->next, QStringLiteral("https://api.digitalocean.com/v2/sizes?page=2&per_page=2"));
    const core::ImportedOffer &h100 = page->batch.offers.at(0);
    EXPECT_EQ(h100.instance.vcpus, 160);
    EXPECT_EQ(h100.instance.memoryGib, 1920); // 1,966,080 MB
    EXPECT_EQ(h100.instance.listedGpuMemoryGib, 80); // 640 GiB over 8 GPUs
    EXPECT_EQ(h100.source, QStringLiteral("DigitalOcean sizes API"));
    EXPECT_TRUE(page->batch.exclusions.isEmpty());

    const auto last = parseDigitalOceanSizes(readFixture(QStringLiteral("digitalocean/sizes_page2.json")),
                                             QStringLiteral("do"), resolver());
    ASSERT_TRUE(last.ok()) << qPrintable(last.errorMessage());
    EXPECT_EQ(describeAll(last->batch.offers),
              QStringList{QStringLiteral("gpu-mi300x8-1536gb nyc1 on_demand MI300X x8 15.920000 USD")});
    EXPECT_TRUE(last->next.isEmpty());
}

TEST(DigitalOceanParser, AnUnknownGpuIsLeftOutByNameNeverGuessed)
{
    QByteArray body = readFixture(QStringLiteral("digitalocean/sizes_page1.json"));
    ASSERT_TRUE(body.contains("\"model\": \"nvidia_h100\""));
    body.replace("\"model\": \"nvidia_h100\"", "\"model\": \"nvidia_rtx4000_ada\"");
    const auto page = parseDigitalOceanSizes(body, QStringLiteral("do"), resolver());
    ASSERT_TRUE(page.ok()) << qPrintable(page.errorMessage());
    EXPECT_TRUE(page->batch.offers.isEmpty());
    ASSERT_EQ(page->batch.exclusions.size(), 1);
    EXPECT_EQ(page->batch.exclusions.at(0).reason, QStringLiteral("unmapped accelerator name"));
    EXPECT_EQ(page->batch.exclusions.at(0).detail, QStringLiteral("nvidia_rtx4000_ada (instance type gpu-h100x8-640gb)"));
}

TEST(DigitalOceanParser, GpuNamesDropTheVendor)
{
    EXPECT_EQ(digitalOceanGpuNameCandidates(QStringLiteral("nvidia_rtx6000_ada")),
              (QStringList{QStringLiteral("nvidia_rtx6000_ada"), QStringLiteral("rtx6000-ada"),
                           QStringLiteral("rtx6000 ada"), QStringLiteral("rtx6000ada")}));
    auto resolve = [](const QString &model) -> QString {
        for (const QString &name : digitalOceanGpuNameCandidates(model)) {
            if (auto r = resolver().resolve(name, QStringLiteral("digitalocean"), QStringLiteral("x")))
                return r->gpuId;
        }
        return {};
    };
    EXPECT_EQ(resolve(QStringLiteral("nvidia_rtx6000_ada")), u"RTX6000-Ada");
    EXPECT_EQ(resolve(QStringLiteral("nvidia_l40s")), u"L40S");
    EXPECT_EQ(resolve(QStringLiteral("amd_mi300x")), u"MI300X");
    EXPECT_EQ(resolve(QStringLiteral("nvidia_h200")), u"H200-SXM-141GB");
}

TEST(DigitalOceanParser, MalformedInputNamesTheField)
{
    QByteArray price = readFixture(QStringLiteral("digitalocean/sizes_page1.json"));
    price.replace("\"price_hourly\": 23.92", "\"price_hourly\": \"23.92\"");
    QByteArray count = readFixture(QStringLiteral("digitalocean/sizes_page1.json"));
    count.replace("\"count\": 8", "\"count\": null");
    QByteArray region = readFixture(QStringLiteral("digitalocean/sizes_page1.json"));
    region.replace("\"regions\": [\"nyc1\"]", "\"regions\": [1]");
    const QList<QPair<QByteArray, QString>> cases = {
        {price, QStringLiteral("do: sizes[1].price_hourly: expected a number, got a string")},
        {count, QStringLiteral("do: sizes[1].gpu_info.count: ")},
        {region, QStringLiteral("do: sizes[1].regions[0]: expected a region slug, got a number")},
        {R"({"id": "unauthorized", "message": "Unable to authenticate you"})", QStringLiteral("do: sizes: missing")},
        {R"({"sizes": [)", QStringLiteral("do: invalid JSON at byte")},
    };
    for (const auto &[body, error] : cases) {
        const auto page = parseDigitalOceanSizes(body, QStringLiteral("do"), resolver());
        ASSERT_FALSE(page.ok()) << qPrintable(error);
        EXPECT_TRUE(page.errorMessage().startsWith(error)) << qPrintable(page.errorMessage());
    }
}

TEST(DigitalOceanSource, FollowsLinksPagesNextWithTheTokenAsBearer)
{
    FixtureHttpClient http;
    http.serveFile(DigitalOceanSource::sizesPath(), QStringLiteral("digitalocean/sizes_page1.json"), QStringLiteral("per_page=200"));
    http.serveFile(DigitalOceanSource::sizesPath(), QStringLiteral("digitalocean/sizes_page2.json"), QStringLiteral("page=2"));
    DigitalOceanSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), QStringLiteral("do-token"), seedMetadata());
    const auto batch = source.fetch(QStringLiteral("digitalocean"), contextWith(http));
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(describeAll(batch->offers),
              (QStringList{QStringLiteral("gpu-h100x8-640gb nyc1 on_demand H100-SXM5-80GB x8 23.920000 USD"),
                           QStringLiteral("gpu-mi300x8-1536gb nyc1 on_demand MI300X x8 15.920000 USD")}));
    ASSERT_EQ(http.requests.size(), 2);
    // The second page is asked of the configured host, not api.digitalocean.com.
    EXPECT_EQ(http.requests.at(1).url.host(), QStringLiteral("127.0.0.1"));
    EXPECT_TRUE(http.requests.at(1).url.query().contains(QStringLiteral("page=2")));
    for (const core::HttpRequest &request : std::as_const(http.requests))
        EXPECT_TRUE(hasHeader(request, "Authorization", "Bearer do-token"));
    // No commitment offers from this API (DigitalOcean's 12-month prices are on its web page only).
    for (const core::ImportedOffer &o : std::as_const(batch->offers))
        EXPECT_EQ(o.billing, core::Billing::OnDemand);

    DigitalOceanSource keyless(QUrl(QStringLiteral("http://127.0.0.1:9")), QString(), seedMetadata());
    const auto refused = keyless.fetch(QStringLiteral("digitalocean"), contextWith(http));
    ASSERT_FALSE(refused.ok());
    EXPECT_TRUE(refused.errorMessage().contains(u"no DigitalOcean API token configured"));
}

TEST(DigitalOceanSource, PagingStopsAtALinkBackAndAtTheBound)
{
    // A server whose "next" page points back at itself.
    QByteArray looping = readFixture(QStringLiteral("digitalocean/sizes_page2.json"));
    looping.replace("\"first\": \"https://api.digitalocean.com/v2/sizes?page=1&per_page=2\"",
                    "\"next\": \"https://api.digitalocean.com/v2/sizes?page=2&per_page=2\"");
    FixtureHttpClient http;
    http.serveFile(DigitalOceanSource::sizesPath(), QStringLiteral("digitalocean/sizes_page1.json"), QStringLiteral("per_page=200"));
    http.serve(DigitalOceanSource::sizesPath(), looping, 200, QStringLiteral("page=2"));
    DigitalOceanSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), QStringLiteral("t"), seedMetadata());
    const auto repeated = source.fetch(QStringLiteral("digitalocean"), contextWith(http));
    ASSERT_FALSE(repeated.ok());
    EXPECT_TRUE(repeated.errorMessage().contains(u"DigitalOcean GET /v2/sizes: stopped paging after 2 pages"))
        << qPrintable(repeated.errorMessage());
    EXPECT_TRUE(repeated.errorMessage().contains(u"links.pages.next repeats an earlier page")) << qPrintable(repeated.errorMessage());
    EXPECT_EQ(http.requests.size(), 2);

    // A pager that never ends, every page a new size and a new link: the bound stops it.
    EndlessSizes endless;
    DigitalOceanSource bounded(QUrl(QStringLiteral("http://127.0.0.1:9")), QStringLiteral("t"), seedMetadata());
    bounded.setPageBound(PageBound{200, 0, 10, 4});
    const auto stopped = bounded.fetch(QStringLiteral("digitalocean"), contextWith(endless));
    ASSERT_FALSE(stopped.ok());
    EXPECT_TRUE(stopped.errorMessage().contains(u"stopped paging after 4 pages: the bound for this request is 4 pages"))
        << qPrintable(stopped.errorMessage());
    EXPECT_EQ(endless.requests, 4);
}

// --- Hot Aisle ------------------------------------------------------------------------------

TEST(HotAisleParser, CentsBecomeUsdPerHourAtItsOneSite)
{
    const auto batch = parseHotAisleAvailable(readFixture(QStringLiteral("hotaisle/virtual_machines_available.json")),
                                              QStringLiteral("ha"), resolver());
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    // The 1x configuration is listed twice (two free machines): one offer.
    EXPECT_EQ(describeAll(batch->offers),
              (QStringList{QStringLiteral("1x-MI300X-13c-224g us-michigan-1 on_demand MI300X x1 2.990000 USD median 2.990000"),
                           QStringLiteral("8x-MI300X-104c-1792g us-michigan-1 on_demand MI300X x8 15.920000 USD")}))
        << describeAll(batch->offers).join(u'|').toStdString();
    const core::ImportedOffer *eight = findOffer(*batch, QStringLiteral("8x-MI300X-104c-1792g"), core::Billing::OnDemand);
    ASSERT_TRUE(eight);
    EXPECT_EQ(eight->instance.vcpus, 104);
    EXPECT_EQ(eight->instance.memoryGib, 1792);
    EXPECT_TRUE(batch->exclusions.isEmpty());
}

TEST(HotAisleParser, UnknownGpusAndCpuOnlyMachines)
{
    QJsonArray items = QJsonDocument::fromJson(readFixture(QStringLiteral("hotaisle/virtual_machines_available.json"))).array();
    QJsonObject cpuOnly = items.at(0).toObject();
    QJsonObject specs = cpuOnly.value(QStringLiteral("Specs")).toObject();
    specs.insert(QStringLiteral("gpus"), QJsonArray());
    cpuOnly.insert(QStringLiteral("Specs"), specs);
    items.replace(0, cpuOnly);
    QJsonObject unknown = items.at(2).toObject();
    specs = unknown.value(QStringLiteral("Specs")).toObject();
    specs.insert(QStringLiteral("gpus"), QJsonArray{QJsonObject{{QStringLiteral("count"), 8}, {QStringLiteral("model"), QStringLiteral("MI999X")}}});
    unknown.insert(QStringLiteral("Specs"), specs);
    items.replace(2, unknown);
    const auto batch = parseHotAisleAvailable(QJsonDocument(items).toJson(), QStringLiteral("ha"), resolver());
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(describeAll(batch->offers),
              QStringList{QStringLiteral("1x-MI300X-13c-224g us-michigan-1 on_demand MI300X x1 2.990000 USD")});
    ASSERT_EQ(batch->exclusions.size(), 1);
    EXPECT_EQ(batch->exclusions.at(0).detail, QStringLiteral("MI999X (instance type 8x-MI999X-104c-1792g)"));
}

TEST(HotAisleParser, MalformedInputNamesTheField)
{
    QByteArray price = readFixture(QStringLiteral("hotaisle/virtual_machines_available.json"));
    price.replace("\"OnDemandPrice\": 1592", "\"OnDemandPrice\": \"1592\"");
    QByteArray cores = readFixture(QStringLiteral("hotaisle/virtual_machines_available.json"));
    cores.replace("\"cpu_cores\": 104", "\"cores\": 104");
    QByteArray model = readFixture(QStringLiteral("hotaisle/virtual_machines_available.json"));
    model.replace("{\"count\": 8, \"model\": \"MI300X\"}", "{\"count\": 8}");
    const QList<QPair<QByteArray, QString>> cases = {
        {price, QStringLiteral("ha: [2].OnDemandPrice: expected a number, got a string")},
        {cores, QStringLiteral("ha: [2].Specs.cpu_cores: missing")},
        {model, QStringLiteral("ha: [2].Specs.gpus[0].model: missing")},
        {R"({"detail": "Invalid token."})", QStringLiteral("ha: expected a JSON array")},
        {"[", QStringLiteral("ha: invalid JSON at byte")},
    };
    for (const auto &[body, error] : cases)
        expectErrorStartsWith(parseHotAisleAvailable(body, QStringLiteral("ha"), resolver()), error);

    EXPECT_EQ(parseHotAisleTeam(R"({"teams": []})", QStringLiteral("u")).errorMessage(),
              QStringLiteral("u: teams: the key's user belongs to no team, and Hot Aisle lists machines per team"));
    EXPECT_TRUE(parseHotAisleTeam(R"({"teams": [{"name": "x"}]})", QStringLiteral("u"))
                    .errorMessage()
                    .startsWith(QStringLiteral("u: teams[0].handle: ")));
}

TEST(HotAisleSource, AsksForTheKeysTeamThenItsMachinesWithTheTokenHeader)
{
    FixtureHttpClient http;
    http.serveFile(HotAisleSource::userPath(), QStringLiteral("hotaisle/user.json"));
    http.serveFile(HotAisleSource::availablePath(QStringLiteral("example-team")),
                   QStringLiteral("hotaisle/virtual_machines_available.json"));
    HotAisleSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), QStringLiteral("ha-key"), seedMetadata());
    const auto batch = source.fetch(QStringLiteral("hotaisle"), contextWith(http));
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 2);
    ASSERT_EQ(http.requests.size(), 2);
    EXPECT_EQ(http.requests.at(1).url.path(), QStringLiteral("/api/teams/example-team/virtual_machines/available/"));
    for (const core::HttpRequest &request : std::as_const(http.requests))
        EXPECT_TRUE(hasHeader(request, "Authorization", "Token ha-key"));
}

// --- Massed Compute -------------------------------------------------------------------------

TEST(MassedComputeParser, ProductNamesGiveTheGpusAndCentsBecomeUsd)
{
    const auto batch = parseMassedComputeInventory(readFixture(QStringLiteral("massedcompute/gpu_inventory.json")),
                                                   QStringLiteral("mc"), resolver());
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    // gpu_2x_a6000 has no capacity right now: its price still holds in every region seen.
    EXPECT_EQ(describeAll(batch->offers),
              (QStringList{QStringLiteral("gpu_1x_l40 us-central-3 on_demand L40 x1 0.880000 USD"),
                           QStringLiteral("gpu_2x_a6000 us-central-3 on_demand RTX-A6000 x2 1.140000 USD")}));
    const core::ImportedOffer *l40 = findOffer(*batch, QStringLiteral("gpu_1x_l40"), core::Billing::OnDemand);
    ASSERT_TRUE(l40);
    EXPECT_EQ(l40->instance.vcpus, 26);
    EXPECT_EQ(l40->instance.memoryGib, 192);
    EXPECT_TRUE(batch->exclusions.isEmpty());

    const auto product = parseMassedComputeProductName(QStringLiteral("gpu_8x_h100_sxm"));
    ASSERT_TRUE(product);
    EXPECT_EQ(product->gpuCount, 8);
    EXPECT_EQ(product->gpu, QStringLiteral("h100_sxm"));
    EXPECT_FALSE(parseMassedComputeProductName(QStringLiteral("A6000x8")));
}

TEST(MassedComputeParser, UnknownGpusOddNamesAndCpuMachinesAreLeftOut)
{
    QByteArray body = readFixture(QStringLiteral("massedcompute/gpu_inventory.json"));
    body.replace("\"name\": \"gpu_2x_a6000\"", "\"name\": \"gpu_2x_rtx4000ada\"");
    const auto unmapped = parseMassedComputeInventory(body, QStringLiteral("mc"), resolver());
    ASSERT_TRUE(unmapped.ok()) << qPrintable(unmapped.errorMessage());
    EXPECT_EQ(unmapped->offers.size(), 1);
    ASSERT_EQ(unmapped->exclusions.size(), 1);
    EXPECT_EQ(unmapped->exclusions.at(0).reason, QStringLiteral("unmapped accelerator name"));
    EXPECT_EQ(unmapped->exclusions.at(0).detail, QStringLiteral("rtx4000ada (instance type gpu_2x_rtx4000ada)"));

    QByteArray odd = readFixture(QStringLiteral("massedcompute/gpu_inventory.json"));
    odd.replace("\"name\": \"gpu_2x_a6000\"", "\"name\": \"A6000x2\"");
    const auto named = parseMassedComputeInventory(odd, QStringLiteral("mc"), resolver());
    ASSERT_TRUE(named.ok()) << qPrintable(named.errorMessage());
    ASSERT_EQ(named->exclusions.size(), 1);
    EXPECT_EQ(named->exclusions.at(0).detail,
              QStringLiteral("gpu_inventory.gpu_2x_a6000.instance_type.name: 'A6000x2' does not say its GPUs "
                             "(gpu_<count>x_<gpu>); left out"));

    QByteArray cpu = readFixture(QStringLiteral("massedcompute/gpu_inventory.json"));
    cpu.replace("\"name\": \"gpu_2x_a6000\"", "\"name\": \"cpu_16_vcpu\"");
    const auto skipped = parseMassedComputeInventory(cpu, QStringLiteral("mc"), resolver());
    ASSERT_TRUE(skipped.ok()) << qPrintable(skipped.errorMessage());
    EXPECT_EQ(skipped->offers.size(), 1);
    EXPECT_TRUE(skipped->exclusions.isEmpty());
}

TEST(MassedComputeParser, MalformedInputNamesTheField)
{
    QByteArray cents = readFixture(QStringLiteral("massedcompute/gpu_inventory.json"));
    cents.replace("\"price_cents_per_hour\": 88", "\"price_cents_per_hour\": \"88\"");
    QByteArray region = readFixture(QStringLiteral("massedcompute/gpu_inventory.json"));
    region.replace("{\"name\": \"us-central-3\", \"description\": \"us-central-3\"}", "{\"description\": \"x\"}");
    const QList<QPair<QByteArray, QString>> cases = {
        {cents, QStringLiteral("mc: gpu_inventory.gpu_1x_l40.instance_type.price_cents_per_hour: expected a number, got a string")},
        {region, QStringLiteral("mc: gpu_inventory.gpu_1x_l40.regions_with_capacity_available[0].name: missing")},
        {R"({"message": "Unauthenticated."})", QStringLiteral("mc: gpu_inventory: missing")},
        {R"({"gpu_inventory": {"x": []}})", QStringLiteral("mc: gpu_inventory.x: expected an object, got an array")},
    };
    for (const auto &[body, error] : cases)
        expectErrorStartsWith(parseMassedComputeInventory(body, QStringLiteral("mc"), resolver()), error);
}

TEST(MassedComputeSource, SendsTheTokenAsBearer)
{
    FixtureHttpClient http;
    http.serveFile(MassedComputeSource::inventoryPath(), QStringLiteral("massedcompute/gpu_inventory.json"));
    MassedComputeSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), QStringLiteral("mc-token"), seedMetadata());
    const auto batch = source.fetch(QStringLiteral("massedcompute"), contextWith(http));
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 2);
    ASSERT_EQ(http.requests.size(), 1);
    EXPECT_TRUE(hasHeader(http.requests.at(0), "Authorization", "Bearer mc-token"));
}

// --- Oracle Cloud -----------------------------------------------------------------------------

TEST(OciPriceList, ShapePriceIsTheGpuRateTimesItsGpusInEveryCommercialRegion)
{
    const auto regions = loadOciRegions();
    ASSERT_TRUE(regions.ok()) << qPrintable(regions.errorMessage());
    ASSERT_EQ(regions->size(), 46); // realm oc1 in the OCI SDK's regions_definitions.py
    EXPECT_TRUE(regions->contains(QStringLiteral("us-ashburn-1")));
    EXPECT_TRUE(regions->contains(QStringLiteral("eu-stockholm-1")));
    EXPECT_FALSE(regions->contains(QStringLiteral("us-gov-ashburn-1"))); // government realm
    EXPECT_FALSE(regions->contains(QStringLiteral("eu-frankfurt-2")));   // EU Sovereign Cloud

    const auto page = parseOciPriceListPage(readFixture(QStringLiteral("oci/products_usd_gpu_excerpt.json")), QStringLiteral("oci"));
    ASSERT_TRUE(page.ok()) << qPrintable(page.errorMessage());
    EXPECT_TRUE(page->next.isEmpty());
    const core::ImportBatch batch = ociOffers(page->parts, QStringLiteral("oci"), resolver(), *regions, {});

    // In one region: every mapped shape at rate x GPUs.
    QList<core::ImportedOffer> ashburn;
    for (const core::ImportedOffer &o : batch.offers) {
        if (o.region == u"us-ashburn-1")
            ashburn.append(o);
    }
    EXPECT_EQ(describeAll(ashburn), (QStringList{
                                        QStringLiteral("BM.GPU.A10.4 us-ashburn-1 on_demand A10 x4 8.000000 USD"),
                                        QStringLiteral("BM.GPU.A100-v2.8 us-ashburn-1 on_demand A100-SXM4-80GB x8 32.000000 USD"),
                                        QStringLiteral("BM.GPU.B200.8 us-ashburn-1 on_demand B200 x8 112.000000 USD"),
                                        QStringLiteral("BM.GPU.H100.8 us-ashburn-1 on_demand H100-SXM5-80GB x8 80.000000 USD"),
                                        QStringLiteral("BM.GPU.H200.8 us-ashburn-1 on_demand H200-SXM-141GB x8 80.000000 USD"),
                                        QStringLiteral("BM.GPU.L40S.4 us-ashburn-1 on_demand L40S x4 14.000000 USD"),
                                        QStringLiteral("BM.GPU.MI300X.8 us-ashburn-1 on_demand MI300X x8 48.000000 USD"),
                                        QStringLiteral("VM.GPU.A10.1 us-ashburn-1 on_demand A10 x1 2.000000 USD"),
                                        QStringLiteral("VM.GPU.A10.2 us-ashburn-1 on_demand A10 x2 4.000000 USD"),
                                    }));
    // Every shape in every commercial region, nothing else, all on demand (no preemptible rule confirmed).
    EXPECT_EQ(batch.offers.size(), 9 * 46);
    QSet<QString> seen;
    for (const core::ImportedOffer &o : batch.offers) {
        seen.insert(o.region);
        EXPECT_EQ(o.billing, core::Billing::OnDemand);
    }
    EXPECT_EQ(seen, QSet<QString>(regions->cbegin(), regions->cend()));
    const core::ImportedOffer *mi300x = findOffer(batch, QStringLiteral("BM.GPU.MI300X.8"), core::Billing::OnDemand, 0,
                                                  QStringLiteral("none"), QStringLiteral("ap-tokyo-1"));
    ASSERT_TRUE(mi300x);
    EXPECT_DOUBLE_EQ(mi300x->price, 48.0);
    EXPECT_EQ(mi300x->source, QStringLiteral("Oracle Cloud price list API: part B109485 at 6 USD per GPU-hour x 8 GPUs"));
    EXPECT_FALSE(mi300x->instance.vcpus); // the list states none for a shape the catalog does not know
    // The shapes it cannot price (BM.GPU4.8, P100, V100) keep what the catalog has.
    EXPECT_TRUE(batch.listedTypesOnly);
    QStringList unplaced;
    for (const core::ImportExclusion &e : batch.exclusions)
        unplaced.append(e.detail.section(u' ', 1, 1));
    unplaced.sort();
    EXPECT_EQ(unplaced, (QStringList{QStringLiteral("B109480"), QStringLiteral("B110979"), QStringLiteral("B111758"),
                                     QStringLiteral("B112140"), QStringLiteral("B88517"), QStringLiteral("B88518"),
                                     QStringLiteral("B89734"), QStringLiteral("B92740"), QStringLiteral("B93544")}));
}

TEST(OciPriceList, KnownShapesKeepTheirSpecsAndUnknownGpusAreNotGuessed)
{
    const auto page = parseOciPriceListPage(readFixture(QStringLiteral("oci/products_usd_gpu_excerpt.json")), QStringLiteral("oci"));
    ASSERT_TRUE(page.ok()) << qPrintable(page.errorMessage());
    const QList<core::ImportedInstance> known = {
        {QStringLiteral("oci"), QStringLiteral("BM.GPU.H100.8"), QStringLiteral("H100-SXM5-80GB"), 8, 224, 2048, {}}};
    const core::ImportBatch batch = ociOffers(page->parts, QStringLiteral("oci"), resolver(), {QStringLiteral("us-ashburn-1")}, known);
    const core::ImportedOffer *h100 = findOffer(batch, QStringLiteral("BM.GPU.H100.8"), core::Billing::OnDemand);
    ASSERT_TRUE(h100);
    EXPECT_EQ(h100->instance.vcpus, 224);
    EXPECT_EQ(h100->instance.memoryGib, 2048);

    const core::GpuAliasResolver nothing;
    const core::ImportBatch unmapped = ociOffers(page->parts, QStringLiteral("oci"), nothing, {QStringLiteral("us-ashburn-1")}, {});
    EXPECT_TRUE(unmapped.offers.isEmpty());
    int unmappedCount = 0;
    for (const core::ImportExclusion &e : unmapped.exclusions)
        unmappedCount += e.reason == u"unmapped accelerator name" ? 1 : 0;
    EXPECT_EQ(unmappedCount, 9);
}

TEST(OciPriceList, MalformedPartsNameTheField)
{
    QByteArray price = readFixture(QStringLiteral("oci/products_usd_gpu_excerpt.json"));
    ASSERT_TRUE(price.contains("\"value\": 6\n"));
    price.replace("\"value\": 6\n", "\"value\": \"6\"\n");
    QByteArray metric = readFixture(QStringLiteral("oci/products_usd_gpu_excerpt.json"));
    metric.replace("\"displayName\": \"Compute  - GPU - A10\",\n      \"metricName\": \"GPU Per Hour\"",
                   "\"displayName\": \"Compute  - GPU - A10\",\n      \"metricName\": \"OCPU Per Hour\"");
    ASSERT_NE(metric, readFixture(QStringLiteral("oci/products_usd_gpu_excerpt.json")));

    const auto bad = parseOciPriceListPage(price, QStringLiteral("oci"));
    ASSERT_FALSE(bad.ok());
    EXPECT_TRUE(bad.errorMessage().contains(QStringLiteral(".currencyCodeLocalizations[0].prices[0].value: expected a number, got a string")))
        << qPrintable(bad.errorMessage());
    EXPECT_TRUE(bad.errorMessage().startsWith(QStringLiteral("oci: items[")));
    EXPECT_TRUE(parseOciPriceListPage(R"({"code": "oops"})", QStringLiteral("oci")).errorMessage().startsWith(QStringLiteral("oci: items: missing")));

    // A part billed by another metric is not multiplied by GPUs: its shapes are left as they were.
    const auto page = parseOciPriceListPage(metric, QStringLiteral("oci"));
    ASSERT_TRUE(page.ok()) << qPrintable(page.errorMessage());
    const core::ImportBatch batch = ociOffers(page->parts, QStringLiteral("oci"), resolver(), {QStringLiteral("us-ashburn-1")}, {});
    EXPECT_FALSE(findOffer(batch, QStringLiteral("VM.GPU.A10.1"), core::Billing::OnDemand));
    bool said = false;
    for (const core::ImportExclusion &e : batch.exclusions)
        said = said || e.detail.startsWith(QStringLiteral("part B95909 (Compute  - GPU - A10): metric is 'OCPU Per Hour'"));
    EXPECT_TRUE(said);
}

TEST(OciPriceListSource, FollowsHasMoreAndStopsARunawayPager)
{
    // The list split in two pages the way Oracle's REST services page (hasMore, links[rel=next]).
    QJsonObject whole = QJsonDocument::fromJson(readFixture(QStringLiteral("oci/products_usd_gpu_excerpt.json"))).object();
    const QJsonArray items = whole.value(QStringLiteral("items")).toArray();
    QJsonArray first, second;
    for (qsizetype i = 0; i < items.size(); ++i)
        (i < items.size() / 2 ? first : second).append(items.at(i));
    const QJsonArray nextLink{QJsonObject{{QStringLiteral("rel"), QStringLiteral("next")},
                                          {QStringLiteral("href"), QStringLiteral("https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?currencyCode=USD&offset=15")}}};
    const QByteArray page1 = QJsonDocument(QJsonObject{{QStringLiteral("items"), first}, {QStringLiteral("hasMore"), true},
                                                       {QStringLiteral("links"), nextLink}})
                                 .toJson();
    const QByteArray page2 = QJsonDocument(QJsonObject{{QStringLiteral("items"), second}, {QStringLiteral("hasMore"), false}}).toJson();
    FixtureHttpClient http;
    http.serve(OciPriceListSource::productsPath(), page1, 200, QStringLiteral("currencyCode=USD"));
    http.serve(OciPriceListSource::productsPath(), page2, 200, QStringLiteral("currencyCode=USD&offset=15"));
    OciPriceListSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), QString(), seedMetadata());
    const auto batch = source.fetch(QStringLiteral("oci"), contextWith(http));
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(http.requests.size(), 2);
    EXPECT_EQ(batch->offers.size(), 9 * 46);
    for (const core::HttpRequest &request : std::as_const(http.requests)) {
        EXPECT_EQ(request.url.host(), QStringLiteral("127.0.0.1"));
        for (const auto &header : request.headers)
            EXPECT_NE(header.first, QByteArrayLiteral("Authorization")); // the list needs no account
    }

    // A server that answers every page with the first one: its link back stops the paging.
    FixtureHttpClient endless;
    endless.serve(OciPriceListSource::productsPath(), page1);
    OciPriceListSource bounded(QUrl(QStringLiteral("http://127.0.0.1:9")), QString(), seedMetadata());
    bounded.setPageBound(PageBound{100, 0, 10, 5});
    // (the first page's link leads to itself here)
    const auto stopped = bounded.fetch(QStringLiteral("oci"), contextWith(endless));
    ASSERT_FALSE(stopped.ok());
    EXPECT_TRUE(stopped.errorMessage().contains(u"Oracle Cloud price list products: stopped paging after"))
        << qPrintable(stopped.errorMessage());
    EXPECT_LE(endless.requests.size(), 5);
}
