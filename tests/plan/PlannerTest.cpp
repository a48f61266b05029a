// Planner over a small hand-built catalog: hard filters, RDMA for multi-node, currencies,
// derived commitments, ranking orders, Pareto front and recommendation properties; measured
// throughput scaled from its reference GPU to each offer.

#include "estimate/GpuFixtures.h"

#include "core/estimate/ModelPresets.h"
#include "core/plan/MeasuredReference.h"
#include "core/plan/PlanExplain.h"
#include "core/plan/Planner.h"
#include "core/estimate/RunLength.h"

#include <QJsonArray>

#include <cmath>
#include <limits>
#include <vector>

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
        // A team that has run this before (issue 46's campaign terms), so the ranking cases below
        // keep the run lengths they were written for.
        m_request.workload.training.campaign.stack = StackMaturity::Tuned;
        m_request.workload.training.campaign.failureHandling = FailureHandling::Automatic;
        m_request.workload.training.campaign.firstRun = FirstRun::No;
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
    m_request.constraints.minGpuMemoryGib = 0;
    // Instances of at least N GPUs (a bill's steady part that ran on 8-GPU nodes).
    const int all = m_planner.plan(m_request).offersConsidered;
    m_request.constraints.minGpusPerInstance = 1024;
    EXPECT_EQ(m_planner.plan(m_request).offersConsidered, 0);
    m_request.constraints.minGpusPerInstance = 1;
    EXPECT_EQ(m_planner.plan(m_request).offersConsidered, all);
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
    // Expected far past the deadline: only the far tail of the estimate's range makes it.
    EXPECT_GT(capped->hours, m_request.constraints.deadlineHours);
    EXPECT_LT(capped->pMeetDeadline, 0.05);
}

TEST_F(PlannerFixture, SpotToleranceCapsExpectedInterruptions)
{
    m_request.workload.training.tokens = 1e12; // weeks of work: interruptions become likely
    m_planner.plan(m_request);
    const PlanOption *spot = find(QStringLiteral("a"), Billing::Spot);
    ASSERT_NE(spot, nullptr);
    ASSERT_TRUE(spot->usable());
    // Rate x instances x months of work.
    const double expected = spot->interruptionRate * spot->instances * spot->hours / kHoursPerMonth;
    EXPECT_NEAR(spot->expectedInterruptions, expected, 1e-9);
    ASSERT_GT(expected, 0.5);

    m_request.constraints.maxSpotInterruptions = std::floor(expected); // just below what the run expects
    m_planner.plan(m_request);
    spot = find(QStringLiteral("a"), Billing::Spot);
    EXPECT_EQ(spot->issue, OptionIssue::TooManyInterruptions);
    EXPECT_FALSE(spot->usable());
    EXPECT_EQ(optionIssueId(spot->issue), QStringLiteral("too_many_interruptions"));
    const QStringList reasons = optionReasons(m_planner, m_request, *spot);
    ASSERT_FALSE(reasons.isEmpty());
    EXPECT_TRUE(reasons.first().contains(QStringLiteral("spot tolerance"))) << reasons.first().toStdString();
    EXPECT_NE(m_planner.result().options[std::size_t(m_planner.result().recommended)].billing, Billing::Spot);
    EXPECT_TRUE(find(QStringLiteral("a"), Billing::OnDemand)->usable()); // on-demand is never capped

    m_request.constraints.maxSpotInterruptions = std::ceil(expected) + 1;
    m_planner.plan(m_request);
    EXPECT_TRUE(find(QStringLiteral("a"), Billing::Spot)->usable());
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

CommitmentTerm negotiated(const QString &provider, double discount)
{
    CommitmentTerm t;
    t.provider = provider;
    t.termMonths = 12;
    t.discount = discount;
    t.source = QStringLiteral("quote");
    return t;
}

TEST_F(PlannerFixture, CommitmentsFromScenarioTermsShareTheTermAtTheStatedUse)
{
    m_request.assumptions.commitments = {negotiated(QStringLiteral("a"), 0.3)};
    m_request.assumptions.expectedUtilization = 0.5;
    m_planner.plan(m_request);
    const PlanOption *r = find(QStringLiteral("a"), Billing::Reserved);
    ASSERT_NE(r, nullptr);
    // 40/h x 0.7 = 28/h committed, the rate the row shows; at 50% use each used hour costs 56.
    EXPECT_NEAR(r->pricePerHour, 28.0, 1e-9);
    EXPECT_NEAR(r->costPerUsedGpuHour, 56.0 * r->hours * r->instances / r->gpuHours, 1e-6);
    EXPECT_NEAR(r->breakEvenUtilization, 0.7, 1e-12);
    EXPECT_NEAR(r->commitmentTotal, 28.0 * 8760 * r->instances, 1e-6);
    EXPECT_NEAR(r->cost, 56.0 * r->hours * r->instances, 1e-6);
    EXPECT_EQ(r->commitmentTerms, 1);
    EXPECT_EQ(find(QStringLiteral("b"), Billing::Reserved), nullptr) << "terms are per provider";
    const QJsonObject json = planToJson(m_planner, m_request, 0);
    bool found = false;
    for (const QJsonValue &v : json.value(QStringLiteral("options")).toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("billing")).toString() != u"reserved")
            continue;
        found = true;
        EXPECT_NEAR(o.value(QStringLiteral("commitment_total")).toDouble(), r->commitmentTotal, 1e-6);
        EXPECT_TRUE(o.value(QStringLiteral("commitment_source")).toString().contains(u"quote"));
    }
    EXPECT_TRUE(found);
}

