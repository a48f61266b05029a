// The commitment optimizer on problems small enough to solve by hand.

#include "core/portfolio/CommitmentOptimizer.h"
#include "core/portfolio/PortfolioPlan.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

constexpr double kYear = 12 * kHoursPerMonth; // 8,760 h

// One GPU per instance at 10 an hour on-demand; a 12-month reservation at 6 an hour, no upfront
// (break-even at 60 % use).
Candidate oneGpuCandidate(const QString &provider, double gpus, double p90Gpus)
{
    Candidate c;
    c.provider = provider;
    c.providerLabel = provider.toUpper();
    c.instanceType = QStringLiteral("g1");
    c.region = QStringLiteral("r1");
    c.gpusPerInstance = 1;
    c.onDemandPerGpuHour = 10;
    c.expected.assign(12, gpus * kHoursPerMonth);
    c.p10 = c.expected;
    c.p90.assign(12, p90Gpus * kHoursPerMonth);
    c.spotShare.assign(12, 0.0);
    return c;
}

CommitmentOffer reserved12(double hourly)
{
    CommitmentOffer o;
    o.billing = Billing::Reserved;
    o.termMonths = 12;
    o.upfront = QStringLiteral("none");
    o.label = QStringLiteral("12-month reserved, no upfront");
    o.source = QStringLiteral("test price list");
    o.hourly = hourly;
    return o;
}

WorkloadDemand workload(const QString &name, const QList<Candidate> &candidates)
{
    WorkloadDemand w;
    w.name = name;
    w.candidates = candidates;
    return w;
}

PortfolioProblem flatProblem(double gpus, double p90Gpus, double shortfall = 0)
{
    PortfolioProblem p;
    p.start = QDate(2026, 9, 1);
    p.months = 12;
    p.demandShortfall = shortfall;
    Candidate c = oneGpuCandidate(QStringLiteral("a"), gpus, p90Gpus);
    c.commitments.append(reserved12(6));
    p.workloads.append(workload(QStringLiteral("serving"), {c}));
    return p;
}

double bought(const CommitmentOptimizer &o, const PortfolioSolution &s, int product = 0)
{
    double n = 0;
    for (int m = 0; m < o.problem().months; ++m)
        n += s.purchase(product, m, o.problem().months);
    return n;
}

} // namespace

// 3.5 GPUs all year: three reservations are always busy; a fourth would be busy half the time,
// below its 60 % break-even, so the rest stays on on-demand.
TEST(CommitmentOptimizer, FlatDemandBuysUpToBreakEven)
{
    const CommitmentOptimizer optimizer(flatProblem(3.5, 3.5));
    ASSERT_EQ(optimizer.products().size(), 1u);
    EXPECT_NEAR(optimizer.products()[0].breakEvenUtilization, 0.6, 1e-9);
    auto s = optimizer.solve();
    ASSERT_TRUE(s.ok()) << s.errorMessage().toStdString();
    EXPECT_EQ(s.value().purchase(0, 0, 12), 3); // all in the first month
    EXPECT_EQ(bought(optimizer, s.value()), 3);
    const double expected = 3 * 6 * kYear + 0.5 * kYear * 10; // 157,680 + 43,800
    EXPECT_NEAR(s.value().expectedCost, expected, 1e-3);
    EXPECT_NEAR(s.value().commitmentCost, 157680, 1e-3);
    EXPECT_TRUE(s.value().proven);
    for (int m = 0; m < 12; ++m)
        EXPECT_NEAR(s.value().expectedUse[0][std::size_t(m)] / s.value().capacity[0][std::size_t(m)], 1.0, 1e-9);

    auto plan = planPortfolio(optimizer, 0.3, 0.2);
    ASSERT_TRUE(plan.ok()) << plan.errorMessage().toStdString();
    EXPECT_NEAR(plan.value().allOnDemand, 3.5 * kYear * 10, 1e-3); // 306,600
    EXPECT_NEAR(plan.value().savingVsOnDemand(), 306600 - 201480, 1e-3);
    ASSERT_TRUE(plan.value().bestSingleProvider.has_value());
    EXPECT_EQ(plan.value().bestSingleProviderId, QStringLiteral("a"));
    EXPECT_NEAR(*plan.value().bestSingleProvider, expected, 1e-3);
}

