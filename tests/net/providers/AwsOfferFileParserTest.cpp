#include "net/providers/AwsOfferFileParser.h"
#include "net/providers/ProviderTestSupport.h"

#include <QHash>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::net;
using namespace gpuplanner::net::test;

namespace {

const QString kExcerpt = QStringLiteral("aws/offer_AmazonEC2_us-east-1_gpu_excerpt.json");
const QString kMixed = QStringLiteral("aws/offer_AmazonEC2_eu-west-1_mixed.json");

core::Result<core::ImportBatch> parseChunked(const QByteArray &bytes, qsizetype chunk, AwsOfferFileOptions options = {})
{
    if (options.fileLabel.isEmpty())
        options.fileLabel = QStringLiteral("test.json");
    AwsOfferFileParser parser(resolver(), shapes(), options);
    for (qsizetype at = 0; at < bytes.size(); at += chunk) {
        if (!parser.feed(bytes.constData() + at, std::size_t(std::min(chunk, bytes.size() - at))))
            break;
    }
    return parser.finish();
}

core::Result<core::ImportBatch> parseText(const QByteArray &bytes)
{
    return parseChunked(bytes, bytes.size() > 0 ? bytes.size() : 1);
}

} // namespace

TEST(AwsOfferFileParser, SampleExcerptGivesOnDemandAndReservedOffers)
{
    const auto batch = parseText(readFixture(kExcerpt));
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    const QStringList expected = {
        QStringLiteral("g5.xlarge us-east-1 on_demand A10G x1 1.006000 USD"),
        QStringLiteral("g5.xlarge us-east-1 reserved A10G x1 0.634000 USD 12m none 0.00 standard"),
        // The UnusedCapacityReservation SKU of p5.48xlarge is left out, so one offer only.
        QStringLiteral("p5.48xlarge us-east-1 on_demand H100-SXM5-80GB x8 55.040000 USD"),
    };
    EXPECT_EQ(describeAll(batch->offers), expected);
    const core::ImportedOffer *p5 = findOffer(*batch, QStringLiteral("p5.48xlarge"), core::Billing::OnDemand);
    ASSERT_TRUE(p5);
    EXPECT_EQ(p5->instance.vcpus, 192);
    EXPECT_EQ(p5->instance.memoryGib, 2048);
    EXPECT_EQ(p5->instance.provider, u"aws");
    EXPECT_TRUE(p5->source.contains(u"2026-07-01"));
    ASSERT_EQ(batch->files.size(), 1);
    EXPECT_EQ(batch->files[0].sourceRows, 3);
    EXPECT_EQ(batch->files[0].usedRows, 3);
    EXPECT_TRUE(batch->exclusions.isEmpty());
}

TEST(AwsOfferFileParser, MixedFileKeepsOnlyLinuxSharedGpuProductsWithEveryReservedTerm)
{
    const auto batch = parseText(readFixture(kMixed));
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    const QStringList expected = {
        QStringLiteral("inf2.xlarge eu-west-1 on_demand Inferentia2 x1 0.835500 USD"),
        QStringLiteral("p4d.24xlarge eu-west-1 on_demand A100-SXM4-40GB x8 35.397000 USD"),
        QStringLiteral("p4d.24xlarge eu-west-1 reserved A100-SXM4-40GB x8 0.000000 USD 12m all 181010.00 standard"),
        QStringLiteral("p4d.24xlarge eu-west-1 reserved A100-SXM4-40GB x8 0.000000 USD 36m all 320887.00 standard"),
        QStringLiteral("p4d.24xlarge eu-west-1 reserved A100-SXM4-40GB x8 10.544000 USD 12m partial 92365.00 standard"),
        QStringLiteral("p4d.24xlarge eu-west-1 reserved A100-SXM4-40GB x8 13.673000 USD 36m none 0.00 standard"),
        QStringLiteral("p4d.24xlarge eu-west-1 reserved A100-SXM4-40GB x8 22.164000 USD 12m none 0.00 standard"),
        QStringLiteral("p4d.24xlarge eu-west-1 reserved A100-SXM4-40GB x8 6.230000 USD 36m partial 163725.00 standard"),
    };
    QStringList standardOnly;
    for (const QString &d : describeAll(batch->offers)) {
        if (!d.endsWith(u"convertible"))
            standardOnly.append(d);
    }
    EXPECT_EQ(standardOnly, expected);
    // x9g has GPUs but no known accelerator: reported, not dropped silently.
    ASSERT_EQ(batch->exclusions.size(), 1);
    EXPECT_EQ(batch->exclusions[0].reason, u"unmapped accelerator name");
    EXPECT_EQ(batch->exclusions[0].scope, u"row");
    EXPECT_TRUE(batch->exclusions[0].detail.contains(u"x9g.4xlarge"));
    EXPECT_EQ(batch->files[0].sourceRows, 9);
}

