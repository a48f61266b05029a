#include "net/providers/AzureRetailParser.h"
#include "net/providers/AzureRetailSource.h"
#include "net/providers/ProviderTestSupport.h"

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::net;
using namespace gpuplanner::net::test;

namespace {

const QString kPage1 = QStringLiteral("azure/retail_prices_page1.json");
const QString kPage2 = QStringLiteral("azure/retail_prices_page2.json");

} // namespace

TEST(AzureRetailParser, SamplePageGivesLinuxOnDemandSpotReservedAndSavingsPlan)
{
    AzureRetailParser parser(resolver(), shapes());
    const auto next = parser.addPage(readFixture(kPage1), QStringLiteral("page1"));
    ASSERT_TRUE(next.ok()) << qPrintable(next.errorMessage());
    EXPECT_TRUE(next->contains(u"$skip=100"));
    const core::ImportBatch batch = parser.finish();
    const QStringList expected = {
        // 18985 USD for one year of reservation = 18985 / 8760 per hour.
        QStringLiteral("Standard_NC24ads_A100_v4 eastus on_demand A100-PCIe-80GB x1 3.673000 USD"),
        QStringLiteral("Standard_NC24ads_A100_v4 eastus reserved A100-PCIe-80GB x1 2.167237 USD 12m none 0.00"),
        QStringLiteral("Standard_NC24ads_A100_v4 eastus savings_plan A100-PCIe-80GB x1 2.644500 USD 36m none 0.00 compute"),
        QStringLiteral("Standard_NC24ads_A100_v4 eastus savings_plan A100-PCIe-80GB x1 3.122100 USD 12m none 0.00 compute"),
        QStringLiteral("Standard_NC24ads_A100_v4 eastus spot A100-PCIe-80GB x1 0.734600 USD"),
    };
    EXPECT_EQ(describeAll(batch.offers), expected);
    const core::ImportedOffer *od = findOffer(batch, QStringLiteral("Standard_NC24ads_A100_v4"), core::Billing::OnDemand);
    ASSERT_TRUE(od);
    EXPECT_EQ(od->instance.vcpus, 24);
    EXPECT_EQ(od->instance.memoryGib, 220);
    EXPECT_TRUE(batch.exclusions.isEmpty());
}

TEST(AzureRetailSource, FollowsNextPageLinkOnTheConfiguredHost)
{
    FixtureHttpClient http;
    http.serveFile(AzureRetailSource::pricesPath(), kPage1);
    http.serveFile(AzureRetailSource::pricesPath(), kPage2, QStringLiteral("$skip=100"));
    AzureRetailSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), resolver(), shapes());
    core::RefreshContext context;
    context.http = &http;
    context.regions = {QStringLiteral("eastus")};
    const auto batch = source.fetch(QStringLiteral("azure"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    ASSERT_EQ(http.requests.size(), 2);
    EXPECT_EQ(http.requests[0].url.query(QUrl::FullyDecoded),
              u"api-version=2023-01-01-preview&$filter=serviceName eq 'Virtual Machines' and armRegionName eq 'eastus'");
    EXPECT_EQ(http.requests[1].url.host(), u"127.0.0.1");
    EXPECT_EQ(http.requests[1].url.port(), 9);
    EXPECT_TRUE(http.requests[1].url.query(QUrl::FullyDecoded).endsWith(u"&$skip=100"));

    EXPECT_EQ(batch->offers.size(), 11);
    // 466000 USD for three years = 466000 / 26280 per hour.
    const core::ImportedOffer *reserved = findOffer(*batch, QStringLiteral("Standard_ND96asr_v4"),
                                                    core::Billing::Reserved, 36);
    ASSERT_TRUE(reserved);
    EXPECT_NEAR(reserved->price, 466000.0 / 26280.0, 1e-9);
    EXPECT_EQ(reserved->instance.gpuId, u"A100-SXM4-40GB");
    EXPECT_EQ(reserved->instance.gpuCount, 8);
    const core::ImportedOffer *spot = findOffer(*batch, QStringLiteral("Standard_ND96asr_v4"), core::Billing::Spot);
    ASSERT_TRUE(spot);
    EXPECT_DOUBLE_EQ(spot->price, 10.8788); // not the Low Priority meter
    const core::ImportedOffer *od = findOffer(*batch, QStringLiteral("Standard_ND96asr_v4"), core::Billing::OnDemand);
    ASSERT_TRUE(od);
    EXPECT_DOUBLE_EQ(od->price, 27.197); // not the Windows meter
    EXPECT_TRUE(findOffer(*batch, QStringLiteral("Standard_NC24ads_A100_v4"), core::Billing::OnDemand, 0,
                          QStringLiteral("none"), QStringLiteral("westus2")));
    EXPECT_FALSE(findOffer(*batch, QStringLiteral("Standard_D2s_v3"), core::Billing::OnDemand));
    ASSERT_EQ(batch->exclusions.size(), 1);
    EXPECT_EQ(batch->exclusions[0].reason, u"unmapped accelerator name");
    EXPECT_TRUE(batch->exclusions[0].detail.contains(u"Standard_NC999zz_Q9000_v9"));
    EXPECT_EQ(batch->files.size(), 2);
}

TEST(AzureRetailSource, RefusesAPaginationLoop)
{
    FixtureHttpClient http;
    QByteArray looping = readFixture(kPage2);
    looping.replace("\"NextPageLink\": null", "\"NextPageLink\": \"https://prices.azure.com/api/retail/prices?$skip=5\"");
    http.serve(AzureRetailSource::pricesPath(), looping);
    AzureRetailSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), resolver(), shapes());
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source.fetch(QStringLiteral("azure"), context);
    ASSERT_FALSE(batch.ok());
    EXPECT_TRUE(batch.errorMessage().contains(u"NextPageLink repeats an earlier page")) << qPrintable(batch.errorMessage());
}

