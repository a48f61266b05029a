// A workload's candidates read off a real plan: phases to GPU-hours per month, and only the
// commitments the catalog holds for the candidate's own instance.

#include "PortfolioFixtures.h"

#include "core/portfolio/CommitmentOptimizer.h"
#include "core/portfolio/PortfolioDemand.h"
#include "estimate/GpuFixtures.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

// The fixtures' 8 x H100 offer (PortfolioFixtures.h).
Offer h100(const QString &provider, Billing billing, double price, int termMonths = 0)
{
    return gpuplanner::test::h100Offer(provider, billing, price, termMonths);
}

Phase gpusPhase(int gpus, int months)
{
    Phase p;
    p.name = QStringLiteral("serving");
    p.start = QDate(2026, 9, 1);
    p.months = months;
    p.load = PhaseLoad::Gpus;
    p.gpus = gpus;
    return p;
}

} // namespace

TEST(PortfolioDemand, PhasesBecomeGpuHoursPerMonth)
{
    const QDate start(2026, 9, 1);
    Phase experiments;
    experiments.start = QDate(2026, 8, 1); // a month before the horizon: counted from its start
    experiments.months = 3;
    experiments.gpuHoursPerMonth = 100;
    Phase run;
    run.start = QDate(2026, 10, 1);
    run.load = PhaseLoad::MainRun;
    const auto load = phaseGpuHours({experiments, run, gpusPhase(2, 2)}, start, 4, 8, 1000);
    ASSERT_EQ(load.size(), 4u);
    EXPECT_DOUBLE_EQ(load[0], 100 + 2 * kHoursPerMonth);  // experiments and two GPUs
    EXPECT_DOUBLE_EQ(load[1], 100 + 8 * kHoursPerMonth + 2 * kHoursPerMonth); // 5,840 of the run's 8,000
    EXPECT_DOUBLE_EQ(load[2], 8000 - 8 * kHoursPerMonth); // the rest of the run: 2,160
    EXPECT_DOUBLE_EQ(load[3], 0);
}

// Provider a sells a 12-month reservation for its instance; provider b sells none and is
// cheaper on-demand. b's candidate carries no commitment, so none can be bought from it.
TEST(PortfolioDemand, OnlyCommitmentsTheCatalogHolds)
{
    auto presets = loadModelPresets();
    ASSERT_TRUE(presets.ok());
    Scenario scenario;
    scenario.workload.kind = WorkloadKind::FineTune;
    scenario.workload.model = findPreset(presets.value(), u"bert-base")->arch;
    scenario.workload.training.tokens = 10e6;
    scenario.phases = {gpusPhase(16, 12)};
    PlanRequest request = scenario.request();

    Planner planner;
    planner.setCatalog({h100(QStringLiteral("a"), Billing::OnDemand, 40), h100(QStringLiteral("a"), Billing::Reserved, 24, 12),
                        h100(QStringLiteral("b"), Billing::OnDemand, 36)},
                       {gpuplanner::test::gpuModel(QStringLiteral("H100-SXM5-80GB"))});
    planner.plan(request);
    auto parts = workloadDemands(planner, request, scenario, QStringLiteral("w"), QDate(2026, 9, 1), 12, 0);
    ASSERT_TRUE(parts.ok()) << parts.errorMessage().toStdString();
    ASSERT_EQ(parts.value().size(), 1); // steady GPUs only: no main-run part
    const auto demand = parts.value().first();
    ASSERT_EQ(demand.candidates.size(), 2);
    const Candidate &a = demand.candidates.at(0);
    const Candidate &b = demand.candidates.at(1);
    EXPECT_EQ(a.provider, QStringLiteral("a"));
    EXPECT_DOUBLE_EQ(a.onDemandPerGpuHour, 5);
    EXPECT_DOUBLE_EQ(a.expected[0], 16 * kHoursPerMonth);
    EXPECT_DOUBLE_EQ(a.p90[11], 16 * kHoursPerMonth);
    ASSERT_EQ(a.commitments.size(), 1);
    EXPECT_EQ(a.commitments.at(0).billing, Billing::Reserved);
    EXPECT_EQ(a.commitments.at(0).termMonths, 12);
    EXPECT_DOUBLE_EQ(a.commitments.at(0).effectiveHourly(), 24);
    EXPECT_TRUE(b.commitments.isEmpty());
    EXPECT_DOUBLE_EQ(b.onDemandPerGpuHour, 4.5);

    // a's reservation (3 per GPU-hour, break-even 60 %) beats b's on-demand 4.5: two instances
    // of a are bought for the 16 GPUs; nothing from b.
    PortfolioProblem problem;
    problem.start = QDate(2026, 9, 1);
    problem.months = 12;
    problem.workloads.append(demand);
    const CommitmentOptimizer optimizer(problem);
    auto s = optimizer.solve();
    ASSERT_TRUE(s.ok()) << s.errorMessage().toStdString();
    ASSERT_EQ(optimizer.products().size(), 1u);
    EXPECT_EQ(optimizer.products()[0].provider, QStringLiteral("a"));
    EXPECT_EQ(s.value().purchase(0, 0, 12), 2);
    EXPECT_NEAR(s.value().expectedCost, 2 * 24 * 12 * kHoursPerMonth, 1e-3);
}

