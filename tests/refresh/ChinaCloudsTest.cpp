// The Chinese clouds' price APIs end to end through the CLI and the real HTTP client: each
// loopback server checks every request's signature from the test credentials, answers as the
// provider does (its error bodies, codes and statuses included), and the catalog is checked.

#include "CloudSignatureCheck.h"
#include "RefreshFixture.h"

#include "net/providers/ChinaGpuFamilies.h"
#include "net/providers/HuaweiCloudSource.h"
#include "net/sources/SourceRegistry.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <atomic>

#include <gtest/gtest.h>

using namespace gpuplanner;
using tests::HttpTestReply;
using tests::HttpTestRequest;
using tests::SignatureCheck;

namespace {

class ChinaClouds : public tests::RefreshFixture
{
protected:
    int run(const QStringList &args, const QProcessEnvironment &extra, QString *out, QString *err)
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CACHE_HOME"), m_dir.filePath(QStringLiteral("cache")));
        env.insert(extra);
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(GPUPLANNER_CLI_PATH), QStringList{QStringLiteral("--catalog"), m_catalog} + args);
        EXPECT_TRUE(process.waitForFinished(120000));
        *out = QString::fromUtf8(process.readAllStandardOutput());
        *err = QString::fromUtf8(process.readAllStandardError());
        return process.exitCode();
    }

    int refreshNative(const char *provider, const QProcessEnvironment &env, QString *out, QString *err,
                      const QStringList &more = {})
    {
        const QString p = QLatin1String(provider);
        return run(QStringList{QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                               QStringLiteral("--provider"), p, QStringLiteral("--endpoint"),
                               p + u'=' + m_server.url(QStringLiteral("/")).toString(), QStringLiteral("--force")}
                       + more,
                   env, out, err);
    }

    double price(const char *instance, const char *region, const char *billing, int term = 0)
    {
        auto db = db::Database::open(m_catalog, db::OpenMode::ReadOnly);
        auto stmt = db.value()->prepare(QStringLiteral(
            "SELECT o.hourly_price FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
            "JOIN regions r ON r.id = o.region_id WHERE it.name = ? AND r.code = ? AND o.billing = ? "
            "AND o.term_months = ? AND o.unavailable_since IS NULL"));
        stmt.value().bind(1, QLatin1String(instance)).bind(2, QLatin1String(region)).bind(3, QLatin1String(billing)).bind(4, term);
        return stmt.value().step() ? stmt.value().real(0) : -1;
    }

    // The source text of an offer, empty when there is none.
    QString sourceOf(const char *instance, const char *region, const char *billing, int term = 0)
    {
        auto db = db::Database::open(m_catalog, db::OpenMode::ReadOnly);
        auto stmt = db.value()->prepare(QStringLiteral(
            "SELECT o.source FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
            "JOIN regions r ON r.id = o.region_id WHERE it.name = ? AND r.code = ? AND o.billing = ? "
            "AND o.term_months = ? AND o.unavailable_since IS NULL"));
        stmt.value().bind(1, QLatin1String(instance)).bind(2, QLatin1String(region)).bind(3, QLatin1String(billing)).bind(4, term);
        return stmt.value().step() ? stmt.value().text(0) : QString();
    }

    static QProcessEnvironment env(std::initializer_list<std::pair<const char *, const char *>> vars)
    {
        QProcessEnvironment e;
        for (const auto &[name, value] : vars)
            e.insert(QLatin1String(name), QLatin1String(value));
        return e;
    }

    std::atomic_int m_signedOk{0};
    std::atomic_int m_signedBad{0};
};

// ---------------------------------------------------------------- Tencent Cloud

const QByteArray kTencentId = "AKIDtestTencentSecretId0001";
const QByteArray kTencentKey = "tencentTestSecretKeyValue0001";

HttpTestReply tencentError(const char *code, const char *message)
{
    HttpTestReply r; // Tencent answers API errors with HTTP 200 and Response.Error
    r.body = QByteArray(R"({"Response":{"Error":{"Code":")") + code + R"(","Message":")" + message
        + R"("},"RequestId":"9a0b1c2d-0000-4000-8000-000000000001"}})";
    return r;
}

} // namespace

