// No secret leaks: fake API keys and URL passwords go through every refresh path (success,
// server error pages that echo them, usage errors, mirrors, exports), then every file under
// the user's data, cache, config and home folders, the catalog and all output are searched.

#include "CliProcess.h"
#include "FaultSupport.h"
#include "db/SeedCatalog.h"

#include "core/common/Redact.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <sys/stat.h>

using namespace gpuplanner;
using namespace gpuplanner::tests;

namespace {

const QByteArray kGcpKey = "FAKEKEY-gcp-5f2c9a1d7e";
const QByteArray kLambdaKey = "FAKEKEY-lambda-8b41c0e2";
const QByteArray kPassword = "FAKEPASS-url-3d9e77a0";
const QByteArray kRunPodKey = "FAKEKEY-runpod-61ad0b94";

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

HttpTestReply reply(int status, const QByteArray &body, const QByteArray &type = "application/json")
{
    HttpTestReply r;
    r.status = status;
    r.body = body;
    r.contentType = type;
    return r;
}

class SecretLeaks : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_catalog = copySeedCatalog(m_dir.path());
        m_env = isolatedEnvironment(m_dir.path());
        m_env.insert(QStringLiteral("GPUPLANNER_GCP_API_KEY"), QString::fromLatin1(kGcpKey));
        m_env.insert(QStringLiteral("GPUPLANNER_LAMBDA_API_KEY"), QString::fromLatin1(kLambdaKey));
        m_env.insert(QStringLiteral("GPUPLANNER_RUNPOD_API_KEY"), QString::fromLatin1(kRunPodKey));
    }

    CliRun run(QStringList args)
    {
        args.prepend(m_catalog);
        args.prepend(QStringLiteral("--catalog"));
        CliRun r = runCli(args, m_env);
        m_output += r.out + r.err;
        return r;
    }

    // Every file under the test's home (data, cache, config, the catalog and its -wal)
    // that holds one of the secrets, plus "output" when printed.
    QStringList leaks() const
    {
        QStringList found;
        for (QDirIterator it(m_dir.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();) {
            const QString path = it.next();
            const QByteArray data = readFile(path);
            for (const QByteArray &secret : {kGcpKey, kLambdaKey, kPassword, kRunPodKey}) {
                if (data.contains(secret) || data.contains(secret.toPercentEncoding()))
                    found.append(path + QStringLiteral(" holds ") + QString::fromLatin1(secret));
            }
        }
        for (const QByteArray &secret : {kGcpKey, kLambdaKey, kPassword, kRunPodKey}) {
            if (m_output.contains(QString::fromLatin1(secret)))
                found.append(QStringLiteral("output holds ") + QString::fromLatin1(secret));
        }
        return found;
    }

    QTemporaryDir m_dir;
    QString m_catalog;
    QProcessEnvironment m_env;
    TestHttpServer m_server;
    QString m_output;
};

} // namespace

