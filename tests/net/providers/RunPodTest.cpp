#include "net/providers/ProviderTestSupport.h"
#include "net/providers/RunPodSource.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::net;
using namespace gpuplanner::net::test;

namespace {

const QString kResponse = QStringLiteral("runpod/graphql_gpuTypes_response.json");
const RunPodQuery kSecureKs2{true, QStringLiteral("US-KS-2"), 1};
const RunPodQuery kCommunity{false, QString(), 1};

core::Result<core::ImportBatch> parse(const QByteArray &bytes, const RunPodQuery &query = kSecureKs2)
{
    return parseRunPodGpuTypes(bytes, QStringLiteral("r"), query, resolver());
}

} // namespace

TEST(RunPodParser, SecurePricesArePerGpuTimesCount)
{
    const auto batch = parse(readFixture(kResponse));
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    const QStringList expected = {
        QStringLiteral("1x_A100-PCIe-80GB_SECURE US on_demand A100-PCIe-80GB x1 1.390000 USD"),
        QStringLiteral("1x_A100-PCIe-80GB_SECURE US spot A100-PCIe-80GB x1 0.820000 USD"),
        // No bid floor in this data center: the list spot price holds.
        QStringLiteral("1x_RTX4090_SECURE US on_demand RTX4090 x1 0.690000 USD"),
        QStringLiteral("1x_RTX4090_SECURE US spot RTX4090 x1 0.350000 USD"),
        QStringLiteral("2x_A100-PCIe-80GB_SECURE US on_demand A100-PCIe-80GB x2 2.780000 USD"),
        QStringLiteral("2x_A100-PCIe-80GB_SECURE US spot A100-PCIe-80GB x2 1.640000 USD"),
        QStringLiteral("2x_RTX4090_SECURE US on_demand RTX4090 x2 1.380000 USD"),
        QStringLiteral("2x_RTX4090_SECURE US spot RTX4090 x2 0.700000 USD"),
        QStringLiteral("4x_A100-PCIe-80GB_SECURE US on_demand A100-PCIe-80GB x4 5.560000 USD"),
        QStringLiteral("4x_A100-PCIe-80GB_SECURE US spot A100-PCIe-80GB x4 3.280000 USD"),
        QStringLiteral("4x_RTX4090_SECURE US on_demand RTX4090 x4 2.760000 USD"),
        QStringLiteral("4x_RTX4090_SECURE US spot RTX4090 x4 1.400000 USD"),
        QStringLiteral("8x_A100-PCIe-80GB_SECURE US on_demand A100-PCIe-80GB x8 11.120000 USD"),
        QStringLiteral("8x_A100-PCIe-80GB_SECURE US spot A100-PCIe-80GB x8 6.560000 USD"),
        QStringLiteral("8x_RTX4090_SECURE US on_demand RTX4090 x8 5.520000 USD"),
        QStringLiteral("8x_RTX4090_SECURE US spot RTX4090 x8 2.800000 USD"),
    };
    EXPECT_EQ(describeAll(batch->offers), expected);
    const core::ImportedOffer *a100 = findOffer(*batch, QStringLiteral("2x_A100-PCIe-80GB_SECURE"), core::Billing::OnDemand);
    ASSERT_TRUE(a100);
    EXPECT_EQ(a100->instance.vcpus, 16);
    EXPECT_EQ(a100->instance.memoryGib, 234);
    EXPECT_TRUE(batch->exclusions.isEmpty());
    ASSERT_EQ(batch->files.size(), 1);
    EXPECT_EQ(batch->files[0].sourceRows, 2);
    EXPECT_EQ(batch->files[0].usedRows, 2);
}

