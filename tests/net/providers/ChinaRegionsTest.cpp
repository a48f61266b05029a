// China-side price sources: AWS China's offer file (CNY, on-demand and reserved), Azure China's
// price sheet CSV, and every subscription period of Alibaba's public price file.

#include "net/providers/AlibabaPublicPriceSource.h"
#include "net/providers/AwsOfferFileParser.h"
#include "net/providers/AwsPriceListSource.h"
#include "net/providers/AzureChinaPriceSheetSource.h"
#include "net/providers/AzureRetailSource.h"
#include "net/providers/ProviderTestSupport.h"

#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::net;
using namespace gpuplanner::net::test;

namespace {

const QString kAwsChinaFile = QStringLiteral("aws-china/offer_AmazonEC2_cn_gpu_excerpt.json");
const QString kAzureSheet = QStringLiteral("azure-china/AzureRetailPrices_excerpt.csv");
const QString kChinaOfferPath = AwsPriceListSource::chinaOfferPath();

// The global partition of ../aws's fixtures, us-east-1 only, with the savings plans and the advisor.
void serveAwsGlobal(FixtureHttpClient &http)
{
    http.serveFile(AwsPriceListSource::regionIndexPath(), QStringLiteral("aws/region_index_AmazonEC2.json"));
    http.serveFile(QStringLiteral("/offers/v1.0/aws/AmazonEC2/20260701000000/us-east-1/index.json"),
                   QStringLiteral("aws/offer_AmazonEC2_us-east-1_gpu_excerpt.json"));
    http.serveFile(QStringLiteral("/offers/v1.0/aws/AmazonEC2/20260701000000/eu-west-1/index.json"),
                   QStringLiteral("aws/offer_AmazonEC2_eu-west-1_mixed.json"));
    http.serveFile(QStringLiteral("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json"),
                   QStringLiteral("aws/savingsplan_region_index.json"));
    http.serveFile(QStringLiteral("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20260701000000/us-east-1/index.json"),
                   QStringLiteral("aws/savingsplan_AWSComputeSavingsPlan_us-east-1_excerpt.json"));
    http.serve(QStringLiteral("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20260701000000/eu-west-1/index.json"),
               R"({"regionCode": "eu-west-1", "products": [], "terms": {"savingsPlan": []}})");
    http.serveFile(QStringLiteral("/spot-advisor-data.json"), QStringLiteral("aws/spot_advisor_real_2025-06-28.json"));
}

std::unique_ptr<AwsPriceListSource> awsWithChina()
{
    auto source = std::make_unique<AwsPriceListSource>(QUrl(QStringLiteral("http://127.0.0.1:9")), resolver(), shapes());
    source->setSpotAdvisorUrl(QUrl(QStringLiteral("http://127.0.0.1:9/spot-advisor-data.json")));
    source->setChinaBaseUrl(QUrl(QStringLiteral("http://127.0.0.2:9")));
    return source;
}

bool asked(const FixtureHttpClient &http, const QString &path)
{
    for (const core::HttpRequest &r : http.requests) {
        if (r.url.path() == path)
            return true;
    }
    return false;
}

} // namespace

// ---------------------------------------------------------------- AWS China

TEST(AwsChinaOfferFile, KeepsCnyAndEveryReservedTermTheFileHas)
{
    AwsOfferFileOptions options;
    options.fileLabel = QStringLiteral("cn/index.json");
    options.sourceName = QStringLiteral("AWS China Price List API");
    const auto batch = AwsOfferFileParser::parse(readFixture(kAwsChinaFile), resolver(), shapes(), options);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    const core::ImportedOffer *p3 = findOffer(*batch, QStringLiteral("p3.2xlarge"), core::Billing::OnDemand);
    ASSERT_TRUE(p3);
    EXPECT_TRUE(p3->instance.gpuId.startsWith(u"V100")) << qPrintable(p3->instance.gpuId);
    const QStringList expected = {
        QStringLiteral("g4dn.xlarge cn-northwest-1 on_demand T4 x1 4.187000 CNY"),
        QStringLiteral("g4dn.xlarge cn-northwest-1 reserved T4 x1 0.000000 CNY 36m all 43800.00 standard"),
        QStringLiteral("g4dn.xlarge cn-northwest-1 reserved T4 x1 1.065000 CNY 36m partial 28000.00 convertible"),
        QStringLiteral("g4dn.xlarge cn-northwest-1 reserved T4 x1 2.638000 CNY 12m none 0.00 standard"),
        QStringLiteral("p3.2xlarge cn-north-1 on_demand %1 x1 29.756000 CNY").arg(p3->instance.gpuId),
        QStringLiteral("p3.2xlarge cn-north-1 reserved %1 x1 10.620000 CNY 12m partial 93000.00 standard").arg(p3->instance.gpuId),
    };
    EXPECT_EQ(describeAll(batch->offers), expected);
    for (const core::ImportedOffer &o : batch->offers) {
        EXPECT_EQ(o.currency, u"CNY"); // never converted while parsing
        EXPECT_EQ(o.source, QStringLiteral("AWS China Price List API (published 2026-11-01T00:00:00Z)"));
        EXPECT_NE(o.billing, core::Billing::Spot);
    }
}