class TencentClouds : public ChinaClouds
{
protected:
    void SetUp() override
    {
        ChinaClouds::SetUp();
        m_server.route("/", [this](const HttpTestRequest &r) {
            switch (tests::checkTc3(r, kTencentId, kTencentKey)) {
            case SignatureCheck::UnknownKey:
                ++m_signedBad;
                return tencentError("AuthFailure.SecretIdNotFound", "The SecretId is not found, please ensure that your SecretId is correct.");
            case SignatureCheck::Mismatch:
                ++m_signedBad;
                return tencentError("AuthFailure.SignatureFailure", "The provided credentials could not be validated. Please check your signature is correct.");
            case SignatureCheck::Ok:
                ++m_signedOk;
                break;
            }
            const QByteArray action = r.headers.value("x-tc-action");
            HttpTestReply reply;
            if (action == "DescribeRegions") {
                reply.body = tests::apiFixture("tencent/DescribeRegions.json");
            } else if (action == "DescribeZoneInstanceConfigInfos") {
                const QByteArray region = r.headers.value("x-tc-region");
                EXPECT_TRUE(r.body.contains("SPOTPAID") && r.body.contains("PREPAID") && r.body.contains("POSTPAID_BY_HOUR"));
                if (region == "ap-shanghai" && m_throttled++ == 0)
                    return tencentError("RequestLimitExceeded", "Your current request times exceeds limit, please try again later.");
                reply.body = tests::apiFixture(("tencent/DescribeZoneInstanceConfigInfos_" + region + ".json").constData());
            } else {
                return tencentError("InvalidAction", "The action requested does not exist.");
            }
            return reply;
        });
    }
    std::atomic_int m_throttled{0};
};

TEST_F(TencentClouds, RefreshFetchesOnDemandSpotAndSubscriptionPricesInCny)
{
    QString out, err;
    const int code = refreshNative("tencentcloud",
                                   env({{"GPUPLANNER_TENCENT_SECRET_ID", kTencentId.constData()},
                                        {"GPUPLANNER_TENCENT_SECRET_KEY", kTencentKey.constData()}}),
                                   &out, &err);
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    EXPECT_EQ(m_signedBad, 0);
    EXPECT_EQ(m_signedOk, 4) << "DescribeRegions, two regions, one retry after RequestLimitExceeded";
    // The lowest of two zones; spot; one month, one year and three years prepaid, at what a buyer
    // pays: the totals after Tencent's duration discount (35,856 = 43,200 x 0.83; 64,800 =
    // 129,600 x 0.5), not the list totals beside them.
    EXPECT_DOUBLE_EQ(price("GN7.2XLARGE32", "ap-guangzhou", "on_demand"), 8.68);
    EXPECT_DOUBLE_EQ(price("GN7.2XLARGE32", "ap-guangzhou", "spot"), 2.60);
    EXPECT_NEAR(price("GN7.2XLARGE32", "ap-guangzhou", "reserved", 1), 3600.0 / 730, 1e-9);
    EXPECT_NEAR(price("GN7.2XLARGE32", "ap-guangzhou", "reserved", 12), 35856.0 / 8760, 1e-9);
    EXPECT_NEAR(price("GN7.2XLARGE32", "ap-guangzhou", "reserved", 36), 64800.0 / 26280, 1e-9);
    EXPECT_DOUBLE_EQ(price("GN7.2XLARGE32", "ap-shanghai", "on_demand"), 8.68);
    EXPECT_DOUBLE_EQ(price("GN10Xp.2XLARGE40", "ap-guangzhou", "on_demand"), 12.01);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.name = 'GN7.2XLARGE32' AND o.billing = 'reserved' AND o.currency = 'CNY' "
                                    "AND o.upfront = 'all' AND o.price_basis = 'effective' AND o.term_months = 36 "
                                    "AND abs(o.upfront_fee - 64800) < 1e-6 AND o.recurring_per_hour = 0")),
              1);
    // GN10Xp carries 32 GB V100s; a sold-out zone, a CPU type and an unknown family give no offer.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM instance_types WHERE name = 'GN10Xp.2XLARGE40' AND "
                                    "gpu_id = 'V100-SXM2-32GB' AND gpu_memory_gib = 32")),
              1);
    EXPECT_LT(price("GN10Xp.20XLARGE320", "ap-guangzhou", "on_demand"), 0);
    EXPECT_LT(price("S5.LARGE8", "ap-guangzhou", "on_demand"), 0);
    EXPECT_TRUE(out.contains(QStringLiteral("HCCPNV5"))) << "the unmapped family is reported:\n" << out.toStdString();
    EXPECT_FALSE((out + err).contains(QString::fromLatin1(kTencentKey)));
}

TEST_F(TencentClouds, AWrongSecretKeyIsNamedAndKeepsThePreviousPrices)
{
    const qint64 before = providerOffers("tencentcloud");
    ASSERT_GT(before, 0);
    QString out, err;
    const int code = refreshNative("tencentcloud",
                                   env({{"GPUPLANNER_TENCENT_SECRET_ID", kTencentId.constData()},
                                        {"GPUPLANNER_TENCENT_SECRET_KEY", "not-the-right-key-0000"}}),
                                   &out, &err);
    EXPECT_NE(code, 0);
    const QString all = out + err;
    EXPECT_TRUE(all.contains(QStringLiteral("Tencent Cloud DescribeRegions: AuthFailure.SignatureFailure"))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("GPUPLANNER_TENCENT_SECRET_KEY"))) << all.toStdString();
    EXPECT_FALSE(all.contains(QStringLiteral("not-the-right-key-0000")));
    EXPECT_EQ(providerOffers("tencentcloud"), before);
    EXPECT_DOUBLE_EQ(price("GN7.2XLARGE32", "ap-guangzhou", "spot"), -1) << "nothing was written";
}

