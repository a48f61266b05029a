#include "core/portfolio/PortfolioFormat.h"

#include "core/cost/Money.h"
#include "core/io/TextTable.h"

#include <QJsonArray>

#include <cmath>
#include <numeric>

namespace gpuplanner::core {

namespace {

QString monthLabel(const PortfolioProblem &p, int m)
{
    return p.start.addMonths(m).toString(QStringLiteral("yyyy-MM"));
}

QString share(double v)
{
    return QStringLiteral("%1%").arg(v * 100.0, 0, 'f', 0);
}

QString owner(const CommitmentProduct &p)
{
    return p.owner < 0 ? QStringLiteral("pool") : p.ownerName;
}

QString where(const CommitmentProduct &p)
{
    return p.perInstance ? QStringLiteral("%1 %2").arg(p.instanceType, p.region)
                         : QStringLiteral("any instance (%1 %2 at %3)").arg(p.instanceType, p.region, p.offer.label);
}

QString quantity(const CommitmentProduct &p, double q, const QString &currency)
{
    if (!p.perInstance)
        return QStringLiteral("%1/h").arg(formatMoney(q, currency));
    const double gpus = p.capacityPerUnit / (p.offer.billing == Billing::CapacityBlock ? p.offer.bookedHours : kHoursPerMonth);
    return QStringLiteral("%1 instance(s), %2 GPU(s)").arg(q, 0, 'f', 0).arg(q * gpus, 0, 'f', 0);
}

// What a purchase pays at its start and each month of its term.
double upfrontOf(const CommitmentProduct &p, double q)
{
    if (!p.perInstance)
        return 0;
    return p.offer.billing == Billing::CapacityBlock ? q * p.unitCost : q * p.offer.upfrontFee;
}
double monthlyOf(const CommitmentProduct &p, double q)
{
    if (!p.perInstance)
        return q * kHoursPerMonth;
    return p.offer.billing == Billing::CapacityBlock ? 0 : q * p.offer.hourly * kHoursPerMonth;
}

QJsonArray numbers(const std::vector<double> &v)
{
    QJsonArray a;
    for (double x : v)
        a.append(std::round(x * 100.0) / 100.0);
    return a;
}

double rounded(double v)
{
    return std::round(v * 100.0) / 100.0;
}

// Products with any purchase, in the order they are first bought.
QList<int> boughtProducts(const QList<PortfolioPurchase> &bought)
{
    QList<int> out;
    for (const PortfolioPurchase &p : bought) {
        if (!out.contains(p.product))
            out.append(p.product);
    }
    return out;
}

QStringList spendingProviders(const PortfolioSolution &s)
{
    QStringList out;
    for (auto it = s.spendByProvider.cbegin(); it != s.spendByProvider.cend(); ++it) {
        if (std::accumulate(it->begin(), it->end(), 0.0) >= 0.5)
            out << it.key();
    }
    std::sort(out.begin(), out.end());
    return out;
}

QString spendTable(const PortfolioProblem &problem, const PortfolioSolution &s)
{
    const QStringList providers = spendingProviders(s);
    QStringList header{QStringLiteral("Month")};
    QList<bool> right{false};
    for (const QString &p : providers) {
        header << p;
        right << true;
    }
    header << QStringLiteral("Total");
    right << true;
    TextTable t(header, right);
    auto row = [&](const QString &label, auto value) {
        QStringList cells{label};
        double total = 0;
        for (const QString &p : providers) {
            const double v = value(s.spendByProvider.value(p));
            total += v;
            cells << formatMoney(v, problem.currency);
        }
        cells << formatMoney(total, problem.currency);
        t.addRow(cells);
    };
    for (int m = 0; m <= problem.months; ++m) {
        const QString label = m < problem.months ? monthLabel(problem, m) : QStringLiteral("after");
        row(label, [m](const std::vector<double> &v) { return v[std::size_t(m)]; });
    }
    row(QStringLiteral("total"), [](const std::vector<double> &v) { return std::accumulate(v.begin(), v.end(), 0.0); });
    return t.render();
}

} // namespace

QString portfolioToTable(const CommitmentOptimizer &optimizer, const PortfolioPlan &plan, const QString &name)
{
    const PortfolioProblem &problem = optimizer.problem();
    const PortfolioSolution &s = plan.solution;
    const QString &cur = problem.currency;
    QString out;
    out += QStringLiteral("Portfolio: %1 (%2 months from %3, %4 workload(s))\n")
               .arg(name)
               .arg(problem.months)
               .arg(monthLabel(problem, 0))
               .arg(problem.workloads.size());
    out += QStringLiteral("Demand cases: low = P10 less a %1 shortfall (weight 0.3), expected (0.4), high = P90 (0.3)\n\n")
               .arg(share(problem.demandShortfall));

    const QList<PortfolioPurchase> bought = portfolioPurchases(optimizer, s);
    const QList<int> products = boughtProducts(bought);
    out += QStringLiteral("Purchase plan\n");
    if (bought.isEmpty()) {
        out += QStringLiteral("No commitment pays off: everything on on-demand or spot.\n");
    } else {
        TextTable t({QStringLiteral("#"), QStringLiteral("Month"), QStringLiteral("Provider"), QStringLiteral("Commitment"),
                     QStringLiteral("Where"), QStringLiteral("For"), QStringLiteral("Quantity"), QStringLiteral("Upfront"),
                     QStringLiteral("Per month"), QStringLiteral("Whole term"), QStringLiteral("Break-even")},
                    {true, false, false, false, false, false, false, true, true, true, true});
        for (const PortfolioPurchase &b : bought) {
            const CommitmentProduct &p = optimizer.products()[std::size_t(b.product)];
            t.addRow({QString::number(products.indexOf(b.product) + 1), monthLabel(problem, b.month), p.providerLabel,
                      p.offer.label, where(p), owner(p), quantity(p, b.quantity, cur),
                      formatMoney(upfrontOf(p, b.quantity), cur), formatMoney(monthlyOf(p, b.quantity), cur),
                      formatMoney(b.quantity * p.unitCost, cur), share(p.breakEvenUtilization)});
        }
        out += t.render();
        out += QStringLiteral("Prices:\n");
        for (qsizetype i = 0; i < products.size(); ++i) {
            const CommitmentOffer &o = optimizer.products()[std::size_t(products.at(i))].offer;
            out += QStringLiteral("  #%1 %2%3\n").arg(i + 1).arg(o.source, o.negotiated ? QStringLiteral(" (your terms)") : QString());
        }
        out += QStringLiteral("\nExpected utilisation per month (capacity used, weighted over the demand cases)\n");
        QStringList header{QStringLiteral("Month")};
        QList<bool> right{false};
        for (int k : products) {
            header << QStringLiteral("#%1").arg(products.indexOf(k) + 1);
            right << true;
        }
        TextTable u(header, right);
        for (int m = 0; m < problem.months; ++m) {
            QStringList row{monthLabel(problem, m)};
            for (int k : products) {
                const double cap = s.capacity[std::size_t(k)][std::size_t(m)];
                row << (cap > 0 ? share(s.expectedUse[std::size_t(k)][std::size_t(m)] / cap) : QStringLiteral("-"));
            }
            u.addRow(row);
        }
        out += u.render();
    }

    out += QStringLiteral("\nExpected spend per provider and month (commitments as paid; \"after\": due after the horizon)\n");
    out += spendTable(problem, s);

    out += QStringLiteral("\nCost (whole commitment terms included)\n");
    TextTable c({QStringLiteral("Item"), QStringLiteral("Cost"), QStringLiteral("Note")}, {false, true, false});
    c.addRow({QStringLiteral("Expected cost"), formatMoney(s.expectedCost, cur), QString()});
    for (int d = 0; d < kDemandCases; ++d)
        c.addRow({QStringLiteral("  %1 demand").arg(demandCaseId(d)), formatMoney(s.caseCost[std::size_t(d)], cur), QString()});
    const double worst = *std::max_element(s.caseCost.begin(), s.caseCost.end());
    c.addRow({QStringLiteral("Worst case"), formatMoney(worst, cur),
              problem.worstCaseCap ? QStringLiteral("cap %1").arg(formatMoney(*problem.worstCaseCap, cur)) : QStringLiteral("no cap")});
    c.addRow({QStringLiteral("Commitments bought"), formatMoney(s.commitmentCost, cur), QString()});
    c.addRow({QStringLiteral("All on-demand"), formatMoney(plan.allOnDemand, cur),
              QStringLiteral("saving %1 (%2)").arg(formatMoney(plan.savingVsOnDemand(), cur),
                                                    share(plan.allOnDemand > 0 ? plan.savingVsOnDemand() / plan.allOnDemand : 0))});
    if (plan.bestSingleProvider)
        c.addRow({QStringLiteral("Best single provider (%1)").arg(plan.bestSingleProviderId),
                  formatMoney(*plan.bestSingleProvider, cur),
                  QStringLiteral("saving %1").arg(formatMoney(*plan.bestSingleProvider - s.expectedCost, cur))});
    else
        c.addRow({QStringLiteral("Best single provider"), QStringLiteral("-"), QStringLiteral("no provider runs every workload")});
    out += c.render();

    if (!plan.sensitivity.isEmpty()) {
        out += QStringLiteral("\nCost of being wrong (expected cost; the purchases above stand)\n");
        TextTable w({QStringLiteral("If"), QStringLiteral("With this plan"), QStringLiteral("Best plan had we known"),
                     QStringLiteral("Cost of being wrong"), QStringLiteral("All on-demand")},
                    {false, true, true, true, true});
        for (const SensitivityCase &sc : plan.sensitivity)
            w.addRow({sc.label, formatMoney(sc.planCost, cur), formatMoney(sc.reoptimisedCost, cur),
                      formatMoney(sc.costOfBeingWrong(), cur), formatMoney(sc.allOnDemandCost, cur)});
        out += w.render();
    }
    out += QStringLiteral("\nSolver: %1, %2 solve(s) in %3 s (this plan %4 s); the plan is %5; the plans it is "
                          "compared with are %6.\n")
               .arg(CommitmentOptimizer::solverName())
               .arg(plan.solves)
               .arg(plan.solveSeconds, 0, 'f', 2)
               .arg(s.seconds, 0, 'f', 2)
               .arg(s.proven ? QStringLiteral("within 0.01% of the least expected cost")
                             : QStringLiteral("the best found before the time limit (not proven best)"))
               .arg(plan.comparisonsProven ? QStringLiteral("within %1% of their best").arg(kComparisonGap * 100)
                                           : QStringLiteral("the best found within %1 s each").arg(kComparisonSeconds));
    return out;
}

QJsonObject portfolioToJson(const CommitmentOptimizer &optimizer, const PortfolioPlan &plan, const QString &name)
{
    const PortfolioProblem &problem = optimizer.problem();
    const PortfolioSolution &s = plan.solution;
    QJsonObject o;
    o.insert(QStringLiteral("name"), name);
    o.insert(QStringLiteral("currency"), problem.currency);
    QJsonArray months;
    for (int m = 0; m < problem.months; ++m)
        months.append(monthLabel(problem, m));
    o.insert(QStringLiteral("months"), months);
    o.insert(QStringLiteral("demand_shortfall"), problem.demandShortfall);
    QJsonArray cases;
    for (int d = 0; d < kDemandCases; ++d)
        cases.append(QJsonObject{{QStringLiteral("id"), demandCaseId(d)},
                                 {QStringLiteral("weight"), kDemandCaseWeights[std::size_t(d)]},
                                 {QStringLiteral("cost"), rounded(s.caseCost[std::size_t(d)])}});
    o.insert(QStringLiteral("demand_cases"), cases);

    const QList<PortfolioPurchase> bought = portfolioPurchases(optimizer, s);
    const QList<int> products = boughtProducts(bought);
    QJsonArray list;
    for (const PortfolioPurchase &b : bought) {
        const CommitmentProduct &p = optimizer.products()[std::size_t(b.product)];
        QJsonObject e{{QStringLiteral("commitment"), products.indexOf(b.product) + 1},
                      {QStringLiteral("month"), monthLabel(problem, b.month)},
                      {QStringLiteral("provider"), p.provider},
                      {QStringLiteral("billing"), billingId(p.offer.billing)},
                      {QStringLiteral("term_months"), p.offer.termMonths},
                      {QStringLiteral("upfront"), p.offer.upfront},
                      {QStringLiteral("offering_class"), p.offer.offeringClass},
                      {QStringLiteral("label"), p.offer.label},
                      {QStringLiteral("negotiated"), p.offer.negotiated},
                      {QStringLiteral("source"), p.offer.source},
                      {QStringLiteral("instance_type"), p.instanceType},
                      {QStringLiteral("region"), p.region},
                      {QStringLiteral("for"), owner(p)},
                      {QStringLiteral("upfront_total"), rounded(upfrontOf(p, b.quantity))},
                      {QStringLiteral("per_month"), rounded(monthlyOf(p, b.quantity))},
                      {QStringLiteral("whole_term"), rounded(b.quantity * p.unitCost)},
                      {QStringLiteral("break_even_utilization"), std::round(p.breakEvenUtilization * 1e4) / 1e4}};
        e.insert(p.perInstance ? QStringLiteral("instances") : QStringLiteral("commit_per_hour"), b.quantity);
        list.append(e);
    }
    o.insert(QStringLiteral("purchases"), list);
    QJsonArray use;
    for (int k : products) {
        std::vector<double> u(std::size_t(problem.months), 0.0);
        for (int m = 0; m < problem.months; ++m) {
            const double cap = s.capacity[std::size_t(k)][std::size_t(m)];
            u[std::size_t(m)] = cap > 0 ? s.expectedUse[std::size_t(k)][std::size_t(m)] / cap : 0.0;
        }
        QJsonArray shares;
        for (double x : u)
            shares.append(std::round(x * 1e4) / 1e4);
        use.append(QJsonObject{{QStringLiteral("commitment"), products.indexOf(k) + 1},
                               {QStringLiteral("utilization"), shares},
                               {QStringLiteral("capacity"), numbers(s.capacity[std::size_t(k)])}});
    }
    o.insert(QStringLiteral("utilization"), use);
    QJsonObject spend;
    QJsonObject spendTotals; // summed before rounding, as the table's total row
    for (const QString &p : spendingProviders(s)) {
        const std::vector<double> &v = s.spendByProvider.value(p);
        spend.insert(p, numbers(v));
        spendTotals.insert(p, rounded(std::accumulate(v.begin(), v.end(), 0.0)));
    }
    o.insert(QStringLiteral("spend_by_provider"), spend); // per month, then after the horizon
    o.insert(QStringLiteral("spend_total_by_provider"), spendTotals);
    // The table's total column and its grand total, summed before rounding as the table sums them.
    std::vector<double> perMonth(std::size_t(problem.months + 1), 0.0);
    for (const QString &p : spendingProviders(s)) {
        const std::vector<double> &v = s.spendByProvider.value(p);
        for (std::size_t m = 0; m < perMonth.size() && m < v.size(); ++m)
            perMonth[m] += v[m];
    }
    o.insert(QStringLiteral("spend_total_by_month"), numbers(perMonth)); // per month, then after the horizon
    o.insert(QStringLiteral("spend_total"), rounded(std::accumulate(perMonth.begin(), perMonth.end(), 0.0)));
    o.insert(QStringLiteral("expected_cost"), rounded(s.expectedCost));
    o.insert(QStringLiteral("worst_case_cost"), rounded(*std::max_element(s.caseCost.begin(), s.caseCost.end())));
    if (problem.worstCaseCap)
        o.insert(QStringLiteral("worst_case_cap"), *problem.worstCaseCap);
    o.insert(QStringLiteral("commitment_cost"), rounded(s.commitmentCost));
    o.insert(QStringLiteral("all_on_demand_cost"), rounded(plan.allOnDemand));
    o.insert(QStringLiteral("saving_vs_all_on_demand"), rounded(plan.savingVsOnDemand()));
    if (plan.bestSingleProvider)
        o.insert(QStringLiteral("best_single_provider"),
                 QJsonObject{{QStringLiteral("provider"), plan.bestSingleProviderId},
                             {QStringLiteral("cost"), rounded(*plan.bestSingleProvider)},
                             {QStringLiteral("saving"), rounded(*plan.bestSingleProvider - s.expectedCost)}});
    QJsonArray sens;
    for (const SensitivityCase &sc : plan.sensitivity)
        sens.append(QJsonObject{{QStringLiteral("id"), sc.id},
                                {QStringLiteral("label"), sc.label},
                                {QStringLiteral("plan_cost"), rounded(sc.planCost)},
                                {QStringLiteral("reoptimised_cost"), rounded(sc.reoptimisedCost)},
                                {QStringLiteral("cost_of_being_wrong"), rounded(sc.costOfBeingWrong())},
                                {QStringLiteral("all_on_demand_cost"), rounded(sc.allOnDemandCost)}});
    o.insert(QStringLiteral("cost_of_being_wrong"), sens);
    o.insert(QStringLiteral("solver"), QJsonObject{{QStringLiteral("name"), CommitmentOptimizer::solverName()},
                                                   {QStringLiteral("solves"), plan.solves},
                                                   {QStringLiteral("seconds"), std::round(plan.solveSeconds * 1000) / 1000},
                                                   {QStringLiteral("plan_seconds"), std::round(s.seconds * 1000) / 1000},
                                                   {QStringLiteral("proven_best"), s.proven},
                                                   {QStringLiteral("comparisons_proven"), plan.comparisonsProven}});
    return o;
}

} // namespace gpuplanner::core
