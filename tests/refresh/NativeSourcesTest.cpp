// Native price APIs end to end through the real HTTP client and the CLI: AWS's region index
// and streamed (gzip) regional offer files, Azure's paginated Retail Prices API.

#include "RefreshFixture.h"

#include <QProcess>

#include <gtest/gtest.h>

using namespace gpuplanner;
using tests::HttpTestReply;

namespace {

// The CLI on a copy of the embedded catalog (RefreshFixture), its endpoints on the loopback server.
class NativeSources : public tests::RefreshFixture
{
protected:
    int run(const QStringList &args, QString *out = nullptr, QString *err = nullptr,
            const QProcessEnvironment &extra = QProcessEnvironment())
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CACHE_HOME"), m_dir.filePath(QStringLiteral("cache")));
        env.insert(extra);
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(GPUPLANNER_CLI_PATH), QStringList{QStringLiteral("--catalog"), m_catalog} + args);
        EXPECT_TRUE(process.waitForFinished(120000));
        if (out)
            *out = QString::fromUtf8(process.readAllStandardOutput());
        if (err)
            *err = QString::fromUtf8(process.readAllStandardError());
        return process.exitCode();
    }
};

} // namespace

TEST_F(NativeSources, AwsPriceListStreamsRegionFilesIntoOnDemandAndReservedOffers)
{
    HttpTestReply index;
    index.body = tests::apiFixture("aws/region_index_AmazonEC2.json");
    m_server.routeSequence("/offers/v1.0/aws/AmazonEC2/current/region_index.json", {index});
    HttpTestReply useast;
    useast.body = tests::apiFixture("aws/offer_AmazonEC2_us-east-1_gpu_excerpt.json");
    useast.gzip = true;
    m_server.routeSequence("/offers/v1.0/aws/AmazonEC2/20260701000000/us-east-1/index.json", {useast});
    HttpTestReply euwest;
    euwest.body = tests::apiFixture("aws/offer_AmazonEC2_eu-west-1_mixed.json");
    m_server.routeSequence("/offers/v1.0/aws/AmazonEC2/20260701000000/eu-west-1/index.json", {euwest});
    HttpTestReply spIndex;
    spIndex.body = tests::apiFixture("aws/savingsplan_region_index.json");
    m_server.routeSequence("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json", {spIndex});
    HttpTestReply spUsEast;
    spUsEast.body = tests::apiFixture("aws/savingsplan_AWSComputeSavingsPlan_us-east-1_excerpt.json");
    spUsEast.gzip = true;
    m_server.routeSequence("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20260701000000/us-east-1/index.json", {spUsEast});
    HttpTestReply spEuWest;
    spEuWest.body = R"({"version": "20260701000000", "regionCode": "eu-west-1", "products": [], "terms": {"savingsPlan": []}})";
    m_server.routeSequence("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20260701000000/eu-west-1/index.json", {spEuWest});

    // The Spot Advisor feed too, from the loopback server: a test never reaches the internet.
    HttpTestReply advisor;
    advisor.body = tests::apiFixture("aws/spot_advisor_real_2025-06-28.json");
    m_server.routeSequence("/spot-advisor-data.json", {advisor});

    QString out, err;
    const int code = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("aws"), QStringLiteral("--region"),
                          QStringLiteral("us-east-1,eu-west-1"), QStringLiteral("--endpoint"),
                          QStringLiteral("aws=") + m_server.url(QStringLiteral("/")).toString(), QStringLiteral("--endpoint"),
                          QStringLiteral("aws-spot-advisor=") + m_server.url(QStringLiteral("/spot-advisor-data.json")).toString(),
                          QStringLiteral("--force")},
                         &out, &err);
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    bool advisorAsked = false;
    for (const auto &request : m_server.requests())
        advisorAsked = advisorAsked || request.path == "/spot-advisor-data.json";
    EXPECT_TRUE(advisorAsked) << "--endpoint aws-spot-advisor=URL is where the feed is read";
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE reason LIKE 'Spot Advisor feed not refreshed%'")),
              0);
    const QString awsOffers = QStringLiteral(
        "SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
        "JOIN regions r ON r.id = o.region_id WHERE it.provider_id = 'aws' AND r.code IN ('us-east-1', 'eu-west-1') "
        "AND o.billing = '%1'");
    EXPECT_GT(scalar(awsOffers.arg(QStringLiteral("on_demand"))), 0);
    EXPECT_GT(scalar(awsOffers.arg(QStringLiteral("reserved"))), 0);
    // p5.48xlarge on-demand in us-east-1 as in the fixture (55.04 USD/h).
    EXPECT_EQ(scalar(QStringLiteral(
                  "SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                  "JOIN regions r ON r.id = o.region_id WHERE it.name = 'p5.48xlarge' AND r.code = 'us-east-1' "
                  "AND o.billing = 'on_demand' AND abs(o.hourly_price - 55.04) < 1e-9")),
              1);
    // Savings plans from the Savings Plans price list: Compute and EC2 Instance plans, the
    // effective rate per instance-hour, the upfront part unknown per instance.
    EXPECT_EQ(scalar(QStringLiteral(
                  "SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                  "JOIN regions r ON r.id = o.region_id WHERE it.name = 'p5.48xlarge' AND r.code = 'us-east-1' "
                  "AND o.billing = 'savings_plan' AND o.price_basis = 'effective' AND o.upfront_fee IS NULL "
                  "AND ((o.offering_class = 'compute' AND o.term_months = 12 AND abs(o.hourly_price - 41.28) < 1e-9) "
                  "  OR (o.offering_class = 'compute' AND o.term_months = 36 AND o.upfront = 'all') "
                  "  OR (o.offering_class = 'instance' AND o.term_months = 36 AND abs(o.hourly_price - 24.98) < 1e-9))")),
              3);
    // Spot prices come from another source and are not touched by an on-demand/reserved refresh.
    EXPECT_GT(scalar(awsOffers.arg(QStringLiteral("spot"))), 0);
    EXPECT_TRUE(m_server.requests().at(1).headers.value("accept-encoding").contains("gzip"));
}