// A term the user negotiated with b (40 % off its on-demand, 12 months) is a commitment of b's
// instance like a catalog one, marked negotiated: at 2.70 per GPU-hour it beats a's reservation.
TEST(PortfolioDemand, NegotiatedTermsAreBuyable)
{
    auto presets = loadModelPresets();
    ASSERT_TRUE(presets.ok());
    Scenario scenario;
    scenario.workload.kind = WorkloadKind::FineTune;
    scenario.workload.model = findPreset(presets.value(), u"bert-base")->arch;
    scenario.workload.training.tokens = 10e6;
    scenario.phases = {gpusPhase(16, 12)};
    CommitmentTerm term;
    term.provider = QStringLiteral("b");
    term.termMonths = 12;
    term.discount = 0.4;
    term.source = QStringLiteral("b's sales, 2026-08 quote");
    scenario.assumptions.commitments = {term};
    PlanRequest request = scenario.request();

    Planner planner;
    planner.setCatalog({h100(QStringLiteral("a"), Billing::OnDemand, 40), h100(QStringLiteral("a"), Billing::Reserved, 24, 12),
                        h100(QStringLiteral("b"), Billing::OnDemand, 36)},
                       {gpuplanner::test::gpuModel(QStringLiteral("H100-SXM5-80GB"))});
    planner.plan(request);
    auto parts = workloadDemands(planner, request, scenario, QStringLiteral("w"), QDate(2026, 9, 1), 12, 0);
    ASSERT_TRUE(parts.ok()) << parts.errorMessage().toStdString();
    const Candidate &b = parts.value().first().candidates.at(1);
    ASSERT_EQ(b.commitments.size(), 1);
    EXPECT_TRUE(b.commitments.at(0).negotiated);
    EXPECT_EQ(b.commitments.at(0).termMonths, 12);
    EXPECT_NEAR(b.commitments.at(0).effectiveHourly(), 36 * 0.6, 1e-9);

    PortfolioProblem problem;
    problem.start = QDate(2026, 9, 1);
    problem.months = 12;
    problem.workloads.append(parts.value());
    const CommitmentOptimizer optimizer(problem);
    auto s = optimizer.solve();
    ASSERT_TRUE(s.ok());
    ASSERT_EQ(optimizer.products().size(), 2u);
    for (int k = 0; k < 2; ++k) {
        const bool negotiated = optimizer.products()[std::size_t(k)].offer.negotiated;
        EXPECT_EQ(s.value().purchase(k, 0, 12), negotiated ? 2 : 0);
    }
    EXPECT_NEAR(s.value().expectedCost, 2 * 21.6 * 12 * kHoursPerMonth, 1e-3);
}
