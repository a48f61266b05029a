// `gpu-planner-cli refresh`, `catalog export` and `catalog history` end to end: the real
// binary against a loopback server and real catalog files, including kill -9 mid-refresh.

#include "CliProcess.h"
#include "TestHttpServer.h"
#include "db/SeedCatalog.h"

#include "core/import/CatalogSnapshot.h"
#include "db/Database.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>

#include <csignal>

using namespace gpuplanner;
using tests::HttpTestReply;

namespace {

using CliResult = tests::CliRun;

class RefreshCli : public ::testing::Test
{
protected:
    void SetUp() override { m_catalog = tests::copySeedCatalog(m_dir.path()); }

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), m_dir.filePath(QStringLiteral("cache")));
        return env;
    }

    CliResult run(QStringList args)
    {
        args.prepend(m_catalog);
        args.prepend(QStringLiteral("--catalog"));
        return tests::runCli(args, environment());
    }

    qint64 scalar(const QString &sql)
    {
        auto db = db::Database::open(m_catalog, db::OpenMode::ReadOnly);
        EXPECT_TRUE(db.ok()) << db.errorMessage().toStdString();
        auto v = db.value()->scalar(sql);
        EXPECT_TRUE(v.ok()) << v.errorMessage().toStdString();
        return v.ok() ? v.value() : -1;
    }

    QString integrity()
    {
        auto db = db::Database::open(m_catalog, db::OpenMode::ReadOnly);
        if (!db)
            return db.errorMessage();
        auto s = db.value()->prepare(QStringLiteral("PRAGMA integrity_check"));
        return s.ok() && s.value().step() ? s.value().text(0) : QStringLiteral("no answer");
    }

    QByteArray lambdaCsv() const
    {
        QFile f(QStringLiteral(GPUPLANNER_SEED_DIR "/skypilot/lambda/vms.csv"));
        EXPECT_TRUE(f.open(QIODevice::ReadOnly));
        return f.readAll();
    }

    QTemporaryDir m_dir;
    QString m_catalog;
    tests::TestHttpServer m_server;
};

HttpTestReply reply(const QByteArray &body, const QByteArray &type, int status = 200)
{
    HttpTestReply r;
    r.status = status;
    r.body = body;
    r.contentType = type;
    return r;
}

} // namespace

TEST_F(RefreshCli, RefreshesFromEndpointsWithSummaryAndPlainProgress)
{
    QFile ecb(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/ecb/eurofxref-daily.xml"));
    ASSERT_TRUE(ecb.open(QIODevice::ReadOnly));
    m_server.routeSequence("/v8/lambda/vms.csv", {reply(lambdaCsv(), "text/csv")});
    m_server.routeSequence("/fx.xml", {reply(ecb.readAll(), "text/xml")});
    const CliResult r = run({QStringLiteral("refresh"), QStringLiteral("--provider"), QStringLiteral("lambda,ecb"),
                             QStringLiteral("--endpoint"), QStringLiteral("skypilot=") + m_server.url(QStringLiteral("/v8")).toString(),
                             QStringLiteral("--endpoint"), QStringLiteral("ecb=") + m_server.url(QStringLiteral("/fx.xml")).toString()});
    ASSERT_EQ(r.code, 0) << r.err.toStdString() << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("PROVIDER"))) << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(QStringLiteral("lambda")));
    EXPECT_TRUE(r.out.contains(QStringLiteral("8 FX rates")));
    // Not a terminal: plain lines, no carriage returns.
    EXPECT_TRUE(r.err.contains(QStringLiteral("lambda: done")));
    EXPECT_FALSE(r.err.contains(u'\r'));
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM fx_latest WHERE currency = 'EUR'")), 1);
}

TEST_F(RefreshCli, AFailedProviderExitsTwoAndKeepsItsPrices)
{
    m_server.routeSequence("/v8/lambda/vms.csv", {reply("gateway timeout", "text/plain", 504)});
    const qint64 before = scalar(QStringLiteral("SELECT count(*) FROM offers"));
    const CliResult r = run({QStringLiteral("refresh"), QStringLiteral("--provider"), QStringLiteral("lambda"),
                             QStringLiteral("--endpoint"), QStringLiteral("skypilot=") + m_server.url(QStringLiteral("/v8")).toString()});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.out.contains(QStringLiteral("failed")));
    EXPECT_TRUE(r.out.contains(QStringLiteral("HTTP 504")));
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers")), before);
}

