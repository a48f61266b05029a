// Issue 45: DigitalOcean, Hot Aisle and Massed Compute (with the user's key) and Oracle Cloud's
// public price list end to end through the CLI: `refresh --source native --provider X --endpoint
// X=<loopback server>` with the fixtures of tests/data/api (shapes from each provider's
// documentation or SDK, see SOURCE.md there), then `offers --provider X --format json` lists the
// prices. The key travels in a header and shows in neither stdout nor stderr.

#include "RefreshFixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>

#include <gtest/gtest.h>

using namespace gpuplanner;
using tests::HttpTestReply;
using tests::HttpTestRequest;

namespace {

struct CliRun
{
    int code = -1;
    QString out;
    QString err;
};

class KeyedCloudsRefresh : public tests::RefreshFixture
{
protected:
    CliRun run(const QStringList &args, const QProcessEnvironment &extra = QProcessEnvironment())
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CACHE_HOME"), m_dir.filePath(QStringLiteral("cache")));
        // A key the developer has set must not leak into the test.
        for (const char *variable : {"GPUPLANNER_DIGITALOCEAN_API_KEY", "GPUPLANNER_HOTAISLE_API_KEY",
                                     "GPUPLANNER_MASSEDCOMPUTE_API_KEY"})
            env.remove(QLatin1String(variable));
        env.insert(extra);
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(GPUPLANNER_CLI_PATH), QStringList{QStringLiteral("--catalog"), m_catalog} + args);
        EXPECT_TRUE(process.waitForFinished(120000));
        CliRun result;
        result.code = process.exitCode();
        result.out = QString::fromUtf8(process.readAllStandardOutput());
        result.err = QString::fromUtf8(process.readAllStandardError());
        return result;
    }

    // refresh --source native for one provider against the loopback server, the key (if any) in
    // variable; the key must reach the server and appear in neither output stream.
    void refresh(const QString &provider, const QString &variable = {}, const QString &key = {})
    {
        QProcessEnvironment env;
        if (!variable.isEmpty())
            env.insert(variable, key);
        const CliRun r = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                              QStringLiteral("--provider"), provider, QStringLiteral("--force"), QStringLiteral("--endpoint"),
                              provider + u'=' + m_server.url(QStringLiteral("/")).toString()},
                             env);
        ASSERT_EQ(r.code, 0) << r.err.toStdString() << r.out.toStdString();
        if (!key.isEmpty()) {
            EXPECT_FALSE(r.out.contains(key)) << r.out.toStdString();
            EXPECT_FALSE(r.err.contains(key)) << r.err.toStdString();
        }
    }

    // offers --provider X --format json, keyed "instance region billing term".
    QHash<QString, QJsonObject> offers(const QString &provider)
    {
        const CliRun r = run({QStringLiteral("offers"), QStringLiteral("--provider"), provider, QStringLiteral("--format"),
                              QStringLiteral("json"), QStringLiteral("--include-suspect")});
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        QHash<QString, QJsonObject> byKey;
        for (const QJsonValue &v : QJsonDocument::fromJson(r.out.toUtf8()).array()) {
            const QJsonObject o = v.toObject();
            byKey.insert(QStringLiteral("%1 %2 %3 %4")
                             .arg(o.value(QStringLiteral("instance_type")).toString(), o.value(QStringLiteral("region")).toString(),
                                  o.value(QStringLiteral("billing")).toString())
                             .arg(o.value(QStringLiteral("term_months")).toInt()),
                         o);
        }
        return byKey;
    }

    // Every request the server saw carried this Authorization header.
    void expectAuthorization(const QByteArray &value)
    {
        const QList<HttpTestRequest> requests = m_server.requests();
        ASSERT_FALSE(requests.isEmpty());
        for (const HttpTestRequest &request : requests)
            EXPECT_EQ(request.headers.value("authorization"), value) << request.path.toStdString();
    }
};

void expectPrice(const QHash<QString, QJsonObject> &offers, const QString &key, double price, const QString &gpu)
{
    ASSERT_TRUE(offers.contains(key)) << key.toStdString() << " among " << QStringList(offers.keys()).join(u", ").toStdString();
    const QJsonObject o = offers.value(key);
    EXPECT_NEAR(o.value(QStringLiteral("price_per_hour")).toDouble(), price, 1e-9) << key.toStdString();
    EXPECT_EQ(o.value(QStringLiteral("currency")).toString(), u"USD") << key.toStdString();
    EXPECT_EQ(o.value(QStringLiteral("gpu")).toString(), gpu) << key.toStdString();
}

} // namespace

TEST_F(KeyedCloudsRefresh, DigitalOceanFollowsThePagesWithTheTokenAsBearer)
{
    const QByteArray page1 = tests::apiFixture("digitalocean/sizes_page1.json");
    const QByteArray page2 = tests::apiFixture("digitalocean/sizes_page2.json");
    m_server.route("/v2/sizes", [&](const HttpTestRequest &request) {
        HttpTestReply r;
        r.body = request.query.startsWith("page=2&") ? page2 : page1; // not per_page=200
        return r;
    });
    refresh(QStringLiteral("digitalocean"), QStringLiteral("GPUPLANNER_DIGITALOCEAN_API_KEY"), QStringLiteral("do-secret-token-123"));
    EXPECT_EQ(m_server.hits("/v2/sizes"), 2);
    expectAuthorization("Bearer do-secret-token-123");
    const auto listed = offers(QStringLiteral("digitalocean"));
    expectPrice(listed, QStringLiteral("gpu-h100x8-640gb nyc1 on_demand 0"), 23.92, QStringLiteral("H100-SXM5-80GB"));
    expectPrice(listed, QStringLiteral("gpu-mi300x8-1536gb nyc1 on_demand 0"), 15.92, QStringLiteral("MI300X"));
    // The CPU Droplet is not an offer, and the API gives no commitment prices (the embedded
    // catalog's web-page terms stay the only ones).
    int fromApi = 0;
    for (const QJsonObject &o : listed) {
        if (o.value(QStringLiteral("source")).toString() != u"DigitalOcean sizes API")
            continue;
        ++fromApi;
        EXPECT_EQ(o.value(QStringLiteral("billing")).toString(), u"on_demand");
    }
    EXPECT_EQ(fromApi, 2);
}