TEST_F(PlannerFixture, WithoutOtherWorkAJobPaysTheWholeCommitment)
{
    m_request.assumptions.commitments = {negotiated(QStringLiteral("a"), 0.3)};
    m_request.assumptions.expectedUtilization.reset();
    m_planner.plan(m_request);
    const PlanOption *r = find(QStringLiteral("a"), Billing::Reserved);
    const PlanOption *od = find(QStringLiteral("a"), Billing::OnDemand);
    ASSERT_NE(r, nullptr);
    ASSERT_NE(od, nullptr);
    // A short job on a one-year term: every hour of the term is charged to it.
    ASSERT_LT(r->hours, 8760);
    EXPECT_NEAR(r->cost, r->commitmentTotal + r->extras, 1e-6);
    EXPECT_GT(r->cost, od->cost) << "a year's commitment for a short job costs more than on-demand";
    EXPECT_NEAR(r->costPerUsedGpuHour, r->commitmentTotal / r->gpuHours, 1e-9);
}

TEST_F(PlannerFixture, AQuotedPriceNeedsItsCurrencyRate)
{
    CommitmentTerm t = negotiated(QStringLiteral("a"), 0);
    t.quotedPricePerHour = 20.0;
    t.currency = QStringLiteral("USD");
    m_request.assumptions.commitments = {t};
    m_request.assumptions.expectedUtilization = 1.0;
    m_planner.plan(m_request);
    const PlanOption *r = find(QStringLiteral("a"), Billing::Reserved);
    ASSERT_NE(r, nullptr);
    EXPECT_NEAR(r->commitmentTotal, 20.0 * 8760 * r->instances, 1e-6);
    m_request.assumptions.commitments[0].currency = QStringLiteral("EUR"); // the fixture has no EUR rate
    m_planner.plan(m_request);
    EXPECT_EQ(find(QStringLiteral("a"), Billing::Reserved)->issue, OptionIssue::NoFxRate);
}

// A term the user was quoted is priced at the quote, not from the catalog: an old catalog date
// says nothing about it, so it is never called stale, while the catalog's own rows still are.
TEST_F(PlannerFixture, AQuotedTermIsNeverCalledStaleCatalogData)
{
    QList<Offer> offers = m_planner.offers();
    for (Offer &o : offers)
        o.effectiveDate = QStringLiteral("2024-08-01");
    m_planner.setCatalog(offers, m_planner.gpuModels());
    CommitmentTerm quote = negotiated(QStringLiteral("a"), 0);
    quote.quotedPricePerHour = 20.0;
    quote.currency = QStringLiteral("USD");
    CommitmentTerm discount = negotiated(QStringLiteral("a"), 0.3);
    discount.termMonths = 36;
    m_request.assumptions.commitments = {quote, discount};
    m_planner.plan(m_request);
    const PlanOption *quoted = nullptr;
    const PlanOption *discounted = nullptr;
    for (const PlanOption &o : m_planner.result().options) {
        if (m_planner.offer(o).provider == u"a" && o.derivedCommitment())
            (o.commitmentTerm == 0 ? quoted : discounted) = &o;
    }
    ASSERT_TRUE(quoted);
    ASSERT_TRUE(discounted);
    const QDate today(2026, 12, 3);
    // Undated, it asks for its date; dated, its own age counts, never the catalog's.
    EXPECT_EQ(staleNote(m_planner.offer(*quoted), m_request, *quoted, today),
              QStringLiteral("Your quote has no date: give the day it was made, so its age shows."));
    m_request.assumptions.commitments[0].quotedOn = QDate(2026, 11, 2);
    EXPECT_TRUE(staleNote(m_planner.offer(*quoted), m_request, *quoted, today).isEmpty());
    EXPECT_FALSE(optionReasons(m_planner, m_request, *quoted).join(u' ').contains(u"over 6 months ago"));
    EXPECT_EQ(commitmentSourceText(m_planner, m_request, *quoted),
              QStringLiteral("your quoted price of 2026-11-02 (%1)").arg(m_request.assumptions.commitments[0].source));
    EXPECT_TRUE(optionBillingText(m_planner.offer(*quoted), *quoted).endsWith(QStringLiteral("your terms")));
    m_request.assumptions.commitments[0].quotedOn = QDate(2026, 3, 31);
    EXPECT_EQ(staleNote(m_planner.offer(*quoted), m_request, *quoted, today),
              QStringLiteral("Your quote of 2026-03-31 is over 6 months old: check that it still stands."));
    // A discount off the catalog's on-demand price is still that price, and says how old it is.
    EXPECT_FALSE(staleNote(m_planner.offer(*discounted), m_request, *discounted, today).isEmpty());
    const PlanOption *od = find(QStringLiteral("a"), Billing::OnDemand);
    ASSERT_NE(od, nullptr);
    EXPECT_FALSE(staleNote(m_planner.offer(*od), m_request, *od, today).isEmpty());
}

