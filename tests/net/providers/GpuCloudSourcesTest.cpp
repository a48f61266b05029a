#include "net/providers/LambdaSource.h"
#include "net/providers/ProviderTestSupport.h"
#include "net/providers/VastSource.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::net;
using namespace gpuplanner::net::test;

// --- Lambda -------------------------------------------------------------------------------

TEST(LambdaParser, CentsBecomeUsdPerHourInEveryRegionWithCapacity)
{
    const auto batch = parseLambdaInstanceTypes(readFixture(QStringLiteral("lambda/instance_types.json")),
                                                QStringLiteral("lambda"), resolver());
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    const QStringList expected = {
        QStringLiteral("gpu_1x_a10 us-east-1 on_demand A10 x1 1.290000 USD"),
        QStringLiteral("gpu_1x_a10 us-west-1 on_demand A10 x1 1.290000 USD"),
        QStringLiteral("gpu_1x_h100_sxm5 us-east-1 on_demand H100-SXM5-80GB x1 4.290000 USD"),
        // No capacity anywhere right now: the price still holds in every region seen.
        QStringLiteral("gpu_8x_b200_sxm6 us-east-1 on_demand B200 x8 53.520000 USD"),
        QStringLiteral("gpu_8x_b200_sxm6 us-west-1 on_demand B200 x8 53.520000 USD"),
    };
    EXPECT_EQ(describeAll(batch->offers), expected);
    const core::ImportedOffer *h100 = findOffer(*batch, QStringLiteral("gpu_1x_h100_sxm5"), core::Billing::OnDemand);
    ASSERT_TRUE(h100);
    EXPECT_EQ(h100->instance.vcpus, 26);
    EXPECT_EQ(h100->instance.memoryGib, 225);
    EXPECT_TRUE(batch->exclusions.isEmpty());
}

TEST(LambdaParser, GpuDescriptionsPickTheRightVariant)
{
    auto resolve = [](const QString &description, const QString &type) -> QString {
        for (const QString &name : lambdaGpuNameCandidates(description)) {
            if (auto r = resolver().resolve(name, QStringLiteral("lambda"), type))
                return r->gpuId;
        }
        return {};
    };
    EXPECT_EQ(resolve(QStringLiteral("A100 (80 GB SXM4)"), QStringLiteral("gpu_8x_a100_80gb_sxm4")), u"A100-SXM4-80GB");
    EXPECT_EQ(resolve(QStringLiteral("A100 (40 GB PCIe)"), QStringLiteral("gpu_1x_a100")), u"A100-PCIe-40GB");
    EXPECT_EQ(resolve(QStringLiteral("H100 (80 GB PCIe)"), QStringLiteral("gpu_1x_h100_pcie")), u"H100-PCIe-80GB");
    EXPECT_EQ(resolve(QStringLiteral("Tesla V100 (16 GB)"), QStringLiteral("gpu_8x_v100")), u"V100-SXM2-16GB");
}

// The live /instance-types leaves gpu_description out on some types: the type's description names
// the GPU after its count; a type with neither is left out by name, the others still refresh.
TEST(LambdaParser, AMissingGpuDescriptionSkipsOnlyThatTypeOrReadsItsDescription)
{
    QByteArray fromDescription = readFixture(QStringLiteral("lambda/instance_types.json"));
    ASSERT_TRUE(fromDescription.contains("\"gpu_description\": \"B200 (180 GB SXM6)\","));
    fromDescription.replace("\"gpu_description\": \"B200 (180 GB SXM6)\",", "");
    const auto described = parseLambdaInstanceTypes(fromDescription, QStringLiteral("l"), resolver());
    ASSERT_TRUE(described.ok()) << qPrintable(described.errorMessage());
    EXPECT_EQ(described->offers.size(), 5);
    const core::ImportedOffer *b200 = findOffer(*described, QStringLiteral("gpu_8x_b200_sxm6"), core::Billing::OnDemand);
    ASSERT_TRUE(b200);
    EXPECT_EQ(b200->instance.gpuId, QStringLiteral("B200"));
    EXPECT_TRUE(described->exclusions.isEmpty());

    QByteArray neither = fromDescription;
    neither.replace("\"description\": \"8x B200 (180 GB SXM6)\",", "");
    const auto skipped = parseLambdaInstanceTypes(neither, QStringLiteral("l"), resolver());
    ASSERT_TRUE(skipped.ok()) << qPrintable(skipped.errorMessage());
    EXPECT_EQ(skipped->offers.size(), 3); // the H100 and the A10 in its two regions
    EXPECT_FALSE(findOffer(*skipped, QStringLiteral("gpu_8x_b200_sxm6"), core::Billing::OnDemand));
    ASSERT_EQ(skipped->exclusions.size(), 1);
    EXPECT_EQ(skipped->exclusions.at(0).detail,
              QStringLiteral("data.gpu_8x_b200_sxm6.instance_type: neither gpu_description nor description names the GPU "
                             "of gpu_8x_b200_sxm6"));
}