TEST(AwsOfferFileParser, ConvertibleTermsKeptBesideStandardOnes)
{
    const auto batch = parseChunked(readFixture(kMixed), 4096, AwsOfferFileOptions{});
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    int convertible = 0;
    for (const core::ImportedOffer &o : batch->offers) {
        if (o.offeringClass == u"convertible") {
            ++convertible;
            EXPECT_EQ(o.billing, core::Billing::Reserved);
            EXPECT_EQ(o.priceBasis, core::PriceBasis::Recurring);
            EXPECT_TRUE(o.upfrontFee.has_value());
        }
    }
    EXPECT_EQ(convertible, 2);
    EXPECT_EQ(batch->offers.size(), 10);
}

TEST(AwsOfferFileParser, ChunkSizeDoesNotChangeTheResult)
{
    for (const QString &fixture : {kExcerpt, kMixed}) {
        const QByteArray bytes = readFixture(fixture);
        const auto whole = parseText(bytes);
        ASSERT_TRUE(whole.ok()) << qPrintable(whole.errorMessage());
        for (qsizetype chunk : {qsizetype(1), qsizetype(7), qsizetype(64 * 1024)}) {
            const auto split = parseChunked(bytes, chunk);
            ASSERT_TRUE(split.ok()) << chunk << ": " << qPrintable(split.errorMessage());
            EXPECT_EQ(describeAll(split->offers, false), describeAll(whole->offers, false)) << chunk;
            EXPECT_EQ(split->exclusions.size(), whole->exclusions.size());
        }
    }
}

TEST(AwsOfferFileParser, TruncatedFileFailsNamingTheFile)
{
    const QByteArray bytes = readFixture(kMixed);
    for (qsizetype cut : {qsizetype(0), bytes.size() / 3, bytes.size() - 2}) {
        const auto batch = parseChunked(bytes.left(cut), 7);
        ASSERT_FALSE(batch.ok()) << cut;
        EXPECT_TRUE(batch.errorMessage().startsWith(u"test.json: invalid JSON at byte")) << qPrintable(batch.errorMessage());
    }
}

TEST(AwsOfferFileParser, BadPriceNamesTheField)
{
    QByteArray bytes = readFixture(kExcerpt);
    bytes.replace("\"55.0400000000\"", "\"fifty\"");
    const auto batch = parseText(bytes);
    ASSERT_FALSE(batch.ok());
    EXPECT_EQ(batch.errorMessage(),
              u"test.json: terms.OnDemand.AAAAAAAAAAAAAAA2.AAAAAAAAAAAAAAA2.JRTCKXETXF.priceDimensions."
              u"AAAAAAAAAAAAAAA2.JRTCKXETXF.6YS6EN2CT7.pricePerUnit.USD: 'fifty' is not a price");
}