TEST_F(TencentClouds, AnUnknownSecretIdSaysSo)
{
    QString out, err;
    EXPECT_NE(refreshNative("tencentcloud",
                            env({{"GPUPLANNER_TENCENT_SECRET_ID", "AKIDsomeoneElse"},
                                 {"GPUPLANNER_TENCENT_SECRET_KEY", kTencentKey.constData()}}),
                            &out, &err),
              0);
    EXPECT_TRUE((out + err).contains(QStringLiteral("AuthFailure.SecretIdNotFound"))) << (out + err).toStdString();
    EXPECT_TRUE((out + err).contains(QStringLiteral("not known to Tencent Cloud"))) << (out + err).toStdString();
}

TEST_F(TencentClouds, MissingCredentialsNameTheVariables)
{
    QString out, err;
    EXPECT_NE(refreshNative("tencentcloud", env({{"GPUPLANNER_TENCENT_SECRET_ID", kTencentId.constData()}}), &out, &err), 0);
    EXPECT_TRUE(err.contains(QStringLiteral("GPUPLANNER_TENCENT_SECRET_KEY"))) << err.toStdString();
    EXPECT_EQ(m_server.hits("/"), 0);
}

// ---------------------------------------------------------------- Huawei Cloud

namespace {

const QByteArray kHuaweiAk = "HWTESTAKEXAMPLE0001";
const QByteArray kHuaweiSk = "huaweiTestSecretKeyExample0001";
const QByteArray kHuaweiProject = "05041fffa40025702f6dc009cc6f8f33";
const QByteArray kHuaweiDomain = "0503dda878000fed0f75c0096d70a960";

HttpTestReply huaweiError(int status, const char *code, const char *message)
{
    HttpTestReply r;
    r.status = status;
    r.body = QByteArray(R"({"error_code":")") + code + R"(","error_msg":")" + message
        + R"(","request_id":"3b5f0a3c2d1e4f5a6b7c8d9e0f1a2b3c"})";
    return r;
}

// Hourly list prices the test server rates; a 1-month subscription is 500 h of it, a year 5000 h, three years 12000 h.
double huaweiHourly(const QString &spec)
{
    if (spec == u"p2s.2xlarge.8.linux")
        return 19.93;
    if (spec == u"p2s.16xlarge.8.linux")
        return 159.44;
    if (spec == u"pi2.2xlarge.4.linux")
        return 9.38;
    return -1; // pi2.16xlarge.4 is not sold in this region
}

} // namespace

