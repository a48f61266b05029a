// CurlHttpClient against a real HTTP server on 127.0.0.1 with injected faults.

#include "TestHttpServer.h"
#include "TestWaits.h"

#include "net/http/CurlHttpClient.h"

#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <thread>

using namespace gpuplanner;
using namespace gpuplanner::net;
using tests::HttpTestReply;
using tests::TestHttpServer;

namespace {

class HttpClient : public ::testing::Test
{
protected:
    // No rate limit unless a test asks for one; waits are recorded instead of slept.
    static HttpClientOptions options()
    {
        HttpClientOptions o;
        o.minHostIntervalMs = 0;
        return o;
    }

    std::unique_ptr<CurlHttpClient> makeClient(const HttpClientOptions &o = options())
    {
        auto client = std::make_unique<CurlHttpClient>(o);
        client->setSleeper([this](std::chrono::milliseconds d) { m_sleeps.push_back(d); });
        return client;
    }

    static core::HttpRequest get(const QUrl &url)
    {
        core::HttpRequest request;
        request.url = url;
        return request;
    }

    static HttpTestReply reply(int status, QByteArray body = "{}")
    {
        HttpTestReply r;
        r.status = status;
        r.body = std::move(body);
        return r;
    }

    static CurlGlobal s_curl;
    TestHttpServer m_server;
    std::vector<std::chrono::milliseconds> m_sleeps;
};

CurlGlobal HttpClient::s_curl;

} // namespace

TEST_F(HttpClient, GetsABodyAndSendsAVersionedUserAgent)
{
    m_server.routeSequence("/prices", {reply(200, R"({"ok":true})")});
    auto client = makeClient();
    auto response = client->send(get(m_server.url(QStringLiteral("/prices"))));
    ASSERT_TRUE(response.ok()) << response.errorMessage().toStdString();
    EXPECT_EQ(response->status, 200);
    EXPECT_EQ(response->body, QByteArray(R"({"ok":true})"));
    EXPECT_EQ(response->contentType, QByteArray("application/json"));
    const auto requests = m_server.requests();
    ASSERT_EQ(requests.size(), 1);
    EXPECT_TRUE(requests.at(0).headers.value("user-agent").startsWith("gpu-planner/" GPUPLANNER_VERSION));
}

TEST_F(HttpClient, HonoursRetryAfterOn429)
{
    HttpTestReply limited = reply(429, "slow down");
    limited.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("3")));
    m_server.routeSequence("/p", {limited, reply(200, "[1]")});
    auto client = makeClient();
    auto response = client->send(get(m_server.url(QStringLiteral("/p"))));
    ASSERT_TRUE(response.ok()) << response.errorMessage().toStdString();
    EXPECT_EQ(response->body, QByteArray("[1]"));
    EXPECT_EQ(m_server.hits("/p"), 2);
    ASSERT_FALSE(m_sleeps.empty());
    EXPECT_EQ(m_sleeps.back(), std::chrono::milliseconds(3000));
}

TEST_F(HttpClient, RetriesA500WithBackoffThenSucceeds)
{
    m_server.routeSequence("/p", {reply(500, "oops"), reply(502), reply(200, "fine")});
    HttpClientOptions options = HttpClient::options();
    options.baseBackoffMs = 400;
    auto client = makeClient(options);
    auto response = client->send(get(m_server.url(QStringLiteral("/p"))));
    ASSERT_TRUE(response.ok()) << response.errorMessage().toStdString();
    EXPECT_EQ(response->body, QByteArray("fine"));
    EXPECT_EQ(m_server.hits("/p"), 3);
    ASSERT_EQ(m_sleeps.size(), 2u);
    // Full jitter over [base/2, base] then [base, 2 base].
    EXPECT_GE(m_sleeps.at(0).count(), 200);
    EXPECT_LE(m_sleeps.at(0).count(), 400);
    EXPECT_GE(m_sleeps.at(1).count(), 400);
    EXPECT_LE(m_sleeps.at(1).count(), 800);
}

TEST_F(HttpClient, GivesUpAfterMaxAttemptsNamingUrlAndStatus)
{
    m_server.routeSequence("/down", {reply(503, "maintenance")});
    HttpClientOptions options = HttpClient::options();
    options.maxAttempts = 3;
    auto client = makeClient(options);
    auto response = client->send(get(m_server.url(QStringLiteral("/down"))));
    ASSERT_FALSE(response.ok());
    EXPECT_EQ(m_server.hits("/down"), 3);
    EXPECT_TRUE(response.errorMessage().contains(QStringLiteral("/down")));
    EXPECT_TRUE(response.errorMessage().contains(QStringLiteral("HTTP 503")));
    EXPECT_TRUE(response.errorMessage().contains(QStringLiteral("maintenance")));
}

TEST_F(HttpClient, ClientErrorsAreNotRetried)
{
    m_server.routeSequence("/missing", {reply(404, "nope")});
    auto client = makeClient();
    auto response = client->send(get(m_server.url(QStringLiteral("/missing"))));
    ASSERT_FALSE(response.ok());
    EXPECT_EQ(m_server.hits("/missing"), 1);
    EXPECT_TRUE(response.errorMessage().contains(QStringLiteral("HTTP 404")));
}

