// The Chinese clouds' price APIs under faults, through the CLI: throttling that does not end, a
// wrong secret, credentials the provider calls expired, a malformed page, and a price of 1e308 or
// below zero. A call that fails leaves every price of the provider as it was and the output names
// the provider and the reason; a bad price keeps that offer's previous price and says why.
// Answers take their shapes from the fixtures in tests/data/api (see the SOURCE.md files there)
// and the error codes and messages from the providers' documentation:
// - Alibaba: SignatureDoesNotMatch, Throttling.User (HTTP 400, Alibaba's client error list);
//   InvalidTimeStamp.Expired "Specified time stamp or date value is expired." (Alibaba's gateway,
//   quoted on developer.aliyun.com/ask/128316).
// - Tencent: AuthFailure.SignatureFailure, AuthFailure.SignatureExpire, RequestLimitExceeded
//   (Tencent Cloud API 3.0 common error codes, tencentcloud.com/document/api/1131/45350).
// - Huawei: APIGW.0301 "Incorrect IAM authentication information: calc ak sk signature
//   fail:signature expired" (HTTP 401, an expired AK/SK: support.huaweicloud.com sis_04_0087)
//   and APIGW.0308 (429) throttling (huawei/SOURCE.md).

#include "CliProcess.h"
#include "CloudSignatureCheck.h"
#include "FaultSupport.h"
#include "db/SeedCatalog.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>
#include <optional>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::tests;

namespace {

enum class Fault { None, Throttling, Expired, Malformed, HugePrice, NegativePrice };

HttpTestReply jsonReply(int status, const QByteArray &body)
{
    HttpTestReply r;
    r.status = status;
    r.body = body;
    return r;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
    return f.readAll();
}

// The first 200 bytes of a page: JSON cut off mid-way.
HttpTestReply truncated(const QByteArray &page)
{
    return jsonReply(200, page.left(200));
}

class ChinaCloudFaults : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_catalog = copySeedCatalog(m_dir.path());
        m_env = isolatedEnvironment(m_dir.path());
    }

    CliRun refresh(const char *provider, const QHash<QString, QString> &credentials, const QStringList &more = {})
    {
        QProcessEnvironment env = m_env;
        for (auto it = credentials.cbegin(); it != credentials.cend(); ++it)
            env.insert(it.key(), it.value());
        const QString p = QLatin1String(provider);
        return runCli(QStringList{QStringLiteral("--catalog"), m_catalog, QStringLiteral("refresh"), QStringLiteral("--source"),
                                  QStringLiteral("native"), QStringLiteral("--provider"), p, QStringLiteral("--endpoint"),
                                  p + u'=' + m_server.url(QStringLiteral("/")).toString(), QStringLiteral("--force")}
                          + more,
                      env);
    }

    // Offers of provider and the sum of their prices: any change of any price shows.
    QString fingerprint(const char *provider)
    {
        const QString where = QStringLiteral("FROM offers o JOIN instance_types it ON it.id = o.instance_type_id WHERE "
                                             "it.provider_id = '%1'")
                                  .arg(QLatin1String(provider));
        return QStringLiteral("%1 offers, %2 micro")
            .arg(catalogScalar(m_catalog, QStringLiteral("SELECT count(*) ") + where))
            .arg(catalogScalar(m_catalog, QStringLiteral("SELECT coalesce(sum(CAST(round(o.hourly_price * 1000000) AS INTEGER)), 0) ")
                                              + where));
    }

    double price(const char *instance, const char *region)
    {
        return double(catalogScalar(m_catalog, QStringLiteral("SELECT CAST(round(o.hourly_price * 1000000) AS INTEGER) FROM offers o "
                                                              "JOIN instance_types it ON it.id = o.instance_type_id JOIN regions r ON "
                                                              "r.id = o.region_id WHERE it.name = '%1' AND r.code = '%2' AND "
                                                              "o.billing = 'on_demand'")
                                                   .arg(QLatin1String(instance), QLatin1String(region))))
            / 1e6;
    }

    // A refresh under a fault that fails a call: non-zero exit, the provider and each of what
    // named in the output, no price changed.
    void expectRefused(const char *provider, const QHash<QString, QString> &credentials, const QStringList &more,
                       const QStringList &what)
    {
        const QString before = fingerprint(provider);
        const CliRun r = refresh(provider, credentials, more);
        const QString all = r.out + r.err;
        EXPECT_NE(r.code, 0) << all.toStdString();
        for (const QString &w : what)
            EXPECT_TRUE(all.contains(w)) << w.toStdString() << " in:\n" << all.toStdString();
        EXPECT_EQ(fingerprint(provider), before) << all.toStdString();
    }

    // A refresh whose one bad price must keep that offer's previous price (from a good refresh
    // first) and name the reason.
    void expectPriceKept(const char *provider, const QHash<QString, QString> &credentials, const QStringList &more,
                         const char *instance, const char *region, const QString &reason)
    {
        m_fault = Fault::None;
        const CliRun good = refresh(provider, credentials, more);
        ASSERT_EQ(good.code, 0) << good.out.toStdString() << good.err.toStdString();
        const double before = price(instance, region);
        ASSERT_GT(before, 0);
        for (Fault f : {Fault::HugePrice, Fault::NegativePrice}) {
            m_fault = f;
            const CliRun r = refresh(provider, credentials, more);
            const QString all = r.out + r.err;
            EXPECT_EQ(r.code, 0) << all.toStdString();
            EXPECT_TRUE(all.contains(QStringLiteral("kept its previous price"))) << all.toStdString();
            EXPECT_TRUE(all.contains(f == Fault::HugePrice ? QStringLiteral("implausible price") : reason)) << all.toStdString();
            EXPECT_DOUBLE_EQ(price(instance, region), before) << all.toStdString();
        }
    }

    QTemporaryDir m_dir;
    QString m_catalog;
    QProcessEnvironment m_env;
    TestHttpServer m_server;
    std::atomic<Fault> m_fault{Fault::None};
};