class HuaweiClouds : public ChinaClouds
{
protected:
    void SetUp() override
    {
        ChinaClouds::SetUp();
        auto check = [this](const HttpTestRequest &r, bool global) -> std::optional<HttpTestReply> {
            switch (tests::checkHuawei(r, kHuaweiAk, kHuaweiSk)) {
            case SignatureCheck::UnknownKey:
                ++m_signedBad;
                return huaweiError(401, "APIGW.0301", "Incorrect IAM authentication information: ak not exist");
            case SignatureCheck::Mismatch:
                ++m_signedBad;
                return huaweiError(401, "APIGW.0301", "Incorrect IAM authentication information: verify aksk signature fail");
            case SignatureCheck::Ok:
                ++m_signedOk;
                break;
            }
            if (global && r.headers.value("x-domain-id") != kHuaweiDomain)
                return huaweiError(400, "APIGW.0101", "X-Domain-Id missing");
            return std::nullopt;
        };
        m_server.route("/v3/projects", [check](const HttpTestRequest &r) {
            if (auto refused = check(r, true))
                return *refused;
            HttpTestReply reply;
            reply.body = tests::apiFixture("huawei/projects.json");
            return reply;
        });
        m_server.route("/v1/" + kHuaweiProject + "/cloudservers/flavors", [check](const HttpTestRequest &r) {
            if (auto refused = check(r, false))
                return *refused;
            EXPECT_EQ(r.headers.value("x-project-id"), kHuaweiProject);
            HttpTestReply reply;
            reply.body = tests::apiFixture("huawei/flavors_cn-north-4.json");
            return reply;
        });
        auto ratings = [this, check](const HttpTestRequest &r, bool period) {
            if (auto refused = check(r, true))
                return *refused;
            if (!period && m_throttled++ == 0)
                return huaweiError(429, "APIGW.0308", "The throttling threshold has been reached: policy user over ratelimit,limit:10,time:1 second");
            const QJsonObject req = QJsonDocument::fromJson(r.body).object();
            EXPECT_EQ(req.value(QStringLiteral("project_id")).toString(), QString::fromLatin1(kHuaweiProject));
            QJsonArray results;
            for (const QJsonValue &v : req.value(QStringLiteral("product_infos")).toArray()) {
                const QJsonObject p = v.toObject();
                const double hourly = huaweiHourly(p.value(QStringLiteral("resource_spec")).toString());
                if (hourly < 0)
                    return huaweiError(400, "CBC.0100", "The resource specification is not supported in this region.");
                double amount = hourly;
                if (period) {
                    const int type = p.value(QStringLiteral("period_type")).toInt();
                    const int num = p.value(QStringLiteral("period_num")).toInt();
                    // 1 month, 1 year, 3 years: each its own bit.
                    m_periodsAsked |= type == 2 && num == 1 ? 1 : type == 3 && num == 1 ? 2 : type == 3 && num == 3 ? 4 : 8;
                    amount = hourly * (type == 2 ? 500.0 * num : 5000.0 * (num == 3 ? 2.4 : 1.0));
                } else {
                    EXPECT_EQ(p.value(QStringLiteral("usage_measure_id")).toInt(), 4);
                }
                results.append(QJsonObject{{QStringLiteral("id"), p.value(QStringLiteral("id"))},
                                           {QStringLiteral("product_id"), QStringLiteral("00000000000000000000000000000000")},
                                           {QStringLiteral("official_website_amount"), amount},
                                           {QStringLiteral("measure_id"), 1}});
            }
            QJsonObject rating{{QStringLiteral("official_website_amount"), 0}, {QStringLiteral("measure_id"), 1},
                               {QStringLiteral("product_rating_results"), results}};
            QJsonObject root = period ? QJsonObject{{QStringLiteral("official_website_rating_result"), rating},
                                                    {QStringLiteral("optional_discount_rating_results"), QJsonArray()},
                                                    {QStringLiteral("currency"), QStringLiteral("CNY")}}
                                      : rating;
            if (!period)
                root.insert(QStringLiteral("currency"), QStringLiteral("CNY"));
            HttpTestReply reply;
            reply.body = QJsonDocument(root).toJson(QJsonDocument::Compact);
            return reply;
        };
        m_server.route("/v2/bills/ratings/on-demand-resources", [ratings](const HttpTestRequest &r) { return ratings(r, false); });
        m_server.route("/v2/bills/ratings/period-resources/subscribe-rate",
                       [ratings](const HttpTestRequest &r) { return ratings(r, true); });
    }

    QProcessEnvironment credentials(const char *sk = kHuaweiSk.constData())
    {
        return env({{"GPUPLANNER_HUAWEI_AK", kHuaweiAk.constData()},
                    {"GPUPLANNER_HUAWEI_SK", sk},
                    {"GPUPLANNER_HUAWEI_PROJECT_ID", kHuaweiProject.constData()},
                    {"GPUPLANNER_HUAWEI_DOMAIN_ID", kHuaweiDomain.constData()}});
    }
    std::atomic_int m_throttled{0};
    std::atomic_int m_periodsAsked{0};
};

TEST_F(HuaweiClouds, RefreshPricesTheGpuFlavorsOnDemandAndBySubscription)
{
    ASSERT_EQ(providerOffers("huaweicloud"), 0) << "the embedded catalog has no Huawei prices";
    QString out, err;
    const int code = refreshNative("huaweicloud", credentials(), &out, &err);
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    EXPECT_EQ(m_signedBad, 0);
    EXPECT_DOUBLE_EQ(price("p2s.2xlarge.8", "cn-north-4", "on_demand"), 19.93);
    EXPECT_DOUBLE_EQ(price("pi2.2xlarge.4", "cn-north-4", "on_demand"), 9.38);
    EXPECT_NEAR(price("p2s.2xlarge.8", "cn-north-4", "reserved", 1), 19.93 * 500 / 730, 1e-9);
    EXPECT_NEAR(price("p2s.2xlarge.8", "cn-north-4", "reserved", 12), 19.93 * 5000 / 8760, 1e-9);
    EXPECT_NEAR(price("p2s.2xlarge.8", "cn-north-4", "reserved", 36), 19.93 * 12000 / 26280, 1e-9);
    EXPECT_EQ(m_periodsAsked, 1 | 2 | 4) << "ListRateOnPeriodDetail asked for 1 month, 1 year and 3 years, nothing else";
    // Each subscription names the inquiry and the period it was asked for.
    EXPECT_EQ(sourceOf("p2s.2xlarge.8", "cn-north-4", "reserved", 1),
              QStringLiteral("Huawei Cloud BSS price inquiry ListRateOnPeriodDetail period_type 2 period_num 1 (1-month "
                             "subscription list price)"));
    EXPECT_TRUE(sourceOf("p2s.2xlarge.8", "cn-north-4", "reserved", 36).contains(u"period_type 3 period_num 3"));
    EXPECT_NEAR(price("p2s.16xlarge.8", "cn-north-4", "on_demand"), 159.44, 1e-9);
    // Not sold in the region (its batch is priced one by one), sold out, an unknown family: no offer.
    EXPECT_LT(price("pi2.16xlarge.4", "cn-north-4", "on_demand"), 0);
    EXPECT_LT(price("p3.2xlarge.8", "cn-north-4", "on_demand"), 0);
    EXPECT_TRUE(out.contains(QStringLiteral("H-Series"))) << out.toStdString();
    EXPECT_TRUE(out.contains(QStringLiteral("CBC.0100"))) << out.toStdString();
    // The refreshed flavor is the embedded one (32 GB V100 PCIe), now priced, in CNY.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(DISTINCT it.id) FROM instance_types it JOIN offers o ON "
                                    "o.instance_type_id = it.id WHERE it.name = 'p2s.2xlarge.8' AND it.gpu_id = 'V100-PCIe-32GB' "
                                    "AND o.currency = 'CNY'")),
              1);
    EXPECT_FALSE((out + err).contains(QString::fromLatin1(kHuaweiSk)));
}