TEST(AwsChinaOfferFile, AChinaRegionReadsOnlyTheChinaFile)
{
    FixtureHttpClient http;
    http.serveFile(kChinaOfferPath, kAwsChinaFile);
    auto source = awsWithChina();
    core::RefreshContext context;
    context.http = &http;
    context.regions = {QStringLiteral("cn-north-1")};
    const auto batch = source->fetch(QStringLiteral("aws"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    ASSERT_EQ(http.requests.size(), 1);
    EXPECT_EQ(http.requests[0].url.host(), u"127.0.0.2");
    EXPECT_TRUE(http.requests[0].sink) << "the China file is streamed like the global ones";
    EXPECT_EQ(describeAll(batch->offers).size(), 2); // cn-northwest-1's g4dn offers are left out
    for (const core::ImportedOffer &o : batch->offers)
        EXPECT_EQ(o.region, u"cn-north-1");
    EXPECT_TRUE(batch->interruptions.isEmpty());
}

TEST(AwsChinaOfferFile, AnUnfilteredRefreshReadsBothPartitions)
{
    FixtureHttpClient http;
    serveAwsGlobal(http);
    http.serveFile(kChinaOfferPath, kAwsChinaFile);
    auto source = awsWithChina();
    core::RefreshContext context;
    context.http = &http;
    const auto batch = source->fetch(QStringLiteral("aws"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_TRUE(findOffer(*batch, QStringLiteral("p5.48xlarge"), core::Billing::OnDemand, 0, QStringLiteral("none"),
                          QStringLiteral("us-east-1")));
    EXPECT_TRUE(findOffer(*batch, QStringLiteral("g4dn.xlarge"), core::Billing::Reserved, 36, QStringLiteral("all"),
                          QStringLiteral("cn-northwest-1")));
    EXPECT_TRUE(asked(http, AwsPriceListSource::regionIndexPath()));
    EXPECT_TRUE(asked(http, kChinaOfferPath));
    for (const core::ImportExclusion &e : batch->exclusions)
        EXPECT_FALSE(e.reason.contains(u"not refreshed")) << qPrintable(e.reason);
}

TEST(AwsChinaOfferFile, OnePartitionFailingKeepsTheOthersPrices)
{
    {
        FixtureHttpClient http; // the China file is missing
        serveAwsGlobal(http);
        auto source = awsWithChina();
        core::RefreshContext context;
        context.http = &http;
        const auto batch = source->fetch(QStringLiteral("aws"), context);
        ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
        EXPECT_TRUE(findOffer(*batch, QStringLiteral("p5.48xlarge"), core::Billing::OnDemand));
        ASSERT_FALSE(batch->exclusions.isEmpty());
        EXPECT_EQ(batch->exclusions.last().reason, u"AWS China price file not refreshed; previous China prices kept");
        EXPECT_TRUE(batch->exclusions.last().detail.contains(u"HTTP 404")) << qPrintable(batch->exclusions.last().detail);
        EXPECT_EQ(batch->exclusions.last().file, u"http://127.0.0.2:9/offers/v1.0/cn/AmazonEC2/current/index.json");
    }
    {
        FixtureHttpClient http; // the global region index is missing
        http.serveFile(kChinaOfferPath, kAwsChinaFile);
        auto source = awsWithChina();
        core::RefreshContext context;
        context.http = &http;
        const auto batch = source->fetch(QStringLiteral("aws"), context);
        ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
        EXPECT_EQ(batch->offers.size(), 6);
        ASSERT_FALSE(batch->exclusions.isEmpty());
        EXPECT_EQ(batch->exclusions.last().reason, u"AWS price list not refreshed; previous prices outside China kept");
    }
    {
        FixtureHttpClient http; // neither
        auto source = awsWithChina();
        core::RefreshContext context;
        context.http = &http;
        const auto batch = source->fetch(QStringLiteral("aws"), context);
        ASSERT_FALSE(batch.ok());
        EXPECT_TRUE(batch.errorMessage().contains(u"region_index.json"));
        EXPECT_TRUE(batch.errorMessage().contains(u"AWS China: http://127.0.0.2:9/offers/v1.0/cn/AmazonEC2/current/index.json"))
            << qPrintable(batch.errorMessage());
    }
}

TEST(AwsChinaOfferFile, WithoutAChinaUrlAChinaRegionIsLookedUpInTheGlobalIndex)
{
    FixtureHttpClient http;
    serveAwsGlobal(http);
    AwsPriceListSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), resolver(), shapes());
    core::RefreshContext context;
    context.http = &http;
    context.regions = {QStringLiteral("cn-north-1")};
    const auto batch = source.fetch(QStringLiteral("aws"), context);
    ASSERT_FALSE(batch.ok());
    EXPECT_TRUE(batch.errorMessage().contains(u"region 'cn-north-1' is not in the region index"));
}

// ---------------------------------------------------------------- Azure China

TEST(AzureChinaPriceSheet, TheDownloadAnswerNamesTheSheet)
{
    const QJsonObject sample = QJsonDocument::fromJson(readFixture(QStringLiteral("azure-china/pricesheet_download.json"))).object();
    const auto download = parseAzureChinaDownload(sample, QStringLiteral("download"));
    ASSERT_TRUE(download.ok()) << qPrintable(download.errorMessage());
    EXPECT_EQ(download->url.host(), u"upapisachinanorth3.blob.core.chinacloudapi.cn");
    EXPECT_EQ(download->lastRefreshedAt, u"2023-06-02T04:19:45Z");
    const auto missing = parseAzureChinaDownload(QJsonObject{{QStringLiteral("LastRefreshedAt"), QStringLiteral("x")}},
                                                 QStringLiteral("download"));
    ASSERT_FALSE(missing.ok());
    EXPECT_TRUE(missing.errorMessage().startsWith(u"download: DownloadUrl")) << qPrintable(missing.errorMessage());
}

namespace {

core::Result<core::ImportBatch> parseSheet(const QByteArray &csv, qsizetype chunk, const QStringList &regions = {})
{
    AzureRetailParser items(resolver(), shapes());
    items.setSource(QStringLiteral("Azure China retail price sheet"));
    AzureChinaPriceSheetParser sheet(items, QStringLiteral("sheet.csv"), regions);
    for (qsizetype at = 0; at < csv.size(); at += chunk) {
        if (!sheet.feed(csv.constData() + at, std::size_t(std::min(chunk, csv.size() - at))))
            break;
    }
    if (auto done = sheet.finish(); !done)
        return done.error();
    return items.finish();
}

} // namespace

TEST(AzureChinaPriceSheet, GpuSizesKeepOnDemandReservationsAndSavingsPlansInCny)
{
    for (qsizetype chunk : {qsizetype(1), qsizetype(7), qsizetype(1 << 20)}) {
        const auto batch = parseSheet(readFixture(kAzureSheet), chunk);
        ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
        QStringList expected = {
            QStringLiteral("Standard_NC4as_T4_v3 chinaeast2 on_demand T4 x1 5.800000 CNY"),
            QStringLiteral("Standard_NC4as_T4_v3 chinanorth3 on_demand T4 x1 5.520000 CNY"),
            QStringLiteral("Standard_NC4as_T4_v3 chinanorth3 reserved T4 x1 %1 CNY 12m none 0.00")
                .arg(30218.4 / 8760, 0, 'f', 6),
            QStringLiteral("Standard_NC4as_T4_v3 chinanorth3 reserved T4 x1 %1 CNY 36m none 0.00")
                .arg(62100 / 26280.0, 0, 'f', 6),
            QStringLiteral("Standard_NC4as_T4_v3 chinanorth3 savings_plan T4 x1 2.870000 CNY 36m none 0.00 compute"),
            QStringLiteral("Standard_NC4as_T4_v3 chinanorth3 savings_plan T4 x1 4.140000 CNY 12m none 0.00 compute"),
            QStringLiteral("Standard_NC6s_v3 chinanorth2 on_demand %1 x1 21.470000 CNY")
                .arg(resolver().resolve(QStringLiteral("V100"), QStringLiteral("azure"), QStringLiteral("Standard_NC6s_v3"))->gpuId),
        };
        expected.sort();
        EXPECT_EQ(describeAll(batch->offers), expected) << "chunk " << chunk;
        for (const core::ImportedOffer &o : batch->offers)
            EXPECT_EQ(o.source, u"Azure China retail price sheet");
        ASSERT_EQ(batch->files.size(), 1);
        EXPECT_EQ(batch->files[0].sourceRows, 15);
        EXPECT_TRUE(batch->exclusions.isEmpty()) << qPrintable(batch->exclusions.first().detail);
    }
}

TEST(AzureChinaPriceSheet, ARegionScopedReadKeepsThatRegion)
{
    const auto batch = parseSheet(readFixture(kAzureSheet), 4096, {QStringLiteral("chinaeast2")});
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    EXPECT_EQ(describeAll(batch->offers), QStringList{QStringLiteral("Standard_NC4as_T4_v3 chinaeast2 on_demand T4 x1 5.800000 CNY")});
}

TEST(AzureChinaPriceSheet, BadSheetsAndRowsAreNamed)
{
    const QByteArray header = "currencyCode,retailPrice,armRegionName,meterName,productName,skuName,serviceName,"
                              "unitOfMeasure,type,armSkuName,term\r\n";
    // A BOM before the header is not part of the first column's name.
    const auto bom = parseSheet("\xEF\xBB\xBF" + header + "CNY,5.5,chinanorth3,NC4as T4 v3,Virtual Machines NCasT4 v3 Series,"
                                                          "NC4as T4 v3,Virtual Machines,1 Hour,Consumption,Standard_NC4as_T4_v3,\r\n",
                                1);
    ASSERT_TRUE(bom.ok()) << qPrintable(bom.errorMessage());
    EXPECT_EQ(bom->offers.size(), 1);

    const auto noPrice = parseSheet("currencyCode,armRegionName,serviceName\nCNY,chinanorth3,Virtual Machines\n", 64);
    ASSERT_FALSE(noPrice.ok());
    EXPECT_TRUE(noPrice.errorMessage().startsWith(u"sheet.csv: line 1: no column armSkuName")) << qPrintable(noPrice.errorMessage());
    EXPECT_TRUE(noPrice.errorMessage().contains(u"retailPrice"));

    const auto open = parseSheet(header + "CNY,\"5.5,chinanorth3\n", 64);
    ASSERT_FALSE(open.ok());
    EXPECT_EQ(open.errorMessage(), u"sheet.csv: line 2: quoted field not closed");

    EXPECT_FALSE(parseSheet(QByteArray(), 64).ok());

    // One unreadable row is left out and named; the rest of the sheet is read.
    const auto rows = parseSheet(header
                                     + "CNY,n/a,chinanorth3,NC4as T4 v3,Virtual Machines NCasT4 v3 Series,NC4as T4 v3,"
                                       "Virtual Machines,1 Hour,Consumption,Standard_NC4as_T4_v3,\r\n"
                                       "CNY,9,chinanorth3,NC4as T4 v3,Virtual Machines NCasT4 v3 Series,NC4as T4 v3,"
                                       "Virtual Machines,1 Hour,Reservation,Standard_NC4as_T4_v3,2 Months\r\n"
                                       "CNY,-1,chinanorth3,NC4as T4 v3,Virtual Machines NCasT4 v3 Series,NC4as T4 v3,"
                                       "Virtual Machines,1 Hour,SavingsPlanConsumption,Standard_NC4as_T4_v3,1 Year\r\n"
                                       "CNY,5.5,chinanorth3,too,few\r\n"
                                       "CNY,5.5,chinaeast2,NC4as T4 v3,Virtual Machines NCasT4 v3 Series,NC4as T4 v3,"
                                       "Virtual Machines,1 Hour,Consumption,Standard_NC4as_T4_v3,\r\n",
                                 16);
    ASSERT_TRUE(rows.ok()) << qPrintable(rows.errorMessage());
    EXPECT_EQ(describeAll(rows->offers), QStringList{QStringLiteral("Standard_NC4as_T4_v3 chinaeast2 on_demand T4 x1 5.500000 CNY")});
    ASSERT_EQ(rows->exclusions.size(), 3);
    EXPECT_TRUE(rows->exclusions[2].detail.contains(u"line 4.retailPrice: negative price")) << qPrintable(rows->exclusions[2].detail);
    // A refused savings-plan rate keeps the stored one, matched by its term and class.
    ASSERT_EQ(rows->kept.size(), 1);
    EXPECT_EQ(rows->kept[0].billing, core::Billing::SavingsPlan);
    EXPECT_EQ(rows->kept[0].termMonths, 12);
    EXPECT_EQ(rows->kept[0].offeringClass, u"compute");
    EXPECT_TRUE(rows->exclusions[0].detail.contains(u"line 2.retailPrice")) << qPrintable(rows->exclusions[0].detail);
    EXPECT_TRUE(rows->exclusions[1].detail.contains(u"line 3.reservationTerm: unknown term '2 Months'"))
        << qPrintable(rows->exclusions[1].detail);
}

TEST(AzureChinaPriceSheet, TheRetailSourceReadsChinaRegionsFromTheSheet)
{
    FixtureHttpClient http;
    http.serve(AzureChinaPriceSheet::downloadPath(),
               R"({"DownloadUrl": "http://127.0.0.3:9/retailpricesasync/AzureRetailPrices.csv?sv=2021&sig=SECRETSIG",
                   "LastRefreshedAt": "2026-12-01T04:19:45Z", "ExpiryTime": "2026-12-01T06:54:57Z"})",
               200, QStringLiteral("api-version=2023-06-01-preview"));
    http.serveFile(QStringLiteral("/retailpricesasync/AzureRetailPrices.csv"), kAzureSheet);
    AzureRetailSource source(QUrl(QStringLiteral("http://127.0.0.1:9")), resolver(), shapes());
    source.setChinaBaseUrl(QUrl(QStringLiteral("http://127.0.0.2:9")));
    core::RefreshContext context;
    context.http = &http;
    context.regions = {QStringLiteral("chinanorth3")};
    const auto batch = source.fetch(QStringLiteral("azure"), context);
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    ASSERT_EQ(http.requests.size(), 2) << "no query of the global API for a China region";
    EXPECT_EQ(http.requests[0].url.host(), u"127.0.0.2");
    EXPECT_TRUE(http.requests[1].sink) << "the sheet is streamed";
    EXPECT_EQ(batch->offers.size(), 5);
    const core::ImportedOffer *od = findOffer(*batch, QStringLiteral("Standard_NC4as_T4_v3"), core::Billing::OnDemand);
    ASSERT_TRUE(od);
    EXPECT_EQ(od->currency, u"CNY");
    EXPECT_EQ(od->source, u"Azure China retail price sheet (refreshed 2026-12-01T04:19:45Z)");
    ASSERT_EQ(batch->files.size(), 1);
    EXPECT_FALSE(batch->files[0].file.contains(u"SECRETSIG")) << qPrintable(batch->files[0].file);

    // The sheet missing: the error names the download, and an unfiltered refresh keeps the global prices.
    FixtureHttpClient global;
    global.serveFile(QStringLiteral("/api/retail/prices"), QStringLiteral("azure/retail_prices_page2.json"));
    const auto both = source.fetch(QStringLiteral("azure"), [&] {
        core::RefreshContext c;
        c.http = &global;
        return c;
    }());
    ASSERT_TRUE(both.ok()) << qPrintable(both.errorMessage());
    ASSERT_FALSE(both->exclusions.isEmpty());
    EXPECT_EQ(both->exclusions.last().reason, u"Azure China price sheet not refreshed; previous China prices kept");
    EXPECT_TRUE(both->exclusions.last().detail.contains(u"/api/retail/pricesheet/download"));
}