TEST(RunPodParser, CommunityPricesKeepTheirOwnNames)
{
    QByteArray bytes = readFixture(kResponse);
    bytes.replace("\"minimumBidPrice\": 0.82", "\"minimumBidPrice\": null");
    const auto batch = parse(bytes, kCommunity);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 16);
    for (const core::ImportedOffer &o : batch->offers) {
        EXPECT_TRUE(o.instance.name.endsWith(u"_COMMUNITY")) << qPrintable(o.instance.name);
        EXPECT_EQ(o.region, runPodCommunityRegion());
    }
    const auto *a100 = findOffer(*batch, QStringLiteral("1x_A100-PCIe-80GB_COMMUNITY"), core::Billing::OnDemand);
    const auto *a100Spot = findOffer(*batch, QStringLiteral("4x_A100-PCIe-80GB_COMMUNITY"), core::Billing::Spot);
    const auto *rtx = findOffer(*batch, QStringLiteral("8x_RTX4090_COMMUNITY"), core::Billing::OnDemand);
    ASSERT_TRUE(a100 && a100Spot && rtx);
    EXPECT_DOUBLE_EQ(a100->price, 1.19);
    EXPECT_DOUBLE_EQ(a100Spot->price, 4 * 0.6);
    EXPECT_DOUBLE_EQ(rtx->price, 8 * 0.34);
}

TEST(RunPodParser, NullStockStatusMeansNotAvailableThere)
{
    QByteArray bytes = readFixture(kResponse);
    bytes.replace("\"stockStatus\": \"Medium\"", "\"stockStatus\": null");
    auto batch = parse(bytes);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 8);
    for (const core::ImportedOffer &o : batch->offers)
        EXPECT_EQ(o.instance.gpuId, u"A100-PCIe-80GB");

    const auto noLowest = parse(R"({"data": {"gpuTypes": [{"id": "NVIDIA GeForce RTX 4090", "securePrice": 0.69,
        "maxGpuCount": 8, "lowestPrice": null}]}})");
    ASSERT_TRUE(noLowest.ok()) << qPrintable(noLowest.errorMessage());
    EXPECT_TRUE(noLowest->offers.isEmpty());
}

TEST(RunPodParser, TypesOutsideTheCloudOrWithoutPriceGiveNoOffers)
{
    const auto batch = parse(R"({"data": {"gpuTypes": [
        {"id": "NVIDIA GeForce RTX 4090", "secureCloud": false, "securePrice": 0.69, "lowestPrice": {"stockStatus": "High"}},
        {"id": "NVIDIA A100 80GB PCIe", "securePrice": null, "lowestPrice": {"stockStatus": "High"}},
        {"id": "NVIDIA A100 80GB PCIe", "securePrice": 0, "lowestPrice": {"stockStatus": "High"}},
        {"id": "NVIDIA A100 80GB PCIe", "securePrice": 1.39, "maxGpuCount": 3, "lowestPrice": {"stockStatus": "Low"}}]}})");
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    // maxGpuCount 3 -> 1x, 2x and 3x; no spot price of any kind -> on demand only.
    const QStringList expected = {
        QStringLiteral("1x_A100-PCIe-80GB_SECURE US on_demand A100-PCIe-80GB x1 1.390000 USD"),
        QStringLiteral("2x_A100-PCIe-80GB_SECURE US on_demand A100-PCIe-80GB x2 2.780000 USD"),
        QStringLiteral("3x_A100-PCIe-80GB_SECURE US on_demand A100-PCIe-80GB x3 4.170000 USD"),
    };
    EXPECT_EQ(describeAll(batch->offers), expected);
    EXPECT_EQ(batch->files[0].usedRows, 1);
}

TEST(RunPodParser, UnknownGpuIsReportedNotGuessed)
{
    QByteArray bytes = readFixture(kResponse);
    bytes.replace("\"id\": \"NVIDIA GeForce RTX 4090\"", "\"id\": \"Acme Tensor X1\"");
    bytes.replace("\"displayName\": \"RTX 4090\"", "\"displayName\": \"X1\"");
    const auto batch = parse(bytes);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 8);
    ASSERT_EQ(batch->exclusions.size(), 1);
    EXPECT_EQ(batch->exclusions[0].reason, u"unmapped accelerator name");
    EXPECT_TRUE(batch->exclusions[0].detail.contains(u"Acme Tensor X1"));
}