const QString kNotPositive = QStringLiteral("price is not a positive number");

// ---------------------------------------------------------------- Alibaba Cloud

const QByteArray kAliId = "LTAI5tTestAccessKeyId01";
const QByteArray kAliSecret = "aliTestAccessKeySecretValue01";

HttpTestReply aliError(int status, const char *code, const char *message)
{
    return jsonReply(status, QByteArray(R"({"RequestId":"5E6F7A8B-0000-4000-8000-000000000009","HostId":"ecs.aliyuncs.com","Code":")")
                                 + code + R"(","Message":")" + message + R"(","Recommend":"https://api.aliyun.com/troubleshoot"})");
}

// The shape of the DescribePrice sample (shared api-samples/alibaba): the instance line and a system disk.
HttpTestReply aliPrice(double instance)
{
    return jsonReply(200, QStringLiteral(R"({"RequestId":"00000000-0000-0000-0000-000000000000","PriceInfo":{"Price":{)"
                                         R"("OriginalPrice":%1,"DiscountPrice":0,"TradePrice":%1,"Currency":"CNY","DetailInfos":{"DetailInfo":[)"
                                         R"({"Resource":"instanceType","OriginalPrice":%2,"DiscountPrice":0,"TradePrice":%2},)"
                                         R"({"Resource":"systemDisk","OriginalPrice":0.46,"DiscountPrice":0,"TradePrice":0.46}]}},)"
                                         R"("Rules":{"Rule":[]}}})")
                              .arg(instance + 0.46, 0, 'g', 17)
                              .arg(instance, 0, 'g', 17)
                              .toUtf8());
}