// Issue 44: the live /instance-types answer has carried a type without specs, and that failed the
// whole refresh. That type is left out by name; the others still price.
TEST(LambdaParser, ATypeWithoutSpecsIsLeftOutByName)
{
    QByteArray noGpus = readFixture(QStringLiteral("lambda/instance_types.json"));
    ASSERT_TRUE(noGpus.contains("\"gpus\": 8"));
    noGpus.replace("\"gpus\": 8", "\"gpu_count\": 8");
    const auto renamed = parseLambdaInstanceTypes(noGpus, QStringLiteral("l"), resolver());
    ASSERT_TRUE(renamed.ok()) << qPrintable(renamed.errorMessage());
    EXPECT_EQ(renamed->offers.size(), 3);
    EXPECT_FALSE(findOffer(*renamed, QStringLiteral("gpu_8x_b200_sxm6"), core::Billing::OnDemand));
    ASSERT_EQ(renamed->exclusions.size(), 1);
    EXPECT_TRUE(renamed->exclusions.at(0).detail.startsWith(
        QStringLiteral("data.gpu_8x_b200_sxm6.instance_type.specs: gpu_8x_b200_sxm6 has no GPU count")))
        << qPrintable(renamed->exclusions.at(0).detail);

    // No specs object at all.
    const QJsonObject root = QJsonDocument::fromJson(readFixture(QStringLiteral("lambda/instance_types.json"))).object();
    QJsonObject data = root.value(QStringLiteral("data")).toObject();
    QJsonObject entry = data.value(QStringLiteral("gpu_8x_b200_sxm6")).toObject();
    QJsonObject type = entry.value(QStringLiteral("instance_type")).toObject();
    type.remove(QStringLiteral("specs"));
    entry.insert(QStringLiteral("instance_type"), type);
    data.insert(QStringLiteral("gpu_8x_b200_sxm6"), entry);
    const QByteArray noSpecs = QJsonDocument(QJsonObject{{QStringLiteral("data"), data}}).toJson();
    const auto missing = parseLambdaInstanceTypes(noSpecs, QStringLiteral("l"), resolver());
    ASSERT_TRUE(missing.ok()) << qPrintable(missing.errorMessage());
    EXPECT_EQ(missing->offers.size(), 3);
    ASSERT_EQ(missing->exclusions.size(), 1);
    EXPECT_EQ(missing->exclusions.at(0).detail,
              QStringLiteral("data.gpu_8x_b200_sxm6.instance_type.specs: gpu_8x_b200_sxm6 has no GPU count (no specs); left out"));
}

TEST(LambdaParser, MalformedInputNamesTheField)
{
    struct Case
    {
        QByteArray text;
        QString error;
    };
    QByteArray cents = readFixture(QStringLiteral("lambda/instance_types.json"));
    cents.replace("\"price_cents_per_hour\": 429", "\"price_cents_per_hour\": \"429\"");
    const QList<Case> cases = {
        {cents, QStringLiteral("l: data.gpu_1x_h100_sxm5.instance_type.price_cents_per_hour: expected a number, got a string")},
        {R"({"error": {"code": "global/invalid-api-key"}})", QStringLiteral("l: data: missing")},
        {R"({"data": {"x": 1}})", QStringLiteral("l: data.x: expected an object, got a number")},
        {R"({"data": {)", QStringLiteral("l: invalid JSON at byte")},
    };
    for (const Case &c : cases) {
        const auto batch = parseLambdaInstanceTypes(c.text, QStringLiteral("l"), resolver());
        ASSERT_FALSE(batch.ok()) << qPrintable(c.error);
        EXPECT_TRUE(batch.errorMessage().startsWith(c.error)) << qPrintable(batch.errorMessage());
    }
}