// A reservation bought in a later month still costs its whole term: with the same flat load,
// no purchase after the first month pays, and none lies past the horizon's demand.
TEST(CommitmentOptimizer, WholeTermIsPaidWhateverTheStart)
{
    PortfolioProblem p = flatProblem(2, 2);
    auto &c = p.workloads[0].candidates[0];
    for (int m = 0; m < 6; ++m) // no load in the first half year
        c.expected[std::size_t(m)] = c.p10[std::size_t(m)] = c.p90[std::size_t(m)] = 0;
    const CommitmentOptimizer optimizer(p);
    auto s = optimizer.solve();
    ASSERT_TRUE(s.ok());
    // Six busy months of twelve paid: 50 % use, below break-even: nothing bought.
    EXPECT_EQ(bought(optimizer, s.value()), 0);
    EXPECT_NEAR(s.value().expectedCost, 2 * 6 * kHoursPerMonth * 10, 1e-3);
}

// The shortfall lowers the low case: at 3.5 GPUs and a 30 % shortfall the low case uses 2.45,
// so the third reservation is busy 0.3 x 0.45 + 0.7 x 1 = 83.5 % (kept); a fourth 35 % (not).
TEST(CommitmentOptimizer, ShortfallEntersTheLowCase)
{
    const CommitmentOptimizer optimizer(flatProblem(3.5, 3.5, 0.3));
    EXPECT_NEAR(optimizer.problem().demand(optimizer.problem().workloads[0].candidates[0], 0, 0), 2.45 * kHoursPerMonth,
                1e-9);
    auto s = optimizer.solve();
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(bought(optimizer, s.value()), 3);
    EXPECT_NEAR(s.value().caseCost[0], 3 * 6 * kYear, 1e-3);                     // low: 157,680
    EXPECT_NEAR(s.value().caseCost[1], 3 * 6 * kYear + 0.5 * kYear * 10, 1e-3);  // expected: 201,480
    for (int m = 0; m < 12; ++m) // (0.3 x 2.45 + 0.7 x 3) / 3
        EXPECT_NEAR(s.value().expectedUse[0][std::size_t(m)] / s.value().capacity[0][std::size_t(m)],
                    (0.3 * 2.45 + 0.7 * 3) / 3, 1e-9);
}

// 3.5 GPUs expected, 2.45 in the low case (30 % shortfall), 5 at P90: a fourth reservation is busy
// 0.4 x 0.5 + 0.3 x 1 = 50 % (below break-even), so the expected-cost optimum is 3 reservations
// (cases 157,680 / 201,480 / 332,880); a cap of
// 300,000 on every case forces a fourth (high case 297,840); a cap of 250,000 cannot be met
// (5 reservations already cost 262,800).
TEST(CommitmentOptimizer, WorstCaseCapBinds)
{
    PortfolioProblem p = flatProblem(3.5, 5, 0.3);
    {
        const CommitmentOptimizer free(p);
        auto s = free.solve();
        ASSERT_TRUE(s.ok());
        EXPECT_EQ(bought(free, s.value()), 3);
        EXPECT_NEAR(s.value().caseCost[2], 332880, 1e-3);
        EXPECT_NEAR(s.value().expectedCost, 0.3 * 157680 + 0.4 * 201480 + 0.3 * 332880, 1e-3); // 227,760
    }
    p.worstCaseCap = 300000;
    const CommitmentOptimizer capped(p);
    auto s = capped.solve();
    ASSERT_TRUE(s.ok()) << s.errorMessage().toStdString();
    EXPECT_EQ(bought(capped, s.value()), 4);
    EXPECT_NEAR(s.value().caseCost[2], 297840, 1e-3);
    EXPECT_NEAR(s.value().expectedCost, 0.3 * 210240 + 0.4 * 210240 + 0.3 * 297840, 1e-3); // 236,520

    p.worstCaseCap = 250000;
    auto none = CommitmentOptimizer(p).solve();
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.errorMessage().indexOf(QStringLiteral("worst-case cap of 250000 USD")), -1)
        << none.errorMessage().toStdString();
}

