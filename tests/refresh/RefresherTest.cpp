// Refresh end to end: sources fetch from a loopback server, the Refresher validates and
// stores each provider atomically in a real catalog file; failures keep old prices.

#include "RefreshFixture.h"
#include "TestWaits.h"

#include "net/sources/EcbFxSource.h"
#include "net/sources/SkyPilotHostedSource.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <thread>

using namespace gpuplanner;
using namespace gpuplanner::net;
using tests::HttpTestReply;

namespace {

using tests::csvReply;
using tests::readFile;

class Refresh : public tests::RefreshFixture
{
protected:
    void SetUp() override
    {
        RefreshFixture::SetUp();
        m_lambdaCsv = readFile(QStringLiteral(GPUPLANNER_SEED_DIR "/skypilot/lambda/vms.csv"));
    }

    QByteArray m_lambdaCsv;
};

} // namespace

TEST_F(Refresh, SkyPilotRefreshCountsAddedChangedRemovedAndKeepsHistory)
{
    // One price changes, one row disappears, one new region appears.
    QList<QByteArray> lines = m_lambdaCsv.split('\n');
    const QByteArray header = lines.takeFirst();
    lines.removeAll(QByteArray());
    QByteArray changed = lines.at(0);
    const QList<QByteArray> cells = changed.split(',');
    const QByteArray oldPrice = cells.at(5);
    changed.replace(',' + oldPrice + ',', ",99.5,");
    const QByteArray removed = lines.at(1);
    // Lambda's columns: InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,...
    QList<QByteArray> addedCells = lines.at(2).split(',');
    addedCells[6] = "mars-north-1";
    const QByteArray added = addedCells.join(',');
    QList<QByteArray> served = {header, changed};
    for (qsizetype i = 2; i < lines.size(); ++i)
        served.append(lines.at(i));
    served.append(added);
    m_server.routeSequence("/v8/lambda/vms.csv", {csvReply(served.join('\n') + '\n')});

    const qint64 before = providerOffers("lambda");
    const qint64 historyBefore = scalar(QStringLiteral("SELECT count(*) FROM price_history"));
    SkyPilotHostedSource source(m_server.url(QStringLiteral("/v8")), m_reference);
    const auto outcomes = refresh(source, {QStringLiteral("lambda")});
    ASSERT_EQ(outcomes.size(), 1);
    const ProviderOutcome &o = outcomes.at(0);
    ASSERT_EQ(o.status, core::RefreshStatus::Ok) << o.error.toStdString();
    EXPECT_EQ(o.counts.changed, 1);
    EXPECT_EQ(o.counts.removed, 1);
    EXPECT_EQ(o.counts.added, 1);
    EXPECT_EQ(providerOffers("lambda"), before + 1) << "the offer the source dropped is kept, marked unavailable";
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.provider_id = 'lambda' AND o.unavailable_since = '%1'")
                         .arg(QDate::currentDate().toString(Qt::ISODate))),
              1);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM regions WHERE code = 'mars-north-1' AND geography = 'Unknown'")), 1);
    // The changed offer has its old and new price; the dropped offer keeps its history.
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM price_history h JOIN offers o ON o.id = h.offer_id "
                                    "WHERE o.hourly_price = 99.5")),
              2);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM price_history")), historyBefore + 2);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers WHERE hourly_price = 99.5")), 1);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM refresh_log WHERE provider_id = 'lambda' AND status = 'ok'")), 1);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM providers WHERE id = 'lambda' AND data_date = '%1'")
                         .arg(QDate::currentDate().toString(Qt::ISODate))),
              1);
    // Other providers are untouched.
    EXPECT_GT(providerOffers("aws"), 1000);
}

