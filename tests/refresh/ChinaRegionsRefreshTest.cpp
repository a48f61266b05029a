// China-side price sources end to end through the CLI, the real HTTP client and a loopback
// server: AWS China's offer file (--endpoint aws-china=...), Azure China's price sheet
// (--endpoint azure-china=...) and the terms of Alibaba's public price file (alicloud-public).
// Huawei's and Alibaba's signed APIs are in ChinaCloudsTest.cpp.

#include "RefreshFixture.h"

#include <QProcess>

#include <gtest/gtest.h>

using namespace gpuplanner;
using tests::HttpTestReply;
using tests::HttpTestRequest;

namespace {

class ChinaRegionsRefresh : public tests::RefreshFixture
{
protected:
    int run(const QStringList &args, QString *out, QString *err)
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CACHE_HOME"), m_dir.filePath(QStringLiteral("cache")));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(GPUPLANNER_CLI_PATH), QStringList{QStringLiteral("--catalog"), m_catalog} + args);
        EXPECT_TRUE(process.waitForFinished(120000));
        *out = QString::fromUtf8(process.readAllStandardOutput());
        *err = QString::fromUtf8(process.readAllStandardError());
        return process.exitCode();
    }

    // Offers of instance in region with billing and term: "price|upfront fee|currency", or empty.
    QString offer(const char *instance, const char *region, const char *billing, int term = 0, const char *upfront = "none")
    {
        auto db = db::Database::open(m_catalog, db::OpenMode::ReadOnly);
        auto stmt = db.value()->prepare(QStringLiteral(
            "SELECT printf('%.6f|%.2f|%s', o.hourly_price, coalesce(o.upfront_fee, -1), o.currency) FROM offers o "
            "JOIN instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
            "WHERE it.name = ? AND r.code = ? AND o.billing = ? AND o.term_months = ? AND o.upfront = ? "
            "AND o.unavailable_since IS NULL"));
        stmt.value().bind(1, QLatin1String(instance)).bind(2, QLatin1String(region)).bind(3, QLatin1String(billing));
        stmt.value().bind(4, term).bind(5, QLatin1String(upfront));
        return stmt.value().step() ? stmt.value().text(0) : QString();
    }

    static QString cny(double price, double fee = 0) { return QStringLiteral("%1|%2|CNY").arg(price, 0, 'f', 6).arg(fee, 0, 'f', 2); }
};

} // namespace

TEST_F(ChinaRegionsRefresh, AwsChinaRegionsComeFromTheChinaOfferFileInCny)
{
    HttpTestReply file;
    file.body = tests::apiFixture("aws-china/offer_AmazonEC2_cn_gpu_excerpt.json");
    file.gzip = true;
    m_server.routeSequence("/offers/v1.0/cn/AmazonEC2/current/index.json", {file});
    const QString usEast = QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                          "JOIN regions r ON r.id = o.region_id WHERE it.provider_id = 'aws' "
                                          "AND r.code = 'us-east-1' AND o.unavailable_since IS NULL");
    const qint64 before = scalar(usEast);
    QString out, err;
    const int code = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("aws"), QStringLiteral("--region"),
                          QStringLiteral("cn-northwest-1,cn-north-1"), QStringLiteral("--endpoint"),
                          QStringLiteral("aws-china=") + m_server.url(QStringLiteral("/")).toString(), QStringLiteral("--force")},
                         &out, &err);
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    ASSERT_EQ(m_server.requests().size(), 1) << "the China file only: no global index, savings plans or Spot Advisor";
    EXPECT_EQ(offer("g4dn.xlarge", "cn-northwest-1", "on_demand"), cny(4.187));
    EXPECT_EQ(offer("g4dn.xlarge", "cn-northwest-1", "reserved", 12), cny(2.638));
    EXPECT_EQ(offer("g4dn.xlarge", "cn-northwest-1", "reserved", 36, "all"), cny(0, 43800));
    EXPECT_EQ(offer("g4dn.xlarge", "cn-northwest-1", "reserved", 36, "partial"), cny(1.065, 28000));
    EXPECT_EQ(offer("p3.2xlarge", "cn-north-1", "reserved", 12, "partial"), cny(10.62, 93000));
    EXPECT_EQ(offer("p3.2xlarge", "cn-north-1", "on_demand"), cny(29.756));
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN regions r ON r.id = o.region_id "
                                    "WHERE r.code LIKE 'cn-north%' AND o.billing = 'spot'")),
              0);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN regions r ON r.id = o.region_id "
                                    "WHERE r.code = 'cn-northwest-1' AND o.source LIKE 'AWS China Price List API (published 2026-11-01%'")),
              4);
    EXPECT_EQ(scalar(usEast), before) << "regions outside China are left as they were";
}

