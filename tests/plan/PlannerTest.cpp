// Planner over a small hand-built catalog: hard filters, RDMA for multi-node, currencies,
// derived commitments, ranking orders, Pareto front and recommendation properties.

#include "estimate/GpuFixtures.h"

#include "core/estimate/ModelPresets.h"
#include "core/plan/PlanExplain.h"
#include "core/plan/Planner.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

Offer h100Offer(const QString &provider, const QString &type, Billing billing, double price, RdmaKind rdma,
                const QString &region, const QString &geography, const QString &currency = QStringLiteral("USD"))
{
    Offer o;
    o.provider = provider;
    o.instanceType = type;
    o.region = region;
    o.geography = geography;
    o.gpu = QStringLiteral("H100-SXM5-80GB");
    o.gpuCount = 8;
    o.gpuMemoryGib = 640;
    o.interconnect = QStringLiteral("NVLink4 + NVSwitch");
    o.networkGbps = rdma == RdmaKind::None ? 100 : 3200;
    o.rdma = rdma;
    o.billing = billing;
    o.pricePerHour = price;
    o.currency = currency;
    o.pricePerHourUsd = currency == u"CNY" ? price / 7.25 : price;
    return o;
}

class PlannerFixture : public ::testing::Test
{
protected:
    void SetUp() override
    {
        auto presets = loadModelPresets();
        ASSERT_TRUE(presets.ok()) << presets.errorMessage().toStdString();
        const ModelPreset *llama = findPreset(presets.value(), u"llama-2-7b");
        ASSERT_NE(llama, nullptr);
        m_request.workload.kind = WorkloadKind::Pretrain;
        m_request.workload.model = llama->arch;
        m_request.workload.training.tokens = 50e9;
        m_request.assumptions.fx.set({QStringLiteral("CNY"), 7.25, QStringLiteral("2026-05-07"), QStringLiteral("test")});
        m_request.assumptions.billingRules.set(QStringLiteral("hourly"), BillingRule{3600, 3600});
        m_request.constraints.confidence = 0.9;

        QList<Offer> offers{
            h100Offer(QStringLiteral("a"), QStringLiteral("big8"), Billing::OnDemand, 40, RdmaKind::InfiniBand,
                      QStringLiteral("us-east-1"), QStringLiteral("North America")),
            h100Offer(QStringLiteral("a"), QStringLiteral("big8"), Billing::Spot, 15, RdmaKind::InfiniBand,
                      QStringLiteral("us-east-1"), QStringLiteral("North America")),
            h100Offer(QStringLiteral("b"), QStringLiteral("tcp8"), Billing::OnDemand, 30, RdmaKind::None,
                      QStringLiteral("eu-west-1"), QStringLiteral("Europe")),
            h100Offer(QStringLiteral("c"), QStringLiteral("cn8"), Billing::OnDemand, 200, RdmaKind::RoCE,
                      QStringLiteral("cn-beijing"), QStringLiteral("Mainland China"), QStringLiteral("CNY")),
            h100Offer(QStringLiteral("hourly"), QStringLiteral("slow8"), Billing::OnDemand, 25, RdmaKind::InfiniBand,
                      QStringLiteral("us-west-2"), QStringLiteral("North America")),
        };
        m_planner.setCatalog(offers, {gpuplanner::test::gpuModel(QStringLiteral("H100-SXM5-80GB"))});
    }

    const PlanOption *find(const QString &provider, Billing billing)
    {
        for (const PlanOption &o : m_planner.result().options) {
            if (m_planner.offer(o).provider == provider && o.billing == billing)
                return &o;
        }
        return nullptr;
    }

    Planner m_planner;
    PlanRequest m_request;
};

} // namespace

TEST_F(PlannerFixture, EveryOfferAndBillingModelIsPriced)
{
    const PlanResult &r = m_planner.plan(m_request);
    EXPECT_EQ(r.offersConsidered, 5);
    EXPECT_EQ(r.options.size(), 5u);
    const PlanOption *od = find(QStringLiteral("a"), Billing::OnDemand);
    ASSERT_NE(od, nullptr);
    ASSERT_TRUE(od->usable());
    // On-demand with per-second billing: instances x hours x price (+ no extras here).
    EXPECT_NEAR(od->cost, od->instances * billedHours(od->hours, BillingRule{}) * 40.0, 1e-6);
    EXPECT_EQ(od->gpus, od->instances * 8);
    // Hourly billing rounds the run up to whole hours.
    const PlanOption *hourly = find(QStringLiteral("hourly"), Billing::OnDemand);
    ASSERT_NE(hourly, nullptr);
    EXPECT_NEAR(hourly->cost, hourly->instances * std::ceil(hourly->hours) * 25.0, 1e-6);
}