TEST_F(KeyedCloudsRefresh, HotAisleFindsTheTeamAndListsItsMachines)
{
    HttpTestReply user;
    user.body = tests::apiFixture("hotaisle/user.json");
    m_server.routeSequence("/api/user/", {user});
    HttpTestReply machines;
    machines.body = tests::apiFixture("hotaisle/virtual_machines_available.json");
    m_server.routeSequence("/api/teams/example-team/virtual_machines/available/", {machines});
    refresh(QStringLiteral("hotaisle"), QStringLiteral("GPUPLANNER_HOTAISLE_API_KEY"), QStringLiteral("ha-secret-key-456"));
    expectAuthorization("Token ha-secret-key-456");
    const auto listed = offers(QStringLiteral("hotaisle"));
    expectPrice(listed, QStringLiteral("1x-MI300X-13c-224g us-michigan-1 on_demand 0"), 2.99, QStringLiteral("MI300X"));
    expectPrice(listed, QStringLiteral("8x-MI300X-104c-1792g us-michigan-1 on_demand 0"), 15.92, QStringLiteral("MI300X"));
}

TEST_F(KeyedCloudsRefresh, MassedComputeListsTheInventoryWithTheTokenAsBearer)
{
    HttpTestReply inventory;
    inventory.body = tests::apiFixture("massedcompute/gpu_inventory.json");
    m_server.routeSequence("/api/v1/gpu-inventory", {inventory});
    refresh(QStringLiteral("massedcompute"), QStringLiteral("GPUPLANNER_MASSEDCOMPUTE_API_KEY"), QStringLiteral("mc-secret-token-789"));
    expectAuthorization("Bearer mc-secret-token-789");
    const auto listed = offers(QStringLiteral("massedcompute"));
    expectPrice(listed, QStringLiteral("gpu_1x_l40 us-central-3 on_demand 0"), 0.88, QStringLiteral("L40"));
    expectPrice(listed, QStringLiteral("gpu_2x_a6000 us-central-3 on_demand 0"), 1.14, QStringLiteral("RTX-A6000"));
}

TEST_F(KeyedCloudsRefresh, OracleCloudPricesEveryShapeInEveryCommercialRegion)
{
    HttpTestReply list;
    list.body = tests::apiFixture("oci/products_usd_gpu_excerpt.json");
    m_server.routeSequence("/pls/apex/cetools/api/v1/products/", {list});
    refresh(QStringLiteral("oci"));
    EXPECT_TRUE(m_server.requests().first().query.contains("currencyCode=USD"));
    EXPECT_FALSE(m_server.requests().first().headers.contains("authorization")); // a public list
    const auto listed = offers(QStringLiteral("oci"));
    // Per-GPU rate x GPUs: 8 x 10, 8 x 6 (the MI300X shape the catalog did not have), 2 x 2.
    expectPrice(listed, QStringLiteral("BM.GPU.H100.8 us-ashburn-1 on_demand 0"), 80.0, QStringLiteral("H100-SXM5-80GB"));
    expectPrice(listed, QStringLiteral("BM.GPU.MI300X.8 ap-tokyo-1 on_demand 0"), 48.0, QStringLiteral("MI300X"));
    expectPrice(listed, QStringLiteral("VM.GPU.A10.2 eu-frankfurt-1 on_demand 0"), 4.0, QStringLiteral("A10"));
    QSet<QString> h100Regions;
    for (const QJsonObject &o : listed) {
        if (o.value(QStringLiteral("instance_type")).toString() == u"BM.GPU.H100.8")
            h100Regions.insert(o.value(QStringLiteral("region")).toString());
    }
    EXPECT_EQ(h100Regions.size(), 46); // every commercial region, where the catalog had two
    // The catalog's H100 shape keeps its specs (one instance type, not a second without them).
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM instance_types WHERE provider_id = 'oci' AND name = 'BM.GPU.H100.8'")), 1);
    // Shapes the list cannot price (BM.GPU4.8's part is ambiguous) keep their offers.
    EXPECT_GT(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.provider_id = 'oci' AND it.name = 'BM.GPU4.8' AND o.unavailable_since IS NULL")),
              0);
}

TEST_F(KeyedCloudsRefresh, WithoutTheKeyTheErrorNamesTheVariable)
{
    const QList<QPair<QString, QString>> providers = {
        {QStringLiteral("digitalocean"), QStringLiteral("GPUPLANNER_DIGITALOCEAN_API_KEY")},
        {QStringLiteral("hotaisle"), QStringLiteral("GPUPLANNER_HOTAISLE_API_KEY")},
        {QStringLiteral("massedcompute"), QStringLiteral("GPUPLANNER_MASSEDCOMPUTE_API_KEY")},
    };
    for (const auto &[provider, variable] : providers) {
        const CliRun r = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                              QStringLiteral("--provider"), provider, QStringLiteral("--endpoint"),
                              provider + u'=' + m_server.url(QStringLiteral("/")).toString()});
        EXPECT_EQ(r.code, 1) << provider.toStdString();
        EXPECT_TRUE(r.err.contains(variable)) << r.err.toStdString();
    }
    EXPECT_TRUE(m_server.requests().isEmpty());
}