TEST(AwsOfferFileParser, WrongTypesAndMissingFieldsNameTheField)
{
    struct Case
    {
        QByteArray text;
        QString error;
    };
    const QList<Case> cases = {
        {R"({"products": []})", QStringLiteral("test.json: products: expected an object")},
        {R"([])", QStringLiteral("test.json: expected a JSON object at the top level")},
        {R"({"formatVersion": "v1.0"})", QStringLiteral("test.json: products: missing")},
        {R"({"terms": {}, "products": {}})", QStringLiteral("test.json: terms: found before products")},
        {R"({"products": {"S1": {"productFamily": "Compute Instance", "attributes": {"operatingSystem": "Linux",
             "tenancy": "Shared", "preInstalledSw": "NA", "capacitystatus": "Used", "gpu": "1"}}}})",
         QStringLiteral("test.json: products.S1.attributes.instanceType: missing")},
        {R"({"products": {"S1": {"productFamily": "Compute Instance", "attributes": 3}}})",
         QStringLiteral("test.json: products.S1.attributes: expected an object")},
        {R"({"products": {"S1": {"productFamily": "Compute Instance", "attributes": {"instanceType": "g5.xlarge",
             "operatingSystem": "Linux", "tenancy": "Shared", "preInstalledSw": "NA", "capacitystatus": "Used",
             "gpu": "1", "regionCode": "us-east-1"}}},
           "terms": {"OnDemand": {"S1": {"S1.T": {"priceDimensions": {"S1.T.R": {"unit": "Hrs"}}}}}}})",
         QStringLiteral("test.json: terms.OnDemand.S1.S1.T.priceDimensions.S1.T.R.pricePerUnit: missing")},
        {R"({"products": {"S1": {"productFamily": "Compute Instance", "attributes": {"instanceType": "g5.xlarge",
             "operatingSystem": "Linux", "tenancy": "Shared", "preInstalledSw": "NA", "capacitystatus": "Used",
             "gpu": "1", "regionCode": "us-east-1"}}},
           "terms": {"Reserved": {"S1": {"S1.T": {"priceDimensions": {}, "termAttributes": {
             "LeaseContractLength": "2yr", "OfferingClass": "standard", "PurchaseOption": "No Upfront"}}}}}})",
         QStringLiteral("test.json: terms.Reserved.S1.S1.T.termAttributes.LeaseContractLength: unknown value '2yr'")},
    };
    for (const Case &c : cases) {
        const auto batch = parseText(c.text);
        ASSERT_FALSE(batch.ok()) << c.text.constData();
        EXPECT_TRUE(batch.errorMessage().startsWith(c.error)) << qPrintable(batch.errorMessage());
    }
}

TEST(AwsOfferFileParser, FamilyTableCoversTheSnapshotAccelerators)
{
    EXPECT_EQ(awsFamilyAccelerator(QStringLiteral("p6-b200.48xlarge")), u"B200");
    EXPECT_EQ(awsFamilyAccelerator(QStringLiteral("g6e.xlarge")), u"L40S");
    EXPECT_TRUE(awsFamilyAccelerator(QStringLiteral("m5.large")).isEmpty());
    // Every accelerator the table names must resolve to a canonical GPU id.
    for (const QString &type : shapes().instanceTypes(QStringLiteral("aws"))) {
        const QString accelerator = awsFamilyAccelerator(type);
        EXPECT_FALSE(accelerator.isEmpty()) << qPrintable(type);
        EXPECT_TRUE(resolver().resolve(accelerator, QStringLiteral("aws"), type).has_value()) << qPrintable(type);
    }
}

// --- AwsPriceListSource: region index, then each region's streamed offer file -------------

#include "net/providers/AwsPriceListSource.h"

