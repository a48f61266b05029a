#include "core/portfolio/PortfolioPlan.h"

#include <QSet>

#include <algorithm>
#include <numeric>
#include <tuple>

namespace gpuplanner::core {

QList<PortfolioPurchase> portfolioPurchases(const CommitmentOptimizer &optimizer, const PortfolioSolution &s)
{
    QList<PortfolioPurchase> out;
    const int months = optimizer.problem().months;
    for (int m = 0; m < months; ++m) {
        for (int k = 0; k < int(optimizer.products().size()); ++k) {
            const double q = s.purchase(k, m, months);
            if (q > 1e-9)
                out.append({k, m, q});
        }
    }
    std::stable_sort(out.begin(), out.end(), [&](const PortfolioPurchase &a, const PortfolioPurchase &b) {
        const auto &pa = optimizer.products()[std::size_t(a.product)];
        const auto &pb = optimizer.products()[std::size_t(b.product)];
        return std::tie(a.month, pa.provider) < std::tie(b.month, pb.provider);
    });
    return out;
}

namespace {

QString percent(double share)
{
    return QStringLiteral("%1%").arg(share * 100.0, 0, 'f', 0);
}

} // namespace

Result<PortfolioPlan> planPortfolio(const CommitmentOptimizer &optimizer, double demandDrop, double priceCut)
{
    PortfolioPlan plan;
    // The plan itself is solved to the optimizer's gap; the plans it is compared with to
    // kComparisonGap within a shorter time, the best found when that runs out.
    auto run = [&](SolveOptions options) {
        const bool comparison = plan.solves > 0;
        if (comparison) {
            options.mipGap = kComparisonGap;
            options.timeLimitSeconds = std::min(optimizer.problem().timeLimitSeconds, kComparisonSeconds);
        }
        auto s = optimizer.solve(options);
        if (s && comparison && !s.value().proven)
            plan.comparisonsProven = false;
        if (s) {
            plan.solveSeconds += s.value().seconds;
            ++plan.solves;
        }
        return s;
    };
    auto best = run(SolveOptions{});
    if (!best)
        return best.error();
    plan.solution = std::move(best).value();

    SolveOptions onDemand;
    onDemand.commitments = false;
    onDemand.spot = false;
    onDemand.applyCap = false;
    auto od = run(onDemand);
    if (!od)
        return od.error();
    plan.allOnDemand = od.value().expectedCost;

    QStringList providers;
    QHash<QString, QString> labels;
    for (const WorkloadDemand &w : optimizer.problem().workloads) {
        for (const Candidate &c : w.candidates) {
            if (!providers.contains(c.provider))
                providers << c.provider;
            labels.insert(c.provider, c.providerLabel);
        }
    }
    std::sort(providers.begin(), providers.end());
    for (const QString &provider : std::as_const(providers)) {
        SolveOptions one;
        one.onlyProvider = provider;
        one.applyCap = false;
        auto s = run(one); // fails when a workload has no offer there: then it is no single-provider plan
        if (s && (!plan.bestSingleProvider || s.value().expectedCost < *plan.bestSingleProvider)) {
            plan.bestSingleProvider = s.value().expectedCost;
            plan.bestSingleProviderId = provider;
        }
    }

    // The cost of being wrong: the purchases stand; the rest is served at least cost.
    auto sensitivity = [&](SensitivityCase c, SolveOptions shocked) -> Status {
        shocked.applyCap = false;
        SolveOptions fixed = shocked;
        fixed.fixedPurchases = plan.solution.purchases;
        auto withPlan = run(fixed);
        if (!withPlan)
            return withPlan.error();
        auto reoptimised = run(shocked);
        if (!reoptimised)
            return reoptimised.error();
        SolveOptions allOd = shocked;
        allOd.commitments = false;
        allOd.spot = false;
        auto odShocked = run(allOd);
        if (!odShocked)
            return odShocked.error();
        c.planCost = withPlan.value().expectedCost;
        c.reoptimisedCost = std::min(reoptimised.value().expectedCost, c.planCost);
        c.allOnDemandCost = odShocked.value().expectedCost;
        plan.sensitivity.append(c);
        return success();
    };
    if (demandDrop > 0) {
        SolveOptions lower;
        lower.demandFactor = 1.0 - demandDrop;
        if (auto s = sensitivity({QStringLiteral("demand_drop"),
                                  QStringLiteral("Demand %1 lower").arg(percent(demandDrop)), 0, 0, 0},
                                 lower);
            !s)
            return s.error();
    }
    if (priceCut > 0) {
        // A cut matters where the plan spends: elsewhere the plan is free to move anyway.
        for (const QString &provider : std::as_const(providers)) {
            const std::vector<double> spent = plan.solution.spendByProvider.value(provider);
            if (std::accumulate(spent.begin(), spent.end(), 0.0) < 0.5)
                continue;
            SolveOptions cut;
            cut.priceFactor.insert(provider, 1.0 - priceCut);
            if (auto s = sensitivity({QStringLiteral("price_cut:%1").arg(provider),
                                      QStringLiteral("%1 prices %2 lower").arg(labels.value(provider), percent(priceCut)),
                                      0, 0, 0},
                                     cut);
                !s)
                return s.error();
        }
    }
    return plan;
}

} // namespace gpuplanner::core
