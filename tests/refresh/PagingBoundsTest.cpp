// Every paged source against three hostile pagers on a loopback server: one that pages forever
// (new entries, new token), one that repeats a token, and one whose pages add nothing new but
// still point onwards. Each is stopped by the shared PagingGuard within its bound, with an error
// naming the provider and the pages read, and the provider keeps its prices. Page bodies are the
// fixtures of tests/data/api (shapes from each provider's docs/SDK, see the SOURCE.md there).
// Tencent, RunPod, Vast and Lambda make no paged request (one call per region, data center or
// provider), so they have no pager to stop.

#include "RefreshFixture.h"

#include "core/import/SeedMetadata.h"
#include "net/providers/AlibabaEcsSource.h"
#include "net/providers/AzureRetailSource.h"
#include "net/providers/ChinaGpuFamilies.h"
#include "net/providers/GcpBillingSource.h"
#include "net/providers/HuaweiCloudSource.h"
#include "net/providers/InstanceShapes.h"
#include "net/providers/PagingGuard.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>

#include <atomic>

#include <gtest/gtest.h>

using namespace gpuplanner;
using tests::HttpTestReply;
using tests::HttpTestRequest;

namespace {

enum class Pager { Endless, RepeatToken, NothingNew };

const char *pagerName(Pager p)
{
    switch (p) {
    case Pager::Endless: return "endless";
    case Pager::RepeatToken: return "repeated token";
    case Pager::NothingNew: return "nothing new";
    }
    return "";
}

// A bound of 5 pages, so that the endless pager meets it quickly; the real bounds are checked below.
net::PageBound fivePages(int pageSize)
{
    return net::PageBound{pageSize, 0, 10, 5, 3};
}

QByteArray queryValue(const HttpTestRequest &r, const char *name)
{
    return QUrlQuery(QString::fromUtf8(r.query)).queryItemValue(QLatin1String(name), QUrl::FullyDecoded).toUtf8();
}

HttpTestReply json(const QJsonObject &o)
{
    HttpTestReply r;
    r.body = QJsonDocument(o).toJson(QJsonDocument::Compact);
    return r;
}

class PagingBounds : public tests::RefreshFixture
{
protected:
    struct Prices
    {
        qint64 offers = 0;
        qint64 microSum = 0;
        bool operator==(const Prices &) const = default;
    };

    Prices prices(const char *provider)
    {
        const QString where = QStringLiteral("FROM offers o JOIN instance_types it ON it.id = o.instance_type_id WHERE "
                                             "it.provider_id = '%1'")
                                  .arg(QLatin1String(provider));
        return Prices{scalar(QStringLiteral("SELECT count(*) ") + where),
                      scalar(QStringLiteral("SELECT coalesce(sum(CAST(round(o.hourly_price * 1000000) AS INTEGER)), 0) ") + where)};
    }

    // Refreshes provider from source and checks that the pager was stopped, named, within
    // maxHits requests to path, and that the provider's prices did not change.
    void expectStopped(core::PriceSource &source, const char *provider, const QByteArray &path, const QString &name,
                       const QString &why, int maxHits, Pager pager)
    {
        SCOPED_TRACE(pagerName(pager));
        const Prices before = prices(provider);
        const int hitsBefore = m_server.hits(path);
        const auto outcomes = refresh(source, {QLatin1String(provider)});
        ASSERT_EQ(outcomes.size(), 1);
        const core::ProviderOutcome &o = outcomes.constFirst();
        EXPECT_EQ(o.status, core::RefreshStatus::Failed) << o.error.toStdString();
        EXPECT_TRUE(o.error.contains(name)) << o.error.toStdString();
        EXPECT_TRUE(o.error.contains(QStringLiteral("stopped paging after"))) << o.error.toStdString();
        EXPECT_TRUE(o.error.contains(why)) << o.error.toStdString();
        EXPECT_LE(m_server.hits(path) - hitsBefore, maxHits) << o.error.toStdString();
        EXPECT_GT(m_server.hits(path) - hitsBefore, 0);
        EXPECT_EQ(prices(provider), before) << "the provider keeps its prices";
    }

