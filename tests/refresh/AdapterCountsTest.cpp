// Every native price adapter end to end, as a refresh runs it: the adapter fetches fixtures in
// the providers' real shapes from a loopback server through libcurl, the Refresher stores the
// batch in a copy of the embedded catalog, and the added / changed / removed / unchanged / left
// counts and the entries skipped with a reason are asserted. A second refresh of the same data
// changes nothing.

#include "RefreshFixture.h"

#include "net/providers/AwsPriceListSource.h"
#include "net/providers/AzureRetailSource.h"
#include "net/providers/GcpBillingSource.h"
#include "net/providers/InstanceShapes.h"
#include "net/providers/LambdaSource.h"
#include "net/providers/RunPodSource.h"
#include "net/providers/VastSource.h"

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::net;
using tests::HttpTestReply;

namespace {

HttpTestReply reply(const QByteArray &body)
{
    HttpTestReply r;
    r.body = body;
    return r;
}

struct Expected
{
    int added, changed, removed, unchanged, leftInRegions, leftInFamilies, skipped;
};

class AdapterCounts : public tests::RefreshFixture
{
protected:
    void SetUp() override
    {
        RefreshFixture::SetUp();
        auto shapes = InstanceShapes::loadEmbedded();
        ASSERT_TRUE(shapes.ok()) << shapes.errorMessage().toStdString();
        m_shapes = shapes.value();
    }

    // Entries of the loopback server's files the refresh left out, each with its reason.
    qint64 skipped(const QString &provider)
    {
        return scalar(QStringLiteral("SELECT count(*) FROM import_exclusions WHERE provider_id = '%1' AND "
                                     "file LIKE 'http://127.0.0.1%'")
                          .arg(provider));
    }

    // Refreshes twice: the first run's counts are checked against expected, the second finds
    // every offer unchanged.
    void refreshTwice(core::PriceSource &source, const QString &provider, const QStringList &regions, const Expected &e)
    {
        RefreshOptions options;
        options.force = true; // fixtures are excerpts: far fewer offers than the embedded catalog
        options.regions = regions;
        const QString available = QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = "
                                                 "o.instance_type_id WHERE it.provider_id = '%1' AND "
                                                 "o.unavailable_since IS NULL")
                                      .arg(provider);
        const qint64 before = scalar(available);
        const auto first = refresh(source, {provider}, options);
        ASSERT_EQ(first.size(), 1);
        ASSERT_EQ(first.at(0).status, core::RefreshStatus::Ok) << first.at(0).error.toStdString();
        const core::RefreshCounts &c = first.at(0).counts;
        EXPECT_EQ(c.added, e.added) << provider.toStdString();
        EXPECT_EQ(c.changed, e.changed) << provider.toStdString();
        EXPECT_EQ(c.removed, e.removed) << provider.toStdString();
        EXPECT_EQ(c.unchanged, e.unchanged) << provider.toStdString();
        EXPECT_EQ(c.leftAsTheyWere, e.leftInRegions) << provider.toStdString();
        EXPECT_EQ(c.typesLeftAsTheyWere, e.leftInFamilies) << provider.toStdString();
        EXPECT_EQ(skipped(provider), e.skipped) << provider.toStdString();
        // The counts are what the catalog shows: new offers appear, dropped ones are marked unavailable.
        EXPECT_EQ(scalar(available), before + c.added - c.removed) << provider.toStdString();

        const auto second = refresh(source, {provider}, options);
        ASSERT_EQ(second.at(0).status, core::RefreshStatus::Ok) << second.at(0).error.toStdString();
        EXPECT_EQ(second.at(0).counts.added, 0) << provider.toStdString();
        EXPECT_EQ(second.at(0).counts.changed, 0) << provider.toStdString();
        EXPECT_EQ(second.at(0).counts.removed, 0) << provider.toStdString();
        EXPECT_EQ(second.at(0).counts.unchanged, c.added + c.changed + c.unchanged) << provider.toStdString();
    }

    QUrl base() { return m_server.url(QStringLiteral("/")); }

    InstanceShapes m_shapes;
};

} // namespace