TEST_F(PlannerFixture, SuspectPricesAreLeftOutUnlessIncluded)
{
    QList<Offer> offers = m_planner.offers();
    for (Offer &o : offers) {
        if (o.provider == u"hourly")
            o.suspectReasons = {QStringLiteral("round_placeholder: 1.00 USD per GPU-hour for two models")};
    }
    m_planner.setCatalog(offers, m_planner.gpuModels());
    m_planner.plan(m_request);
    const PlanOption *suspect = find(QStringLiteral("hourly"), Billing::OnDemand);
    ASSERT_NE(suspect, nullptr);
    EXPECT_EQ(suspect->issue, OptionIssue::SuspectPrice);
    EXPECT_TRUE(optionReasons(m_planner, m_request, *suspect).first().contains(u"suspect"));
    const PlanResult &r = m_planner.result();
    ASSERT_GE(r.recommended, 0);
    EXPECT_FALSE(m_planner.offer(r.options[std::size_t(r.recommended)]).suspect());
    m_request.constraints.includeSuspect = true;
    m_planner.plan(m_request);
    EXPECT_TRUE(find(QStringLiteral("hourly"), Billing::OnDemand)->usable());
}

TEST_F(PlannerFixture, PublishedInterruptionFigureBeatsTheDefaultAndTheUsersRuleBeatsIt)
{
    QList<Offer> offers = m_planner.offers();
    for (Offer &o : offers) {
        if (o.billing == Billing::Spot) {
            o.interruptionBucket = QStringLiteral(">20%");
            o.interruptionRateMonthly = 0.25;
            o.interruptionSource = QStringLiteral("AWS Spot Instance Advisor feed of 2025-06-28");
        }
    }
    m_planner.setCatalog(offers, m_planner.gpuModels());
    m_planner.plan(m_request);
    const PlanOption *spot = find(QStringLiteral("a"), Billing::Spot);
    ASSERT_NE(spot, nullptr);
    EXPECT_TRUE(spot->interruptionPublished);
    EXPECT_DOUBLE_EQ(spot->interruptionRate, 0.25);
    m_request.assumptions.interruptions.add({QStringLiteral("a"), QStringLiteral("big*"), 0.05, QStringLiteral("mine")});
    m_planner.plan(m_request);
    spot = find(QStringLiteral("a"), Billing::Spot);
    EXPECT_FALSE(spot->interruptionPublished);
    EXPECT_DOUBLE_EQ(spot->interruptionRate, 0.05);
}

TEST_F(PlannerFixture, CapacityBlocksAreBookedInDaysThenWeeks)
{
    QList<Offer> offers = m_planner.offers();
    Offer block = offers.first(); // a's big8 on-demand
    block.billing = Billing::CapacityBlock;
    block.upfront = QStringLiteral("all");
    block.pricePerHour = block.pricePerHourUsd = 30;
    block.priceBasis = PriceBasis::Effective;
    block.minDurationHours = 24;
    block.maxDurationHours = 182 * 24;
    offers.append(block);
    m_planner.setCatalog(offers, m_planner.gpuModels());
    m_planner.plan(m_request);
    const PlanOption *cb = find(QStringLiteral("a"), Billing::CapacityBlock);
    ASSERT_NE(cb, nullptr);
    double days = std::ceil(cb->hours / 24.0 - 1e-9);
    if (days > 14)
        days = std::ceil(days / 7.0) * 7.0;
    EXPECT_EQ(cb->commitmentTerms, int(days));
    EXPECT_NEAR(cb->commitmentTotal, 30.0 * days * 24 * cb->instances, 1e-6);
    EXPECT_NEAR(cb->cost, cb->commitmentTotal + cb->extras, 1e-6);
    // Longer than the longest block: not usable, and it says why.
    m_request.workload.training.tokens = 5e13;
    m_planner.plan(m_request);
    cb = find(QStringLiteral("a"), Billing::CapacityBlock);
    if (cb->hours > 182 * 24) {
        EXPECT_EQ(cb->issue, OptionIssue::TooLongForBlock);
    }
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
    // The baseline names its region (issue 47, 5).
    const PlanOption &od = m_planner.result().options[std::size_t(m_planner.result().cheapestOnDemand)];
    EXPECT_TRUE(text.contains(QStringLiteral(" in %1 at ").arg(m_planner.offer(od).region))) << text.toStdString();
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
    for (const char *key : {"provider", "provider_name", "instance_type", "region", "billing", "instances", "gpus", "hours", "cost",
                            "cost_p50", "cost_p90", "time_p50_hours", "time_p90_hours", "p_meet_deadline",
                            "p_meet_budget", "currency", "fits", "bottleneck", "reasons"})
        EXPECT_TRUE(top.contains(QLatin1String(key))) << key;
    EXPECT_FALSE(json.value(QStringLiteral("recommendation")).toObject().value(QStringLiteral("text")).toString().isEmpty());
}