    std::atomic<Pager> m_pager{Pager::Endless};
};

const QString kEndless = QStringLiteral("the bound for this request is 5 pages");
const QString kFruitless = QStringLiteral("3 pages in a row without a new entry");

} // namespace

TEST(PageBound, EachSourcesBoundFollowsItsPageSizeAndTheCatalogsSize)
{
    // ceil(expected x 10 / page size), never under 10 pages.
    EXPECT_EQ((net::PageBound{100, 172}.maxPages()), 18);
    EXPECT_EQ((net::PageBound{1000, 24}.maxPages()), 10);
    EXPECT_EQ((net::PageBound{100, 0}.maxPages()), 10);
    EXPECT_EQ(net::AlibabaEcsSource::defaultPageBound().maxPages(), 18);
    EXPECT_EQ(net::AlibabaEcsSource::defaultPageBound().pageSize, 100);
    EXPECT_EQ(net::AzureRetailSource::defaultPageBound().maxPages(), 20000);
    EXPECT_EQ(net::GcpBillingSource::defaultPageBound().maxPages(), 1000);
    EXPECT_EQ(net::GcpBillingSource::defaultPageBound().pageSize, 5000);
}

TEST(PagingGuard, StopsAtItsBoundOnARepeatedTokenAndAfterThreeFruitlessPages)
{
    net::PagingGuard bounded(QStringLiteral("Test Cloud"), QStringLiteral("ListThings"), fivePages(10), QStringLiteral("cursor"));
    for (int page = 1; page <= 5; ++page) {
        ASSERT_TRUE(bounded.beforePage().ok()) << page;
        ASSERT_TRUE(bounded.afterPage(10, QStringLiteral("c%1").arg(page)).ok()) << page;
    }
    const core::Status over = bounded.beforePage();
    ASSERT_FALSE(over.ok());
    EXPECT_EQ(over.errorMessage(), QStringLiteral("Test Cloud ListThings: stopped paging after 5 pages: the bound for this "
                                                  "request is 5 pages, far more than the listing is known to need, and the "
                                                  "server still sends a cursor"));

    net::PagingGuard repeated(QStringLiteral("Test Cloud"), QStringLiteral("ListThings"), fivePages(10), QStringLiteral("cursor"));
    ASSERT_TRUE(repeated.beforePage().ok());
    ASSERT_TRUE(repeated.afterPage(3, QStringLiteral("a")).ok());
    ASSERT_TRUE(repeated.beforePage().ok());
    EXPECT_EQ(repeated.afterPage(3, QStringLiteral("a")).errorMessage(),
              QStringLiteral("Test Cloud ListThings: stopped paging after 2 pages: cursor repeats an earlier page"));

    net::PagingGuard fruitless(QStringLiteral("Test Cloud"), QStringLiteral("ListThings"), fivePages(10), QStringLiteral("cursor"));
    for (int page = 1; page <= 2; ++page) {
        ASSERT_TRUE(fruitless.beforePage().ok());
        ASSERT_TRUE(fruitless.afterPage(0, QStringLiteral("e%1").arg(page)).ok());
    }
    ASSERT_TRUE(fruitless.beforePage().ok());
    EXPECT_TRUE(fruitless.afterPage(0, QStringLiteral("e3")).errorMessage().contains(
        QStringLiteral("after 3 pages: 3 pages in a row without a new entry but with a cursor")));
    // The last page (no token) ends the listing, however little it added.
    net::PagingGuard last(QStringLiteral("Test Cloud"), QStringLiteral("ListThings"), fivePages(10), QStringLiteral("cursor"));
    ASSERT_TRUE(last.beforePage().ok());
    EXPECT_TRUE(last.afterPage(0, QString()).ok());
}