class AlibabaFaults : public ChinaCloudFaults
{
protected:
    void SetUp() override
    {
        ChinaCloudFaults::SetUp();
        m_server.route("/", [this](const HttpTestRequest &r) {
            if (checkAcs3(r, kAliId, kAliSecret) != SignatureCheck::Ok)
                return aliError(400, "SignatureDoesNotMatch", "Specified signature is not matched with our calculation.");
            const Fault fault = m_fault;
            if (fault == Fault::Throttling)
                return aliError(400, "Throttling.User", "Request was denied due to user flow control.");
            if (fault == Fault::Expired)
                return aliError(400, "InvalidTimeStamp.Expired", "Specified time stamp or date value is expired.");
            const QByteArray action = r.headers.value("x-acs-action");
            QHash<QByteArray, QByteArray> q;
            for (const auto &[k, v] : decodedQuery(r.query))
                q.insert(k, v);
            if (action == "DescribeRegions")
                return jsonReply(200, readFile(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/alibaba/DescribeRegions.json")));
            if (action == "DescribeInstanceTypes") {
                const QByteArray page = readFile(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/alibaba/DescribeInstanceTypes_%1.json")
                                                     .arg(q.value("NextToken") == "e71d8a535bd9cc11" ? QStringLiteral("page2")
                                                                                                    : QStringLiteral("page1")));
                return fault == Fault::Malformed ? truncated(page) : jsonReply(200, page);
            }
            if (action != "DescribePrice")
                return aliError(400, "InvalidAction.NotFound", "Specified api is not found, please check your url and method.");
            const QByteArray type = q.value("InstanceType");
            const double hourly = type == "ecs.gn6i-c4g1.xlarge" ? 11.75 : type == "ecs.gn7i-c8g1.2xlarge" ? 19.8 : -1;
            if (hourly < 0)
                return aliError(400, "InvalidInstanceType.ValueNotSupported", "The specified InstanceType does not exist or is not supported.");
            const QByteArray unit = q.value("PriceUnit");
            const bool onDemand = unit == "Hour" && q.value("SpotStrategy").isEmpty();
            if (onDemand && type == "ecs.gn6i-c4g1.xlarge" && fault == Fault::HugePrice)
                return aliPrice(1e308);
            if (onDemand && type == "ecs.gn6i-c4g1.xlarge" && fault == Fault::NegativePrice)
                return aliPrice(-11.75);
            const double period = q.value("Period").toDouble();
            return aliPrice(unit == "Hour" ? hourly : unit == "Month" ? hourly * 300 * period : hourly * 3000 * period);
        });
    }

    static QHash<QString, QString> credentials(const QByteArray &secret = kAliSecret)
    {
        return {{QStringLiteral("GPUPLANNER_ALIBABA_ACCESS_KEY_ID"), QString::fromLatin1(kAliId)},
                {QStringLiteral("GPUPLANNER_ALIBABA_ACCESS_KEY_SECRET"), QString::fromLatin1(secret)}};
    }
    const QStringList m_region{QStringLiteral("--region"), QStringLiteral("cn-hangzhou")};
};

// ---------------------------------------------------------------- Tencent Cloud

const QByteArray kTencentId = "AKIDtestTencentSecretId0001";
const QByteArray kTencentKey = "tencentTestSecretKeyValue0001";

HttpTestReply tencentError(const char *code, const char *message)
{
    // Tencent answers API errors with HTTP 200 and Response.Error.
    return jsonReply(200, QByteArray(R"({"Response":{"Error":{"Code":")") + code + R"(","Message":")" + message
                              + R"("},"RequestId":"9a0b1c2d-0000-4000-8000-000000000001"}})");
}