namespace {

using gpuplanner::test::gpuModel;
using gpuplanner::test::gpuSpec;

QList<GpuModel> a100AndH100()
{
    return {gpuModel(QStringLiteral("A100-SXM4-80GB")), gpuModel(QStringLiteral("A100-SXM4-40GB")),
            gpuModel(QStringLiteral("H100-SXM5-80GB"))};
}

// "Our fine-tune runs 3,100 tokens/s on one A100-80GB; 2 billion tokens to go."
PlanRequest measuredRequest(const QString &referenceGpu)
{
    PlanRequest r;
    r.workload.kind = WorkloadKind::Measured;
    r.workload.measured.referenceGpuName = referenceGpu;
    r.workload.measured.referenceThroughput = 3100;
    r.workload.measured.items = 2e9;
    r.workload.goodputOverride = 1.0; // the scaling alone, without the long-run goodput
    r.constraints.maxInstances = 1;   // one 8-GPU instance each, so wall times compare directly
    return r;
}

} // namespace

TEST(MeasuredReference, NamesPeopleTypeFindTheCatalogModel)
{
    const QList<GpuModel> gpus = a100AndH100();
    const QList<std::pair<const char *, const char *>> cases = {
        {"A100-SXM4-80GB", "A100-SXM4-80GB"}, {"a100-sxm4-80gb", "A100-SXM4-80GB"},
        {"A100-80GB", "A100-SXM4-80GB"},      {"NVIDIA A100 80GB", "A100-SXM4-80GB"},
        {"A100", "A100-SXM4-40GB"},           {" H100 ", "H100-SXM5-80GB"},
        {"h100", "H100-SXM5-80GB"},
    };
    for (const auto &[typed, expected] : cases) {
        const GpuModel *g = findGpuModel(gpus, QString::fromLatin1(typed));
        ASSERT_NE(g, nullptr) << typed;
        EXPECT_EQ(g->id, QString::fromLatin1(expected)) << typed;
    }
    EXPECT_EQ(findGpuModel(gpus, QStringLiteral("XYZ")), nullptr);
    EXPECT_EQ(findGpuModel(gpus, QStringLiteral("H200")), nullptr) << "a known alias, but not in this catalog";
    EXPECT_EQ(findGpuModel(gpus, QString()), nullptr);
}

TEST(MeasuredReference, FillsTheSpecsOrNamesTheField)
{
    Workload w = measuredRequest(QStringLiteral("A100-80GB")).workload;
    ASSERT_TRUE(resolveMeasuredReference(w, a100AndH100()).ok());
    EXPECT_DOUBLE_EQ(w.measured.referenceGpu.bf16Tflops, gpuSpec(QStringLiteral("A100-SXM4-80GB")).bf16Tflops);

    w.measured.referenceGpuName = QStringLiteral("XYZ");
    const Status unknown = resolveMeasuredReference(w, a100AndH100());
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.errorMessage(), QStringLiteral("workload.measured_gpu: \"XYZ\" is not a GPU in the catalog"));

    // A model without published peaks cannot scale anything.
    GpuModel bare;
    bare.id = QStringLiteral("Mystery-1");
    w.measured.referenceGpuName = QStringLiteral("mystery-1");
    const Status noSpecs = resolveMeasuredReference(w, {bare});
    ASSERT_FALSE(noSpecs.ok());
    EXPECT_TRUE(noSpecs.errorMessage().startsWith(QStringLiteral("workload.measured_gpu: \"mystery-1\" (Mystery-1) "
                                                                 "has no published compute peak")))
        << noSpecs.errorMessage().toStdString();

    Workload training;
    EXPECT_TRUE(resolveMeasuredReference(training, {}).ok()) << "other kinds need no reference";
}