TEST(AwsPriceListSource, FetchesTheRegionIndexThenStreamsEachRegionFile)
{
    for (qsizetype chunk : {qsizetype(1), qsizetype(7), qsizetype(64 * 1024)}) {
        FixtureHttpClient http;
        http.setChunkSize(chunk);
        http.serveFile(AwsPriceListSource::regionIndexPath(), QStringLiteral("aws/region_index_AmazonEC2.json"));
        http.serveFile(QStringLiteral("/mirror/offers/v1.0/aws/AmazonEC2/20260701000000/us-east-1/index.json"), kExcerpt);
        http.serveFile(QStringLiteral("/mirror/offers/v1.0/aws/AmazonEC2/20260701000000/eu-west-1/index.json"), kMixed);
        // The region index lists host-relative paths; a mirror base path is kept.
        http.serveFile(QStringLiteral("/mirror") + AwsPriceListSource::regionIndexPath(),
                       QStringLiteral("aws/region_index_AmazonEC2.json"));
        // Then the savings-plan index and the same regions' savings-plan files.
        http.serveFile(QStringLiteral("/mirror/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json"),
                       QStringLiteral("aws/savingsplan_region_index.json"));
        http.serveFile(QStringLiteral("/mirror/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20260701000000/us-east-1/index.json"),
                       QStringLiteral("aws/savingsplan_AWSComputeSavingsPlan_us-east-1_excerpt.json"));
        http.serve(QStringLiteral("/mirror/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20260701000000/eu-west-1/index.json"),
                   R"({"regionCode": "eu-west-1", "products": [], "terms": {"savingsPlan": []}})");
        // The real Spot Advisor feed (SOURCE.md), read after the price files.
        http.serveFile(QStringLiteral("/spot-advisor-data.json"), QStringLiteral("aws/spot_advisor_real_2025-06-28.json"));
        AwsPriceListSource source(QUrl(QStringLiteral("http://127.0.0.1:9/mirror")), resolver(), shapes());
        source.setSpotAdvisorUrl(QUrl(QStringLiteral("http://127.0.0.1:9/spot-advisor-data.json")));
        QStringList statuses;
        QHash<QString, qint64> done;
        core::RefreshContext context;
        context.http = &http;
        context.progress = [&](const QString &status, qint64 doneBytes, qint64) {
            if (!statuses.contains(status))
                statuses.append(status);
            done[status] = std::max(done.value(status), doneBytes);
        };
        const auto batch = source.fetch(QStringLiteral("aws"), context);
        ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
        EXPECT_EQ(batch->offers.size(), 3 + 8 + 2 + 4) << "two convertible terms beside the standard ones, four savings plans";
        EXPECT_EQ(batch->files.size(), 4);
        EXPECT_EQ(http.requests.size(), 7);
        EXPECT_EQ(http.requests[0].url.path(), u"/mirror/offers/v1.0/aws/AmazonEC2/current/region_index.json");
        EXPECT_EQ(http.requests[6].url.path(), u"/spot-advisor-data.json");
        EXPECT_TRUE(findOffer(*batch, QStringLiteral("p5.48xlarge"), core::Billing::SavingsPlan, 36, QStringLiteral("none")));
        // Interruption buckets for the instance types the refresh priced, and only those.
        bool p5 = false;
        for (const core::SpotInterruption &i : batch->interruptions) {
            EXPECT_TRUE(i.instanceType == u"g5.xlarge" || i.instanceType == u"p5.48xlarge" || i.instanceType == u"p4d.24xlarge"
                        || i.instanceType == u"inf2.xlarge")
                << i.instanceType.toStdString();
            if (i.instanceType == u"p5.48xlarge" && i.region == u"us-east-1") {
                p5 = true;
                EXPECT_EQ(i.bucket, QStringLiteral(">20%"));
                EXPECT_TRUE(i.source.contains(u"Spot Instance Advisor"));
            }
        }
        EXPECT_TRUE(p5);
        EXPECT_TRUE(http.requests[1].url.path().contains(u"eu-west-1")); // sorted by region code
        EXPECT_TRUE(http.requests[1].sink);
        EXPECT_EQ(statuses, (QStringList{QStringLiteral("AWS region index"), QStringLiteral("AWS eu-west-1"),
                                         QStringLiteral("AWS us-east-1"), QStringLiteral("AWS savings-plan index"),
                                         QStringLiteral("AWS savings plans eu-west-1"),
                                         QStringLiteral("AWS savings plans us-east-1"), QStringLiteral("AWS Spot Advisor")}));
        EXPECT_EQ(done.value(QStringLiteral("AWS us-east-1")), readFixture(kExcerpt).size());
    }
}