TEST_F(SecretLeaks, AGcpKeyReachesNeitherTheCacheNorTheCatalogNorTheOutputEvenWhenEchoed)
{
    HttpTestReply page1 = reply(200, readFile(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/gcp/cloudbilling_skus_page.json")));
    page1.headers.append(qMakePair(QByteArray("ETag"), QByteArray("\"page-1\"")));
    HttpTestReply page2 = reply(200, readFile(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/gcp/cloudbilling_skus_page2.json")));
    page2.headers.append(qMakePair(QByteArray("ETag"), QByteArray("\"page-2\"")));
    m_server.routeSequence("/v1/services/6F81-5844-456A/skus", {page1, page2});
    const QStringList gcp{QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("gcp"), QStringLiteral("--force"), QStringLiteral("--endpoint"),
                          QStringLiteral("gcp=") + m_server.url(QStringLiteral("/")).toString()};
    const CliRun ok = run(gcp);
    ASSERT_EQ(ok.code, 0) << ok.err.toStdString() << ok.out.toStdString();
    ASSERT_EQ(m_server.requests().size(), 2);
    EXPECT_TRUE(m_server.requests().constFirst().query.contains(kGcpKey)) << "the key is sent";

    // A server (or a proxy in front of it) that echoes the request in its error page.
    m_server.routeSequence("/v1/services/6F81-5844-456A/skus",
                           {reply(403, "{\"error\": {\"message\": \"API key not valid: key=" + kGcpKey + " (" + kGcpKey
                                           + ")\"}}")});
    const CliRun denied = run(gcp);
    EXPECT_EQ(denied.code, 2);
    EXPECT_TRUE(denied.out.contains(QStringLiteral("HTTP 403"))) << denied.out.toStdString();
    EXPECT_TRUE(denied.out.contains(QStringLiteral("REDACTED"))) << denied.out.toStdString();

    const QString exported = m_dir.filePath(QStringLiteral("export.json"));
    EXPECT_EQ(run({QStringLiteral("catalog"), QStringLiteral("export"), exported}).code, 0);
    EXPECT_EQ(run({QStringLiteral("catalog"), QStringLiteral("info")}).code, 0);
    EXPECT_EQ(leaks(), QStringList());

    // The cache is private to its owner.
    const QString cache = m_dir.filePath(QStringLiteral("cache/gpu-planner/http"));
    ASSERT_TRUE(QFileInfo(cache).isDir()) << cache.toStdString();
    struct stat st{};
    ASSERT_EQ(::stat(QFile::encodeName(cache).constData(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700u);
    const QStringList files = QDir(cache).entryList(QDir::Files);
    EXPECT_FALSE(files.isEmpty());
    for (const QString &f : files) {
        ASSERT_EQ(::stat(QFile::encodeName(QDir(cache).filePath(f)).constData(), &st), 0);
        EXPECT_EQ(st.st_mode & 0777, 0600u) << f.toStdString();
    }
}

TEST_F(SecretLeaks, ALambdaKeyEchoedInAnErrorPageIsScrubbedFromTheSummaryAndTheRefreshLog)
{
    m_server.routeSequence("/api/v1/instance-types",
                           {reply(401, "<html>Unauthorized: Authorization: Bearer " + kLambdaKey + " is not a valid key; "
                                           "you sent " + kLambdaKey + "</html>", "text/html")});
    const CliRun r = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("lambda"), QStringLiteral("--endpoint"),
                          QStringLiteral("lambda=") + m_server.url(QStringLiteral("/")).toString()});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.contains(QStringLiteral("HTTP 401"))) << r.out.toStdString();
    ASSERT_EQ(m_server.requests().size(), 1);
    EXPECT_EQ(m_server.requests().constFirst().headers.value("authorization"), "Bearer " + kLambdaKey);
    EXPECT_EQ(catalogScalar(m_catalog, QStringLiteral("SELECT count(*) FROM refresh_log WHERE provider_id = 'lambda' "
                                                      "AND status = 'failed'")),
              1);
    EXPECT_EQ(leaks(), QStringList());
}

// The fault probe (issue 43): a key echoed JSON-escaped (\u0061...) or half escaped and half
// percent-encoded passed the scrub as text no literal search finds, then reached the summary and
// refresh_log. Every form is scrubbed now.
TEST_F(SecretLeaks, AKeyEchoedEscapedOrEncodedIsScrubbedInEveryForm)
{
    QByteArray escaped;
    for (const char c : kLambdaKey)
        escaped += QByteArray("\\u00") + QByteArray::number(uchar(c), 16).rightJustified(2, '0');
    QByteArray mixed;
    for (qsizetype i = 0; i < kLambdaKey.size(); ++i) {
        const char c = kLambdaKey.at(i);
        mixed += i % 3 == 0 ? QByteArray("\\u00") + QByteArray::number(uchar(c), 16).toUpper()
               : i % 3 == 1 ? QByteArray("%") + QByteArray::number(uchar(c), 16).rightJustified(2, '0')
                            : QByteArray(1, c);
    }
    m_server.routeSequence("/api/v1/instance-types",
                           {reply(401, "{\"error\": {\"code\": \"global/invalid-api-key\", \"message\": \"key " + escaped
                                           + " is not valid; you sent " + mixed + "\"}}")});
    const CliRun r = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("lambda"), QStringLiteral("--endpoint"),
                          QStringLiteral("lambda=") + m_server.url(QStringLiteral("/")).toString()});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.contains(QStringLiteral("REDACTED"))) << r.out.toStdString();
    EXPECT_FALSE(r.out.contains(QString::fromLatin1(escaped))) << r.out.toStdString();
    EXPECT_FALSE(r.out.contains(QString::fromLatin1(mixed))) << r.out.toStdString();
    for (QDirIterator it(m_dir.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();) {
        const QString path = it.next();
        const QByteArray data = readFile(path);
        EXPECT_FALSE(data.contains(escaped)) << path.toStdString();
        EXPECT_FALSE(data.contains(mixed)) << path.toStdString();
    }
    EXPECT_EQ(leaks(), QStringList());
}

// The key ids of signed requests (Huawei's Access=, Tencent's and Alibaba's Credential=) name the
// account: scrubbed like the keys.
TEST(SecretScrub, KeyIdsInSignedAuthorizationValuesAreSecretsToo)
{
    const QUrl url(QStringLiteral("https://bss.example.com/v2/prices"));
    const auto huawei = core::requestSecrets(
        url, {{"Authorization", "SDK-HMAC-SHA256 Access=HWAKID12345, SignedHeaders=host;x-sdk-date, Signature=abcdef0123"}});
    EXPECT_TRUE(huawei.contains("HWAKID12345"));
    const auto tencent = core::requestSecrets(
        url, {{"Authorization", "TC3-HMAC-SHA256 Credential=AKIDtencent99/2026-12-05/cvm/tc3_request, SignedHeaders=host, Signature=ff"}});
    EXPECT_TRUE(tencent.contains("AKIDtencent99"));
    const auto alibaba = core::requestSecrets(
        url, {{"Authorization", "ACS3-HMAC-SHA256 Credential=LTAIalibaba77,SignedHeaders=host,Signature=ee"}});
    EXPECT_TRUE(alibaba.contains("LTAIalibaba77"));
    EXPECT_EQ(core::scrubSecrets(QStringLiteral("InvalidAccessKeyId: LTAIalibaba77 not found; \\/\\u004cTAIalibaba77"), alibaba),
              QStringLiteral("InvalidAccessKeyId: REDACTED not found; \\/REDACTED"));
}

TEST_F(SecretLeaks, ARunPodKeySentAsTheOfficialClientDoesNeverShows)
{
    // runpod/runpod-python sends the key as ?api_key=; a server error that echoes the URL.
    m_server.routeSequence("/graphql", {reply(401, "{\"errors\": [{\"message\": \"bad key for /graphql?api_key=" + kRunPodKey
                                                       + "\"}]}")});
    const CliRun r = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("runpod"), QStringLiteral("--endpoint"),
                          QStringLiteral("runpod=") + m_server.url(QStringLiteral("/")).toString()});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.contains(QStringLiteral("HTTP 401"))) << r.out.toStdString();
    ASSERT_FALSE(m_server.requests().isEmpty());
    EXPECT_EQ(m_server.requests().constFirst().query, "api_key=" + kRunPodKey);
    EXPECT_EQ(leaks(), QStringList());
}