TEST(MeasuredPlan, AnH100OfferFinishesSoonerThanAnA100OneByThePeakRatio)
{
    auto offer = [](const QString &gpu, const QString &type, double price) {
        Offer o = h100Offer(QStringLiteral("a"), type, Billing::OnDemand, price, RdmaKind::InfiniBand,
                            QStringLiteral("us-east-1"), QStringLiteral("North America"));
        o.gpu = gpu;
        return o;
    };
    Planner planner;
    planner.setCatalog({offer(QStringLiteral("A100-SXM4-80GB"), QStringLiteral("a100x8"), 20),
                        offer(QStringLiteral("H100-SXM5-80GB"), QStringLiteral("h100x8"), 40)},
                       a100AndH100());
    PlanRequest request = measuredRequest(QStringLiteral("A100-80GB"));
    // The peak ratio alone: no start-up, no interruptions.
    request.workload.startupHours = 0;
    request.workload.goodputOverride = 1.0;
    ASSERT_TRUE(resolveMeasuredReference(request.workload, planner.gpuModels()).ok());
    const PlanResult &r = planner.plan(request);
    ASSERT_EQ(r.usable, 2);
    const PlanOption *a100 = nullptr;
    const PlanOption *h100 = nullptr;
    for (const PlanOption &o : r.options) {
        if (planner.offer(o).gpu == u"A100-SXM4-80GB")
            a100 = &o;
        else
            h100 = &o;
    }
    ASSERT_TRUE(a100 && h100);
    EXPECT_EQ(a100->gpus, 8);
    EXPECT_EQ(h100->gpus, 8);
    // On its own GPU the measured rate holds per GPU: 8 x 3,100 tokens/s.
    EXPECT_NEAR(a100->hours, 2e9 / (8 * 3100.0) / 3600.0, 1e-9);
    const double ratio = gpuSpec(QStringLiteral("H100-SXM5-80GB")).peakTflops(MathPrecision::Bf16)
        / gpuSpec(QStringLiteral("A100-SXM4-80GB")).peakTflops(MathPrecision::Bf16);
    EXPECT_GT(ratio, 3.0);
    EXPECT_LT(ratio, 3.3);
    EXPECT_NEAR(a100->hours / h100->hours, ratio, 1e-9);
    EXPECT_EQ(h100->bottleneck, Bottleneck::Compute);
}

TEST(PlanExplain, PricesOlderThanSixMonthsSaySo)
{
    Offer o;
    o.effectiveDate = QStringLiteral("2024-08");
    EXPECT_TRUE(staleNote(o, QDate(2026, 12, 1)).contains(u"2024-08"));
    o.effectiveDate = QStringLiteral("2026-07");
    EXPECT_TRUE(staleNote(o, QDate(2026, 12, 1)).isEmpty());
    o.effectiveDate = QStringLiteral("2026-05-31");
    EXPECT_FALSE(staleNote(o, QDate(2026, 12, 1)).isEmpty());
    o.effectiveDate = QStringLiteral("unknown");
    EXPECT_TRUE(staleNote(o, QDate(2026, 12, 1)).isEmpty());
}

TEST(TinyJobs, AnInstanceFarLargerThanTheJobNeedsIsLeftOutWithItsReason)
{
    // A few seconds of measured work: start-up is nearly all of any run.
    Offer one = h100Offer(QStringLiteral("a"), QStringLiteral("h100x1"), Billing::OnDemand, 4, RdmaKind::None,
                          QStringLiteral("us-east-1"), QStringLiteral("North America"));
    one.gpuCount = 1;
    one.gpuMemoryGib = 80;
    one.interconnect = QStringLiteral("PCIe Gen5 x16");
    const Offer eight = h100Offer(QStringLiteral("a"), QStringLiteral("h100x8"), Billing::OnDemand, 30,
                                  RdmaKind::InfiniBand, QStringLiteral("us-east-1"), QStringLiteral("North America"));
    Planner planner;
    planner.setCatalog({one, eight}, a100AndH100());
    PlanRequest request = measuredRequest(QStringLiteral("H100"));
    request.workload.measured.items = 1e5; // 32 s on one GPU
    ASSERT_TRUE(resolveMeasuredReference(request.workload, planner.gpuModels()).ok());
    const PlanResult &r = planner.plan(request);
    const PlanOption *small = nullptr;
    const PlanOption *large = nullptr;
    for (const PlanOption &o : r.options)
        (planner.offer(o).instanceType == u"h100x1" ? small : large) = &o;
    ASSERT_TRUE(small && large);
    EXPECT_EQ(small->issue, OptionIssue::None);
    EXPECT_EQ(large->issue, OptionIssue::OversizedForJob);
    EXPECT_NEAR(large->startupHours, kDefaultStartupHours, 1e-12);
    ASSERT_GE(r.recommended, 0);
    EXPECT_EQ(planner.offer(r.options[std::size_t(r.recommended)]).instanceType, QStringLiteral("h100x1"));
    const QStringList reasons = optionReasons(planner, request, *large);
    ASSERT_FALSE(reasons.isEmpty());
    EXPECT_TRUE(reasons.first().contains(QStringLiteral("start-up"))) << reasons.first().toStdString();
    EXPECT_EQ(optionIssueId(large->issue), QStringLiteral("oversized_for_job"));

    // A job long enough to use eight GPUs keeps them.
    request.workload.measured.items = 2e10;
    const PlanResult &big = planner.plan(request);
    for (const PlanOption &o : big.options)
        EXPECT_EQ(o.issue, OptionIssue::None) << qPrintable(planner.offer(o).instanceType);
}