TEST_F(NativeSources, AwsSavingsPlanOutageKeepsTheStoredRatesAndTheRestOfTheRefresh)
{
    HttpTestReply index;
    index.body = tests::apiFixture("aws/region_index_AmazonEC2.json");
    m_server.routeSequence("/offers/v1.0/aws/AmazonEC2/current/region_index.json", {index});
    HttpTestReply useast;
    useast.body = tests::apiFixture("aws/offer_AmazonEC2_us-east-1_gpu_excerpt.json");
    m_server.routeSequence("/offers/v1.0/aws/AmazonEC2/20260701000000/us-east-1/index.json", {useast});
    HttpTestReply down;
    down.status = 503;
    down.body = "Service Unavailable";
    m_server.routeSequence("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json", {down, down, down, down});
    const QString plans = QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                         "WHERE it.provider_id = 'aws' AND o.billing = 'savings_plan' "
                                         "AND o.unavailable_since IS NULL");
    const qint64 before = scalar(plans);
    ASSERT_GT(before, 0);
    QString out, err;
    const int code = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("aws"), QStringLiteral("--region"),
                          QStringLiteral("us-east-1"), QStringLiteral("--force"), QStringLiteral("--endpoint"),
                          QStringLiteral("aws=") + m_server.url(QStringLiteral("/")).toString(), QStringLiteral("--endpoint"),
                          QStringLiteral("aws-spot-advisor=") + m_server.url(QStringLiteral("/spot-advisor-data.json")).toString()},
                         &out, &err);
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    EXPECT_EQ(scalar(plans), before);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE reason LIKE "
                                    "'savings-plan rates not refreshed%' AND detail LIKE '%503%'")),
              1);
}