TEST_F(HuaweiClouds, FlavorsArePagedWithLimitAndMarker)
{
    // Pages of two flavors: the server answers after the marker it is given, as ListFlavors does.
    const QJsonArray all = QJsonDocument::fromJson(tests::apiFixture("huawei/flavors_cn-north-4.json"))
                               .object()
                               .value(QStringLiteral("flavors"))
                               .toArray();
    std::atomic_int pages{0};
    m_server.route("/v1/" + kHuaweiProject + "/cloudservers/flavors", [&](const HttpTestRequest &r) {
        ++pages;
        QHash<QByteArray, QByteArray> q;
        for (const auto &[k, v] : tests::decodedQuery(r.query))
            q.insert(k, v);
        EXPECT_EQ(q.value("limit"), "2");
        qsizetype start = 0;
        for (qsizetype i = 0; i < all.size(); ++i) {
            if (all.at(i).toObject().value(QStringLiteral("id")).toString().toUtf8() == q.value("marker"))
                start = i + 1;
        }
        HttpTestReply reply;
        if (tests::checkHuawei(r, kHuaweiAk, kHuaweiSk) != SignatureCheck::Ok)
            return huaweiError(401, "APIGW.0301", "Incorrect IAM authentication information: verify aksk signature fail");
        QJsonArray page;
        for (qsizetype i = start; i < std::min(start + 2, all.size()); ++i)
            page.append(all.at(i));
        reply.body = QJsonDocument(QJsonObject{{QStringLiteral("flavors"), page}}).toJson(QJsonDocument::Compact);
        return reply;
    });
    auto families = net::ChinaGpuFamilies::loadEmbedded();
    ASSERT_TRUE(families.ok());
    net::HuaweiCloudSource source(m_server.url(QStringLiteral("/")),
                                  net::HuaweiCredentials{QString::fromLatin1(kHuaweiAk), QString::fromLatin1(kHuaweiSk),
                                                         QString::fromLatin1(kHuaweiProject), QString::fromLatin1(kHuaweiDomain)},
                                  families.value(), m_reference.resolver());
    source.setFlavorPageSize(2);
    const auto outcomes = refresh(source, {QStringLiteral("huaweicloud")});
    ASSERT_EQ(outcomes.size(), 1);
    EXPECT_EQ(outcomes.constFirst().status, core::RefreshStatus::Ok) << outcomes.constFirst().error.toStdString();
    EXPECT_EQ(pages, 4) << "7 flavors in pages of 2";
    EXPECT_DOUBLE_EQ(price("pi2.2xlarge.4", "cn-north-4", "on_demand"), 9.38); // on the second page
}

TEST_F(HuaweiClouds, AWrongSecretKeyIsRefusedWithTheGatewaysCode)
{
    QString out, err;
    EXPECT_NE(refreshNative("huaweicloud", credentials("wrong-secret-key-000"), &out, &err), 0);
    const QString all = out + err;
    EXPECT_TRUE(all.contains(QStringLiteral("Huawei Cloud KeystoneListProjects: APIGW.0301 (HTTP 401)"))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("secret does not match"))) << all.toStdString();
    EXPECT_FALSE(all.contains(QStringLiteral("wrong-secret-key-000")));
    EXPECT_EQ(providerOffers("huaweicloud"), 0);
}

// ---------------------------------------------------------------- Alibaba Cloud