// The cost of being wrong, by hand: 3 reservations bought for 3.5 GPUs.
// Demand 30 % lower (2.45 GPUs): the plan pays 157,680; knowing it, 2 reservations and 0.45 GPU
// on-demand cost 105,120 + 39,420 = 144,540. The provider's prices 20 % lower: the plan pays
// 157,680 + 0.5 GPU x 8 x 8,760 = 192,720; knowing it, 3 at 4.8 an hour: 126,144 + 35,040.
TEST(CommitmentOptimizer, CostOfBeingWrong)
{
    const CommitmentOptimizer optimizer(flatProblem(3.5, 3.5));
    auto plan = planPortfolio(optimizer, 0.3, 0.2);
    ASSERT_TRUE(plan.ok()) << plan.errorMessage().toStdString();
    ASSERT_EQ(plan.value().sensitivity.size(), 2);
    const SensitivityCase &demand = plan.value().sensitivity.at(0);
    EXPECT_EQ(demand.id, QStringLiteral("demand_drop"));
    EXPECT_NEAR(demand.planCost, 157680, 1e-3);
    EXPECT_NEAR(demand.reoptimisedCost, 144540, 1e-3);
    EXPECT_NEAR(demand.costOfBeingWrong(), 13140, 1e-3);
    EXPECT_NEAR(demand.allOnDemandCost, 2.45 * kYear * 10, 1e-3);
    const SensitivityCase &price = plan.value().sensitivity.at(1);
    EXPECT_EQ(price.id, QStringLiteral("price_cut:a"));
    EXPECT_NEAR(price.planCost, 192720, 1e-3);
    EXPECT_NEAR(price.reoptimisedCost, 161184, 1e-3);
    EXPECT_NEAR(price.costOfBeingWrong(), 31536, 1e-3);
}

// Steady serving plus two one-month training bursts on the same instance, pooled: the
// reservations cover the steady 8 GPUs and nothing is bought for the bursts.
TEST(CommitmentOptimizer, SteadyPartCommittedBurstsOnDemand)
{
    PortfolioProblem p;
    p.start = QDate(2026, 1, 1);
    p.months = 12;
    p.pools.append(CommitmentPool{QStringLiteral("a"), {}});
    Candidate steady = oneGpuCandidate(QStringLiteral("a"), 8, 8);
    steady.commitments.append(reserved12(6));
    p.workloads.append(workload(QStringLiteral("serving"), {steady}));
    for (int burst : {3, 8}) {
        Candidate c = oneGpuCandidate(QStringLiteral("a"), 0, 0);
        c.expected.assign(12, 0.0);
        c.expected[std::size_t(burst)] = 64 * kHoursPerMonth;
        c.p10 = c.expected;
        c.p90 = c.expected;
        c.commitments.append(reserved12(6));
        p.workloads.append(workload(QStringLiteral("burst %1").arg(burst), {c}));
    }
    const CommitmentOptimizer optimizer(p);
    ASSERT_EQ(optimizer.products().size(), 1u); // one pooled reservation serves all three
    EXPECT_EQ(optimizer.products()[0].owner, -1);
    auto s = optimizer.solve();
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s.value().purchase(0, 0, 12), 8);
    EXPECT_EQ(bought(optimizer, s.value()), 8);
    EXPECT_NEAR(s.value().onDemandGpuHours[3][1], 64 * kHoursPerMonth, 1e-6);
    EXPECT_NEAR(s.value().onDemandGpuHours[0][1], 0, 1e-6);
}