TEST(LambdaSource, SendsTheApiKeyAsBearerToken)
{
    FixtureHttpClient http;
    http.serveFile(LambdaSource::instanceTypesPath(), QStringLiteral("lambda/instance_types.json"));
    LambdaSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), QStringLiteral("secret-key"), resolver());
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("lambda"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 5);
    ASSERT_EQ(http.requests.size(), 1);
    EXPECT_TRUE(http.requests[0].headers.contains({QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer secret-key")}));

    LambdaSource keyless(QUrl(QStringLiteral("http://127.0.0.1:9")), QString(), resolver());
    const auto refused = keyless.fetch(QStringLiteral("lambda"), context);
    ASSERT_FALSE(refused.ok());
    EXPECT_TRUE(refused.errorMessage().contains(u"no Lambda API key configured"));
}

// --- Vast.ai ------------------------------------------------------------------------------

TEST(VastParser, SampleGivesOneOfferPerModelAndCount)
{
    const auto batch = parseVastOffers(readFixture(QStringLiteral("vast/bundles_search_response.json")),
                                       QStringLiteral("vast"), resolver());
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    const QStringList expected = {
        QStringLiteral("1x-RTX_4090 global on_demand RTX4090 x1 0.410000 USD"),
        QStringLiteral("1x-RTX_4090 global spot RTX4090 x1 0.250000 USD"),
        QStringLiteral("8x-H100_SXM global on_demand H100-SXM5-80GB x8 15.200000 USD"),
        QStringLiteral("8x-H100_SXM global spot H100-SXM5-80GB x8 9.000000 USD"),
    };
    EXPECT_EQ(describeAll(batch->offers), expected);
}

TEST(VastParser, ManyHostsGiveCheapestAndMedian)
{
    const auto batch = parseVastOffers(readFixture(QStringLiteral("vast/bundles_search_response_many.json")),
                                       QStringLiteral("vast"), resolver());
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    const QStringList expected = {
        QStringLiteral("1x-RTX_4090 global on_demand RTX4090 x1 0.350000 USD median 0.410000"),
        QStringLiteral("1x-RTX_4090 global spot RTX4090 x1 0.200000 USD median 0.250000"),
        QStringLiteral("2x-RTX_4090 global on_demand RTX4090 x2 0.800000 USD"),
        QStringLiteral("2x-RTX_4090 global spot RTX4090 x2 0.500000 USD"),
        QStringLiteral("8x-H100_SXM global on_demand H100-SXM5-80GB x8 15.200000 USD median 15.600000"),
        QStringLiteral("8x-H100_SXM global spot H100-SXM5-80GB x8 9.000000 USD"),
    };
    EXPECT_EQ(describeAll(batch->offers), expected);
    ASSERT_EQ(batch->exclusions.size(), 1);
    EXPECT_EQ(batch->exclusions[0].reason, u"unmapped accelerator name");
    EXPECT_TRUE(batch->exclusions[0].detail.contains(u"Q RTX 9999"));
    EXPECT_EQ(batch->files[0].sourceRows, 8);
    EXPECT_EQ(batch->files[0].usedRows, 6);
}

TEST(VastParser, MalformedInputNamesTheField)
{
    QByteArray price = readFixture(QStringLiteral("vast/bundles_search_response.json"));
    price.replace("\"dph_total\": 15.2", "\"dph_total\": null");
    // A host with no price (dph_total null) is not an offer; the others stay.
    const auto all = parseVastOffers(readFixture(QStringLiteral("vast/bundles_search_response.json")), QStringLiteral("v"), resolver());
    const auto nullPrice = parseVastOffers(price, QStringLiteral("v"), resolver());
    ASSERT_TRUE(nullPrice.ok()) << qPrintable(nullPrice.errorMessage());
    ASSERT_TRUE(all.ok());
    EXPECT_EQ(nullPrice->files[0].usedRows, all->files[0].usedRows - 1);
    // An unusable listing is named in the exclusions, not fatal.
    const auto missing = parseVastOffers(R"({"offers": [{"num_gpus": 1, "dph_total": 1}, 7]})", QStringLiteral("v"), resolver());
    ASSERT_TRUE(missing.ok());
    ASSERT_EQ(missing->exclusions.size(), 2);
    EXPECT_EQ(missing->exclusions[0].detail, u"offers[0].gpu_name: missing");
    EXPECT_EQ(missing->exclusions[1].detail, u"offers[1]: expected an object, got a number");
    const auto notList = parseVastOffers(R"({"offers": {}})", QStringLiteral("v"), resolver());
    EXPECT_TRUE(notList.errorMessage().startsWith(u"v: offers: expected an array"));
}

TEST(VastSource, SearchesWithAPostOfTheQueryItself)
{
    FixtureHttpClient http;
    http.serveFile(VastSource::bundlesPath(), QStringLiteral("vast/bundles_search_response.json"));
    VastSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), QString(), resolver());
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("vast"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 4);
    ASSERT_EQ(http.requests.size(), 1);
    // As the official client does (vast-ai/vast-cli `search offers`): POST /bundles/, the query as the body.
    EXPECT_EQ(http.requests[0].method, "POST");
    const QJsonObject q = QJsonDocument::fromJson(http.requests[0].body).object();
    EXPECT_FALSE(q.contains(u"q"));
    EXPECT_EQ(q.value(u"type").toString(), u"on-demand");
    EXPECT_EQ(q.value(u"num_gpus").toObject().value(u"gte").toInt(), 1);
}
