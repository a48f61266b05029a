#include "net/providers/GcpBillingParser.h"
#include "net/providers/GcpBillingSource.h"
#include "net/providers/ProviderTestSupport.h"

#include <QUrlQuery>

#include <algorithm>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::net;
using namespace gpuplanner::net::test;

namespace {

const QString kPage1 = QStringLiteral("gcp/cloudbilling_skus_page.json");
const QString kPage2 = QStringLiteral("gcp/cloudbilling_skus_page2.json");
const QString kNewFamilies = QStringLiteral("gcp/cloudbilling_skus_new_families.json");

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
    // Newer SKUs drop "Nvidia" and even "GPU"; A4 prices a slice of the machine per GPU.
    EXPECT_EQ(GcpBillingParser::gpuNameFromDescription(QStringLiteral("H200 141GB GPU running in Belgium")), u"H200 141GB");
    EXPECT_EQ(GcpBillingParser::gpuNameFromDescription(QStringLiteral("RTX 6000 96GB running in Oregon")), u"RTX 6000 96GB");
    EXPECT_EQ(GcpBillingParser::gpuNameFromDescription(QStringLiteral("A4 Nvidia B200 (1 gpu slice) running in Americas")), u"B200");
    EXPECT_EQ(GcpBillingParser::gpuNameFromDescription(
                  QStringLiteral("Commitment v1: A4 Nvidia B200 (1 gpu slice) in Americas for 1 Year")),
              u"B200");
    EXPECT_EQ(GcpBillingParser::sliceFamilyFromDescription(
                  QStringLiteral("Spot Preemptible A4 Nvidia B200 (1 gpu slice) running in Americas")),
              u"a4");
    EXPECT_TRUE(GcpBillingParser::sliceFamilyFromDescription(QStringLiteral("H200 141GB GPU running in Belgium")).isEmpty());
    EXPECT_EQ(GcpBillingParser::familyFromDescription(QStringLiteral("G4 Instance Ram running in Americas")), u"g4");
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

TEST(GcpBillingParser, NewerFamiliesArePricedFromTheirOwnSkus)
{
    GcpBillingParser parser = makeParser();
    // The "Reserved A2 Instance Core" SKU comes first and must not price A2 machines.
    for (const QString &page : {kNewFamilies, kPage1}) {
        const auto next = parser.addPage(readFixture(page), page);
        ASSERT_TRUE(next.ok()) << qPrintable(next.errorMessage());
    }
    const core::ImportBatch batch = parser.finish();
    EXPECT_TRUE(batch.listedTypesOnly);

    const core::ImportedOffer *h200 = findOffer(batch, QStringLiteral("a3-ultragpu-8g"), core::Billing::OnDemand);
    ASSERT_TRUE(h200);
    EXPECT_EQ(h200->instance.gpuId, u"H200-SXM-141GB");
    EXPECT_EQ(h200->instance.gpuCount, 8);
    EXPECT_NEAR(h200->price, 8 * 9.31174 + 224 * 0.02874 + 2952 * 0.002485, 1e-9);

    // A4: eight slices, no core or RAM parts; its spot SKU is filed under OnDemand.
    const core::ImportedOffer *b200 = findOffer(batch, QStringLiteral("a4-highgpu-8g"), core::Billing::OnDemand);
    ASSERT_TRUE(b200);
    EXPECT_EQ(b200->instance.gpuId, u"B200");
    EXPECT_NEAR(b200->price, 8 * 16.11, 1e-9);
    const core::ImportedOffer *b200Spot = findOffer(batch, QStringLiteral("a4-highgpu-8g"), core::Billing::Spot);
    ASSERT_TRUE(b200Spot);
    EXPECT_NEAR(b200Spot->price, 8 * 4.9542, 1e-9);
    const core::ImportedOffer *b200Commit = findOffer(batch, QStringLiteral("a4-highgpu-8g"), core::Billing::Reserved, 12);
    ASSERT_TRUE(b200Commit);
    EXPECT_NEAR(b200Commit->price, 8 * 10.1493, 1e-9);

    // G4 with whole GPUs is composed; the fractional g4-standard-6 has no SKU of its own.
    const core::ImportedOffer *g4 = findOffer(batch, QStringLiteral("g4-standard-48"), core::Billing::OnDemand);
    ASSERT_TRUE(g4);
    EXPECT_EQ(g4->instance.gpuId, u"RTXPRO6000");
    EXPECT_NEAR(g4->price, 3.2 + 48 * 0.019 + 180 * 0.0019, 1e-9);
    EXPECT_FALSE(findOffer(batch, QStringLiteral("g4-standard-6"), core::Billing::OnDemand));

    const core::ImportedOffer *a2 = findOffer(batch, QStringLiteral("a2-highgpu-1g"), core::Billing::OnDemand);
    ASSERT_TRUE(a2);
    EXPECT_NEAR(a2->price, 3.673387, 1e-6) << "the Reserved core SKU must not price on-demand machines";

    // The virtual workstation GPU is not a catalog GPU: named, not guessed.
    const bool vwsNamed = std::any_of(batch.exclusions.cbegin(), batch.exclusions.cend(), [](const core::ImportExclusion &e) {
        return e.detail.contains(u"L4 Virtual Workstation");
    });
    EXPECT_TRUE(vwsNamed);
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

TEST(GcpBillingParser, AnUnreadableSkuIsLeftOutWithItsReason)
{
    struct Case
    {
        QByteArray text;
        QString reason;
    };
    QByteArray units = readFixture(kPage1);
    units.replace("\"units\": \"2\"", "\"units\": 2");
    QByteArray unitName = readFixture(kPage1);
    unitName.replace("\"usageUnit\": \"GiBy.h\"", "\"usageUnit\": \"GBy.h\"");
    QByteArray noCategory = readFixture(kPage1);
    noCategory.replace("\"resourceGroup\": \"GPU\",\n        \"usageType\": \"OnDemand\"", "\"usageType\": \"OnDemand\"");
    const QList<Case> cases = {
        {units, QStringLiteral("skus[0].pricingInfo[0].pricingExpression.tieredRates[0].unitPrice.units: expected a string, got a number")},
        {unitName, QStringLiteral("skus[4].pricingInfo[0].pricingExpression.usageUnit: expected 'GiBy.h', got 'GBy.h'")},
        {noCategory, QStringLiteral("skus[0].category.resourceGroup: missing")},
    };
    for (const Case &c : cases) {
        GcpBillingParser parser = makeParser();
        const auto next = parser.addPage(c.text, QStringLiteral("g"));
        ASSERT_TRUE(next.ok()) << qPrintable(next.errorMessage());
        const core::ImportBatch batch = parser.finish();
        const bool named = std::any_of(batch.exclusions.cbegin(), batch.exclusions.cend(),
                                       [&](const core::ImportExclusion &e) { return e.detail.contains(c.reason); });
        EXPECT_TRUE(named) << qPrintable(c.reason);
        ASSERT_EQ(batch.files.size(), 1);
        EXPECT_EQ(batch.files[0].excludedRows, 1);
        EXPECT_EQ(batch.files[0].usedRows, 4);
    }
}

TEST(GcpBillingParser, AnUnreadablePageNamesTheField)
{
    struct Case
    {
        QByteArray text;
        QString error;
    };
    const QList<Case> cases = {
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
