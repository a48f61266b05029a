// Issue 45: Vultr, OVHcloud, Scaleway and CloudRift end to end through the CLI: `refresh --source
// native --provider X --endpoint X=<loopback server>` with the fixtures of tests/data/api (shapes
// from each provider's SDK or API schema, see SOURCE.md there), then `offers --provider X --format
// json` lists the prices in the provider's currency.

#include "RefreshFixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <gtest/gtest.h>

using namespace gpuplanner;
using tests::HttpTestReply;
using tests::HttpTestRequest;

namespace {

class KeylessCloudsRefresh : public tests::RefreshFixture
{
protected:
    int run(const QStringList &args, QString *out = nullptr, QString *err = nullptr)
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CACHE_HOME"), m_dir.filePath(QStringLiteral("cache")));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(GPUPLANNER_CLI_PATH), QStringList{QStringLiteral("--catalog"), m_catalog} + args);
        EXPECT_TRUE(process.waitForFinished(120000));
        if (out)
            *out = QString::fromUtf8(process.readAllStandardOutput());
        if (err)
            *err = QString::fromUtf8(process.readAllStandardError());
        return process.exitCode();
    }

    // refresh --source native for one provider against the loopback server; true when it exits 0.
    void refresh(const QString &provider)
    {
        QString out, err;
        const int code = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                              QStringLiteral("--provider"), provider, QStringLiteral("--force"), QStringLiteral("--endpoint"),
                              provider + u'=' + m_server.url(QStringLiteral("/")).toString()},
                             &out, &err);
        ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    }

    // offers --provider X --format json, keyed "instance region billing term".
    QHash<QString, QJsonObject> offers(const QString &provider)
    {
        QString out, err;
        const int code = run({QStringLiteral("offers"), QStringLiteral("--provider"), provider, QStringLiteral("--format"),
                              QStringLiteral("json"), QStringLiteral("--include-suspect")},
                             &out, &err);
        EXPECT_EQ(code, 0) << err.toStdString();
        QHash<QString, QJsonObject> byKey;
        for (const QJsonValue &v : QJsonDocument::fromJson(out.toUtf8()).array()) {
            const QJsonObject o = v.toObject();
            byKey.insert(QStringLiteral("%1 %2 %3 %4")
                             .arg(o.value(QStringLiteral("instance_type")).toString(), o.value(QStringLiteral("region")).toString(),
                                  o.value(QStringLiteral("billing")).toString())
                             .arg(o.value(QStringLiteral("term_months")).toInt()),
                         o);
        }
        return byKey;
    }
};

void expectPrice(const QHash<QString, QJsonObject> &offers, const QString &key, double price, const char *currency)
{
    ASSERT_TRUE(offers.contains(key)) << key.toStdString() << " among " << QStringList(offers.keys()).join(u", ").toStdString();
    const QJsonObject o = offers.value(key);
    EXPECT_NEAR(o.value(QStringLiteral("price_per_hour")).toDouble(), price, 1e-9) << key.toStdString();
    EXPECT_EQ(o.value(QStringLiteral("currency")).toString(), QLatin1String(currency)) << key.toStdString();
}

} // namespace

TEST_F(KeylessCloudsRefresh, VultrFollowsTheCursorAndListsUsdPrices)
{
    const QByteArray page1 = tests::apiFixture("vultr/plans_page1.json");
    const QByteArray page2 = tests::apiFixture("vultr/plans_page2.json");
    m_server.route("/v2/plans", [&](const HttpTestRequest &request) {
        HttpTestReply r;
        r.body = request.query.contains("cursor=") ? page2 : page1;
        return r;
    });
    HttpTestReply metal;
    metal.body = tests::apiFixture("vultr/plans_metal.json");
    m_server.routeSequence("/v2/plans-metal", {metal});
    refresh(QStringLiteral("vultr"));
    EXPECT_EQ(m_server.hits("/v2/plans"), 2);
    const auto listed = offers(QStringLiteral("vultr"));
    expectPrice(listed, QStringLiteral("vcg-l40s-16c-180g-48vram ewr on_demand 0"), 1.671, "USD");
    expectPrice(listed, QStringLiteral("vbm-256c-2048gb-8-mi300x-gpu ord on_demand 0"), 17.52, "USD");
    expectPrice(listed, QStringLiteral("vbm-112c-2048gb-8-h100-gpu sea on_demand 0"), 23.92, "USD");
    EXPECT_EQ(listed.value(QStringLiteral("vbm-256c-2048gb-8-mi300x-gpu ord on_demand 0")).value(QStringLiteral("gpu")).toString(),
              u"MI300X");
    // monthly_cost is a cap on hourly billing: no reserved offers.
    for (const QJsonObject &o : listed)
        EXPECT_EQ(o.value(QStringLiteral("billing")).toString(), u"on_demand");
}