TEST_F(HttpClient, AStallHitsTheLowSpeedTimeout)
{
    HttpTestReply stall = reply(200, QByteArray(100000, 'x'));
    stall.stallAfterBytes = 10;
    m_server.routeSequence("/stall", {stall});
    HttpClientOptions options = HttpClient::options();
    options.maxAttempts = 1;
    options.lowSpeedBytesPerSecond = 1000;
    options.lowSpeedSeconds = 1;
    auto client = makeClient(options);
    auto response = client->send(get(m_server.url(QStringLiteral("/stall"))));
    ASSERT_FALSE(response.ok());
    EXPECT_TRUE(response.errorMessage().contains(QStringLiteral("/stall")));
    EXPECT_TRUE(response.errorMessage().contains(QStringLiteral("Operation too slow"), Qt::CaseInsensitive)
                || response.errorMessage().contains(QStringLiteral("timed out"), Qt::CaseInsensitive))
        << response.errorMessage().toStdString();
}

TEST_F(HttpClient, ATruncatedBodyIsRetriedThenReported)
{
    HttpTestReply truncated = reply(200, QByteArray(5000, 'y'));
    truncated.truncateAfterBytes = 100;
    m_server.routeSequence("/cut", {truncated, truncated, reply(200, "whole")});
    auto client = makeClient();
    auto response = client->send(get(m_server.url(QStringLiteral("/cut"))));
    ASSERT_TRUE(response.ok()) << response.errorMessage().toStdString();
    EXPECT_EQ(response->body, QByteArray("whole"));

    m_server.routeSequence("/always-cut", {truncated});
    HttpClientOptions once = HttpClient::options();
    once.maxAttempts = 1;
    auto strict = makeClient(once);
    auto failed = strict->send(get(m_server.url(QStringLiteral("/always-cut"))));
    ASSERT_FALSE(failed.ok());
    EXPECT_TRUE(failed.errorMessage().contains(QStringLiteral("/always-cut")));
}

TEST_F(HttpClient, DecodesGzip)
{
    const QByteArray json = QByteArray("{\"prices\": [") + QByteArray("1.5, ").repeated(2000) + "2]}";
    HttpTestReply compressed = reply(200, json);
    compressed.gzip = true;
    m_server.routeSequence("/gz", {compressed});
    auto client = makeClient();
    auto response = client->send(get(m_server.url(QStringLiteral("/gz"))));
    ASSERT_TRUE(response.ok()) << response.errorMessage().toStdString();
    EXPECT_EQ(response->body, json);
    EXPECT_TRUE(m_server.requests().at(0).headers.value("accept-encoding").contains("gzip"));
}

TEST_F(HttpClient, RefusesAnOversizedBody)
{
    m_server.routeSequence("/big", {reply(200, QByteArray(50000, 'z'))});
    HttpClientOptions options = HttpClient::options();
    options.maxBodyBytes = 1000;
    auto client = makeClient(options);
    auto response = client->send(get(m_server.url(QStringLiteral("/big"))));
    ASSERT_FALSE(response.ok());
    EXPECT_TRUE(response.errorMessage().contains(QStringLiteral("1000-byte limit")));
}

TEST_F(HttpClient, CancelStopsADownloadMidway)
{
    HttpTestReply slow = reply(200, QByteArray(1000000, 'c'));
    slow.stallAfterBytes = 1000;
    m_server.routeSequence("/slow", {slow});
    auto client = makeClient();
    std::atomic_bool cancel{false};
    std::atomic<qint64> seen{0};
    std::chrono::steady_clock::time_point cancelledAt;
    // Cancelled once the first bytes are in, as a user would press Cancel on a stalled download;
    // the server then sends nothing more for ten minutes.
    auto response = client->send(get(m_server.url(QStringLiteral("/slow"))),
                                [&](qint64 done, qint64) {
                                    seen = done;
                                    if (done >= 1000 && !cancel.exchange(true))
                                        cancelledAt = std::chrono::steady_clock::now();
                                },
                                &cancel);
    ASSERT_FALSE(response.ok());
    EXPECT_TRUE(response.errorMessage().contains(QStringLiteral("cancelled")));
    ASSERT_TRUE(cancel.load());
    // speed-ok: the stalled server would hold the transfer ten minutes; the slow-wait ceiling only
    // tells "ended by the cancel" from "ended by the server", on any machine.
    EXPECT_LT(std::chrono::steady_clock::now() - cancelledAt, std::chrono::milliseconds(tests::kSlowWaitMs))
        << "the cancel ends the stalled transfer, not the server";
    EXPECT_EQ(m_server.hits("/slow"), 1) << "a cancel is not retried";
    EXPECT_GE(seen.load(), 1000);
}