TEST_F(RefreshCli, UsageErrorsNameTheOption)
{
    CliResult r = run({QStringLiteral("refresh"), QStringLiteral("--endpoint"), QStringLiteral("nowhere")});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("--endpoint: 'nowhere'")));
    r = run({QStringLiteral("refresh"), QStringLiteral("--provider"), QStringLiteral("acme")});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("'acme'")));
    // SkyPilot's hosted catalog publishes no Azure, Fluidstack or IBM file; Azure has its own API.
    r = run({QStringLiteral("refresh"), QStringLiteral("--provider"), QStringLiteral("azure")});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("--source native"))) << r.err.toStdString();
    r = run({QStringLiteral("refresh"), QStringLiteral("--provider"), QStringLiteral("ibm")});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.contains(QStringLiteral("'ibm' has no refresh source"))) << r.err.toStdString();
}

TEST_F(RefreshCli, ExportAndImportASnapshotThroughAMirror)
{
    const QString file = m_dir.filePath(QStringLiteral("mirror.json"));
    CliResult r = run({QStringLiteral("catalog"), QStringLiteral("export"), file});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray json = f.readAll();
    auto snapshot = core::parseSnapshot(json, file);
    ASSERT_TRUE(snapshot.ok()) << snapshot.errorMessage().toStdString();

    // The mirror doubles Lambda's prices; a desktop pulls it over HTTP.
    for (core::ImportedOffer &o : snapshot.value().batches[QStringLiteral("lambda")].offers)
        o.price *= 2;
    m_server.routeSequence("/mirror.json", {reply(core::serializeSnapshot(snapshot.value()), "application/json")});
    const qint64 lambdaOffers = scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON "
                                                      "it.id = o.instance_type_id WHERE it.provider_id = 'lambda'"));
    r = run({QStringLiteral("refresh"), QStringLiteral("--from"), m_server.url(QStringLiteral("/mirror.json")).toString()});
    ASSERT_EQ(r.code, 0) << r.err.toStdString() << r.out.toStdString();
    const QRegularExpression lambdaRow(QStringLiteral("lambda\\s+ok\\s+0\\s+(\\d+)\\s+0\\s+0\\s"));
    const auto match = lambdaRow.match(r.out);
    ASSERT_TRUE(match.hasMatch()) << r.out.toStdString();
    EXPECT_EQ(match.captured(1).toLongLong(), lambdaOffers) << "every Lambda price changed";

    // History of a Lambda offer now shows both prices.
    r = run({QStringLiteral("catalog"), QStringLiteral("history"), QStringLiteral("--instance"),
             QStringLiteral("gpu_8x_h100_sxm5"), QStringLiteral("--region"), QStringLiteral("us-east-1"),
             QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(r.code, 0) << r.err.toStdString();
    const QJsonArray points = QJsonDocument::fromJson(r.out.toUtf8()).array();
    ASSERT_EQ(points.size(), 2);
    EXPECT_DOUBLE_EQ(points.at(1)[QStringLiteral("price_per_hour")].toDouble(),
                     2 * points.at(0)[QStringLiteral("price_per_hour")].toDouble());
}

TEST_F(RefreshCli, ATamperedSnapshotIsRefused)
{
    const QString file = m_dir.filePath(QStringLiteral("mirror.json"));
    ASSERT_EQ(run({QStringLiteral("catalog"), QStringLiteral("export"), file}).code, 0);
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadWrite));
    QByteArray json = f.readAll();
    const qsizetype at = json.indexOf("\"price_per_hour\":") + 17;
    json.insert(at, '9');
    f.seek(0);
    f.write(json);
    f.close();
    const CliResult r = run({QStringLiteral("refresh"), QStringLiteral("--from"), file});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("checksum mismatch"))) << r.err.toStdString();
}

