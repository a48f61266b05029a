// Hostile servers: gzip bombs, huge bodies, endless and looping page links and a slow drip
// are refused within bounded memory and time, naming the URL, and the catalog keeps its prices.

#include "CliProcess.h"
#include "FaultSupport.h"
#include "db/SeedCatalog.h"

#include "net/http/CurlHttpClient.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::tests;

namespace {

net::HttpClientOptions quickOptions()
{
    net::HttpClientOptions o;
    o.minHostIntervalMs = 0;
    o.maxAttempts = 1;
    return o;
}

QString azureOffers()
{
    return QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                          "WHERE it.provider_id = 'azure'");
}

} // namespace

TEST(HostileBodies, AGzipBombIsRefusedWhileItDecompresses)
{
    TestHttpServer server;
    HttpTestReply bomb;
    bomb.body = QByteArray(qsizetype(96) * 1024 * 1024, '\0'); // ~96 KB on the wire
    bomb.gzip = true;
    server.routeSequence("/bomb", {bomb});
    net::CurlHttpClient client(quickOptions());

    core::HttpRequest inMemory;
    inMemory.url = server.url(QStringLiteral("/bomb"));
    auto r = client.send(inMemory);
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.errorMessage().contains(QStringLiteral("decompression bomb"))) << r.errorMessage().toStdString();
    EXPECT_TRUE(r.errorMessage().contains(QStringLiteral("/bomb")));

    qint64 delivered = 0;
    core::HttpRequest streamed;
    streamed.url = inMemory.url;
    streamed.sink = [&](const char *, qsizetype size) {
        delivered += size;
        return true;
    };
    auto s = client.send(streamed);
    ASSERT_FALSE(s.ok());
    EXPECT_TRUE(s.errorMessage().contains(QStringLiteral("decompression bomb"))) << s.errorMessage().toStdString();
    EXPECT_LT(delivered, qint64(32) * 1024 * 1024) << "stopped soon after the 16 MiB check point";
}

TEST(HostileBodies, BodiesPastTheLimitAreRefusedWhileStreaming)
{
    TestHttpServer server;
    HttpTestReply big;
    big.body = QByteArray(4 * 1024 * 1024, 'x');
    server.routeSequence("/big", {big});
    net::HttpClientOptions o = quickOptions();
    o.maxStreamBytes = 1024 * 1024;
    net::CurlHttpClient client(o);
    qint64 delivered = 0;
    core::HttpRequest request;
    request.url = server.url(QStringLiteral("/big"));
    request.sink = [&](const char *, qsizetype size) {
        delivered += size;
        return true;
    };
    auto r = client.send(request);
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.errorMessage().contains(QStringLiteral("1048576-byte limit"))) << r.errorMessage().toStdString();
    EXPECT_LE(delivered, qint64(1024 * 1024));
}

TEST(HostileBodies, ASlowDripHitsTheLowSpeedLimit)
{
    TestHttpServer server;
    HttpTestReply drip;
    drip.body = QByteArray(10000, 'x');
    drip.stallAfterBytes = 10; // ten bytes, then a trickle of nothing
    server.routeSequence("/drip", {drip});
    net::HttpClientOptions o = quickOptions();
    o.lowSpeedBytesPerSecond = 1000;
    o.lowSpeedSeconds = 1;
    net::CurlHttpClient client(o);
    core::HttpRequest request;
    request.url = server.url(QStringLiteral("/drip"));
    auto r = client.send(request);
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.errorMessage().contains(QStringLiteral("/drip"))) << r.errorMessage().toStdString();
}

class HostilePaging : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_catalog = copySeedCatalog(m_dir.path());
        m_env = isolatedEnvironment(m_dir.path());
    }

    CliRun refreshAzure()
    {
        return runCli({QStringLiteral("--catalog"), m_catalog, QStringLiteral("refresh"), QStringLiteral("--source"),
                       QStringLiteral("native"), QStringLiteral("--provider"), QStringLiteral("azure"),
                       QStringLiteral("--endpoint"), QStringLiteral("azure=") + m_server.url(QStringLiteral("/")).toString()},
                      m_env);
    }

    QTemporaryDir m_dir;
    QString m_catalog;
    QProcessEnvironment m_env;
    TestHttpServer m_server;
};

TEST_F(HostilePaging, AServerThatKeepsSendingNewPageLinksIsStoppedAfterAFewEmptyPages)
{
    std::atomic_int page{0};
    m_server.route("/api/retail/prices", [&](const HttpTestRequest &) {
        HttpTestReply r;
        r.body = QStringLiteral("{\"Items\": [], \"NextPageLink\": \"%1?$skip=%2\"}")
                     .arg(m_server.url(QStringLiteral("/api/retail/prices")).toString())
                     .arg(++page * 100)
                     .toUtf8();
        return r;
    });
    const qint64 before = catalogScalar(m_catalog, azureOffers());
    const CliRun r = refreshAzure();
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.contains(QStringLiteral("stopped paging"))) << r.out.toStdString();
    EXPECT_LE(m_server.hits("/api/retail/prices"), 3);
    EXPECT_EQ(catalogScalar(m_catalog, azureOffers()), before);
}

TEST_F(HostilePaging, APageLinkThatRepeatsIsStopped)
{
    QFile page(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/azure/retail_prices_page1.json"));
    ASSERT_TRUE(page.open(QIODevice::ReadOnly));
    QByteArray body = page.readAll();
    // Page 1's own link points back at page 1.
    const QByteArray self = m_server.url(QStringLiteral("/api/retail/prices")).toString().toUtf8() + "?$skip=0";
    const qsizetype at = body.indexOf("\"NextPageLink\"");
    ASSERT_GE(at, 0);
    const qsizetype valueStart = body.indexOf('"', body.indexOf(':', at));
    const qsizetype valueEnd = body.indexOf('"', valueStart + 1);
    body.replace(valueStart, valueEnd - valueStart + 1, "\"" + self + "\"");
    m_server.route("/api/retail/prices", [&](const HttpTestRequest &) {
        HttpTestReply r;
        r.body = body;
        return r;
    });
    const CliRun r = refreshAzure();
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.contains(QStringLiteral("repeats an earlier page"))) << r.out.toStdString();
    EXPECT_LE(m_server.hits("/api/retail/prices"), 3);
}