TEST_F(KeylessCloudsRefresh, OvhCloudListsHourlyAndMonthlyPostpaidPricesInEur)
{
    HttpTestReply catalog;
    catalog.body = tests::apiFixture("ovhcloud/catalog_cloud_FR.json");
    m_server.routeSequence("/1.0/order/catalog/public/cloud", {catalog});
    refresh(QStringLiteral("ovhcloud"));
    const auto listed = offers(QStringLiteral("ovhcloud"));
    expectPrice(listed, QStringLiteral("h100-380 GRA11 on_demand 0"), 2.80, "EUR");
    expectPrice(listed, QStringLiteral("l40s-90 GRA11 on_demand 0"), 1.40, "EUR");
    expectPrice(listed, QStringLiteral("h100-380 BHS5 reserved 1"), 1533.0 / 730.0, "EUR");
    const QJsonObject monthly = listed.value(QStringLiteral("h100-380 BHS5 reserved 1"));
    EXPECT_EQ(monthly.value(QStringLiteral("price_basis")).toString(), u"effective");
    EXPECT_EQ(monthly.value(QStringLiteral("upfront")).toString(), u"none");
    EXPECT_TRUE(monthly.value(QStringLiteral("source")).toString().contains(QStringLiteral("monthly postpaid")));
}

TEST_F(KeylessCloudsRefresh, ScalewayPagesThroughThePublicCatalogInEur)
{
    const QByteArray page1 = tests::apiFixture("scaleway/products_page1.json");
    const QByteArray page2 = tests::apiFixture("scaleway/products_page2.json");
    m_server.route("/product-catalog/v2alpha1/public-catalog/products", [&](const HttpTestRequest &request) {
        HttpTestReply r;
        r.body = request.query.contains("page=2") ? page2 : page1;
        return r;
    });
    refresh(QStringLiteral("scaleway"));
    EXPECT_EQ(m_server.hits("/product-catalog/v2alpha1/public-catalog/products"), 2);
    const auto listed = offers(QStringLiteral("scaleway"));
    expectPrice(listed, QStringLiteral("H100-SXM-8-80G fr-par-2 on_demand 0"), 23.028, "EUR");
    expectPrice(listed, QStringLiteral("L40S-1-48G fr-par-2 on_demand 0"), 1.40, "EUR");
    expectPrice(listed, QStringLiteral("L4-1-24G pl-waw-2 on_demand 0"), 0.75, "EUR");
}

TEST_F(KeylessCloudsRefresh, CloudRiftPostsTheSelectorAndListsUsdPerDataCentre)
{
    HttpTestReply types;
    types.body = tests::apiFixture("cloudrift/instance_types.json");
    m_server.routeSequence("/api/v1/instance-types/list", {types});
    refresh(QStringLiteral("cloudrift"));
    ASSERT_EQ(m_server.hits("/api/v1/instance-types/list"), 1);
    EXPECT_EQ(m_server.requests().last().method, "POST");
    const auto listed = offers(QStringLiteral("cloudrift"));
    expectPrice(listed, QStringLiteral("rtx49-8c-nr.1 us-east-nc-nr-1 on_demand 0"), 0.39, "USD");
    expectPrice(listed, QStringLiteral("rtx49-8c-nr.2 us-east-nc-nr-1 on_demand 0"), 0.78, "USD");
}