TEST_F(PagingBounds, AzureRetailPricesStopsEveryHostilePager)
{
    const QByteArray page = tests::apiFixture("azure/retail_prices_page1.json");
    const QJsonObject fixture = QJsonDocument::fromJson(page).object();
    const QString self = m_server.url(QStringLiteral("/api/retail/prices")).toString();
    m_server.route("/api/retail/prices", [&](const HttpTestRequest &r) {
        const int skip = queryValue(r, "$skip").toInt();
        QJsonObject o = fixture;
        if (m_pager == Pager::NothingNew)
            o.insert(QStringLiteral("Items"), QJsonArray());
        if (m_pager == Pager::Endless) { // the same prices under new meter ids: new items
            QJsonArray items;
            for (const QJsonValue &v : fixture.value(QStringLiteral("Items")).toArray()) {
                QJsonObject item = v.toObject();
                item.insert(QStringLiteral("meterId"), QStringLiteral("%1-%2").arg(item.value(QStringLiteral("meterId")).toString()).arg(skip));
                items.append(item);
            }
            o.insert(QStringLiteral("Items"), items);
        }
        const int next = m_pager == Pager::RepeatToken ? 100 : skip + 100;
        o.insert(QStringLiteral("NextPageLink"), QStringLiteral("%1?$skip=%2").arg(self).arg(next));
        return json(o);
    });
    auto resolver = m_reference.resolver();
    auto shapes = net::InstanceShapes::loadEmbedded();
    ASSERT_TRUE(shapes.ok());
    net::AzureRetailSource source(m_server.url(QStringLiteral("/")), resolver, shapes.value());
    source.setPageBound(fivePages(100));
    const QString name = QStringLiteral("Azure Retail Prices");
    m_pager = Pager::Endless;
    expectStopped(source, "azure", "/api/retail/prices", name, kEndless, 5, Pager::Endless);
    m_pager = Pager::RepeatToken;
    expectStopped(source, "azure", "/api/retail/prices", name, QStringLiteral("NextPageLink repeats an earlier page"), 2,
                  Pager::RepeatToken);
    m_pager = Pager::NothingNew;
    expectStopped(source, "azure", "/api/retail/prices", name, kFruitless, 3, Pager::NothingNew);
}

TEST_F(PagingBounds, GcpCloudBillingStopsEveryHostilePager)
{
    const QJsonObject fixture = QJsonDocument::fromJson(tests::apiFixture("gcp/cloudbilling_skus_page.json")).object();
    const QByteArray path = net::GcpBillingSource::skusPath().toUtf8();
    m_server.route(path, [&](const HttpTestRequest &r) {
        EXPECT_EQ(queryValue(r, "pageSize"), "5000");
        const int token = queryValue(r, "pageToken").mid(1).toInt();
        QJsonObject o = fixture;
        if (m_pager == Pager::NothingNew)
            o.insert(QStringLiteral("skus"), QJsonArray());
        if (m_pager == Pager::Endless) { // the same SKUs under new ids
            QJsonArray skus;
            for (const QJsonValue &v : fixture.value(QStringLiteral("skus")).toArray()) {
                QJsonObject sku = v.toObject();
                sku.insert(QStringLiteral("skuId"), QStringLiteral("%1-%2").arg(sku.value(QStringLiteral("skuId")).toString()).arg(token));
                skus.append(sku);
            }
            o.insert(QStringLiteral("skus"), skus);
        }
        o.insert(QStringLiteral("nextPageToken"), m_pager == Pager::RepeatToken ? QStringLiteral("t1")
                                                                                  : QStringLiteral("t%1").arg(token + 1));
        return json(o);
    });
    auto shapes = net::InstanceShapes::loadEmbedded();
    ASSERT_TRUE(shapes.ok());
    net::GcpBillingSource source(m_server.url(QStringLiteral("/")), QStringLiteral("test-key"), m_reference, shapes.value());
    source.setPageBound(fivePages(5000));
    const QString name = QStringLiteral("GCP Cloud Billing services.skus.list");
    m_pager = Pager::Endless;
    expectStopped(source, "gcp", path, name, kEndless, 5, Pager::Endless);
    m_pager = Pager::RepeatToken;
    expectStopped(source, "gcp", path, name, QStringLiteral("nextPageToken repeats an earlier page"), 3, Pager::RepeatToken);
    m_pager = Pager::NothingNew;
    expectStopped(source, "gcp", path, name, kFruitless, 3, Pager::NothingNew);
}