TEST_F(PlannerFixture, HardFiltersDropOffers)
{
    m_request.constraints.providers = {QStringLiteral("b")};
    EXPECT_EQ(m_planner.plan(m_request).offersConsidered, 1);
    m_request.constraints.providers.clear();
    m_request.constraints.geographies = {QStringLiteral("mainland china")};
    const PlanResult &china = m_planner.plan(m_request);
    ASSERT_EQ(china.options.size(), 1u);
    EXPECT_EQ(m_planner.offer(china.options.front()).provider, QStringLiteral("c"));
    m_request.constraints.geographies.clear();
    m_request.constraints.regions = {QStringLiteral("us-*")};
    EXPECT_EQ(m_planner.plan(m_request).offersConsidered, 3);
    m_request.constraints.regions.clear();
    m_request.constraints.billing = {Billing::Spot};
    const PlanResult &spot = m_planner.plan(m_request);
    ASSERT_EQ(spot.options.size(), 1u);
    EXPECT_EQ(spot.options.front().billing, Billing::Spot);
    m_request.constraints.billing.clear();
    m_request.constraints.minGpuMemoryGib = 96;
    EXPECT_EQ(m_planner.plan(m_request).offersConsidered, 0);
    EXPECT_EQ(m_planner.result().recommended, -1);
}

TEST_F(PlannerFixture, MultiNodeNeedsRdmaUnlessAllowed)
{
    m_request.constraints.deadlineHours = 24 * 3; // forces several instances
    m_planner.plan(m_request);
    const PlanOption *tcp = find(QStringLiteral("b"), Billing::OnDemand);
    ASSERT_NE(tcp, nullptr);
    ASSERT_GT(tcp->instances, 1);
    EXPECT_EQ(tcp->issue, OptionIssue::NeedsRdma);
    EXPECT_FALSE(tcp->usable());
    m_request.constraints.rdmaForMultiNode = false;
    m_planner.plan(m_request);
    EXPECT_TRUE(find(QStringLiteral("b"), Billing::OnDemand)->usable());
    // A GPU cap below what the deadline needs leaves the offers short of it.
    m_request.constraints.maxGpus = 8;
    m_planner.plan(m_request);
    const PlanOption *capped = find(QStringLiteral("a"), Billing::OnDemand);
    EXPECT_EQ(capped->instances, 1);
    EXPECT_EQ(capped->pMeetDeadline, 0);
}

TEST_F(PlannerFixture, NativeCurrencyIsConvertedForDisplay)
{
    m_planner.plan(m_request);
    const PlanOption *cn = find(QStringLiteral("c"), Billing::OnDemand);
    ASSERT_NE(cn, nullptr);
    EXPECT_NEAR(cn->pricePerHour, 200.0 / 7.25, 1e-9);
    const double usdCost = cn->cost;
    m_request.displayCurrency = QStringLiteral("CNY");
    m_planner.plan(m_request);
    EXPECT_NEAR(find(QStringLiteral("c"), Billing::OnDemand)->cost, usdCost * 7.25, 1e-6);
    EXPECT_NEAR(find(QStringLiteral("a"), Billing::OnDemand)->pricePerHour, 40.0 * 7.25, 1e-9);
    // No rate: the option cannot be compared.
    m_request.displayCurrency = QStringLiteral("EUR");
    m_planner.plan(m_request);
    EXPECT_EQ(find(QStringLiteral("a"), Billing::OnDemand)->issue, OptionIssue::NoFxRate);
}

TEST_F(PlannerFixture, CommitmentsFromScenarioTerms)
{
    m_request.assumptions.commitments = {{QStringLiteral("a"), 12, Upfront::None, 0.3, QStringLiteral("quote")}};
    m_request.assumptions.expectedUtilization = 0.5;
    m_planner.plan(m_request);
    const PlanOption *r = find(QStringLiteral("a"), Billing::Reserved);
    ASSERT_NE(r, nullptr);
    // 40/h x 0.7 = 28/h committed; at 50% use each used hour costs 56.
    EXPECT_NEAR(r->pricePerHour, 56.0, 1e-9);
    EXPECT_NEAR(r->breakEvenUtilization, 0.7, 1e-12);
    EXPECT_NEAR(r->commitmentTotal, 28.0 * 8760 * r->instances, 1e-6);
    EXPECT_NEAR(r->cost, 56.0 * r->hours * r->instances, 1e-6);
    EXPECT_EQ(find(QStringLiteral("b"), Billing::Reserved), nullptr) << "terms are per provider";
}

