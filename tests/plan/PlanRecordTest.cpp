// PlanRecord (issue 30 #3): a plan remembers what it was priced on, and a later plan says what
// moved since, line by line with sources and dates. A small hand-built catalog is planned, then
// re-planned after a price rise, a withdrawn offer, a refreshed provider and a new FX rate.

#include "estimate/GpuFixtures.h"

#include "core/estimate/ModelPresets.h"
#include "core/plan/PlanRecord.h"
#include "core/plan/PlanTotals.h"
#include "core/plan/Planner.h"

#include <QJsonDocument>

#include <algorithm>

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

Offer offer(const QString &provider, const QString &type, Billing billing, double price, const QString &date)
{
    Offer o;
    o.provider = provider;
    o.providerName = provider.toUpper();
    o.instanceType = type;
    o.region = QStringLiteral("r1");
    o.geography = QStringLiteral("Europe");
    o.gpu = QStringLiteral("H100-SXM5-80GB");
    o.gpuCount = 8;
    o.gpuMemoryGib = 640;
    o.interconnect = QStringLiteral("NVLink4 + NVSwitch");
    o.networkGbps = 3200;
    o.rdma = RdmaKind::InfiniBand;
    o.billing = billing;
    o.pricePerHour = price;
    o.currency = QStringLiteral("USD");
    o.pricePerHourUsd = price;
    o.source = provider + QStringLiteral(" price list");
    o.effectiveDate = date;
    return o;
}

class PlanRecordFixture : public ::testing::Test
{
protected:
    void SetUp() override
    {
        auto presets = loadModelPresets();
        ASSERT_TRUE(presets.ok());
        const ModelPreset *llama = findPreset(presets.value(), u"llama-2-7b");
        ASSERT_NE(llama, nullptr);
        m_request.workload.kind = WorkloadKind::Pretrain;
        m_request.workload.model = llama->arch;
        m_request.workload.training.tokens = 20e9;
        m_request.assumptions.fx.set({QStringLiteral("EUR"), 0.92, QStringLiteral("2026-11-30"), QStringLiteral("ECB")});
        m_offers = {offer(QStringLiteral("a"), QStringLiteral("cheap8"), Billing::OnDemand, 30, QStringLiteral("2026-07")),
                    offer(QStringLiteral("a"), QStringLiteral("dear8"), Billing::OnDemand, 45, QStringLiteral("2026-07")),
                    offer(QStringLiteral("b"), QStringLiteral("mid8"), Billing::OnDemand, 36, QStringLiteral("2026-06"))};
    }

    // Plans the offers and records the plan.
    PlanRecord planAndRecord(const QList<Offer> &offers)
    {
        m_planner.setCatalog(offers, {gpuplanner::test::gpuModel(QStringLiteral("H100-SXM5-80GB"))});
        m_planner.plan(m_request);
        m_totals = planTotals(m_planner, m_request, nullptr);
        return recordPlan(planFacts(m_planner, m_request, m_totals));
    }

    PlanSince since(const PlanRecord &then, const QList<Offer> &offers)
    {
        m_planner.setCatalog(offers, {gpuplanner::test::gpuModel(QStringLiteral("H100-SXM5-80GB"))});
        m_planner.plan(m_request);
        m_totals = planTotals(m_planner, m_request, nullptr);
        return comparePlan(then, planFacts(m_planner, m_request, m_totals));
    }

    static QStringList texts(const PlanSince &s, PlanChange::Kind kind)
    {
        QStringList out;
        for (const PlanChange &c : s.changes) {
            if (c.kind == kind)
                out << c.text;
        }
        return out;
    }

    PlanRequest m_request;
    QList<Offer> m_offers;
    Planner m_planner;
    PlanTotals m_totals;
};

} // namespace