TEST_F(NativeSources, AzureRetailPricesFollowNextPageLink)
{
    const QByteArray page1 = tests::apiFixture("azure/retail_prices_page1.json");
    const QByteArray page2 = tests::apiFixture("azure/retail_prices_page2.json");
    m_server.route("/api/retail/prices", [&](const tests::HttpTestRequest &request) {
        HttpTestReply r;
        r.body = request.query.contains("skip") ? page2 : page1;
        return r;
    });
    QString out, err;
    const int code = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("azure"), QStringLiteral("--region"),
                          QStringLiteral("eastus"), QStringLiteral("--force"), QStringLiteral("--endpoint"),
                          QStringLiteral("azure=") + m_server.url(QStringLiteral("/")).toString()},
                         &out, &err);
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    EXPECT_EQ(m_server.hits("/api/retail/prices"), 2);
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = "
                                    "o.instance_type_id JOIN regions r ON r.id = o.region_id WHERE it.provider_id = "
                                    "'azure' AND r.code = 'eastus' AND o.billing = 'reserved'")),
              0);
}

TEST_F(NativeSources, GcpRefreshPricesNewerFamiliesAndLeavesWhatItCannotPrice)
{
    const QByteArray page = tests::apiFixture("gcp/cloudbilling_skus_new_families.json");
    m_server.route("/v1/services/6F81-5844-456A/skus", [&](const tests::HttpTestRequest &) {
        HttpTestReply r;
        r.body = page;
        return r;
    });
    const QString gcpOffers = QStringLiteral(
        "SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
        "WHERE it.provider_id = 'gcp' AND it.name LIKE '%1' AND o.unavailable_since IS NULL");
    const qint64 tpusBefore = scalar(gcpOffers.arg(QStringLiteral("tpu-%")));
    const qint64 a2Before = scalar(gcpOffers.arg(QStringLiteral("a2-%")));
    ASSERT_GT(tpusBefore, 0);

    QProcessEnvironment key;
    key.insert(QStringLiteral("GPUPLANNER_GCP_API_KEY"), QStringLiteral("test-key"));
    QString out, err;
    const int code = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("gcp"), QStringLiteral("--force"),
                          QStringLiteral("--endpoint"), QStringLiteral("gcp=") + m_server.url(QStringLiteral("/")).toString()},
                         &out, &err, key);
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    const QString price = QStringLiteral(
        "SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
        "JOIN regions r ON r.id = o.region_id WHERE it.name = '%1' AND r.code = 'us-central1' "
        "AND o.billing = 'on_demand' AND o.unavailable_since IS NULL AND abs(o.hourly_price - %2) < 1e-6");
    EXPECT_EQ(scalar(price.arg(QStringLiteral("a3-ultragpu-8g")).arg(8 * 9.31174 + 224 * 0.02874 + 2952 * 0.002485)), 1);
    EXPECT_EQ(scalar(price.arg(QStringLiteral("a4-highgpu-8g")).arg(8 * 16.11)), 1);
    // TPUs and the A2 machines this page does not price are left as they were, and the output says so.
    EXPECT_EQ(scalar(gcpOffers.arg(QStringLiteral("tpu-%"))), tpusBefore);
    EXPECT_EQ(scalar(gcpOffers.arg(QStringLiteral("a2-%"))), a2Before);
    EXPECT_TRUE(out.contains(QStringLiteral("families this source does not price kept as they were"))) << out.toStdString();
    EXPECT_TRUE(out.contains(QStringLiteral("a2-highgpu"))) << out.toStdString();
    EXPECT_FALSE(out.contains(QStringLiteral("test-key")) || err.contains(QStringLiteral("test-key")));
}

TEST_F(NativeSources, KeyedApisExplainTheMissingKey)
{
    QString err;
    const int code = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("gcp")},
                         nullptr, &err);
    EXPECT_EQ(code, 1);
    EXPECT_TRUE(err.contains(QStringLiteral("GPUPLANNER_GCP_API_KEY"))) << err.toStdString();
}