TEST_F(PlannerFixture, RankingOrdersAndRecommendation)
{
    m_request.constraints.deadlineHours = 24 * 10;
    m_request.constraints.rdmaForMultiNode = false;
    for (RankBy by : {RankBy::Cost, RankBy::Time, RankBy::Risk}) {
        m_request.rankBy = by;
        const PlanResult &r = m_planner.plan(m_request);
        ASSERT_GT(r.usable, 2);
        for (int i = 1; i < r.usable; ++i) {
            const PlanOption &a = r.options[std::size_t(i - 1)];
            const PlanOption &b = r.options[std::size_t(i)];
            const bool meetsA = a.pMeetBoth >= 0.9;
            const bool meetsB = b.pMeetBoth >= 0.9;
            if (by == RankBy::Risk) {
                EXPECT_GE(a.pMeetBoth, b.pMeetBoth);
                continue;
            }
            EXPECT_GE(int(meetsA), int(meetsB)) << "options that meet the constraints come first";
            if (meetsA == meetsB && by == RankBy::Cost) {
                EXPECT_LE(a.cost, b.cost);
            } else if (meetsA == meetsB) {
                EXPECT_LE(a.timeP50, b.timeP50);
            }
        }
        // The recommendation is the cheapest option that meets the constraints.
        ASSERT_GE(r.recommended, 0);
        const PlanOption &rec = r.options[std::size_t(r.recommended)];
        EXPECT_GE(rec.pMeetBoth, 0.9);
        for (int i = 0; i < r.usable; ++i) {
            if (r.options[std::size_t(i)].pMeetBoth >= 0.9) {
                EXPECT_LE(rec.cost, r.options[std::size_t(i)].cost);
            }
        }
    }
    const QString text = recommendationText(m_planner, m_request);
    EXPECT_TRUE(text.contains(QStringLiteral("10 days deadline"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("below the cheapest on-demand option"))) << text.toStdString();
}

TEST_F(PlannerFixture, ParetoFrontHasNoDominatedOptions)
{
    m_request.constraints.rdmaForMultiNode = false;
    const PlanResult &r = m_planner.plan(m_request);
    int onFront = 0;
    for (int i = 0; i < r.usable; ++i) {
        const PlanOption &a = r.options[std::size_t(i)];
        bool dominated = false;
        for (int j = 0; j < r.usable; ++j) {
            const PlanOption &b = r.options[std::size_t(j)];
            if (b.timeP50 <= a.timeP50 && b.cost <= a.cost && (b.timeP50 < a.timeP50 || b.cost < a.cost))
                dominated = true;
        }
        EXPECT_EQ(a.pareto, !dominated) << i;
        onFront += a.pareto;
    }
    EXPECT_GE(onFront, 1);
}

TEST_F(PlannerFixture, ReplanningGivesTheSameAnswer)
{
    m_request.constraints.deadlineHours = 24 * 10;
    const PlanResult first = m_planner.plan(m_request);
    const PlanResult &second = m_planner.plan(m_request);
    ASSERT_EQ(first.options.size(), second.options.size());
    for (std::size_t i = 0; i < first.options.size(); ++i) {
        EXPECT_EQ(first.options[i].offer, second.options[i].offer);
        EXPECT_EQ(first.options[i].cost, second.options[i].cost);
        EXPECT_EQ(first.options[i].timeP90, second.options[i].timeP90);
    }
    // Reasons and JSON carry the documented fields.
    const QJsonObject json = planToJson(m_planner, m_request, 3);
    const QJsonObject top = json.value(QStringLiteral("options")).toArray().first().toObject();
    for (const char *key : {"provider", "instance_type", "region", "billing", "instances", "gpus", "hours", "cost",
                            "cost_p50", "cost_p90", "time_p50_hours", "time_p90_hours", "p_meet_deadline",
                            "p_meet_budget", "currency", "fits", "bottleneck", "reasons"})
        EXPECT_TRUE(top.contains(QLatin1String(key))) << key;
    EXPECT_FALSE(json.value(QStringLiteral("recommendation")).toObject().value(QStringLiteral("text")).toString().isEmpty());
}