class TencentFaults : public ChinaCloudFaults
{
protected:
    void SetUp() override
    {
        ChinaCloudFaults::SetUp();
        m_server.route("/", [this](const HttpTestRequest &r) {
            if (checkTc3(r, kTencentId, kTencentKey) != SignatureCheck::Ok)
                return tencentError("AuthFailure.SignatureFailure",
                                    "The provided credentials could not be validated. Please check your signature is correct.");
            const Fault fault = m_fault;
            if (fault == Fault::Throttling)
                return tencentError("RequestLimitExceeded", "Your current request times exceeds limit, please try again later.");
            if (fault == Fault::Expired)
                return tencentError("AuthFailure.SignatureExpire",
                                    "Signature expired. Timestamp and server time cannot differ by more than five minutes.");
            const QByteArray action = r.headers.value("x-tc-action");
            const QString dir = QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/tencent/");
            if (action == "DescribeRegions")
                return jsonReply(200, readFile(dir + QStringLiteral("DescribeRegions.json")));
            if (action != "DescribeZoneInstanceConfigInfos")
                return tencentError("InvalidAction", "The action requested does not exist.");
            const QByteArray page = readFile(dir + QStringLiteral("DescribeZoneInstanceConfigInfos_%1.json")
                                                       .arg(QString::fromLatin1(r.headers.value("x-tc-region"))));
            if (fault == Fault::Malformed)
                return truncated(page);
            if (fault != Fault::HugePrice && fault != Fault::NegativePrice)
                return jsonReply(200, page);
            // GN7.2XLARGE32 by the hour at 1e308 or below zero in every zone.
            QJsonObject root = QJsonDocument::fromJson(page).object();
            QJsonObject response = root.value(QStringLiteral("Response")).toObject();
            QJsonArray items = response.value(QStringLiteral("InstanceTypeQuotaSet")).toArray();
            for (qsizetype i = 0; i < items.size(); ++i) {
                QJsonObject item = items.at(i).toObject();
                if (item.value(QStringLiteral("InstanceType")).toString() != u"GN7.2XLARGE32"
                    || item.value(QStringLiteral("InstanceChargeType")).toString() != u"POSTPAID_BY_HOUR")
                    continue;
                QJsonObject price = item.value(QStringLiteral("Price")).toObject();
                price.insert(QStringLiteral("UnitPrice"), fault == Fault::HugePrice ? 1e308 : -8.68);
                item.insert(QStringLiteral("Price"), price);
                items.replace(i, item);
            }
            response.insert(QStringLiteral("InstanceTypeQuotaSet"), items);
            root.insert(QStringLiteral("Response"), response);
            return jsonReply(200, QJsonDocument(root).toJson(QJsonDocument::Compact));
        });
    }

    static QHash<QString, QString> credentials(const QByteArray &key = kTencentKey)
    {
        return {{QStringLiteral("GPUPLANNER_TENCENT_SECRET_ID"), QString::fromLatin1(kTencentId)},
                {QStringLiteral("GPUPLANNER_TENCENT_SECRET_KEY"), QString::fromLatin1(key)}};
    }
    const QStringList m_region{QStringLiteral("--region"), QStringLiteral("ap-guangzhou")};
};

// ---------------------------------------------------------------- Huawei Cloud

const QByteArray kHuaweiAk = "HWTESTAKEXAMPLE0001";
const QByteArray kHuaweiSk = "huaweiTestSecretKeyExample0001";
const QByteArray kHuaweiProject = "05041fffa40025702f6dc009cc6f8f33";
const QByteArray kHuaweiDomain = "0503dda878000fed0f75c0096d70a960";

HttpTestReply huaweiError(int status, const char *code, const char *message)
{
    return jsonReply(status, QByteArray(R"({"error_code":")") + code + R"(","error_msg":")" + message
                                 + R"(","request_id":"3b5f0a3c2d1e4f5a6b7c8d9e0f1a2b3c"})");
}