TEST_F(SecretLeaks, PasswordsInMirrorAndEndpointUrlsAreNeitherPrintedNorStoredNorExported)
{
    const QString snapshot = m_dir.filePath(QStringLiteral("mirror.json"));
    ASSERT_EQ(run({QStringLiteral("catalog"), QStringLiteral("export"), snapshot}).code, 0);
    m_server.routeSequence("/mirror/catalog.json", {reply(200, readFile(snapshot))});
    QUrl mirror = m_server.url(QStringLiteral("/mirror/catalog.json"));
    mirror.setUserName(QStringLiteral("alice"));
    mirror.setPassword(QString::fromLatin1(kPassword));
    const CliRun fromMirror = run({QStringLiteral("refresh"), QStringLiteral("--from"), mirror.toString()});
    EXPECT_EQ(fromMirror.code, 0) << fromMirror.err.toStdString();
    QFile::remove(snapshot);

    m_server.routeSequence("/v8/lambda/vms.csv", {reply(200, scaledVmsCsv(QStringLiteral("lambda"), 2.0), "text/csv")});
    QUrl endpoint = m_server.url(QStringLiteral("/v8"));
    endpoint.setUserName(QStringLiteral("bob"));
    endpoint.setPassword(QString::fromLatin1(kPassword));
    const CliRun viaEndpoint = run({QStringLiteral("refresh"), QStringLiteral("--provider"), QStringLiteral("lambda"),
                                    QStringLiteral("--endpoint"), QStringLiteral("skypilot=") + endpoint.toString()});
    EXPECT_EQ(viaEndpoint.code, 0) << viaEndpoint.err.toStdString();
    // The URL is still named, without its password.
    EXPECT_EQ(catalogScalar(m_catalog, QStringLiteral("SELECT count(*) FROM providers WHERE id = 'lambda' AND "
                                                      "data_note LIKE '%127.0.0.1%'")),
              1);

    const QString exported = m_dir.filePath(QStringLiteral("export.json"));
    EXPECT_EQ(run({QStringLiteral("catalog"), QStringLiteral("export"), exported}).code, 0);
    EXPECT_EQ(leaks(), QStringList());
}