TEST_F(PlanRecordFixture, ARecordRoundTripsThroughJsonAndNamesTheCatalog)
{
    const PlanRecord rec = planAndRecord(m_offers);
    ASSERT_TRUE(rec.recommended);
    EXPECT_TRUE(rec.recommended->key.startsWith(QStringLiteral("a/cheap8/r1/on_demand/0/"))) << rec.recommended->key.toStdString();
    EXPECT_EQ(rec.recommended->pricePerHour, 30);
    EXPECT_EQ(rec.catalogHash.size(), 64);
    EXPECT_EQ(rec.providerDates.value(QStringLiteral("a")), QStringLiteral("2026-07"));
    EXPECT_EQ(rec.providerDates.value(QStringLiteral("b")), QStringLiteral("2026-06"));
    EXPECT_DOUBLE_EQ(rec.fxPerUsd.value(QStringLiteral("EUR")), 0.92);
    EXPECT_EQ(rec.options.size(), 3);
    EXPECT_EQ(rec.identity(), QStringLiteral("catalog %1, prices 2026-06 to 2026-07").arg(rec.catalogHash.left(12)));

    auto back = planRecordFromJson(planRecordToJson(rec));
    ASSERT_TRUE(back.ok()) << back.errorMessage().toStdString();
    EXPECT_EQ(back.value().catalogHash, rec.catalogHash);
    EXPECT_EQ(back.value().plannedAt.toString(Qt::ISODate), rec.plannedAt.toString(Qt::ISODate));
    EXPECT_EQ(back.value().recommended->key, rec.recommended->key);
    EXPECT_DOUBLE_EQ(back.value().mainRunCost, rec.mainRunCost);
    EXPECT_EQ(back.value().options.size(), 3);

    // The same catalog hashes the same in any order; one price moved changes it.
    QList<Offer> reversed(m_offers.crbegin(), m_offers.crend());
    EXPECT_EQ(planAndRecord(reversed).catalogHash, rec.catalogHash);
    QList<Offer> moved = m_offers;
    moved[1].pricePerHour = 46;
    EXPECT_NE(planAndRecord(moved).catalogHash, rec.catalogHash);
}

TEST_F(PlanRecordFixture, NothingChangedSaysSo)
{
    const PlanRecord rec = planAndRecord(m_offers);
    const PlanSince s = since(rec, m_offers);
    EXPECT_TRUE(s.unchanged()) << planSinceText(s).toStdString();
    EXPECT_TRUE(planSinceText(s).contains(QStringLiteral("nothing changed")));
}

TEST_F(PlanRecordFixture, APriceRiseAWithdrawnOfferAndANewRecommendationAreEachALineWithSourceAndDate)
{
    const PlanRecord rec = planAndRecord(m_offers);
    QList<Offer> now = m_offers;
    now[0].pricePerHour = 40; // a's cheap8 rises from 30 to 40, re-dated
    now[0].effectiveDate = QStringLiteral("2026-12-01");
    now.removeAt(1); // a's dear8 withdrawn
    const PlanSince s = since(rec, now);
    ASSERT_FALSE(s.unchanged());

    // b's mid8 at 36 is now cheapest: the recommendation moved, and the main run costs more.
    EXPECT_TRUE(s.recommendationChanged);
    const QStringList rec1 = texts(s, PlanChange::Kind::Recommendation);
    ASSERT_EQ(rec1.size(), 1);
    EXPECT_TRUE(rec1.first().contains(QStringLiteral("A cheap8 in r1 (on-demand)")) && rec1.first().contains(QStringLiteral("B mid8")))
        << rec1.first().toStdString();
    EXPECT_GT(s.costNow, s.costThen);
    // The main run's cost scales with the price: 36/30 of what it was, stated with its change.
    EXPECT_NEAR(s.costNow / s.costThen, 36.0 / 30.0, 0.02);
    const QStringList totals = texts(s, PlanChange::Kind::Total);
    ASSERT_FALSE(totals.isEmpty());
    EXPECT_TRUE(totals.first().startsWith(QStringLiteral("Main run: ")) && totals.first().contains(QStringLiteral("+")))
        << totals.first().toStdString();

    const QStringList prices = texts(s, PlanChange::Kind::Price);
    ASSERT_EQ(prices.size(), 1);
    EXPECT_EQ(prices.first(), QStringLiteral("A cheap8 in r1 (on-demand): $30.00/h then (a price list, 2026-07), $40.00/h now "
                                             "(a price list, 2026-12-01)."));
    const QStringList gone = texts(s, PlanChange::Kind::Withdrawn);
    ASSERT_EQ(gone.size(), 1);
    EXPECT_EQ(gone.first(), QStringLiteral("A dear8 in r1 (on-demand): withdrawn, no longer in the catalog (was $45.00/h, "
                                           "a price list, 2026-07)."));
    const QStringList data = texts(s, PlanChange::Kind::Data);
    EXPECT_TRUE(data.contains(QStringLiteral("a prices: of 2026-07 then, of 2026-12-01 now."))) << data.join(u'|').toStdString();
}