class HuaweiFaults : public ChinaCloudFaults
{
protected:
    void SetUp() override
    {
        ChinaCloudFaults::SetUp();
        auto refused = [this](const HttpTestRequest &r) -> std::optional<HttpTestReply> {
            if (checkHuawei(r, kHuaweiAk, kHuaweiSk) != SignatureCheck::Ok)
                return huaweiError(401, "APIGW.0301", "Incorrect IAM authentication information: verify aksk signature fail");
            if (m_fault == Fault::Throttling) {
                HttpTestReply reply = huaweiError(429, "APIGW.0308",
                                                  "The throttling threshold has been reached: policy user over ratelimit,limit:10,time:1 second");
                reply.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("0"))); // the client's own retries then wait for nothing
                return reply;
            }
            if (m_fault == Fault::Expired)
                return huaweiError(401, "APIGW.0301",
                                   "Incorrect IAM authentication information: calc ak sk signature fail:signature expired");
            return std::nullopt;
        };
        const QString dir = QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/huawei/");
        m_server.route("/v3/projects", [refused, dir](const HttpTestRequest &r) {
            return refused(r).value_or(jsonReply(200, readFile(dir + QStringLiteral("projects.json"))));
        });
        m_server.route("/v1/" + kHuaweiProject + "/cloudservers/flavors", [this, refused, dir](const HttpTestRequest &r) {
            if (auto no = refused(r))
                return *no;
            const QByteArray page = readFile(dir + QStringLiteral("flavors_cn-north-4.json"));
            return m_fault == Fault::Malformed ? truncated(page) : jsonReply(200, page);
        });
        // Ratings in the shapes of huawei/SOURCE.md: 19.93 CNY an hour for p2s.2xlarge.8, 9.38 for
        // the others; a month 500 h of it, a year 5000 h.
        auto ratings = [this, refused](const HttpTestRequest &r, bool period) {
            if (auto no = refused(r))
                return *no;
            QJsonArray results;
            for (const QJsonValue &v : QJsonDocument::fromJson(r.body).object().value(QStringLiteral("product_infos")).toArray()) {
                const QJsonObject p = v.toObject();
                const bool target = p.value(QStringLiteral("resource_spec")).toString() == u"p2s.2xlarge.8.linux";
                double amount = target ? 19.93 : 9.38;
                if (period)
                    amount *= p.value(QStringLiteral("period_type")).toInt() == 2 ? 500 : 5000 * p.value(QStringLiteral("period_num")).toInt();
                else if (target && m_fault == Fault::HugePrice)
                    amount = 1e308;
                else if (target && m_fault == Fault::NegativePrice)
                    amount = -19.93;
                results.append(QJsonObject{{QStringLiteral("id"), p.value(QStringLiteral("id"))},
                                           {QStringLiteral("official_website_amount"), amount},
                                           {QStringLiteral("measure_id"), 1}});
            }
            const QJsonObject rating{{QStringLiteral("product_rating_results"), results}, {QStringLiteral("measure_id"), 1}};
            const QJsonObject root = period ? QJsonObject{{QStringLiteral("official_website_rating_result"), rating},
                                                          {QStringLiteral("currency"), QStringLiteral("CNY")}}
                                            : QJsonObject{{QStringLiteral("product_rating_results"), results},
                                                          {QStringLiteral("currency"), QStringLiteral("CNY")}};
            return jsonReply(200, QJsonDocument(root).toJson(QJsonDocument::Compact));
        };
        m_server.route("/v2/bills/ratings/on-demand-resources", [ratings](const HttpTestRequest &r) { return ratings(r, false); });
        m_server.route("/v2/bills/ratings/period-resources/subscribe-rate",
                       [ratings](const HttpTestRequest &r) { return ratings(r, true); });
    }

    static QHash<QString, QString> credentials(const QByteArray &sk = kHuaweiSk)
    {
        return {{QStringLiteral("GPUPLANNER_HUAWEI_AK"), QString::fromLatin1(kHuaweiAk)},
                {QStringLiteral("GPUPLANNER_HUAWEI_SK"), QString::fromLatin1(sk)},
                {QStringLiteral("GPUPLANNER_HUAWEI_PROJECT_ID"), QString::fromLatin1(kHuaweiProject)},
                {QStringLiteral("GPUPLANNER_HUAWEI_DOMAIN_ID"), QString::fromLatin1(kHuaweiDomain)}};
    }

    // A good refresh first: the embedded catalog has no Huawei prices to keep.
    void primeHuawei()
    {
        m_fault = Fault::None;
        const CliRun good = refresh("huaweicloud", credentials());
        ASSERT_EQ(good.code, 0) << good.out.toStdString() << good.err.toStdString();
        ASSERT_GT(price("p2s.2xlarge.8", "cn-north-4"), 0);
    }
};

} // namespace