TEST_F(HttpClient, A304ReusesTheCachedBody)
{
    QTemporaryDir cacheDir;
    m_server.route("/catalog", [](const tests::HttpTestRequest &request) {
        HttpTestReply r;
        if (request.headers.value("if-none-match") == "\"v1\"") {
            r.status = 304;
            return r;
        }
        r.body = "provider,price\naws,1\n";
        r.contentType = "text/csv";
        r.headers.append(qMakePair(QByteArray("ETag"), QByteArray("\"v1\"")));
        return r;
    });
    HttpClientOptions options = HttpClient::options();
    options.cacheDir = cacheDir.path();
    auto client = makeClient(options);
    auto first = client->send(get(m_server.url(QStringLiteral("/catalog"))));
    ASSERT_TRUE(first.ok()) << first.errorMessage().toStdString();
    EXPECT_FALSE(first->fromCache);
    auto second = client->send(get(m_server.url(QStringLiteral("/catalog"))));
    ASSERT_TRUE(second.ok()) << second.errorMessage().toStdString();
    EXPECT_TRUE(second->fromCache);
    EXPECT_EQ(second->body, first->body);
    EXPECT_EQ(m_server.requests().at(1).headers.value("if-none-match"), QByteArray("\"v1\""));

    // A streamed request is answered from the cache through its sink too.
    QByteArray streamed;
    core::HttpRequest request = get(m_server.url(QStringLiteral("/catalog")));
    request.sink = [&](const char *data, qsizetype size) {
        streamed.append(data, size);
        return true;
    };
    auto third = client->send(request);
    ASSERT_TRUE(third.ok());
    EXPECT_EQ(streamed, first->body);
}

TEST_F(HttpClient, RejectsAnUnexpectedContentType)
{
    HttpTestReply html = reply(200, "<html>Sign in</html>");
    html.contentType = "text/html; charset=utf-8";
    m_server.routeSequence("/api", {html});
    auto client = makeClient();
    core::HttpRequest request = get(m_server.url(QStringLiteral("/api")));
    request.expectedContentTypes = {"application/json"};
    auto response = client->send(request);
    ASSERT_FALSE(response.ok());
    EXPECT_TRUE(response.errorMessage().contains(QStringLiteral("text/html"))) << response.errorMessage().toStdString();
}

TEST_F(HttpClient, StreamsToASinkAndReportsProgress)
{
    QByteArray body;
    for (int i = 0; i < 20000; ++i)
        body += QByteArray::number(i) + '\n';
    m_server.routeSequence("/stream", {reply(200, body)});
    auto client = makeClient();
    QByteArray received;
    qint64 lastDone = 0, lastTotal = 0;
    core::HttpRequest request = get(m_server.url(QStringLiteral("/stream")));
    request.sink = [&](const char *data, qsizetype size) {
        received.append(data, size);
        return true;
    };
    auto response = client->send(request, [&](qint64 done, qint64 total) {
        lastDone = done;
        lastTotal = total;
    });
    ASSERT_TRUE(response.ok()) << response.errorMessage().toStdString();
    EXPECT_TRUE(response->body.isEmpty());
    EXPECT_EQ(received, body);
    EXPECT_EQ(lastDone, body.size());
    EXPECT_EQ(lastTotal, body.size());
}

TEST_F(HttpClient, SpacesRequestsToTheSameHost)
{
    m_server.routeSequence("/r", {reply(200)});
    HttpClientOptions options = HttpClient::options();
    // The test's sleeper only records: an interval far longer than any request shows the wait is
    // the interval less the time the first request took, however slow the machine.
    options.minHostIntervalMs = 600000;
    auto client = makeClient(options);
    ASSERT_TRUE(client->send(get(m_server.url(QStringLiteral("/r")))).ok());
    ASSERT_TRUE(client->send(get(m_server.url(QStringLiteral("/r")))).ok());
    ASSERT_EQ(m_sleeps.size(), 1u);
    EXPECT_GT(m_sleeps.at(0).count(), 600000 - tests::kSlowWaitMs);
    EXPECT_LE(m_sleeps.at(0).count(), 600000);
}

TEST_F(HttpClient, TlsIsVerifiedAndNotRetried)
{
    // Speaking TLS to a plain HTTP port fails the handshake; verification is never relaxed.
    QUrl url = m_server.url(QStringLiteral("/tls"));
    url.setScheme(QStringLiteral("https"));
    auto client = makeClient();
    auto response = client->send(get(url));
    ASSERT_FALSE(response.ok());
    EXPECT_TRUE(response.errorMessage().contains(QStringLiteral("/tls")));
}

TEST(RetryAfter, ParsesSecondsAndHttpDates)
{
    const QDateTime now = QDateTime(QDate(2026, 11, 30), QTime(12, 0, 0), Qt::UTC);
    EXPECT_EQ(parseRetryAfter("120", now), 120);
    EXPECT_EQ(parseRetryAfter("Mon, 30 Nov 2026 12:01:30 GMT", now), 90);
    EXPECT_EQ(parseRetryAfter("soon", now), -1);
    EXPECT_EQ(parseRetryAfter("", now), -1);
}