TEST_F(ChinaRegionsRefresh, AMissingAwsChinaFileKeepsTheGlobalRefresh)
{
    HttpTestReply index;
    index.body = tests::apiFixture("aws/region_index_AmazonEC2.json");
    m_server.routeSequence("/offers/v1.0/aws/AmazonEC2/current/region_index.json", {index});
    HttpTestReply useast;
    useast.body = tests::apiFixture("aws/offer_AmazonEC2_us-east-1_gpu_excerpt.json");
    m_server.routeSequence("/offers/v1.0/aws/AmazonEC2/20260701000000/us-east-1/index.json", {useast});
    HttpTestReply spIndex;
    spIndex.body = tests::apiFixture("aws/savingsplan_region_index.json");
    m_server.routeSequence("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json", {spIndex});
    HttpTestReply sp;
    sp.body = tests::apiFixture("aws/savingsplan_AWSComputeSavingsPlan_us-east-1_excerpt.json");
    m_server.routeSequence("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20260701000000/us-east-1/index.json", {sp});
    HttpTestReply advisor;
    advisor.body = tests::apiFixture("aws/spot_advisor_real_2025-06-28.json");
    m_server.routeSequence("/spot-advisor-data.json", {advisor});
    HttpTestReply gone;
    gone.status = 404;
    gone.contentType = "application/xml";
    gone.body = "<Error><Code>NoSuchKey</Code></Error>";
    m_server.routeSequence("/china/offers/v1.0/cn/AmazonEC2/current/index.json", {gone});

    QString out, err;
    const int code = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("aws"), QStringLiteral("--region"),
                          QStringLiteral("us-east-1,cn-north-1"), QStringLiteral("--force"), QStringLiteral("--endpoint"),
                          QStringLiteral("aws=") + m_server.url(QStringLiteral("/")).toString(), QStringLiteral("--endpoint"),
                          QStringLiteral("aws-spot-advisor=") + m_server.url(QStringLiteral("/spot-advisor-data.json")).toString(),
                          QStringLiteral("--endpoint"), QStringLiteral("aws-china=") + m_server.url(QStringLiteral("/china")).toString()},
                         &out, &err);
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    EXPECT_EQ(m_server.hits("/china/offers/v1.0/cn/AmazonEC2/current/index.json"), 1);
    EXPECT_EQ(offer("p5.48xlarge", "us-east-1", "on_demand").section(u'|', 0, 0), QStringLiteral("55.040000"));
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE reason = "
                                    "'AWS China price file not refreshed; previous China prices kept' AND detail LIKE '%404%'")),
              1);
}

