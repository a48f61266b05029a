#include "net/providers/GcpBillingParser.h"
#include "net/providers/GcpBillingSource.h"
#include "net/providers/ProviderTestSupport.h"

#include <QUrlQuery>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::net;
using namespace gpuplanner::net::test;

namespace {

const QString kPage1 = QStringLiteral("gcp/cloudbilling_skus_page.json");
const QString kPage2 = QStringLiteral("gcp/cloudbilling_skus_page2.json");

GcpBillingParser makeParser()
{
    return GcpBillingParser(resolver(), gcpMachineShapes(seedMetadata(), shapes()));
}

} // namespace

TEST(GcpBillingParser, DescriptionsGiveGpuNamesAndFamilies)
{
    EXPECT_EQ(GcpBillingParser::gpuNameFromDescription(QStringLiteral("Nvidia Tesla A100 GPU running in Americas")), u"A100");
    EXPECT_EQ(GcpBillingParser::gpuNameFromDescription(
                  QStringLiteral("Nvidia Tesla A100 GPU attached to Spot Preemptible VMs running in Americas")),
              u"A100");
    EXPECT_EQ(GcpBillingParser::gpuNameFromDescription(QStringLiteral("Commitment v1: Nvidia H100 80GB GPU in Americas for 1 Year")),
              u"H100 80GB");
    EXPECT_EQ(GcpBillingParser::familyFromDescription(QStringLiteral("Spot Preemptible A2 Instance Core running in Americas")), u"a2");
    EXPECT_EQ(GcpBillingParser::familyFromDescription(QStringLiteral("Commitment v1: A3 Mega Cpu in Americas for 1 Year")), u"a3mega");
    EXPECT_TRUE(GcpBillingParser::familyFromDescription(QStringLiteral("N1 Predefined Instance Core running in Americas")).isEmpty());
}

TEST(GcpBillingParser, SamplePageComposesA2MachinesFromGpuCoreAndRam)
{
    GcpBillingParser parser = makeParser();
    const auto next = parser.addPage(readFixture(kPage1), QStringLiteral("page1"));
    ASSERT_TRUE(next.ok()) << qPrintable(next.errorMessage());
    EXPECT_EQ(*next, u"CgwI...");
    const core::ImportBatch batch = parser.finish();
    // Cores and RAM are priced in us-central1 only, and only on demand: five A100 40GB machines.
    const QStringList expected = {
        QStringLiteral("a2-highgpu-1g us-central1 on_demand A100-SXM4-40GB x1 3.673387 USD"),
        QStringLiteral("a2-highgpu-2g us-central1 on_demand A100-SXM4-40GB x2 7.346774 USD"),
        QStringLiteral("a2-highgpu-4g us-central1 on_demand A100-SXM4-40GB x4 14.693548 USD"),
        QStringLiteral("a2-highgpu-8g us-central1 on_demand A100-SXM4-40GB x8 29.387096 USD"),
        QStringLiteral("a2-megagpu-16g us-central1 on_demand A100-SXM4-40GB x16 55.739536 USD"),
    };
    EXPECT_EQ(describeAll(batch.offers), expected);
}