TEST_F(PagingBounds, AlibabaDescribeInstanceTypesStopsEveryHostilePager)
{
    const QJsonObject fixture = QJsonDocument::fromJson(tests::apiFixture("alibaba/DescribeInstanceTypes_page1.json")).object();
    std::atomic_int typesPages{0};
    m_server.route("/", [&](const HttpTestRequest &r) {
        const QByteArray action = r.headers.value("x-acs-action");
        HttpTestReply reply;
        if (action == "DescribeRegions") {
            reply.body = tests::apiFixture("alibaba/DescribeRegions.json");
            return reply;
        }
        EXPECT_EQ(action, "DescribeInstanceTypes") << "no price is asked for before the types are listed";
        EXPECT_EQ(queryValue(r, "MaxResults"), "100");
        const int page = ++typesPages;
        QJsonObject o = fixture;
        if (m_pager == Pager::Endless) {
            // One more GPU type on every page.
            QJsonObject t = fixture.value(QStringLiteral("InstanceTypes")).toObject().value(QStringLiteral("InstanceType"))
                                .toArray().at(0).toObject();
            t.insert(QStringLiteral("InstanceTypeId"), QStringLiteral("ecs.gn6i-test%1.xlarge").arg(page));
            o.insert(QStringLiteral("InstanceTypes"), QJsonObject{{QStringLiteral("InstanceType"), QJsonArray{t}}});
        } else if (m_pager == Pager::NothingNew) {
            o.insert(QStringLiteral("InstanceTypes"), QJsonObject{{QStringLiteral("InstanceType"), QJsonArray()}});
        }
        o.insert(QStringLiteral("NextToken"), m_pager == Pager::RepeatToken ? QStringLiteral("e71d8a535bd9cc11")
                                                                              : QStringLiteral("token%1").arg(page));
        return json(o);
    });
    net::AlibabaEcsSource source(m_server.url(QStringLiteral("/")), QStringLiteral("LTAI5tTestAccessKeyId01"),
                                 QStringLiteral("aliTestAccessKeySecretValue01"), m_reference.resolver());
    source.setPageBound(fivePages(100));
    const QString name = QStringLiteral("Alibaba Cloud DescribeInstanceTypes");
    m_pager = Pager::Endless;
    expectStopped(source, "alicloud", "/", name, kEndless, 6, Pager::Endless); // DescribeRegions, then 5 pages
    m_pager = Pager::RepeatToken;
    expectStopped(source, "alicloud", "/", name, QStringLiteral("NextToken repeats an earlier page"), 3, Pager::RepeatToken);
    m_pager = Pager::NothingNew;
    expectStopped(source, "alicloud", "/", name, kFruitless, 4, Pager::NothingNew);
}