TEST(RunPodParser, MalformedInputNamesTheField)
{
    struct Case
    {
        QByteArray text;
        QString error;
    };
    QByteArray price = readFixture(kResponse);
    price.replace("\"securePrice\": 0.69", "\"securePrice\": \"0.69\"");
    QByteArray negative = readFixture(kResponse);
    negative.replace("\"secureSpotPrice\": 0.35", "\"secureSpotPrice\": -0.35");
    QByteArray stock = readFixture(kResponse);
    stock.replace("\"stockStatus\": \"High\"", "\"stockStatus\": 3");
    QByteArray count = readFixture(kResponse);
    count.replace("\"maxGpuCount\": 8,\n        \"lowestPrice\": {\n          \"minimumBidPrice\": null",
                  "\"maxGpuCount\": 100000,\n        \"lowestPrice\": {\n          \"minimumBidPrice\": null");
    const QList<Case> cases = {
        {price, QStringLiteral("r: data.gpuTypes[1].securePrice: expected a number, got a string")},
        {negative, QStringLiteral("r: data.gpuTypes[1].secureSpotPrice: not a positive price")},
        {stock, QStringLiteral("r: data.gpuTypes[0].lowestPrice.stockStatus: expected a string, got a number")},
        {count, QStringLiteral("r: data.gpuTypes[1].maxGpuCount: out of range")},
        {R"({"errors": [{"message": "Unauthorized"}], "data": null})", QStringLiteral("r: errors[0].message: Unauthorized")},
        {R"({"data": {"gpuTypes": [{"displayName": "A100"}]}})", QStringLiteral("r: data.gpuTypes[0].id: missing")},
        {R"({"data": {"gpuTypes": [1]}})", QStringLiteral("r: data.gpuTypes[0]: expected an object, got a number")},
        {R"({"data": {"gpuTypes": [{"id": "x", "lowestPrice": []}]}})",
         QStringLiteral("r: data.gpuTypes[0].lowestPrice: expected an object, got an array")},
        {R"({"data": {"gpus": []}})", QStringLiteral("r: data.gpuTypes: missing")},
        {R"({"data": null})", QStringLiteral("r: data: expected an object, got null")},
        {R"({"data": {"gpuTypes": [)", QStringLiteral("r: invalid JSON at byte")},
    };
    for (const Case &c : cases) {
        const auto batch = parse(c.text);
        ASSERT_FALSE(batch.ok()) << qPrintable(c.error);
        EXPECT_TRUE(batch.errorMessage().startsWith(c.error)) << qPrintable(batch.errorMessage());
    }
}

TEST(RunPodParser, DataCentersMapToCountryRegions)
{
    EXPECT_EQ(runPodRegion(QStringLiteral("US-KS-2")), u"US");
    EXPECT_EQ(runPodRegion(QStringLiteral("CA-MTL-1")), u"CA");
    EXPECT_EQ(runPodRegion(QStringLiteral("EU-RO-1")), u"RO");
    EXPECT_EQ(runPodRegion(QStringLiteral("EUR-IS-1")), u"IS");
    EXPECT_EQ(runPodRegion(QStringLiteral("AP-JP-1")), u"JP");
    EXPECT_EQ(runPodRegion(QStringLiteral("lab")), u"lab");
}

TEST(RunPodParser, RequestMatchesTheDocumentedQuery)
{
    const QJsonObject sample = QJsonDocument::fromJson(readFixture(QStringLiteral("runpod/graphql_gpuTypes_request.json"))).object();
    const QJsonObject ours = QJsonDocument::fromJson(runPodGpuTypesRequest(kSecureKs2)).object();
    EXPECT_EQ(ours, sample);
    const QJsonObject community = QJsonDocument::fromJson(runPodGpuTypesRequest(kCommunity)).object();
    const QJsonObject input = community.value(u"variables").toObject().value(u"lowestPriceInput").toObject();
    EXPECT_FALSE(input.value(u"secureCloud").toBool(true));
    EXPECT_FALSE(input.contains(u"dataCenterId"));
}