TEST(GcpBillingSource, FollowsNextPageTokenWithTheApiKey)
{
    FixtureHttpClient http;
    http.serveFile(GcpBillingSource::skusPath(), kPage1);
    http.serveFile(GcpBillingSource::skusPath(), kPage2, QStringLiteral("pageToken=CgwI..."));
    GcpBillingSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), QStringLiteral("k3y"), seedMetadata(), shapes());
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("gcp"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    ASSERT_EQ(http.requests.size(), 2);
    const QUrlQuery first(http.requests[0].url);
    EXPECT_EQ(first.queryItemValue(QStringLiteral("key")), u"k3y");
    EXPECT_EQ(first.queryItemValue(QStringLiteral("currencyCode")), u"USD");
    EXPECT_FALSE(first.hasQueryItem(QStringLiteral("pageToken")));
    EXPECT_EQ(QUrlQuery(http.requests[1].url).queryItemValue(QStringLiteral("pageToken")), u"CgwI...");

    EXPECT_EQ(batch->offers.size(), 5 + 5 + 5 + 8);
    const core::ImportedOffer *spot = findOffer(*batch, QStringLiteral("a2-highgpu-1g"), core::Billing::Spot);
    ASSERT_TRUE(spot);
    EXPECT_NEAR(spot->price, 1.5399 + 12 * 0.009484 + 85 * 0.001271, 1e-9);
    const core::ImportedOffer *commit = findOffer(*batch, QStringLiteral("a2-highgpu-8g"), core::Billing::Reserved, 12);
    ASSERT_TRUE(commit);
    EXPECT_EQ(commit->upfrontFee, 0.0) << "committed use has no upfront part";
    EXPECT_EQ(commit->recurringPerHour, commit->price);
    EXPECT_NEAR(commit->price, 8 * 1.84845 + 96 * 0.019915 + 680 * 0.002669, 1e-9);
    const core::ImportedOffer *l4 = findOffer(*batch, QStringLiteral("g2-standard-24"), core::Billing::OnDemand);
    ASSERT_TRUE(l4);
    EXPECT_EQ(l4->instance.gpuId, u"L4");
    EXPECT_EQ(l4->instance.gpuCount, 2);
    EXPECT_NEAR(l4->price, 2 * 0.56004 + 24 * 0.024988 + 96 * 0.002927, 1e-9);
    EXPECT_FALSE(findOffer(*batch, QStringLiteral("a2-highgpu-1g"), core::Billing::Reserved, 36));
    ASSERT_EQ(batch->exclusions.size(), 1);
    EXPECT_TRUE(batch->exclusions[0].detail.contains(u"Q9999"));
}

TEST(GcpBillingSource, MissingKeyIsRefused)
{
    FixtureHttpClient http;
    GcpBillingSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), QString(), seedMetadata(), shapes());
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("gcp"), context);
    ASSERT_FALSE(batch.ok());
    EXPECT_TRUE(batch.errorMessage().contains(u"no GCP API key configured"));
    EXPECT_TRUE(http.requests.isEmpty());
}

TEST(GcpBillingParser, MalformedPagesNameTheField)
{
    struct Case
    {
        QByteArray text;
        QString error;
    };
    QByteArray units = readFixture(kPage1);
    units.replace("\"units\": \"2\"", "\"units\": 2");
    QByteArray unitName = readFixture(kPage1);
    unitName.replace("\"usageUnit\": \"GiBy.h\"", "\"usageUnit\": \"GBy.h\"");
    QByteArray noCategory = readFixture(kPage1);
    noCategory.replace("\"resourceGroup\": \"GPU\",\n        \"usageType\": \"OnDemand\"", "\"usageType\": \"OnDemand\"");
    const QList<Case> cases = {
        {units, QStringLiteral("g: skus[0].pricingInfo[0].pricingExpression.tieredRates[0].unitPrice.units: expected a string, got a number")},
        {unitName, QStringLiteral("g: skus[4].pricingInfo[0].pricingExpression.usageUnit: expected 'GiBy.h', got 'GBy.h'")},
        {noCategory, QStringLiteral("g: skus[0].category.resourceGroup: missing")},
        {R"({"skus": 1})", QStringLiteral("g: skus: expected an array, got a number")},
        {readFixture(kPage1).left(300), QStringLiteral("g: invalid JSON at byte")},
    };
    for (const Case &c : cases) {
        GcpBillingParser parser = makeParser();
        const auto next = parser.addPage(c.text, QStringLiteral("g"));
        ASSERT_FALSE(next.ok()) << qPrintable(c.error);
        EXPECT_TRUE(next.errorMessage().startsWith(c.error)) << qPrintable(next.errorMessage());
    }
}