// ---------------------------------------------------------------- Alibaba public price file

TEST(AlibabaPublicPrices, EveryPeriodIsASubscriptionOfItsLength)
{
    const QByteArray file = R"({"currency": "CNY", "version": "2.0.400", "pricingInfo": {
        "cn-hangzhou::ecs.gn6i-c4g1.xlarge::vpc::linux::optimized": {
          "hours": [{"price": "11.75", "period": "1"}],
          "weeks": [{"price": "1200", "period": "1"}],
          "months": [{"price": "3600", "period": "1"}, {"price": "7000", "period": "2"}, {"price": "40000", "period": "12"}],
          "years": [{"price": "36720", "period": "1"}, {"price": "66000", "period": "2"}, {"price": "91800", "period": "3"},
                    {"price": "140000", "period": "5"}, {"price": "", "period": "4"}]}}})";
    const core::ImportedInstance gn6i{QStringLiteral("alicloud"), QStringLiteral("ecs.gn6i-c4g1.xlarge"),
                                      QStringLiteral("T4"), 1, 4, 15, {}};
    const auto batch = parseAlibabaPublicPrices(file, QStringLiteral("instancePrice.json"), {gn6i}, {});
    ASSERT_TRUE(batch.ok()) << qPrintable(batch.errorMessage());
    QStringList expected{QStringLiteral("ecs.gn6i-c4g1.xlarge cn-hangzhou on_demand T4 x1 11.750000 CNY"),
                           QStringLiteral("ecs.gn6i-c4g1.xlarge cn-hangzhou reserved T4 x1 %1 CNY 12m all 36720.00").arg(36720 / 8760.0, 0, 'f', 6),
                           QStringLiteral("ecs.gn6i-c4g1.xlarge cn-hangzhou reserved T4 x1 %1 CNY 1m all 3600.00").arg(3600 / 730.0, 0, 'f', 6),
                           QStringLiteral("ecs.gn6i-c4g1.xlarge cn-hangzhou reserved T4 x1 %1 CNY 24m all 66000.00").arg(66000 / 17520.0, 0, 'f', 6),
                           QStringLiteral("ecs.gn6i-c4g1.xlarge cn-hangzhou reserved T4 x1 %1 CNY 2m all 7000.00").arg(7000 / 1460.0, 0, 'f', 6),
                           QStringLiteral("ecs.gn6i-c4g1.xlarge cn-hangzhou reserved T4 x1 %1 CNY 36m all 91800.00").arg(91800 / 26280.0, 0, 'f', 6),
                           QStringLiteral("ecs.gn6i-c4g1.xlarge cn-hangzhou reserved T4 x1 %1 CNY 60m all 140000.00").arg(140000 / 43800.0, 0, 'f', 6)};
    expected.sort();
    EXPECT_EQ(describeAll(batch->offers), expected);
    // A subscription is paid up front: the period's total is the fee, nothing recurs; the source names the period.
    const core::ImportedOffer *threeYears = findOffer(*batch, gn6i.name, core::Billing::Reserved, 36, QStringLiteral("all"));
    ASSERT_TRUE(threeYears);
    EXPECT_EQ(threeYears->priceBasis, core::PriceBasis::Effective);
    EXPECT_EQ(threeYears->recurringPerHour, 0.0);
    EXPECT_EQ(threeYears->source, u"Alibaba Cloud public price file 2.0.400 (years 3: 36-month subscription)");
    // Months 12 beside years 1: the yearly product is kept.
    EXPECT_EQ(findOffer(*batch, gn6i.name, core::Billing::Reserved, 12, QStringLiteral("all"))->upfrontFee, 36720.0);
    // The empty years 4 price is named, not read as zero.
    ASSERT_EQ(batch->exclusions.size(), 1);
    EXPECT_TRUE(batch->exclusions[0].detail.contains(u"years[4]")) << qPrintable(batch->exclusions[0].detail);
}