TEST(AzureRetailParser, MalformedPagesNameTheField)
{
    struct Case
    {
        QByteArray text;
        QString error;
    };
    const QList<Case> cases = {
        {R"({"Count": 0})", QStringLiteral("p: Items: missing")},
        {R"({"Items": {}})", QStringLiteral("p: Items: expected an array, got an object")},
        {R"({"Items": [], "NextPageLink": 5})", QStringLiteral("p: NextPageLink: expected a string, got a number")},
        {readFixture(kPage1).left(500), QStringLiteral("p: invalid JSON at byte")},
    };
    for (const Case &c : cases) {
        AzureRetailParser parser(resolver(), shapes());
        const auto next = parser.addPage(c.text, QStringLiteral("p"));
        ASSERT_FALSE(next.ok()) << qPrintable(c.error);
        EXPECT_TRUE(next.errorMessage().startsWith(c.error)) << qPrintable(next.errorMessage());
    }
}

TEST(AzureRetailParser, AnOddItemIsLeftOutAndNamedWhileTheRestOfThePageCounts)
{
    struct Case
    {
        QByteArray from;
        QByteArray to;
        QString detail;
    };
    const QList<Case> cases = {
        {"\"retailPrice\": 0.7346", "\"retailPrice\": \"0.7346\"", QStringLiteral("Items[1].retailPrice: expected a number, got a string")},
        {"\"reservationTerm\": \"1 Year\"", "\"reservationTerm\": \"2 Years\"", QStringLiteral("Items[2].reservationTerm: unknown term '2 Years'")},
        {"\"retailPrice\": 0.7346", "\"retailPrice\": -1", QStringLiteral("Items[1].retailPrice: negative price")},
    };
    for (const Case &c : cases) {
        QByteArray text = readFixture(kPage1);
        ASSERT_TRUE(text.contains(c.from)) << c.from.constData();
        text.replace(c.from, c.to);
        AzureRetailParser parser(resolver(), shapes());
        const auto next = parser.addPage(text, QStringLiteral("p"));
        ASSERT_TRUE(next.ok()) << qPrintable(next.errorMessage());
        const core::ImportBatch batch = parser.finish();
        ASSERT_EQ(batch.exclusions.size(), 1) << qPrintable(c.detail);
        EXPECT_EQ(batch.exclusions[0].reason, u"unusable price item");
        EXPECT_EQ(batch.exclusions[0].detail, c.detail);
        EXPECT_EQ(batch.offers.size(), 4) << "the other items still price";
    }
    // A unit other than "1 Hour" is named, not fatal.
    QByteArray unit = readFixture(kPage1);
    unit.replace("\"unitOfMeasure\": \"1 Hour\"", "\"unitOfMeasure\": \"1/Day\"");
    AzureRetailParser parser(resolver(), shapes());
    ASSERT_TRUE(parser.addPage(unit, QStringLiteral("p")).ok());
    const core::ImportBatch batch = parser.finish();
    EXPECT_TRUE(batch.offers.isEmpty());
    ASSERT_FALSE(batch.exclusions.isEmpty());
    EXPECT_TRUE(batch.exclusions[0].detail.contains(u"unexpected '1/Day'")) << qPrintable(batch.exclusions[0].detail);
}

// The fault probe (issue 43): an item with a negative price was left out, so the refresh read its
// offer as withdrawn and marked it unavailable. The offer keeps its previous price, with the reason.
TEST(AzureRetailParser, ANegativePriceKeepsTheOffersPreviousPrice)
{
    QByteArray text = readFixture(kPage1);
    ASSERT_TRUE(text.contains("\"retailPrice\": 0.7346"));
    text.replace("\"retailPrice\": 0.7346", "\"retailPrice\": -0.7346");
    AzureRetailParser parser(resolver(), shapes());
    ASSERT_TRUE(parser.addPage(text, QStringLiteral("p")).ok());
    const core::ImportBatch batch = parser.finish();
    ASSERT_EQ(batch.kept.size(), 1);
    EXPECT_EQ(batch.kept.constFirst().reason, QStringLiteral("negative price"));
    EXPECT_FALSE(batch.kept.constFirst().instance.isEmpty());
    EXPECT_FALSE(batch.kept.constFirst().region.isEmpty());
    EXPECT_EQ(batch.offers.size(), 4) << "the other items still price";
}

TEST(AzureRetailParser, WindowsMetersOldAndNewAreLeftOut)
{
    for (const char *suffix : {" Windows", " Win"}) {
        QByteArray text = readFixture(kPage1);
        text.replace("\"productName\": \"Virtual Machines NCadsA100v4 Series\"",
                     QByteArray("\"productName\": \"Virtual Machines NCadsA100v4 Series") + suffix + "\"");
        AzureRetailParser parser(resolver(), shapes());
        ASSERT_TRUE(parser.addPage(text, QStringLiteral("p")).ok());
        const core::ImportBatch batch = parser.finish();
        EXPECT_TRUE(batch.offers.isEmpty()) << suffix;
        EXPECT_TRUE(batch.exclusions.isEmpty()) << suffix;
    }
}