// Without a pool each workload's reservations serve it alone.
TEST(CommitmentOptimizer, WithoutPoolEachWorkloadOwnsItsCommitments)
{
    PortfolioProblem p = flatProblem(2, 2);
    p.workloads.append(p.workloads.first());
    p.workloads[1].name = QStringLiteral("second");
    const CommitmentOptimizer optimizer(p);
    ASSERT_EQ(optimizer.products().size(), 2u);
    EXPECT_EQ(optimizer.products()[0].owner, 0);
    EXPECT_EQ(optimizer.products()[1].owner, 1);
    auto s = optimizer.solve();
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(bought(optimizer, s.value(), 0), 2);
    EXPECT_EQ(bought(optimizer, s.value(), 1), 2);
}

// A savings plan is bought in currency per hour; usage draws its plan rate from it.
// 2 GPUs at a plan rate of 7 an hour need 14 an hour; break-even 70 %.
TEST(CommitmentOptimizer, SavingsPlanSizedInCurrencyPerHour)
{
    PortfolioProblem p = flatProblem(2, 2);
    auto &c = p.workloads[0].candidates[0];
    c.commitments.clear();
    CommitmentOffer sp = reserved12(7);
    sp.billing = Billing::SavingsPlan;
    c.commitments.append(sp);
    const CommitmentOptimizer optimizer(p);
    ASSERT_EQ(optimizer.products().size(), 1u);
    EXPECT_FALSE(optimizer.products()[0].perInstance);
    EXPECT_NEAR(optimizer.products()[0].breakEvenUtilization, 0.7, 1e-9);
    auto s = optimizer.solve();
    ASSERT_TRUE(s.ok());
    EXPECT_NEAR(s.value().purchase(0, 0, 12), 14, 1e-6);
    EXPECT_NEAR(s.value().expectedCost, 14 * kYear, 1e-3);
}

// Two providers, only one sells a commitment: the other is used on-demand when it is cheaper,
// and nothing is ever bought from it.
TEST(CommitmentOptimizer, NothingBoughtFromAProviderThatSellsNoCommitment)
{
    PortfolioProblem p = flatProblem(4, 4);
    Candidate b = oneGpuCandidate(QStringLiteral("b"), 4, 4);
    b.onDemandPerGpuHour = 5; // cheaper than a's reservation
    p.workloads[0].candidates.append(b);
    const CommitmentOptimizer optimizer(p);
    for (const CommitmentProduct &product : optimizer.products())
        EXPECT_EQ(product.provider, QStringLiteral("a"));
    auto s = optimizer.solve();
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(bought(optimizer, s.value()), 0);
    EXPECT_NEAR(s.value().expectedCost, 4 * kYear * 5, 1e-3);
}

// Half of each month's load may run on spot: split over two providers, the spot shares still
// add up to half at most; the other half stays on on-demand.
TEST(CommitmentOptimizer, SpotShareHoldsAcrossProviders)
{
    PortfolioProblem p;
    p.start = QDate(2026, 9, 1);
    p.months = 12;
    Candidate a = oneGpuCandidate(QStringLiteral("a"), 2, 2);
    Candidate b = oneGpuCandidate(QStringLiteral("b"), 2, 2);
    a.spotPerGpuHour = 3;
    b.spotPerGpuHour = 3;
    a.spotShare.assign(12, 0.5);
    b.spotShare.assign(12, 0.5);
    p.workloads.append(workload(QStringLiteral("sweeps"), {a, b}));
    auto s = CommitmentOptimizer(p).solve();
    ASSERT_TRUE(s.ok());
    EXPECT_NEAR(s.value().spotGpuHours[0][1], 1 * kHoursPerMonth, 1e-6);
    EXPECT_NEAR(s.value().onDemandGpuHours[0][1], 1 * kHoursPerMonth, 1e-6);
    EXPECT_NEAR(s.value().expectedCost, (3 + 10) * kYear, 1e-3);
}