namespace {

Offer t4Offer(const QString &type, double vcpus, double memoryGib, double price)
{
    Offer o;
    o.provider = QStringLiteral("azure");
    o.instanceType = type;
    o.region = QStringLiteral("eastus");
    o.geography = QStringLiteral("North America");
    o.gpu = QStringLiteral("T4");
    o.gpuCount = 1;
    o.gpuMemoryGib = 16;
    o.vcpus = vcpus;
    o.memoryGib = memoryGib;
    o.interconnect = QStringLiteral("PCIe");
    o.billing = Billing::OnDemand;
    o.pricePerHour = price;
    o.pricePerHourUsd = price;
    o.currency = QStringLiteral("USD");
    return o;
}

PlanRequest mobilenetRequest()
{
    auto presets = loadModelPresets();
    EXPECT_TRUE(presets.ok());
    PlanRequest r;
    r.workload.kind = WorkloadKind::Vision;
    const ModelPreset *mobilenet = findPreset(presets.value(), u"mobilenetv2");
    EXPECT_NE(mobilenet, nullptr);
    if (!mobilenet)
        return r;
    r.workload.vision.params = mobilenet->visionParams;
    r.workload.vision.forwardFlopsPerSample = mobilenet->forwardFlops;
    r.workload.vision.depthwiseSeparable = mobilenet->depthwiseSeparable;
    r.workload.vision.resolution = mobilenet->resolution;
    r.workload.vision.batch = 256;
    r.workload.vision.samples = 1.281167e6;
    r.workload.vision.epochs = 10;
    r.constraints.maxInstances = 1;
    return r;
}

} // namespace

TEST(PlannerShapes, AVisionEstimateReadsEachInstancesOwnHost)
{
    // One T4 each, the same GPU shape; only the host differs. The 4-vCPU host's data loaders
    // bind, the 16-vCPU one's do not: each keeps its own estimate (they used to share the
    // first one's).
    Planner planner;
    planner.setCatalog({t4Offer(QStringLiteral("small-host"), 4, 28, 0.5), t4Offer(QStringLiteral("large-host"), 16, 110, 0.6)},
                       {gpuplanner::test::gpuModel(QStringLiteral("T4"))});
    const PlanResult &r = planner.plan(mobilenetRequest());
    ASSERT_EQ(r.options.size(), 2u);
    const PlanOption *small = nullptr;
    const PlanOption *large = nullptr;
    for (const PlanOption &o : r.options)
        (planner.offer(o).instanceType == u"small-host" ? small : large) = &o;
    ASSERT_TRUE(small && large);
    EXPECT_EQ(small->bottleneck, Bottleneck::HostData);
    EXPECT_NE(large->bottleneck, Bottleneck::HostData);
    EXPECT_GT(small->hours, large->hours * 1.2);
    EXPECT_EQ(planner.estimatesCached(), 2);
}

TEST_F(PlannerFixture, APriceEditRepricesTheKeptEstimatesAndAgreesWithAFreshPlan)
{
    m_request.constraints.deadlineHours = 24 * 10;
    m_planner.plan(m_request);
    EXPECT_GT(m_planner.estimatesComputed(), 0);
    // A budget, a billing rule and an exchange rate: none of them changes an estimate.
    PlanRequest priced = m_request;
    priced.constraints.budget = 150000;
    priced.assumptions.billingRules.set(QStringLiteral("a"), BillingRule{3600, 3600});
    priced.assumptions.fx.set({QStringLiteral("CNY"), 7.0, QStringLiteral("2026-06-01"), QStringLiteral("test")});
    const PlanResult kept = m_planner.plan(priced);
    EXPECT_EQ(m_planner.estimatesComputed(), 0) << "a price edit does not estimate again";

    Planner fresh;
    fresh.setCatalog(m_planner.offers(), m_planner.gpuModels());
    const PlanResult &expected = fresh.plan(priced);
    ASSERT_EQ(kept.options.size(), expected.options.size());
    for (std::size_t i = 0; i < kept.options.size(); ++i) {
        EXPECT_EQ(kept.options[i].offer, expected.options[i].offer);
        EXPECT_EQ(kept.options[i].cost, expected.options[i].cost);
        EXPECT_EQ(kept.options[i].pMeetBoth, expected.options[i].pMeetBoth);
    }
    // A workload edit estimates again.
    PlanRequest longer = priced;
    longer.workload.training.tokens *= 2;
    m_planner.plan(longer);
    EXPECT_GT(m_planner.estimatesComputed(), 0);
}

TEST_F(PlannerFixture, ACancelledPlanSaysSoAndTheNextPlanIsComplete)
{
    std::atomic_bool cancel{true};
    EXPECT_TRUE(m_planner.plan(m_request, &cancel).cancelled);
    const PlanResult &r = m_planner.plan(m_request);
    EXPECT_FALSE(r.cancelled);
    EXPECT_EQ(r.offersConsidered, 5);
    EXPECT_GE(r.recommended, 0);
}

