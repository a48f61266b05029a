#include "net/providers/AwsSpotAdvisor.h"
#include "net/providers/ProviderTestSupport.h"

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::net;
using namespace gpuplanner::net::test;

namespace {

const QString kFixture = QStringLiteral("aws/spot_advisor_data.json");

QString describe(const SpotAdvice &a)
{
    return QStringLiteral("%1 %2 %3 s%4 r%5 %6 %7-%8")
        .arg(a.region, a.os, a.instanceType)
        .arg(a.savingsPercent)
        .arg(a.interruption.index)
        .arg(a.interruption.label)
        .arg(a.interruption.minPercent)
        .arg(a.interruption.maxPercent);
}

} // namespace

TEST(AwsSpotAdvisor, SampleGivesSavingsAndInterruptionBuckets)
{
    const auto data = parseAwsSpotAdvisor(readFixture(kFixture), QStringLiteral("advisor"));
    ASSERT_TRUE(data.ok()) << qPrintable(data.errorMessage());
    QStringList lines;
    for (const SpotAdvice &a : data->advice())
        lines.append(describe(a));
    const QStringList expected = {
        QStringLiteral("us-east-1 Linux g5.xlarge s57 r2 10-15% 11-16"),
        QStringLiteral("us-east-1 Linux p5.48xlarge s66 r4 >20% 22-100"),
    };
    EXPECT_EQ(lines, expected);

    QStringList buckets;
    for (const SpotInterruptionBucket &b : data->buckets())
        buckets.append(QStringLiteral("%1 %2 %3-%4").arg(b.index).arg(b.label).arg(b.minPercent).arg(b.maxPercent));
    const QStringList expectedBuckets = {
        QStringLiteral("0 <5% 0-5"), QStringLiteral("1 5-10% 5-11"), QStringLiteral("2 10-15% 11-16"),
        QStringLiteral("3 15-20% 16-22"), QStringLiteral("4 >20% 22-100"),
    };
    EXPECT_EQ(buckets, expectedBuckets);

    const auto p5 = data->find(QStringLiteral("us-east-1"), QStringLiteral("p5.48xlarge"));
    ASSERT_TRUE(p5);
    EXPECT_EQ(p5->savingsPercent, 66);
    EXPECT_EQ(p5->interruption.label, u">20%");
    EXPECT_FALSE(data->find(QStringLiteral("us-east-1"), QStringLiteral("p5.48xlarge"), QStringLiteral("Windows")));
    EXPECT_FALSE(data->find(QStringLiteral("eu-west-1"), QStringLiteral("g5.xlarge")));
}

TEST(AwsSpotAdvisor, RangesInAnyOrderAreSortedByIndex)
{
    const auto data = parseAwsSpotAdvisor(R"({"ranges": [{"index": 1, "label": "high", "max": 100},
        {"index": 0, "label": "low", "max": 10}],
        "spot_advisor": {"eu-west-1": {"Windows": {"g4dn.xlarge": {"s": 70.4, "r": 0}}}}})",
                                          QStringLiteral("a"));
    ASSERT_TRUE(data.ok()) << qPrintable(data.errorMessage());
    ASSERT_EQ(data->buckets().size(), 2);
    EXPECT_EQ(data->buckets()[1].minPercent, 10);
    const auto g4 = data->find(QStringLiteral("eu-west-1"), QStringLiteral("g4dn.xlarge"), QStringLiteral("Windows"));
    ASSERT_TRUE(g4);
    EXPECT_EQ(describe(*g4), u"eu-west-1 Windows g4dn.xlarge s70 r0 low 0-10");
}

TEST(AwsSpotAdvisor, MalformedInputNamesTheField)
{
    struct Case
    {
        QByteArray text;
        QString error;
    };
    QByteArray max = readFixture(kFixture);
    max.replace("\"max\": 16", "\"max\": 160");
    const QList<Case> cases = {
        {max, QStringLiteral("a: ranges[2].max: not a percentage")},
        {R"({"ranges": [], "spot_advisor": {}})", QStringLiteral("a: ranges: empty")},
        {R"({"ranges": [{"index": 0, "label": "x", "max": 5}]})", QStringLiteral("a: spot_advisor: missing")},
        {R"({"ranges": [{"index": 0, "label": "x", "max": 5}, {"index": 0, "label": "y", "max": 9}], "spot_advisor": {}})",
         QStringLiteral("a: ranges[1].index: repeats 0")},
        {R"({"ranges": [{"index": 0, "label": "x", "max": 50}, {"index": 1, "label": "y", "max": 9}], "spot_advisor": {}})",
         QStringLiteral("a: ranges: max of index 1 is below that of index 0")},
        {R"({"ranges": [{"index": 0.5, "label": "x", "max": 5}], "spot_advisor": {}})",
         QStringLiteral("a: ranges[0].index: not a small whole number")},
        {R"({"ranges": [{"index": 0, "label": "x", "max": 5}], "spot_advisor": {"us-east-1": []}})",
         QStringLiteral("a: spot_advisor.us-east-1: expected an object, got an array")},
        {"[]", QStringLiteral("a: expected a JSON object")},
    };
    for (const Case &c : cases) {
        const auto data = parseAwsSpotAdvisor(c.text, QStringLiteral("a"));
        ASSERT_FALSE(data.ok()) << qPrintable(c.error);
        EXPECT_TRUE(data.errorMessage().startsWith(c.error)) << qPrintable(data.errorMessage());
    }
}