TEST_F(AlibabaFaults, EveryCallFaultKeepsThePricesAndNamesTheReason)
{
    expectRefused("alicloud", credentials("wrong-alibaba-secret-01"), m_region,
                  {QStringLiteral("Alibaba Cloud DescribeRegions: SignatureDoesNotMatch"), QStringLiteral("secret does not match")});
    m_fault = Fault::Expired;
    expectRefused("alicloud", credentials(), m_region,
                  {QStringLiteral("Alibaba Cloud DescribeRegions: InvalidTimeStamp.Expired"), QStringLiteral("clock")});
    m_fault = Fault::Malformed;
    expectRefused("alicloud", credentials(), m_region,
                  {QStringLiteral("Alibaba Cloud DescribeInstanceTypes"), QStringLiteral("invalid JSON")});
    m_fault = Fault::Throttling;
    expectRefused("alicloud", credentials(), m_region,
                  {QStringLiteral("Alibaba Cloud DescribeRegions: Throttling.User"), QStringLiteral("over the rate limit")});
}

TEST_F(AlibabaFaults, AHugeOrNegativePriceKeepsThatOffersPreviousPrice)
{
    expectPriceKept("alicloud", credentials(), m_region, "ecs.gn6i-c4g1.xlarge", "cn-hangzhou", kNotPositive);
}

TEST_F(TencentFaults, EveryCallFaultKeepsThePricesAndNamesTheReason)
{
    expectRefused("tencentcloud", credentials("not-the-right-key-0000"), m_region,
                  {QStringLiteral("Tencent Cloud DescribeRegions: AuthFailure.SignatureFailure"),
                   QStringLiteral("GPUPLANNER_TENCENT_SECRET_KEY")});
    m_fault = Fault::Expired;
    expectRefused("tencentcloud", credentials(), m_region,
                  {QStringLiteral("Tencent Cloud DescribeRegions: AuthFailure.SignatureExpire"), QStringLiteral("clock")});
    m_fault = Fault::Malformed;
    expectRefused("tencentcloud", credentials(), m_region,
                  {QStringLiteral("Tencent Cloud DescribeZoneInstanceConfigInfos ap-guangzhou"), QStringLiteral("invalid JSON")});
    m_fault = Fault::Throttling;
    expectRefused("tencentcloud", credentials(), m_region,
                  {QStringLiteral("Tencent Cloud DescribeRegions: RequestLimitExceeded"), QStringLiteral("over the rate limit")});
}

TEST_F(TencentFaults, AHugeOrNegativePriceKeepsThatOffersPreviousPrice)
{
    expectPriceKept("tencentcloud", credentials(), m_region, "GN7.2XLARGE32", "ap-guangzhou", kNotPositive);
}

TEST_F(HuaweiFaults, EveryCallFaultKeepsThePricesAndNamesTheReason)
{
    primeHuawei();
    expectRefused("huaweicloud", credentials("wrong-secret-key-000"), {},
                  {QStringLiteral("Huawei Cloud KeystoneListProjects: APIGW.0301 (HTTP 401)"), QStringLiteral("secret does not match")});
    m_fault = Fault::Expired;
    expectRefused("huaweicloud", credentials(), {},
                  {QStringLiteral("Huawei Cloud KeystoneListProjects: APIGW.0301 (HTTP 401)"), QStringLiteral("the key has expired")});
    m_fault = Fault::Malformed;
    expectRefused("huaweicloud", credentials(), {},
                  {QStringLiteral("Huawei Cloud ListFlavors cn-north-4"), QStringLiteral("invalid JSON")});
    m_fault = Fault::Throttling;
    expectRefused("huaweicloud", credentials(), {},
                  {QStringLiteral("Huawei Cloud KeystoneListProjects: APIGW.0308 (HTTP 429)"), QStringLiteral("over the rate limit")});
}

TEST_F(HuaweiFaults, AHugeOrNegativePriceKeepsThatOffersPreviousPrice)
{
    expectPriceKept("huaweicloud", credentials(), {}, "p2s.2xlarge.8", "cn-north-4", kNotPositive);
}