TEST_F(PlannerFixture, TrainingChancesAndP90FollowTheEstimatesRange)
{
    m_request.constraints.deadlineHours = 24 * 3;
    m_request.constraints.rdmaForMultiNode = false;
    m_planner.plan(m_request);
    const PlanOption *od = find(QStringLiteral("a"), Billing::OnDemand);
    ASSERT_NE(od, nullptr);
    ASSERT_TRUE(od->usable());
    EXPECT_LT(od->rangeLow, 1.0f);
    EXPECT_GT(od->rangeHigh, 1.0f);
    EXPECT_LT(od->gpuHoursTuned(), od->gpuHours) << "the best case is below the expected campaign";
    EXPECT_NEAR(od->timeP90, od->hours * double(od->rangeHigh), 1e-6 * od->timeP90); // the range is kept as floats
    EXPECT_GT(od->costP90, od->cost) << "a longer run costs more on demand";
    // The instance count is sized so that the deadline is met with the asked confidence.
    EXPECT_GE(od->pMeetDeadline, m_request.constraints.confidence - 1e-9);
    const RunLengthRange range{od->rangeLow, od->rangeHigh};
    EXPECT_LE(od->hours * range.ratioAt(standardNormalQuantile(0.9)), m_request.constraints.deadlineHours * (1 + 1e-6));
    // A budget of exactly the expected cost is met about half the time.
    m_request.constraints.budget = od->cost;
    m_planner.plan(m_request);
    const PlanOption *again = find(QStringLiteral("a"), Billing::OnDemand);
    EXPECT_NEAR(again->pMeetBudget, 0.5, 0.05);
}

// Pricing on several threads: each takes a contiguous run of offers and the runs are joined in
// order, so the plan is the one a single thread makes, option for option (spot runs share the
// simulator's draws under a lock). A catalog of every billing model, with a deadline, a budget
// and negotiated terms so that every pricing path runs, planned both ways.
TEST_F(PlannerFixture, PricingOnSeveralThreadsMakesTheSamePlanAsOne)
{
    QList<Offer> offers;
    const Billing billings[] = {Billing::OnDemand, Billing::Spot, Billing::Reserved, Billing::SavingsPlan,
                                Billing::CapacityBlock};
    for (int i = 0; i < 600; ++i) {
        const Billing billing = billings[i % 5];
        Offer o = h100Offer(QStringLiteral("p%1").arg(i % 7), QStringLiteral("t%1").arg(i % 11), billing,
                            20.0 + (i * 37 % 101) * 0.25, i % 3 ? RdmaKind::InfiniBand : RdmaKind::None,
                            QStringLiteral("r-%1").arg(i / 5), QStringLiteral("North America"),
                            i % 13 == 0 ? QStringLiteral("CNY") : QStringLiteral("USD"));
        o.id = i + 1;
        o.gpuCount = (i % 4 == 0) ? 4 : 8;
        o.gpuMemoryGib = 80 * o.gpuCount;
        if (billing == Billing::Reserved || billing == Billing::SavingsPlan) {
            o.termMonths = i % 2 ? 12 : 36;
            o.upfront = QStringLiteral("none");
        }
        if (billing == Billing::Spot && i % 2)
            o.interruptionRateMonthly = 0.05 + 0.01 * (i % 9);
        offers.append(o);
    }
    m_request.constraints.deadlineHours = 24 * 20;
    m_request.constraints.budget = 400000;
    CommitmentTerm negotiated;
    negotiated.provider = QStringLiteral("p3");
    negotiated.termMonths = 12;
    negotiated.discount = 0.3;
    m_request.assumptions.commitments.append(negotiated);

    // A new planner each time, so the spot draws are simulated afresh on the threads.
    const auto planWith = [&](std::size_t from, std::size_t threads, int &usable, std::vector<double> &costs) {
        Planner planner;
        planner.setCatalog(offers, {gpuplanner::test::gpuModel(QStringLiteral("H100-SXM5-80GB"))});
        planner.setParallelPricing(from, threads);
        const PlanResult &r = planner.plan(m_request);
        usable = r.usable;
        costs.clear();
        for (const PlanOption &o : r.options) // the unusable ones too, which the JSON leaves out
            costs.insert(costs.end(), {double(o.offer), double(o.billing), o.cost, o.costP90, o.pMeetBoth});
        return planToJson(planner, m_request, 0);
    };
    int usableOnOne = 0;
    std::vector<double> costsOnOne;
    const QJsonObject one = planWith(std::numeric_limits<std::size_t>::max(), 1, usableOnOne, costsOnOne);
    for (std::size_t threads : {2u, 3u, 4u}) {
        int usable = 0;
        std::vector<double> costs;
        EXPECT_EQ(planWith(1, threads, usable, costs), one) << threads << " threads";
        EXPECT_EQ(usable, usableOnOne);
        EXPECT_EQ(costs, costsOnOne);
    }
    EXPECT_GT(usableOnOne, 100);
    EXPECT_GT(costsOnOne.size(), 5u * 600u);
}