TEST_F(SecretLeaks, CredentialsAreNeverSentOverPlainHttpToAnotherHost)
{
    // 192.0.2.1 is TEST-NET-1: the refusal must come before any connection attempt.
    const CliRun r = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("lambda"), QStringLiteral("--endpoint"),
                          QStringLiteral("lambda=http://192.0.2.1/")});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.contains(QStringLiteral("refusing to send an API key or password over plain http://")))
        << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("https://")));
    EXPECT_EQ(leaks(), QStringList());
}

TEST_F(SecretLeaks, UsageErrorsQuoteAShortScrubbedPieceOfTheArgument)
{
    const CliRun scheme = run({QStringLiteral("refresh"), QStringLiteral("--endpoint"),
                               QStringLiteral("skypilot=ftp://carol:%1@mirror.example/").arg(QString::fromLatin1(kPassword))});
    EXPECT_EQ(scheme.code, 1);
    EXPECT_TRUE(scheme.err.contains(QStringLiteral("--endpoint"))) << scheme.err.toStdString();
    const CliRun huge = run({QStringLiteral("refresh"), QStringLiteral("--endpoint"), QString(100000, u'x')});
    EXPECT_EQ(huge.code, 1);
    EXPECT_LT(huge.err.size(), 400) << "a 100 kB argument is quoted in a few dozen characters";
    EXPECT_TRUE(huge.err.contains(QStringLiteral("100000 characters"))) << huge.err.left(400).toStdString();
    const CliRun unknown = run({QStringLiteral("refresh"), QStringLiteral("--token=%1").arg(QString::fromLatin1(kPassword))});
    EXPECT_EQ(unknown.code, 1);
    EXPECT_EQ(leaks(), QStringList());
}

TEST(Redact, UrlsHeadersAndTextLoseTheirCredentials)
{
    const QUrl url(QStringLiteral("https://u:p4ssw0rd@api.example/v1/skus?key=abc123456&pageSize=5000&api_key=zzz99999"));
    EXPECT_EQ(core::redactUrl(url), QStringLiteral("https://api.example/v1/skus?key=REDACTED&pageSize=5000&api_key=REDACTED"));
    const auto secrets = core::requestSecrets(url, {{"Authorization", "Bearer tok-123456789"}, {"Accept", "text/csv"}});
    EXPECT_TRUE(secrets.contains("p4ssw0rd"));
    EXPECT_TRUE(secrets.contains("abc123456"));
    EXPECT_TRUE(secrets.contains("tok-123456789"));
    EXPECT_FALSE(secrets.contains("text/csv"));
    EXPECT_EQ(core::scrubSecrets(QStringLiteral("see http://a:b@h/x?token=q1w2e3r4 and tok-123456789"), secrets),
              QStringLiteral("see http://h/x?token=REDACTED and REDACTED"));
    EXPECT_EQ(core::quoteValue(QString(200, u'y')).size(), 80 + 2 + 1 + QStringLiteral(" (200 characters)").size());
    EXPECT_TRUE(core::isLoopbackHost(QStringLiteral("127.0.0.1")));
    EXPECT_TRUE(core::isLoopbackHost(QStringLiteral("localhost")));
    EXPECT_FALSE(core::isLoopbackHost(QStringLiteral("127.0.0.1.example.com")));
    EXPECT_FALSE(core::isLoopbackHost(QStringLiteral("10.0.0.1")));
}