TEST(RunPodSource, QueriesEachDataCenterAndCommunityWithTheKeyAsTheOfficialClientSendsIt)
{
    FixtureHttpClient http;
    http.serveFile(RunPodSource::graphqlPath(), kResponse);
    const QStringList dataCenters = {QStringLiteral("US-KS-2"), QStringLiteral("US-TX-3"), QStringLiteral("EU-RO-1")};
    RunPodSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), QStringLiteral("secret-key"), resolver(), dataCenters);
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("runpod"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    ASSERT_EQ(http.requests.size(), 4);
    QStringList asked;
    for (const core::HttpRequest &r : std::as_const(http.requests)) {
        EXPECT_EQ(r.method, "POST");
        // runpod/runpod-python api/graphql.py: POST {base}/graphql?api_key=KEY.
        EXPECT_EQ(r.url.query(), u"api_key=secret-key");
        const QJsonObject input = QJsonDocument::fromJson(r.body).object().value(u"variables").toObject().value(u"lowestPriceInput").toObject();
        asked.append(input.value(u"dataCenterId").toString(QStringLiteral("community")));
    }
    EXPECT_EQ(asked, (QStringList{QStringLiteral("US-KS-2"), QStringLiteral("US-TX-3"), QStringLiteral("EU-RO-1"),
                                  QStringLiteral("community")}));
    // Two US data centers merge into one US offer; RO and global stay apart.
    EXPECT_EQ(batch->offers.size(), 3 * 16);
    EXPECT_TRUE(findOffer(*batch, QStringLiteral("8x_RTX4090_SECURE"), core::Billing::Spot, 0, QStringLiteral("none"), QStringLiteral("RO")));
    EXPECT_TRUE(findOffer(*batch, QStringLiteral("1x_RTX4090_COMMUNITY"), core::Billing::OnDemand, 0, QStringLiteral("none"),
                          QStringLiteral("global")));
    EXPECT_EQ(batch->files.size(), 4);
}

TEST(RunPodSource, RegionsNarrowTheQueriesAndErrorsStopTheRefresh)
{
    FixtureHttpClient http;
    http.serveFile(RunPodSource::graphqlPath(), kResponse);
    const QStringList dataCenters = {QStringLiteral("US-KS-2"), QStringLiteral("EU-RO-1")};
    RunPodSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), QStringLiteral("k"), resolver(), dataCenters);
    core::RefreshContext context;
    context.http = &http;
    context.regions = {QStringLiteral("RO")};
    const auto ro = source.fetch(QStringLiteral("runpod"), context);
    ASSERT_TRUE(ro.ok()) << qPrintable(ro.errorMessage());
    EXPECT_EQ(http.requests.size(), 1);
    EXPECT_EQ(ro->offers.size(), 16);

    context.regions = {QStringLiteral("ZZ")};
    EXPECT_TRUE(source.fetch(QStringLiteral("runpod"), context).errorMessage().contains(u"no RunPod data center"));

    FixtureHttpClient failing;
    failing.serve(RunPodSource::graphqlPath(), R"({"errors": [{"message": "Unauthorized"}]})");
    context.http = &failing;
    context.regions.clear();
    const auto refused = source.fetch(QStringLiteral("runpod"), context);
    ASSERT_FALSE(refused.ok());
    EXPECT_TRUE(refused.errorMessage().contains(u"(US-KS-2): errors[0].message: Unauthorized")) << qPrintable(refused.errorMessage());

    RunPodSource keyless(QUrl(QStringLiteral("http://127.0.0.1:9")), QString(), resolver(), dataCenters);
    EXPECT_TRUE(keyless.fetch(QStringLiteral("runpod"), context).errorMessage().contains(u"no RunPod API key configured"));
}