TEST_F(ChinaRegionsRefresh, AzureChinaRegionsComeFromThePriceSheetInCny)
{
    const QByteArray sheet = tests::apiFixture("azure-china/AzureRetailPrices_excerpt.csv");
    const QString csvUrl = m_server.url(QStringLiteral("/retailpricesasync/2026120101/AzureRetailPrices.csv")).toString()
        + QStringLiteral("?sv=2021-08-06&se=2026-12-01T06%3A54%3A57Z&sr=b&sp=r&sig=SASsignatureSECRET");
    m_server.route("/api/retail/pricesheet/download", [csvUrl](const HttpTestRequest &r) {
        EXPECT_TRUE(r.query.contains("api-version=2023-06-01-preview")) << r.query.toStdString();
        HttpTestReply reply;
        // The documented answer (azure-china/pricesheet_download.json) pointing at the loopback server.
        QByteArray body = tests::apiFixture("azure-china/pricesheet_download.json");
        body.replace("https://upapisachinanorth3.blob.core.chinacloudapi.cn/retailpricesasync/2023060101/AzureRetailPrices.csv?<token>",
                     csvUrl.toUtf8());
        reply.body = body;
        return reply;
    });
    m_server.routeSequence("/retailpricesasync/2026120101/AzureRetailPrices.csv", {tests::csvReply(sheet)});
    QString out, err;
    const int code = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("azure"), QStringLiteral("--region"),
                          QStringLiteral("chinanorth3"), QStringLiteral("--endpoint"),
                          QStringLiteral("azure-china=") + m_server.url(QStringLiteral("/")).toString(), QStringLiteral("--force")},
                         &out, &err);
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    EXPECT_EQ(m_server.hits("/api/retail/prices"), 0) << "a China region is not asked of the global API";
    EXPECT_EQ(offer("Standard_NC4as_T4_v3", "chinanorth3", "on_demand"), cny(5.52));
    EXPECT_EQ(offer("Standard_NC4as_T4_v3", "chinanorth3", "reserved", 12), cny(30218.4 / 8760));
    EXPECT_EQ(offer("Standard_NC4as_T4_v3", "chinanorth3", "reserved", 36), cny(62100 / 26280.0));
    EXPECT_EQ(offer("Standard_NC4as_T4_v3", "chinanorth3", "savings_plan", 12), cny(4.14));
    EXPECT_EQ(offer("Standard_NC4as_T4_v3", "chinanorth3", "savings_plan", 36), cny(2.87));
    // The region is the catalog's Azure China region, named in regions.csv.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM regions WHERE code = 'chinanorth3' AND provider_id = 'azure' "
                                    "AND name LIKE 'China North 3%'")),
              1);
    EXPECT_FALSE((out + err).contains(QStringLiteral("SASsignatureSECRET")));
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM import_files WHERE file LIKE '%SASsignatureSECRET%'")), 0);
}

TEST_F(ChinaRegionsRefresh, AlibabasChinaSitePriceFileKeepsEveryYearlyTerm)
{
    // The China site's file (CNY): the international one's layout (alibaba/SOURCE.md) with years 1 to 5.
    HttpTestReply file;
    file.body = R"({"currency": "CNY", "version": "2.0.400", "publicationDate": "2026-11-20", "pricingInfo": {
        "cn-hangzhou::ecs.gn6i-c4g1.xlarge::vpc::linux::optimized": {
          "hours": [{"price": "11.75", "period": "1"}],
          "months": [{"price": "3600", "period": "1"}],
          "years": [{"price": "36720", "period": "1"}, {"price": "66000", "period": "2"}, {"price": "91800", "period": "3"},
                    {"price": "120000", "period": "4"}, {"price": "140000", "period": "5"}]}}})";
    m_server.routeSequence("/aliyun/ecs-price-info/2.0.400/price/download/instancePrice.json", {file});
    QString out, err;
    const int code = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("alicloud"), QStringLiteral("--region"),
                          QStringLiteral("cn-hangzhou"), QStringLiteral("--endpoint"),
                          QStringLiteral("alicloud-public=")
                              + m_server.url(QStringLiteral("/aliyun/ecs-price-info/2.0.400/price/download/instancePrice.json")).toString(),
                          QStringLiteral("--force")},
                         &out, &err);
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    EXPECT_EQ(offer("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "on_demand"), cny(11.75));
    EXPECT_EQ(offer("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 1, "all"), cny(3600 / 730.0, 3600));
    EXPECT_EQ(offer("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 12, "all"), cny(36720 / 8760.0, 36720));
    EXPECT_EQ(offer("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 24, "all"), cny(66000 / 17520.0, 66000));
    EXPECT_EQ(offer("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 36, "all"), cny(91800 / 26280.0, 91800));
    EXPECT_EQ(offer("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 48, "all"), cny(120000 / 35040.0, 120000));
    EXPECT_EQ(offer("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 60, "all"), cny(140000 / 43800.0, 140000));
}
