// The Chinese clouds' price APIs end to end through the CLI and the real HTTP client: each
// loopback server checks every request's signature from the test credentials, answers as the
// provider does (its error bodies, codes and statuses included), and the catalog is checked.

#include "CloudSignatureCheck.h"
#include "RefreshFixture.h"

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
    // The lowest of two zones; spot; one month, one year and three years prepaid.
    EXPECT_DOUBLE_EQ(price("GN7.2XLARGE32", "ap-guangzhou", "on_demand"), 8.68);
    EXPECT_DOUBLE_EQ(price("GN7.2XLARGE32", "ap-guangzhou", "spot"), 2.60);
    EXPECT_NEAR(price("GN7.2XLARGE32", "ap-guangzhou", "reserved", 1), 3600.0 / 730, 1e-9);
    EXPECT_NEAR(price("GN7.2XLARGE32", "ap-guangzhou", "reserved", 12), 43200.0 / 8760, 1e-9);
    EXPECT_NEAR(price("GN7.2XLARGE32", "ap-guangzhou", "reserved", 36), 129600.0 / 26280, 1e-9);
    EXPECT_DOUBLE_EQ(price("GN7.2XLARGE32", "ap-shanghai", "on_demand"), 8.68);
    EXPECT_DOUBLE_EQ(price("GN10Xp.2XLARGE40", "ap-guangzhou", "on_demand"), 12.01);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.name = 'GN7.2XLARGE32' AND o.billing = 'reserved' AND o.currency = 'CNY' "
                                    "AND o.upfront = 'all' AND o.price_basis = 'effective' AND o.term_months = 36 "
                                    "AND abs(o.upfront_fee - 129600) < 1e-6 AND o.recurring_per_hour = 0")),
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