TEST_F(Refresh, AFailingProviderKeepsItsPricesWhileOthersSucceed)
{
    HttpTestReply down;
    down.status = 500;
    down.body = "internal error";
    m_server.routeSequence("/v8/aws/vms.csv", {down});
    m_server.routeSequence("/v8/lambda/vms.csv", {csvReply(m_lambdaCsv)});
    const qint64 awsBefore = providerOffers("aws");
    SkyPilotHostedSource source(m_server.url(QStringLiteral("/v8")), m_reference);
    const auto outcomes = refresh(source, {QStringLiteral("aws"), QStringLiteral("lambda")});
    ASSERT_EQ(outcomes.size(), 2);
    EXPECT_EQ(outcomes.at(0).status, core::RefreshStatus::Failed);
    EXPECT_TRUE(outcomes.at(0).error.contains(QStringLiteral("HTTP 500")));
    EXPECT_EQ(outcomes.at(1).status, core::RefreshStatus::Ok) << outcomes.at(1).error.toStdString();
    EXPECT_EQ(providerOffers("aws"), awsBefore);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM refresh_log WHERE provider_id = 'aws' AND status = 'failed' "
                                    "AND message LIKE '%HTTP 500%'")),
              1);
}

TEST_F(Refresh, MalformedAndCollapsedDataAreRejected)
{
    m_server.routeSequence("/v8/lambda/vms.csv", {csvReply("InstanceType,AcceleratorName\n\"unterminated\n")});
    SkyPilotHostedSource source(m_server.url(QStringLiteral("/v8")), m_reference);
    const qint64 before = providerOffers("lambda");
    auto outcomes = refresh(source, {QStringLiteral("lambda")});
    EXPECT_EQ(outcomes.at(0).status, core::RefreshStatus::Failed);
    EXPECT_EQ(providerOffers("lambda"), before);

    // Only the header and two rows: a collapse from hundreds of offers.
    const QList<QByteArray> lines = m_lambdaCsv.split('\n');
    m_server.routeSequence("/v8/lambda/vms.csv", {csvReply(lines.mid(0, 3).join('\n') + '\n')});
    outcomes = refresh(source, {QStringLiteral("lambda")});
    ASSERT_EQ(outcomes.at(0).status, core::RefreshStatus::Failed);
    EXPECT_TRUE(outcomes.at(0).error.contains(QStringLiteral("--force")));
    EXPECT_EQ(providerOffers("lambda"), before);

    RefreshOptions forced;
    forced.force = true;
    outcomes = refresh(source, {QStringLiteral("lambda")}, forced);
    ASSERT_EQ(outcomes.at(0).status, core::RefreshStatus::Ok) << outcomes.at(0).error.toStdString();
    // The two rows' regions are replaced; regions the data no longer lists are left as they were.
    EXPECT_GT(outcomes.at(0).counts.removed, 0);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                                    "WHERE it.provider_id = 'lambda' AND o.unavailable_since IS NULL")),
              2 + outcomes.at(0).counts.leftAsTheyWere);
}

TEST_F(Refresh, AnHtmlPageInsteadOfCsvIsAnError)
{
    HttpTestReply html;
    html.body = "<html><body>Rate limited</body></html>";
    html.contentType = "text/html";
    m_server.routeSequence("/v8/lambda/vms.csv", {html});
    SkyPilotHostedSource source(m_server.url(QStringLiteral("/v8")), m_reference);
    const auto outcomes = refresh(source, {QStringLiteral("lambda")});
    EXPECT_EQ(outcomes.at(0).status, core::RefreshStatus::Failed);
    EXPECT_TRUE(outcomes.at(0).error.contains(QStringLiteral("text/html")));
}