TEST_F(RefreshCli, ImportsCustomOffersAndSkyPilotFiles)
{
    const QString custom = m_dir.filePath(QStringLiteral("negotiated.csv"));
    {
        QFile f(custom);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("provider,instance_type,region,gpu,gpu_count,billing,price_per_hour,currency,term_months,upfront_fee\n"
                "acme-colo,hgx-h100,eu-frankfurt,H100,8,on_demand,16.0,EUR,,\n"
                "acme-colo,hgx-h100,eu-frankfurt,H100,8,reserved,11.5,EUR,12,20000\n");
    }
    CliResult r = run({QStringLiteral("refresh"), QStringLiteral("--from"), custom});
    ASSERT_EQ(r.code, 0) << r.err.toStdString() << r.out.toStdString();
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.provider_id = 'acme-colo' AND it.gpu_id = 'H100-SXM5-80GB' AND o.currency = 'EUR'")),
              2);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM providers WHERE id = 'acme-colo' AND kind = 'custom'")), 1);

    const QString bad = m_dir.filePath(QStringLiteral("bad.csv"));
    {
        QFile f(bad);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("provider,instance_type,region,gpu,gpu_count,billing,price_per_hour,currency\n"
                "acme,box,here,H100,8,on_demand,-3,USD\n");
    }
    r = run({QStringLiteral("refresh"), QStringLiteral("--from"), bad});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("bad.csv:2: column price_per_hour '-3'"))) << r.err.toStdString();

    const QString vms = m_dir.filePath(QStringLiteral("vms.csv"));
    {
        QFile f(vms);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(lambdaCsv());
    }
    r = run({QStringLiteral("refresh"), QStringLiteral("--from"), vms});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("--provider")));
    r = run({QStringLiteral("refresh"), QStringLiteral("--from"), vms, QStringLiteral("--provider"), QStringLiteral("lambda")});
    EXPECT_EQ(r.code, 0) << r.err.toStdString();
}

TEST_F(RefreshCli, KillNineMidRefreshLeavesAConsistentCatalog)
{
    const QString file = m_dir.filePath(QStringLiteral("mirror.json"));
    ASSERT_EQ(run({QStringLiteral("catalog"), QStringLiteral("export"), file}).code, 0);
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    auto snapshot = core::parseSnapshot(f.readAll(), file);
    ASSERT_TRUE(snapshot.ok());
    for (core::ImportBatch &b : snapshot.value().batches) {
        for (core::ImportedOffer &o : b.offers) {
            o.price *= 3;
            if (o.medianPrice)
                *o.medianPrice *= 3;
        }
    }
    const QString tripled = m_dir.filePath(QStringLiteral("tripled.json"));
    {
        QFile out(tripled);
        ASSERT_TRUE(out.open(QIODevice::WriteOnly));
        out.write(core::serializeSnapshot(snapshot.value()));
    }
    const qint64 offers = scalar(QStringLiteral("SELECT count(*) FROM offers"));
    // The history rows refreshes add (after the seed's, some of whose offers a dated source priced twice).
    const qint64 seedHistory = scalar(QStringLiteral("SELECT max(id) FROM price_history"));
    const QString perProvider = QStringLiteral(
        "SELECT count(*) FROM (SELECT it.provider_id, min(COALESCE(h.n, 0)) AS low, max(COALESCE(h.n, 0)) AS high "
        "FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
        "LEFT JOIN (SELECT offer_id, count(*) AS n FROM price_history WHERE id > %1 GROUP BY offer_id) h "
        "ON h.offer_id = o.id GROUP BY it.provider_id HAVING low <> high)").arg(seedHistory);
    for (int delayMs : {150, 400, 700, 1000}) {
        QProcess process;
        process.setProcessEnvironment(environment());
        process.start(QStringLiteral(GPUPLANNER_CLI_PATH),
                      {QStringLiteral("--catalog"), m_catalog, QStringLiteral("refresh"), QStringLiteral("--from"), tripled});
        ASSERT_TRUE(process.waitForStarted());
        // wait-ok: where the kill lands; every assertion below holds wherever that is
        QThread::msleep(delayMs);
        ::kill(pid_t(process.processId()), SIGKILL);
        process.waitForFinished();
        EXPECT_EQ(integrity().toStdString(), "ok") << "after " << delayMs << " ms";
        EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers")), offers);
        // Each provider was replaced entirely or not at all: its offers gained the same history rows.
        EXPECT_EQ(scalar(perProvider), 0) << "after " << delayMs << " ms";
    }
}
