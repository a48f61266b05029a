#include "net/providers/AwsSavingsPlanParser.h"
#include "net/providers/AwsSavingsPlanSource.h"
#include "net/providers/ProviderTestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace gpuplanner;
using namespace gpuplanner::net;
using namespace gpuplanner::net::test;

namespace {

const QString kFile = QStringLiteral("aws/savingsplan_AWSComputeSavingsPlan_us-east-1_excerpt.json");

core::ImportedInstance instance(const QString &name, const QString &gpu, double count, double vcpus, double memory)
{
    return core::ImportedInstance{QStringLiteral("aws"), name, gpu, count, vcpus, memory, {}};
}

AwsSavingsPlanOptions options()
{
    AwsSavingsPlanOptions o;
    o.fileLabel = QStringLiteral("sp.json");
    o.instances.insert(QStringLiteral("p5.48xlarge"), instance(QStringLiteral("p5.48xlarge"), QStringLiteral("H100-SXM5-80GB"), 8, 192, 2048));
    o.instances.insert(QStringLiteral("g5.xlarge"), instance(QStringLiteral("g5.xlarge"), QStringLiteral("A10G"), 1, 4, 16));
    return o;
}

bool excluded(const core::ImportBatch &batch, const QString &text)
{
    return std::any_of(batch.exclusions.cbegin(), batch.exclusions.cend(),
                       [&](const core::ImportExclusion &e) { return e.detail.contains(text); });
}

} // namespace

TEST(AwsSavingsPlanParser, UsageTypesNameSharedTenancyInstances)
{
    EXPECT_EQ(AwsSavingsPlanParser::instanceTypeFromUsage(QStringLiteral("USE2-BoxUsage:p5.48xlarge")), u"p5.48xlarge");
    EXPECT_EQ(AwsSavingsPlanParser::instanceTypeFromUsage(QStringLiteral("BoxUsage:g5.xlarge")), u"g5.xlarge");
    EXPECT_TRUE(AwsSavingsPlanParser::instanceTypeFromUsage(QStringLiteral("USE1-DedicatedUsage:p5.48xlarge")).isEmpty());
    EXPECT_TRUE(AwsSavingsPlanParser::instanceTypeFromUsage(QStringLiteral("USE1-HostUsage:p5")).isEmpty());
    EXPECT_TRUE(AwsSavingsPlanParser::instanceTypeFromUsage(QStringLiteral("USE1-UnusedBox:p5.48xlarge")).isEmpty());
}

TEST(AwsSavingsPlanParser, ComputeAndInstancePlansBecomeSavingsPlanOffers)
{
    const QByteArray bytes = readFixture(kFile);
    // Streamed in small chunks, as the HTTP client hands them over.
    AwsSavingsPlanParser parser(options());
    for (qsizetype at = 0; at < bytes.size(); at += 97)
        ASSERT_TRUE(parser.feed(bytes.constData() + at, std::size_t(std::min<qsizetype>(97, bytes.size() - at))));
    const auto batch = parser.finish();
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    const QStringList expected = {
        QStringLiteral("g5.xlarge us-east-1 savings_plan A10G x1 0.511000 USD 36m all 0.00 compute"),
        QStringLiteral("p5.48xlarge us-east-1 savings_plan H100-SXM5-80GB x8 24.980000 USD 36m none 0.00 instance"),
        QStringLiteral("p5.48xlarge us-east-1 savings_plan H100-SXM5-80GB x8 27.150000 USD 36m all 0.00 compute"),
        QStringLiteral("p5.48xlarge us-east-1 savings_plan H100-SXM5-80GB x8 41.280000 USD 12m none 0.00 compute"),
    };
    EXPECT_EQ(describeAll(batch->offers), expected);
    for (const core::ImportedOffer &o : batch->offers) {
        EXPECT_EQ(o.priceBasis, core::PriceBasis::Effective);
        EXPECT_FALSE(o.upfrontFee.has_value()) << "the upfront part depends on the commitment bought";
        EXPECT_FALSE(o.recurringPerHour.has_value());
        EXPECT_EQ(o.effectiveDate, u"2026-07-01");
        EXPECT_TRUE(o.source.contains(u"AWS Savings Plans price list"));
    }
    // Windows, dedicated, Fargate and non-GPU rates are not offers; the zero rate is named.
    EXPECT_TRUE(excluded(*batch, QStringLiteral("discountedRate.price 0.0000000000 is not a price")));
    ASSERT_EQ(batch->files.size(), 1);
    EXPECT_EQ(batch->files[0].sourceRows, 9);
    EXPECT_EQ(batch->files[0].usedRows, 4);
    EXPECT_EQ(batch->files[0].excludedRows, 1);
}

TEST(AwsSavingsPlanParser, OddPlansAreSkippedWithTheirReasonAndBrokenFilesNameTheFile)
{
    QByteArray odd = readFixture(kFile);
    odd.replace("\"purchaseOption\": \"All Upfront\"", "\"purchaseOption\": \"Heavy Utilization\"");
    auto batch = AwsSavingsPlanParser::parse(odd, options());
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_TRUE(excluded(*batch, QStringLiteral("unknown purchase option 'Heavy Utilization'")));
    EXPECT_EQ(batch->offers.size(), 2);

    const auto truncated = AwsSavingsPlanParser::parse(readFixture(kFile).left(900), options());
    ASSERT_FALSE(truncated.ok());
    EXPECT_TRUE(truncated.errorMessage().startsWith(u"sp.json: invalid JSON")) << qPrintable(truncated.errorMessage());
}

TEST(AwsSavingsPlanSource, ReadsTheIndexThenEachWantedRegion)
{
    FixtureHttpClient http;
    http.setChunkSize(211);
    http.serveFile(awsSavingsPlanIndexPath(), QStringLiteral("aws/savingsplan_region_index.json"));
    http.serveFile(QStringLiteral("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20260701000000/us-east-1/index.json"), kFile);
    core::RefreshContext context;
    context.http = &http;
    // ap-south-1 is not in the index: no plans there, and no error.
    const auto batch = fetchAwsSavingsPlans(QUrl(QStringLiteral("http://127.0.0.1:9")),
                                            {QStringLiteral("us-east-1"), QStringLiteral("ap-south-1")},
                                            options().instances, context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 4);
    EXPECT_EQ(http.requests.size(), 2);

    const auto badIndex = parseAwsSavingsPlanIndex(R"({"regions": {"us-east-1": {}}})", QStringLiteral("idx"));
    ASSERT_FALSE(badIndex.ok());
    EXPECT_EQ(badIndex.errorMessage(), u"idx: regions: expected an array, got an object");
}