namespace {

const QByteArray kAliId = "LTAI5tTestAccessKeyId01";
const QByteArray kAliSecret = "aliTestAccessKeySecretValue01";

HttpTestReply aliError(int status, const char *code, const char *message)
{
    HttpTestReply r;
    r.status = status;
    r.body = QByteArray(R"({"RequestId":"5E6F7A8B-0000-4000-8000-000000000009","HostId":"ecs.aliyuncs.com","Code":")") + code
        + R"(","Message":")" + message + R"(","Recommend":"https://api.aliyun.com/troubleshoot"})";
    return r;
}

// Hourly list prices the server quotes (CNY); a month is 300 h of it, a year 3000 h, three years 6000 h.
double aliHourly(const QByteArray &type)
{
    if (type == "ecs.gn6i-c4g1.xlarge")
        return 11.75;
    if (type == "ecs.gn7i-c8g1.2xlarge")
        return 19.8;
    return -1;
}

HttpTestReply aliPrice(double instance, double trade)
{
    // The shape of the DescribePrice sample (shared api-samples/alibaba), with a system disk line.
    HttpTestReply r;
    r.body = QStringLiteral(R"({"RequestId":"00000000-0000-0000-0000-000000000000","PriceInfo":{"Price":{)"
                            R"("OriginalPrice":%1,"DiscountPrice":%2,"TradePrice":%3,"Currency":"CNY","DetailInfos":{"DetailInfo":[)"
                            R"({"Resource":"instanceType","OriginalPrice":%4,"DiscountPrice":%5,"TradePrice":%6},)"
                            R"({"Resource":"systemDisk","OriginalPrice":0.46,"DiscountPrice":0.0,"TradePrice":0.46}]}},)"
                            R"("Rules":{"Rule":[]}}})")
                 .arg(instance + 0.46)
                 .arg(instance - trade)
                 .arg(trade + 0.46)
                 .arg(instance)
                 .arg(instance - trade)
                 .arg(trade)
                 .toUtf8();
    return r;
}

} // namespace

class AlibabaClouds : public ChinaClouds
{
protected:
    void SetUp() override
    {
        ChinaClouds::SetUp();
        m_server.route("/", [this](const HttpTestRequest &r) {
            switch (tests::checkAcs3(r, kAliId, kAliSecret)) {
            case SignatureCheck::UnknownKey:
                ++m_signedBad;
                return aliError(404, "InvalidAccessKeyId.NotFound", "Specified access key is not found.");
            case SignatureCheck::Mismatch:
                ++m_signedBad;
                return aliError(400, "SignatureDoesNotMatch", "Specified signature is not matched with our calculation.");
            case SignatureCheck::Ok:
                ++m_signedOk;
                break;
            }
            const QByteArray action = r.headers.value("x-acs-action");
            QHash<QByteArray, QByteArray> q;
            for (const auto &[k, v] : tests::decodedQuery(r.query))
                q.insert(k, v);
            HttpTestReply reply;
            if (action == "DescribeRegions") {
                reply.body = tests::apiFixture("alibaba/DescribeRegions.json");
            } else if (action == "DescribeInstanceTypes") {
                EXPECT_EQ(q.value("MinimumGPUAmount"), "1");
                reply.body = tests::apiFixture(q.value("NextToken") == "e71d8a535bd9cc11" ? "alibaba/DescribeInstanceTypes_page2.json"
                                                                                           : "alibaba/DescribeInstanceTypes_page1.json");
            } else if (action == "DescribePrice") {
                if (m_throttled++ == 0)
                    return aliError(400, "Throttling.User", "Request was denied due to user flow control.");
                const double hourly = aliHourly(q.value("InstanceType"));
                if (hourly < 0)
                    return aliError(400, "InvalidInstanceType.ValueNotSupported", "The specified InstanceType does not exist or is not supported.");
                const QByteArray unit = q.value("PriceUnit");
                const double period = q.value("Period").toDouble();
                if (q.value("SpotStrategy") == "SpotAsPriceGo")
                    return aliPrice(hourly, hourly * 0.2);
                const double total = unit == "Hour" ? hourly : unit == "Month" ? hourly * 300 * period : hourly * (period == 3 ? 6000 : 3000);
                return aliPrice(total, total * 0.85);
            } else {
                return aliError(400, "InvalidAction.NotFound", "Specified api is not found, please check your url and method.");
            }
            return reply;
        });
    }
    QProcessEnvironment credentials(const char *secret = kAliSecret.constData())
    {
        return env({{"GPUPLANNER_ALIBABA_ACCESS_KEY_ID", kAliId.constData()}, {"GPUPLANNER_ALIBABA_ACCESS_KEY_SECRET", secret}});
    }
    std::atomic_int m_throttled{0};
};