TEST_F(AdapterCounts, Aws)
{
    m_server.routeSequence("/offers/v1.0/aws/AmazonEC2/current/region_index.json",
                           {reply(tests::apiFixture("aws/region_index_AmazonEC2.json")), reply(tests::apiFixture("aws/region_index_AmazonEC2.json"))});
    const QByteArray useast = tests::apiFixture("aws/offer_AmazonEC2_us-east-1_gpu_excerpt.json");
    m_server.routeSequence("/offers/v1.0/aws/AmazonEC2/20260701000000/us-east-1/index.json", {reply(useast), reply(useast)});
    const QByteArray spIndex = tests::apiFixture("aws/savingsplan_region_index.json");
    m_server.routeSequence("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json", {reply(spIndex), reply(spIndex)});
    const QByteArray sp = tests::apiFixture("aws/savingsplan_AWSComputeSavingsPlan_us-east-1_excerpt.json");
    m_server.routeSequence("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/20260701000000/us-east-1/index.json", {reply(sp), reply(sp)});
    const QByteArray advisor = tests::apiFixture("aws/spot_advisor_real_2025-06-28.json");
    AwsPriceListSource source(base(), m_reference.resolver(), m_shapes);
    source.setSpotAdvisorUrl(m_server.url(QStringLiteral("/spot-advisor-data.json")));
    m_server.routeSequence("/spot-advisor-data.json", {reply(advisor), reply(advisor)});
    // us-east-1 from the excerpt: 3 on-demand/reserved offers (1 changed, 2 as stored) and 4 savings
    // plans (new); the full offer file lists every instance type, so the region's other on-demand,
    // reserved and savings-plan offers (530) are marked unavailable; spot is not this source's.
    // Skipped: the savings-plan rate of 0.
    refreshTwice(source, QStringLiteral("aws"), {QStringLiteral("us-east-1")}, Expected{3, 2, 540, 2, 0, 0, 1});
}

TEST_F(AdapterCounts, Azure)
{
    const QByteArray page1 = tests::apiFixture("azure/retail_prices_page1.json");
    const QByteArray page2 = tests::apiFixture("azure/retail_prices_page2.json");
    m_server.route("/api/retail/prices", [&](const tests::HttpTestRequest &request) {
        return reply(request.query.contains("skip") ? page2 : page1);
    });
    AzureRetailSource source(base(), m_reference.resolver(), m_shapes);
    // eastus: two sizes x on-demand, spot, reservation and two savings plans (10); the westus2
    // item the query returned anyway is outside the refresh and left alone. Skipped: the
    // unknown size.
    refreshTwice(source, QStringLiteral("azure"), {QStringLiteral("eastus")}, Expected{5, 3, 79, 2, 0, 0, 1});
}

TEST_F(AdapterCounts, Gcp)
{
    const QByteArray page = tests::apiFixture("gcp/cloudbilling_skus_new_families.json");
    m_server.route("/v1/services/6F81-5844-456A/skus", [&](const tests::HttpTestRequest &) { return reply(page); });
    GcpBillingSource source(base(), QStringLiteral("test-key"), m_reference, m_shapes);
    // 14 machines priced in us-central1 and us-east4 (a3-ultragpu-8g and its -nolssd twin on
    // demand, a4-highgpu-8g on demand, spot and 1-year, four whole-GPU g4 shapes); the other
    // regions (304 offers) and the families this page cannot price (1,746: A2, TPUs, ...) are
    // left as they were (the embedded catalog has no on-demand price of another usage type,
    // nor a commitment taken from one). Skipped: the virtual-workstation GPU.
    refreshTwice(source, QStringLiteral("gcp"), {}, Expected{4, 9, 40, 1, 312, 4151, 1});
}

TEST_F(AdapterCounts, Vast)
{
    const QByteArray page = tests::apiFixture("vast/bundles_search_response.json");
    m_server.route("/api/v0/bundles/", [&](const tests::HttpTestRequest &) { return reply(page); });
    VastSource source(base(), QString(), m_reference.resolver());
    // Two listings, each on demand and (its minimum bid) interruptible: four new offers; the
    // regions the response does not list keep their offers (64).
    refreshTwice(source, QStringLiteral("vast"), {}, Expected{4, 0, 0, 0, 64, 0, 0});
}

TEST_F(AdapterCounts, Lambda)
{
    const QByteArray page = tests::apiFixture("lambda/instance_types.json");
    m_server.route("/api/v1/instance-types", [&](const tests::HttpTestRequest &) { return reply(page); });
    LambdaSource source(base(), QStringLiteral("test-key"), m_reference.resolver());
    // 1x H100 in us-east-1, 1x A10 in us-west-1 and us-east-1, 8x B200 (no capacity now) in both
    // regions seen: five offers, as stored; those two regions' other Lambda offers (39) are
    // marked unavailable, the other regions (330) left as they were.
    refreshTwice(source, QStringLiteral("lambda"), {}, Expected{0, 0, 39, 5, 330, 0, 0});
}

TEST_F(AdapterCounts, RunPod)
{
    const QByteArray page = tests::apiFixture("runpod/graphql_gpuTypes_response.json");
    m_server.route("/graphql", [&](const tests::HttpTestRequest &) { return reply(page); });
    RunPodSource source(base(), QStringLiteral("test-key"), m_reference.resolver(), {QStringLiteral("US-KS-2")});
    // 16 GPU types x on-demand and spot in the one US data center asked (32, new); the catalog's two
    // embedded US types x two billing models (4) are no longer listed there; 13 other countries
    // (52 offers) are left as they were.
    refreshTwice(source, QStringLiteral("runpod"), {}, Expected{32, 0, 2, 0, 26, 0, 0});
}
