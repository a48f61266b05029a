#pragma once
// CommitmentOptimizer: which commitments to buy, how many and in which month, for a portfolio's
// workloads, with the rest on on-demand or spot. A two-stage mixed-integer program solved with
// GLPK: the purchases are made once; each demand case (low / expected / high) then serves every
// workload-month at least cost from what was bought, on-demand and spot. It minimises the
// expected cost over the cases, with the worst case's cost held under the user's cap.

#include "core/common/Result.h"
#include "core/portfolio/PortfolioProblem.h"

#include <QHash>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace gpuplanner::core {

// One commitment as it can be bought: an offer for one workload, or for every workload of a
// pool that fits it. Reservations, committed use, capacity blocks and negotiated terms are
// bought by the instance; a savings plan by the currency unit per hour.
struct CommitmentProduct
{
    QString provider;
    QString providerLabel;
    QString instanceType; // savings plans: the first instance it serves (it serves any)
    QString region;
    CommitmentOffer offer;
    int owner = -1;        // the workload it is bought for (WorkloadDemand::owner); -1 = the pool's
    QString ownerName;     // the workload's name; empty for the pool's
    bool perInstance = true;
    double unitCost = 0;         // one instance, or one currency unit per hour, for the whole term
    double capacityPerUnit = 0;  // per active month: GPU-hours, or currency for savings plans
    double breakEvenUtilization = 0; // the share of its capacity used above which it beats on-demand
    struct User
    {
        int workload = 0;
        int candidate = 0;
        double draw = 1; // capacity used per GPU-hour of the workload on this candidate
    };
    std::vector<User> users;
};

struct SolveOptions
{
    double demandFactor = 1;             // every case's demand times this
    QHash<QString, double> priceFactor;  // provider -> factor on its on-demand, spot and new commitments
    QString onlyProvider;                // plan every workload on this provider alone
    bool commitments = true;
    bool spot = true;
    bool applyCap = true;
    // The search stops within this share of the best bound: 0.01 % is far below any one
    // commitment's price, and spares proving one of many equal-cost twins best.
    double mipGap = 1e-4;
    std::optional<double> timeLimitSeconds; // the problem's when unset
    // Purchases made already (product x month), paid at the price they were bought at.
    std::optional<std::vector<double>> fixedPurchases;
};

struct PortfolioSolution
{
    std::vector<double> purchases; // [product * months + start month]: instances, or currency per hour
    std::array<double, kDemandCases> caseCost{};
    double expectedCost = 0;
    double commitmentCost = 0; // all purchases, whole terms
    std::vector<std::vector<double>> expectedUse; // [product][month]: capacity used, expected over the cases
    std::vector<std::vector<double>> capacity;    // [product][month]: capacity held
    std::vector<std::array<double, kDemandCases>> onDemandGpuHours; // [month]
    std::vector<std::array<double, kDemandCases>> spotGpuHours;     // [month]
    // Expected spend per provider and month, commitments as they are paid (upfront fee at the
    // start, then monthly); the last element holds what falls due after the horizon.
    QHash<QString, std::vector<double>> spendByProvider;
    bool proven = true; // false: the time limit stopped the search before it was within mipGap of the bound
    double seconds = 0;

    double purchase(int product, int month, int months) const
    {
        return purchases[std::size_t(product * months + month)];
    }
};

class CommitmentOptimizer
{
public:
    explicit CommitmentOptimizer(PortfolioProblem problem);

    // "GLPK 5.0": the solver this build links.
    static QString solverName();

    const PortfolioProblem &problem() const { return m_problem; }
    const std::vector<CommitmentProduct> &products() const { return m_products; }

    // Fails when no plan meets the cap (the error says so), or when a workload cannot run on
    // onlyProvider.
    Result<PortfolioSolution> solve(const SolveOptions &options = {}) const;

private:
    void buildProducts();

    PortfolioProblem m_problem;
    std::vector<CommitmentProduct> m_products;
};

} // namespace gpuplanner::core