// Issue 47 (1): a commitment row's price per hour is the rate the provider charges (its recurring
// rate with any upfront fee spread over the term), never the term's cost over this job's hours;
// the term total and the cost per used GPU-hour are their own figures.
TEST_F(PlannerFixture, ACommitmentsPricePerHourIsTheRateItCharges)
{
    CommitmentTerm quote = negotiated(QStringLiteral("a"), 0);
    quote.termMonths = 36;
    quote.quotedPricePerHour = 6.5;
    quote.upfrontFee = 2628.0; // 0.1 per hour over 36 x 730 h
    quote.currency = QStringLiteral("USD");
    m_request.assumptions.commitments = {quote};
    m_planner.plan(m_request);
    const PlanOption *term = nullptr;
    for (const PlanOption &o : m_planner.result().options) {
        if (m_planner.offer(o).provider == u"a" && o.derivedCommitment())
            term = &o;
    }
    ASSERT_TRUE(term);
    ASSERT_LT(term->hours, 36 * 730.0) << "the test needs a job shorter than the term";
    EXPECT_NEAR(term->pricePerHour, 6.6, 1e-9);
    EXPECT_NEAR(term->commitmentTotal, 6.6 * 36 * 730 * term->commitmentTerms * term->instances, 1e-6);
    // What this job pays per GPU-hour it uses: the whole term over its GPU-hours, far above the rate.
    EXPECT_NEAR(term->costPerUsedGpuHour, term->commitmentTotal / term->gpuHours, 1e-6);
    const QJsonObject json = planToJson(m_planner, m_request, 0);
    bool found = false;
    for (const QJsonValue &v : json.value(QStringLiteral("options")).toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("terms")).toString() == u"user") {
            found = true;
            EXPECT_NEAR(o.value(QStringLiteral("price_per_hour")).toDouble(), 6.6, 1e-9);
        }
    }
    EXPECT_TRUE(found);
}

// Issue 47 (5): AWS China and GovCloud need a separate account; they are in a plan only when the
// scenario names their region or, for China, the Mainland China geography.
TEST_F(PlannerFixture, SeparateAccountPartitionsAreOutUnlessTheScenarioNamesThem)
{
    QList<Offer> offers = m_planner.offers();
    Offer china = offers.first();
    china.provider = QStringLiteral("aws");
    china.region = QStringLiteral("cn-northwest-1");
    china.geography = QStringLiteral("Mainland China");
    china.pricePerHour = 1.0; // far below every other offer
    china.pricePerHourUsd = 1.0;
    Offer gov = china;
    gov.region = QStringLiteral("us-gov-west-1");
    gov.geography = QStringLiteral("North America");
    offers << china << gov;
    m_planner.setCatalog(offers, m_planner.gpuModels());
    auto regionsPlanned = [&] {
        QStringList regions;
        for (const PlanOption &o : m_planner.result().options) {
            if (m_planner.offer(o).provider == u"aws")
                regions << m_planner.offer(o).region;
        }
        return regions;
    };
    m_planner.plan(m_request);
    EXPECT_TRUE(regionsPlanned().isEmpty());
    m_request.constraints.geographies = {QStringLiteral("North America"), QStringLiteral("Mainland China")};
    m_planner.plan(m_request);
    EXPECT_EQ(regionsPlanned(), QStringList{QStringLiteral("cn-northwest-1")});
    m_request.constraints.geographies.clear();
    m_request.constraints.regions = {QStringLiteral("us-gov-*"), QStringLiteral("us-east-1")};
    m_planner.plan(m_request);
    EXPECT_EQ(regionsPlanned(), QStringList{QStringLiteral("us-gov-west-1")});
}

// Issue 46: spare capacity the team states is paid for as whole instances beside those that train,
// for the whole run, and said so; the run takes as long as without it.
TEST_F(PlannerFixture, StatedSpareCapacityIsPaidAsWholeInstances)
{
    const PlanResult without = m_planner.plan(m_request);
    m_request.workload.training.campaign.spareCapacityPercent = 10;
    const PlanResult &with = m_planner.plan(m_request);
    int checked = 0;
    for (const PlanOption &a : without.options) {
        if (!a.fits || a.billing != Billing::OnDemand)
            continue;
        const auto b = std::find_if(with.options.begin(), with.options.end(), [&](const PlanOption &o) {
            return o.offer == a.offer && o.billing == a.billing;
        });
        ASSERT_NE(b, with.options.end());
        EXPECT_EQ(b->spareInstances, int(std::ceil(a.instances * 0.1 - 1e-9)));
        EXPECT_EQ(b->instances, a.instances + b->spareInstances);
        EXPECT_DOUBLE_EQ(b->hours, a.hours);
        EXPECT_GT(b->cost, a.cost);
        const QString why = optionReasons(m_planner, m_request, *b).join(u' ');
        if (b->issue == OptionIssue::None) { // an option left out says only why
            EXPECT_TRUE(why.contains(QStringLiteral("spare capacity you stated"))) << why.toStdString();
        }
        ++checked;
    }
    EXPECT_GT(checked, 0);
}