TEST(AwsPriceListSource, AMissingSpotAdvisorFeedKeepsThePricesAndSaysSo)
{
    FixtureHttpClient http;
    http.serveFile(AwsPriceListSource::regionIndexPath(), QStringLiteral("aws/region_index_AmazonEC2.json"));
    http.serveFile(QStringLiteral("/offers/v1.0/aws/AmazonEC2/20260701000000/us-east-1/index.json"), kExcerpt);
    AwsPriceListSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), resolver(), shapes());
    source.setSpotAdvisorUrl(QUrl(QStringLiteral("http://127.0.0.1:9/missing.json")));
    core::RefreshContext context;
    context.http = &http;
    context.regions = {QStringLiteral("us-east-1")};
    const auto batch = source.fetch(QStringLiteral("aws"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 3);
    EXPECT_TRUE(batch->interruptions.isEmpty());
    ASSERT_FALSE(batch->exclusions.isEmpty());
    EXPECT_EQ(batch->exclusions.last().scope, QStringLiteral("interruption"));
}

TEST(AwsPriceListSource, RegionFilterAndUnknownRegion)
{
    FixtureHttpClient http;
    http.serveFile(AwsPriceListSource::regionIndexPath(), QStringLiteral("aws/region_index_AmazonEC2.json"));
    http.serveFile(QStringLiteral("/offers/v1.0/aws/AmazonEC2/20260701000000/us-east-1/index.json"), kExcerpt);
    AwsPriceListSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), resolver(), shapes());
    core::RefreshContext context;
    context.http = &http;
    context.regions = {QStringLiteral("us-east-1")};
    const auto batch = source.fetch(QStringLiteral("aws"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(batch->offers.size(), 3);

    context.regions = {QStringLiteral("mars-north-1")};
    const auto missing = source.fetch(QStringLiteral("aws"), context);
    ASSERT_FALSE(missing.ok());
    EXPECT_TRUE(missing.errorMessage().contains(u"region 'mars-north-1' is not in the region index"));
}

TEST(AwsPriceListSource, ParseErrorMidStreamNamesTheRegionFileUrl)
{
    FixtureHttpClient http;
    http.setChunkSize(7);
    http.serveFile(AwsPriceListSource::regionIndexPath(), QStringLiteral("aws/region_index_AmazonEC2.json"));
    QByteArray broken = readFixture(kExcerpt);
    broken.replace("\"priceDimensions\": {", "\"priceDimensions\": {{");
    http.serve(QStringLiteral("/offers/v1.0/aws/AmazonEC2/20260701000000/us-east-1/index.json"), broken);
    AwsPriceListSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), resolver(), shapes());
    core::RefreshContext context;
    context.http = &http;
    context.regions = {QStringLiteral("us-east-1")};
    const auto batch = source.fetch(QStringLiteral("aws"), context);
    ASSERT_FALSE(batch.ok());
    EXPECT_TRUE(batch.errorMessage().startsWith(
        u"http://127.0.0.1:9/offers/v1.0/aws/AmazonEC2/20260701000000/us-east-1/index.json: invalid JSON at byte"))
        << qPrintable(batch.errorMessage());
}

TEST(AwsPriceListSource, CancelStopsTheDownload)
{
    FixtureHttpClient http;
    http.setChunkSize(64);
    http.serveFile(AwsPriceListSource::regionIndexPath(), QStringLiteral("aws/region_index_AmazonEC2.json"));
    http.serveFile(QStringLiteral("/offers/v1.0/aws/AmazonEC2/20260701000000/us-east-1/index.json"), kExcerpt);
    AwsPriceListSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), resolver(), shapes());
    std::atomic_bool cancel = false;
    core::RefreshContext context;
    context.http = &http;
    context.cancel = &cancel;
    context.regions = {QStringLiteral("us-east-1")};
    context.progress = [&](const QString &, qint64 done, qint64) {
        if (done > 1000)
            cancel = true;
    };
    const auto batch = source.fetch(QStringLiteral("aws"), context);
    ASSERT_FALSE(batch.ok());
    EXPECT_TRUE(batch.errorMessage().endsWith(u": cancelled")) << qPrintable(batch.errorMessage());
}