TEST(AwsSpotAdvisor, AnOddEntryIsSkippedAndNamedNotFatal)
{
    QByteArray text = readFixture(kFixture);
    text.replace("\"r\": 4", "\"r\": 7");
    const auto data = parseAwsSpotAdvisor(text, QStringLiteral("a"));
    ASSERT_TRUE(data.ok()) << qPrintable(data.errorMessage());
    EXPECT_EQ(data->skipped(), QStringList{QStringLiteral("spot_advisor.us-east-1.Linux.p5.48xlarge.r: no range with index 7")});
    EXPECT_FALSE(data->find(QStringLiteral("us-east-1"), QStringLiteral("p5.48xlarge")));
    EXPECT_TRUE(data->find(QStringLiteral("us-east-1"), QStringLiteral("g5.xlarge"))) << "the other entries stay";
    QByteArray text2 = readFixture(kFixture);
    text2.replace("\"s\": 57", "\"s\": \"57\"");
    const auto typed = parseAwsSpotAdvisor(text2, QStringLiteral("a"));
    ASSERT_TRUE(typed.ok());
    EXPECT_EQ(typed->skipped(), QStringList{QStringLiteral("spot_advisor.us-east-1.Linux.g5.xlarge.s: expected a number, got a string")});
    EXPECT_TRUE(typed->find(QStringLiteral("us-east-1"), QStringLiteral("p5.48xlarge")));
    const auto over = parseAwsSpotAdvisor(
        R"({"ranges": [{"index": 0, "label": "x", "max": 5}], "spot_advisor": {"r": {"Linux": {"t": {"s": 101, "r": 0}, "u": {"s": 10, "r": 0}}}}})",
        QStringLiteral("a"));
    ASSERT_TRUE(over.ok());
    EXPECT_EQ(over->skipped(), QStringList{QStringLiteral("spot_advisor.r.Linux.t.s: not a saving in percent")});
    EXPECT_EQ(over->advice().size(), 1);
}

TEST(AwsSpotAdvisor, TheRealFeedParsesWhole)
{
    // tests/data/api/aws/SOURCE.md: a verbatim copy of the public feed of 2025-06-28.
    const auto data = parseAwsSpotAdvisor(readFixture(QStringLiteral("aws/spot_advisor_real_2025-06-28.json")),
                                          QStringLiteral("spot-advisor-data.json"));
    ASSERT_TRUE(data.ok()) << qPrintable(data.errorMessage());
    EXPECT_EQ(data->skipped(), QStringList());
    EXPECT_EQ(data->buckets().size(), 5);
    EXPECT_GT(data->advice().size(), 10000);
    const auto p5 = data->find(QStringLiteral("us-east-1"), QStringLiteral("p5.48xlarge"));
    ASSERT_TRUE(p5);
    EXPECT_EQ(p5->savingsPercent, 52);
    EXPECT_EQ(p5->interruption.label, u">20%");
    const auto p4d = data->find(QStringLiteral("us-east-1"), QStringLiteral("p4d.24xlarge"));
    ASSERT_TRUE(p4d);
    EXPECT_EQ(p4d->interruption.label, u"10-15%");
    // Spot above on-demand is real data, kept as a negative saving.
    const auto canada = data->find(QStringLiteral("ca-central-1"), QStringLiteral("p5.48xlarge"));
    ASSERT_TRUE(canada);
    EXPECT_EQ(canada->savingsPercent, -62);
    EXPECT_EQ(canada->interruption.label, u"<5%");
}

TEST(AwsSpotAdvisor, FetchesThroughTheHttpPort)
{
    FixtureHttpClient http;
    http.serveFile(QStringLiteral("/spot-advisor-data.json"), kFixture);
    const QUrl url(QStringLiteral("http://127.0.0.1:9/spot-advisor-data.json"));
    const auto data = fetchAwsSpotAdvisor(http, url);
    ASSERT_TRUE(data.ok()) << qPrintable(data.errorMessage());
    EXPECT_EQ(data->advice().size(), 2);
    ASSERT_EQ(http.requests.size(), 1);
    EXPECT_EQ(http.requests[0].method, "GET");

    const auto missing = fetchAwsSpotAdvisor(http, QUrl(QStringLiteral("http://127.0.0.1:9/other.json")));
    EXPECT_TRUE(missing.errorMessage().contains(u"HTTP 404"));

    const std::atomic_bool cancel{true};
    EXPECT_TRUE(fetchAwsSpotAdvisor(http, url, &cancel).errorMessage().contains(u"cancelled"));
    EXPECT_EQ(http.requests.size(), 2);
}