TEST_F(PagingBounds, HuaweiListFlavorsStopsEveryHostilePager)
{
    const QByteArray project = "05041fffa40025702f6dc009cc6f8f33";
    const QByteArray flavorsPath = "/v1/" + project + "/cloudservers/flavors";
    const QJsonArray all = QJsonDocument::fromJson(tests::apiFixture("huawei/flavors_cn-north-4.json"))
                               .object()
                               .value(QStringLiteral("flavors"))
                               .toArray();
    std::atomic_int pages{0};
    bool normal = true; // first one good refresh, so that there are prices to keep
    m_server.route("/v3/projects", [](const HttpTestRequest &) {
        HttpTestReply r;
        r.body = tests::apiFixture("huawei/projects.json");
        return r;
    });
    m_server.route(flavorsPath, [&](const HttpTestRequest &r) {
        const int page = pages++;
        QJsonArray out;
        if (normal) {
            // As the API pages: at most `limit` flavors after the one whose id is `marker`.
            const QUrlQuery q(QString::fromLatin1(r.query));
            const int limit = q.queryItemValue(QStringLiteral("limit")).toInt();
            const QString marker = q.queryItemValue(QStringLiteral("marker"));
            bool after = marker.isEmpty();
            for (const QJsonValue &f : all) {
                if (after && (limit <= 0 || out.size() < limit))
                    out.append(f);
                if (f.toObject().value(QStringLiteral("id")).toString() == marker)
                    after = true;
            }
        } else if (m_pager == Pager::Endless) {
            for (int i = 0; i < 4; ++i) { // full pages of flavors never seen before
                QJsonObject f = all.at(i).toObject();
                f.insert(QStringLiteral("id"), QStringLiteral("%1-%2").arg(f.value(QStringLiteral("id")).toString()).arg(page));
                out.append(f);
            }
        } else {
            // The first four flavors: as they are (the marker is ignored) or rotated by one each
            // page, so that each page ends on a flavor listed before but not yet used as a marker.
            const int shift = m_pager == Pager::NothingNew ? page : 0;
            for (int i = 0; i < 4; ++i)
                out.append(all.at(((i - shift) % 4 + 4) % 4));
        }
        return json(QJsonObject{{QStringLiteral("flavors"), out}});
    });
    // ListOnDemandResourceRatings / ListRateOnPeriodDetail (shapes: huawei/SOURCE.md): 10 CNY an hour.
    auto ratings = [](const HttpTestRequest &r, bool period) {
        QJsonArray results;
        for (const QJsonValue &v : QJsonDocument::fromJson(r.body).object().value(QStringLiteral("product_infos")).toArray())
            results.append(QJsonObject{{QStringLiteral("id"), v.toObject().value(QStringLiteral("id"))},
                                       {QStringLiteral("official_website_amount"), period ? 5000.0 : 10.0},
                                       {QStringLiteral("measure_id"), 1}});
        const QJsonObject rating{{QStringLiteral("product_rating_results"), results}, {QStringLiteral("measure_id"), 1}};
        return json(period ? QJsonObject{{QStringLiteral("official_website_rating_result"), rating},
                                         {QStringLiteral("currency"), QStringLiteral("CNY")}}
                           : QJsonObject{{QStringLiteral("product_rating_results"), results},
                                         {QStringLiteral("currency"), QStringLiteral("CNY")}});
    };
    m_server.route("/v2/bills/ratings/on-demand-resources", [ratings](const HttpTestRequest &r) { return ratings(r, false); });
    m_server.route("/v2/bills/ratings/period-resources/subscribe-rate",
                   [ratings](const HttpTestRequest &r) { return ratings(r, true); });

    auto families = net::ChinaGpuFamilies::loadEmbedded();
    ASSERT_TRUE(families.ok());
    net::HuaweiCloudSource source(m_server.url(QStringLiteral("/")),
                                  net::HuaweiCredentials{QStringLiteral("HWTESTAKEXAMPLE0001"),
                                                         QStringLiteral("huaweiTestSecretKeyExample0001"),
                                                         QString::fromLatin1(project),
                                                         QStringLiteral("0503dda878000fed0f75c0096d70a960")},
                                  families.value(), m_reference.resolver());
    source.setFlavorPageSize(4);
    EXPECT_EQ(source.flavorPageBound().maxPages(), 60) << "24 known GPU flavors x 10 in pages of 4";
    const auto first = refresh(source, {QStringLiteral("huaweicloud")});
    ASSERT_EQ(first.size(), 1);
    ASSERT_EQ(first.constFirst().status, core::RefreshStatus::Ok) << first.constFirst().error.toStdString();
    ASSERT_GT(prices("huaweicloud").offers, 0);

    normal = false;
    source.setPageBound(fivePages(4));
    const QString name = QStringLiteral("Huawei Cloud ListFlavors cn-north-4");
    m_pager = Pager::Endless;
    expectStopped(source, "huaweicloud", flavorsPath, name, kEndless, 5, Pager::Endless);
    m_pager = Pager::RepeatToken;
    expectStopped(source, "huaweicloud", flavorsPath, name, QStringLiteral("marker repeats an earlier page"), 2,
                  Pager::RepeatToken);
    // Huawei has no next token: a page shorter than the limit, an empty one too, is the last. Its
    // "nothing new" is a full page of flavors listed before.
    m_pager = Pager::NothingNew;
    pages = 0;
    expectStopped(source, "huaweicloud", flavorsPath, name, kFruitless, 4, Pager::NothingNew);
}
