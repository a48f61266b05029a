#pragma once
// PortfolioPlan: the optimizer's purchase plan with what it is measured against: all on-demand,
// the best plan on a single provider, and the cost of being wrong (demand lower than planned,
// one provider's prices cut after the purchases are made), each re-evaluated with the purchases
// held fixed and compared with the plan that would have been made knowing it.

#include "core/common/Result.h"
#include "core/portfolio/CommitmentOptimizer.h"

#include <QList>
#include <QString>

#include <optional>

namespace gpuplanner::core {

// The plans the purchase plan is compared with are solved to within this share of the best.
inline constexpr double kComparisonGap = 0.005;
inline constexpr double kComparisonSeconds = 15;

struct SensitivityCase
{
    QString id;    // demand_drop, price_cut:<provider>
    QString label; // "Demand 30% lower", "AWS prices 20% lower"
    double planCost = 0;        // expected cost with the plan's purchases, the rest at least cost
    double reoptimisedCost = 0; // expected cost of the best plan made knowing it
    double allOnDemandCost = 0;
    double costOfBeingWrong() const { return planCost - reoptimisedCost; }
};

struct PortfolioPlan
{
    PortfolioSolution solution;
    double allOnDemand = 0;                   // expected cost, every workload on its cheapest on-demand
    std::optional<double> bestSingleProvider; // expected cost of the best plan on one provider
    QString bestSingleProviderId;
    QList<SensitivityCase> sensitivity;
    bool comparisonsProven = true; // every comparison plan within kComparisonGap of its bound
    double solveSeconds = 0; // every solve together
    int solves = 0;

    double savingVsOnDemand() const { return allOnDemand - solution.expectedCost; }
};

// One purchase: a product bought in a month (instances, or currency per hour).
struct PortfolioPurchase
{
    int product = 0;
    int month = 0;
    double quantity = 0;
};
// The solution's purchases by month, then provider.
QList<PortfolioPurchase> portfolioPurchases(const CommitmentOptimizer &optimizer, const PortfolioSolution &s);

Result<PortfolioPlan> planPortfolio(const CommitmentOptimizer &optimizer, double demandDrop, double priceCut);

} // namespace gpuplanner::core