TEST_F(Refresh, CancelKeepsPreviousPrices)
{
    HttpTestReply stall = csvReply(m_lambdaCsv);
    stall.stallAfterBytes = 200;
    m_server.routeSequence("/v8/lambda/vms.csv", {stall});
    SkyPilotHostedSource source(m_server.url(QStringLiteral("/v8")), m_reference);
    const qint64 before = providerOffers("lambda");
    std::atomic_bool cancel{false};
    std::thread canceller([&] {
        // Cancelled while the download is stalled: once the server has the request.
        tests::pollUntil([&] { return m_server.hits("/v8/lambda/vms.csv") > 0; });
        cancel = true;
    });
    const auto outcomes = refresh(source, {QStringLiteral("lambda")}, {}, &cancel);
    canceller.join();
    EXPECT_EQ(outcomes.at(0).status, core::RefreshStatus::Cancelled);
    EXPECT_EQ(providerOffers("lambda"), before);
    EXPECT_EQ(scalar(QStringLiteral("SELECT count(*) FROM refresh_log WHERE status = 'cancelled'")), 1);
}

TEST_F(Refresh, RegionScopedRefreshTouchesOnlyThatRegion)
{
    m_server.routeSequence("/v8/lambda/vms.csv", {csvReply(m_lambdaCsv)});
    SkyPilotHostedSource source(m_server.url(QStringLiteral("/v8")), m_reference);
    RefreshOptions options;
    options.regions = {QStringLiteral("us-east-1")};
    const auto outcomes = refresh(source, {QStringLiteral("lambda")}, options);
    ASSERT_EQ(outcomes.at(0).status, core::RefreshStatus::Ok) << outcomes.at(0).error.toStdString();
    EXPECT_EQ(outcomes.at(0).counts.removed, 0);
    EXPECT_EQ(outcomes.at(0).counts.added, 0);
    EXPECT_GT(outcomes.at(0).counts.unchanged, 0);
}

TEST_F(Refresh, EcbRatesAreStoredPerUsDollar)
{
    HttpTestReply xml;
    xml.body = readFile(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/ecb/eurofxref-daily.xml"));
    xml.contentType = "text/xml";
    m_server.routeSequence("/eurofxref-daily.xml", {xml});
    EcbFxSource source(m_server.url(QStringLiteral("/eurofxref-daily.xml")));
    const auto outcomes = refresh(source, {EcbFxSource::providerId()});
    ASSERT_EQ(outcomes.at(0).status, core::RefreshStatus::Ok) << outcomes.at(0).error.toStdString();
    EXPECT_EQ(outcomes.at(0).fxRates, 8); // 7 non-USD currencies + EUR
    auto db = db::Database::open(m_catalog, db::OpenMode::ReadOnly);
    ASSERT_TRUE(db.ok());
    auto stmt = db.value()->prepare(QStringLiteral("SELECT rate FROM fx_latest WHERE currency = ?"));
    ASSERT_TRUE(stmt.ok());
    stmt.value().bind(1, QStringLiteral("CNY"));
    ASSERT_TRUE(stmt.value().step());
    EXPECT_NEAR(stmt.value().real(0), 7.56 / 1.05, 1e-9);
    stmt.value().reset();
    stmt.value().bind(1, QStringLiteral("EUR"));
    ASSERT_TRUE(stmt.value().step());
    EXPECT_NEAR(stmt.value().real(0), 1 / 1.05, 1e-9);
}

TEST(EcbRates, MalformedXmlNamesTheProblem)
{
    auto truncated = parseEcbRates("<Cube><Cube time='2026-11-27'><Cube currency='USD' rate='1.05'/>", QStringLiteral("ecb"));
    EXPECT_FALSE(truncated.ok());
    auto badRate = parseEcbRates("<Cube><Cube time='2026-11-27'><Cube currency='USD' rate='abc'/></Cube></Cube>",
                                 QStringLiteral("ecb"));
    ASSERT_FALSE(badRate.ok());
    EXPECT_TRUE(badRate.errorMessage().contains(QStringLiteral("Cube[@currency='USD']/@rate 'abc'")));
    auto noUsd = parseEcbRates("<Cube><Cube time='2026-11-27'><Cube currency='JPY' rate='160'/></Cube></Cube>",
                               QStringLiteral("ecb"));
    ASSERT_FALSE(noUsd.ok());
    EXPECT_TRUE(noUsd.errorMessage().contains(QStringLiteral("USD")));
}