TEST_F(AlibabaClouds, RefreshPricesPayAsYouGoSpotAndSubscriptionsFromTheInstanceLine)
{
    QString out, err;
    const int code = refreshNative("alicloud", credentials(), &out, &err, {QStringLiteral("--region"), QStringLiteral("cn-hangzhou")});
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    EXPECT_EQ(m_signedBad, 0);
    // The instance line, not the total with the system disk; spot is the trade price.
    EXPECT_DOUBLE_EQ(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "on_demand"), 11.75);
    EXPECT_NEAR(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "spot"), 11.75 * 0.2, 1e-9);
    EXPECT_NEAR(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 1), 11.75 * 300 / 730, 1e-9);
    EXPECT_NEAR(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 12), 11.75 * 3000 / 8760, 1e-9);
    EXPECT_NEAR(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 36), 11.75 * 6000 / 26280, 1e-9);
    EXPECT_EQ(sourceOf("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 36),
              QStringLiteral("Alibaba Cloud ECS API DescribePrice Year 3 (36-month subscription list price)"));
    EXPECT_DOUBLE_EQ(price("ecs.gn7i-c8g1.2xlarge", "cn-hangzhou", "on_demand"), 19.8);
    // Not sold in the region: asked once, no offer; an unknown GPU name is reported.
    EXPECT_LT(price("ecs.gn6v-c8g1.2xlarge", "cn-hangzhou", "on_demand"), 0);
    EXPECT_TRUE(out.contains(QStringLiteral("GPU Q"))) << out.toStdString();
    // Other regions keep their prices.
    EXPECT_GT(price("ecs.gn6i-c4g1.xlarge", "cn-beijing", "on_demand"), 0);
    EXPECT_FALSE((out + err).contains(QString::fromLatin1(kAliSecret)));
}

TEST_F(AlibabaClouds, AWrongSecretIsNamedAndNothingChanges)
{
    const double before = price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "on_demand");
    QString out, err;
    EXPECT_NE(refreshNative("alicloud", credentials("wrong-alibaba-secret-01"), &out, &err), 0);
    const QString all = out + err;
    EXPECT_TRUE(all.contains(QStringLiteral("Alibaba Cloud DescribeRegions: SignatureDoesNotMatch (HTTP 400)"))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("GPUPLANNER_ALIBABA_ACCESS_KEY_SECRET"))) << all.toStdString();
    EXPECT_FALSE(all.contains(QStringLiteral("wrong-alibaba-secret-01")));
    EXPECT_DOUBLE_EQ(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "on_demand"), before);
}

TEST_F(AlibabaClouds, Gn6iPayAsYouGoAgainstAThreeYearSubscriptionIsPlannedInCny)
{
    QString out, err;
    ASSERT_EQ(refreshNative("alicloud", credentials(), &out, &err, {QStringLiteral("--region"), QStringLiteral("cn-hangzhou")}), 0)
        << err.toStdString();
    const QString scenario = QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/gn6i-subscription-cny.json");
    ASSERT_EQ(run({QStringLiteral("timeline"), scenario, QStringLiteral("--format"), QStringLiteral("json")}, {}, &out, &err), 0)
        << err.toStdString();
    const QJsonObject timeline = QJsonDocument::fromJson(out.toUtf8()).object();
    EXPECT_EQ(timeline.value(QStringLiteral("currency")).toString(), QStringLiteral("CNY")) << out.toStdString();
    QHash<QString, double> totals;
    for (const QJsonValue &v : timeline.value(QStringLiteral("strategies")).toArray())
        totals.insert(v.toObject().value(QStringLiteral("id")).toString(), v.toObject().value(QStringLiteral("total")).toDouble());
    ASSERT_TRUE(totals.contains(QStringLiteral("on_demand"))) << out.toStdString();
    ASSERT_TRUE(totals.contains(QStringLiteral("reserved_36"))) << out.toStdString();
    // 36 months of 730 h at 11.75 CNY/h against the 3-year total (6000 h of it), all in CNY.
    EXPECT_NEAR(totals.value(QStringLiteral("on_demand")), 36 * 730 * 11.75, 1.0);
    EXPECT_NEAR(totals.value(QStringLiteral("reserved_36")), 6000 * 11.75, 1.0);
    // The management PDF draws the same comparison (in Chinese, amounts in 元); looked at by hand.
    QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/report"));
    const QString pdf = QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/report/gn6i-subscription-zh_CN.pdf");
    QProcessEnvironment offscreen;
    offscreen.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    EXPECT_EQ(run({QStringLiteral("report"), scenario, QStringLiteral("-o"), pdf, QStringLiteral("--lang"), QStringLiteral("zh_CN")},
                  offscreen, &out, &err),
              0)
        << err.toStdString();
    EXPECT_GT(QFileInfo(pdf).size(), 10000);
}

// ---------------------------------------------------------------- Source choice