TEST_F(PlanRecordFixture, AnExchangeRateThatMovedIsALine)
{
    const PlanRecord rec = planAndRecord(m_offers);
    m_request.assumptions.fx.set({QStringLiteral("EUR"), 0.95, QStringLiteral("2026-12-04"), QStringLiteral("ECB")});
    const PlanSince s = since(rec, m_offers);
    EXPECT_EQ(texts(s, PlanChange::Kind::Exchange),
              QStringList{QStringLiteral("EUR per USD: 0.92 then, 0.95 now (ECB, 2026-12-04).")});
}

TEST_F(PlanRecordFixture, ADamagedRecordNamesItsField)
{
    QJsonObject json = planRecordToJson(planAndRecord(m_offers));
    json.remove(QStringLiteral("catalog_hash"));
    auto missing = planRecordFromJson(json);
    ASSERT_FALSE(missing.ok());
    EXPECT_TRUE(missing.errorMessage().startsWith(QStringLiteral("priced_on.catalog_hash"))) << missing.errorMessage().toStdString();

    json = planRecordToJson(planAndRecord(m_offers));
    json.insert(QStringLiteral("planned_at"), QStringLiteral("last Tuesday"));
    auto badDate = planRecordFromJson(json);
    ASSERT_FALSE(badDate.ok());
    EXPECT_TRUE(badDate.errorMessage().startsWith(QStringLiteral("priced_on.planned_at"))) << badDate.errorMessage().toStdString();

    json = planRecordToJson(planAndRecord(m_offers));
    json.insert(QStringLiteral("surprise"), 1);
    auto unknown = planRecordFromJson(json);
    ASSERT_FALSE(unknown.ok());
    EXPECT_TRUE(unknown.errorMessage().contains(QStringLiteral("surprise"))) << unknown.errorMessage().toStdString();
}

// A price is recorded as the plan used it: converted to the plan's currency and labelled with it,
// not the converted figure under the offer's own currency sign.
TEST_F(PlanRecordFixture, AnOfferInAnotherCurrencyIsRecordedInThePlansCurrency)
{
    m_request.assumptions.fx.set({QStringLiteral("CNY"), 7.25, QStringLiteral("2026-11-30"), QStringLiteral("test")});
    QList<Offer> offers = m_offers;
    offers[2].currency = QStringLiteral("CNY");
    offers[2].pricePerHour = 36 * 7.25; // 261 CNY: 36 USD
    const PlanRecord rec = planAndRecord(offers);
    const auto it = std::find_if(rec.options.cbegin(), rec.options.cend(),
                                 [](const RecordedOption &o) { return o.key.startsWith(QStringLiteral("b/mid8/")); });
    ASSERT_NE(it, rec.options.cend());
    EXPECT_EQ(it->currency, QStringLiteral("USD"));
    EXPECT_NEAR(it->pricePerHour, 36, 1e-9);

    // The same offer 10 % dearer in its own currency reads as a USD price change.
    offers[2].pricePerHour *= 1.1;
    const PlanSince s = since(rec, offers);
    const QStringList prices = texts(s, PlanChange::Kind::Price);
    ASSERT_EQ(prices.size(), 1) << planSinceText(s).toStdString();
    EXPECT_TRUE(prices.front().contains(QStringLiteral("$36.00"))) << prices.front().toStdString();
    EXPECT_TRUE(prices.front().contains(QStringLiteral("$39.60"))) << prices.front().toStdString();
    EXPECT_FALSE(prices.front().contains(u'¥')) << prices.front().toStdString();
}