TEST(ChinaCloudSources, TheDesktopUsesAProvidersOwnApiOnlyWhenItsCredentialsAreStored)
{
    auto reference = core::loadSeedMetadata(QStringLiteral(":/reference"));
    ASSERT_TRUE(reference.ok());
    net::SourceSettings settings;
    settings.preference = net::SourcePreference::WithCredentials;
    settings.credentials.insert(QStringLiteral("GPUPLANNER_TENCENT_SECRET_ID"), QStringLiteral("AKIDx"));
    settings.credentials.insert(QStringLiteral("GPUPLANNER_TENCENT_SECRET_KEY"), QStringLiteral("key"));
    settings.credentials.insert(QStringLiteral("GPUPLANNER_HUAWEI_AK"), QStringLiteral("ak")); // three parts missing
    auto registry = net::SourceRegistry::create(settings, reference.value());
    ASSERT_TRUE(registry.ok()) << registry.errorMessage().toStdString();
    auto tencent = registry.value()->jobs({QStringLiteral("tencentcloud")});
    ASSERT_TRUE(tencent.ok()) << tencent.errorMessage().toStdString();
    EXPECT_EQ(tencent->constFirst().source->name(), QStringLiteral("Tencent Cloud CVM API"));
    auto huawei = registry.value()->jobs({QStringLiteral("huaweicloud")});
    ASSERT_FALSE(huawei.ok());
    EXPECT_TRUE(huawei.errorMessage().contains(QStringLiteral("Settings"))) << huawei.errorMessage().toStdString();
    // AWS stays on the hosted catalog: its own price files are for --source native.
    auto aws = registry.value()->jobs({QStringLiteral("aws")});
    ASSERT_TRUE(aws.ok());
    EXPECT_NE(aws->constFirst().source->name(), QStringLiteral("AWS Price List API"));
}

TEST_F(ChinaClouds, AlibabasPublicPriceFileNeedsNoAccountAndPricesKnownTypes)
{
    HttpTestReply file;
    file.body = tests::apiFixture("alibaba/instancePrice_excerpt.json");
    m_server.routeSequence("/aliyun/ecs-price-info-intl/2.0.375/price/download/instancePrice.json", {file});
    QString out, err;
    const int code = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("alicloud"), QStringLiteral("--region"),
                          QStringLiteral("cn-hangzhou"), QStringLiteral("--endpoint"),
                          QStringLiteral("alicloud-public=")
                              + m_server.url(QStringLiteral("/aliyun/ecs-price-info-intl/2.0.375/price/download/instancePrice.json"))
                                    .toString(),
                          QStringLiteral("--force")},
                         {}, &out, &err);
    ASSERT_EQ(code, 0) << err.toStdString() << out.toStdString();
    // Linux, VPC, I/O optimized only; every months and years period, each a subscription of its length.
    auto usd = [this](const char *billing, int term) {
        return scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                     "JOIN regions r ON r.id = o.region_id WHERE it.name = 'ecs.gn6i-c4g1.xlarge' AND "
                                     "r.code = 'cn-hangzhou' AND o.currency = 'USD' AND o.billing = '%1' AND o.term_months = %2 "
                                     "AND o.unavailable_since IS NULL")
                          .arg(QLatin1String(billing))
                          .arg(term));
    };
    EXPECT_DOUBLE_EQ(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "on_demand"), 1.621);
    EXPECT_EQ(usd("on_demand", 0), 1);
    EXPECT_NEAR(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 1), 709.8 / 730, 1e-9);
    EXPECT_NEAR(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 12), 7239.96 / 8760, 1e-9);
    EXPECT_NEAR(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 2), 1419.6 / 1460, 1e-9);
    EXPECT_NEAR(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 24), 14479.92 / 17520, 1e-9);
    EXPECT_NEAR(price("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 36), 17375.9 / 26280, 1e-9);
    EXPECT_EQ(usd("reserved", 36), 1);
    EXPECT_EQ(sourceOf("ecs.gn6i-c4g1.xlarge", "cn-hangzhou", "reserved", 36),
              QStringLiteral("Alibaba Cloud public price file 2.0.375 (years 3: 36-month subscription)"));
    // Other Alibaba types in the region, which the file does not list, keep their prices.
    EXPECT_GT(price("ecs.gn7i-c8g1.2xlarge", "cn-hangzhou", "on_demand"), 0);
}

TEST_F(ChinaClouds, AMovedPublicPriceFileSaysHowToGoOn)
{
    HttpTestReply gone;
    gone.status = 404;
    gone.body = "<Error><Code>NoSuchKey</Code></Error>";
    gone.contentType = "application/xml";
    m_server.routeSequence("/instancePrice.json", {gone});
    QString out, err;
    EXPECT_NE(run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"), QStringLiteral("--provider"),
                   QStringLiteral("alicloud"), QStringLiteral("--endpoint"),
                   QStringLiteral("alicloud-public=") + m_server.url(QStringLiteral("/instancePrice.json")).toString()},
                  {}, &out, &err),
              0);
    EXPECT_TRUE((out + err).contains(QStringLiteral("--endpoint alicloud-public=URL"))) << (out + err).toStdString();
}
