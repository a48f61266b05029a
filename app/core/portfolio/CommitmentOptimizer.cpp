#include "core/portfolio/CommitmentOptimizer.h"

#include <QElapsedTimer>
#include <QHash>

#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <memory>

namespace gpuplanner::core {

QString demandCaseId(int demandCase)
{
    switch (DemandCase(demandCase)) {
    case DemandCase::Low: return QStringLiteral("low");
    case DemandCase::Expected: return QStringLiteral("expected");
    case DemandCase::High: return QStringLiteral("high");
    }
    return QString();
}

double PortfolioProblem::demand(const Candidate &c, int demandCase, int month) const
{
    const auto at = [month](const std::vector<double> &v) {
        return month < int(v.size()) ? v[std::size_t(month)] : 0.0;
    };
    switch (DemandCase(demandCase)) {
    case DemandCase::Low: return std::min(at(c.p10), at(c.expected)) * (1.0 - demandShortfall);
    case DemandCase::Expected: return at(c.expected);
    case DemandCase::High: return std::max(at(c.p90), at(c.expected));
    }
    return 0;
}

namespace {

// Rows and columns of the program as they are built, handed to GLPK in one go.
class Program
{
public:
    struct Row
    {
        int type = GLP_FX;
        double lb = 0;
        double ub = 0;
        std::vector<std::pair<int, double>> terms;
    };

    int addColumn(double cost, double lb, std::optional<double> ub, bool integer)
    {
        m_cost.push_back(cost);
        m_lb.push_back(lb);
        m_ub.push_back(ub);
        m_integer.push_back(integer);
        return int(m_cost.size()) - 1;
    }
    int addRow(int type, double lb, double ub)
    {
        m_rows.push_back(Row{type, lb, ub, {}});
        return int(m_rows.size()) - 1;
    }
    void add(int row, int column, double value) { m_rows[std::size_t(row)].terms.emplace_back(column, value); }
    bool hasIntegers() const { return std::find(m_integer.begin(), m_integer.end(), true) != m_integer.end(); }

    // Solves; the columns' values, or an error; proven = false when a time limit cut the search.
    Result<std::vector<double>> solve(double timeLimitSeconds, double mipGap, bool &proven) const
    {
        // GLPK aborts the process on what it calls invalid input (no columns, a column twice in
        // a row, bounds that are not numbers): none of it reaches GLPK.
        if (Status valid = validate(); !valid)
            return valid.error();
        if (m_cost.empty()) {
            proven = true;
            return std::vector<double>();
        }
        std::unique_ptr<glp_prob, void (*)(glp_prob *)> lp(glp_create_prob(), glp_delete_prob);
        glp_set_obj_dir(lp.get(), GLP_MIN);
        const int columns = int(m_cost.size());
        glp_add_cols(lp.get(), columns);
        for (int j = 0; j < columns; ++j) {
            const std::size_t i = std::size_t(j);
            glp_set_obj_coef(lp.get(), j + 1, m_cost[i]);
            if (!m_ub[i])
                glp_set_col_bnds(lp.get(), j + 1, GLP_LO, m_lb[i], 0);
            else if (*m_ub[i] <= m_lb[i])
                glp_set_col_bnds(lp.get(), j + 1, GLP_FX, m_lb[i], m_lb[i]);
            else
                glp_set_col_bnds(lp.get(), j + 1, GLP_DB, m_lb[i], *m_ub[i]);
            if (m_integer[i])
                glp_set_col_kind(lp.get(), j + 1, GLP_IV);
        }
        std::vector<int> ia{0}, ja{0};
        std::vector<double> ar{0.0};
        if (!m_rows.empty())
            glp_add_rows(lp.get(), int(m_rows.size()));
        for (std::size_t r = 0; r < m_rows.size(); ++r) {
            const Row &row = m_rows[r];
            glp_set_row_bnds(lp.get(), int(r) + 1, row.type, row.lb, row.ub);
            for (const auto &[column, value] : row.terms) {
                ia.push_back(int(r) + 1);
                ja.push_back(column + 1);
                ar.push_back(value);
            }
        }
        glp_load_matrix(lp.get(), int(ia.size()) - 1, ia.data(), ja.data(), ar.data());
        glp_term_out(GLP_OFF); // GLPK prints while scaling whatever msg_lev says
        glp_scale_prob(lp.get(), GLP_SF_AUTO);
        proven = true;
        std::vector<double> values(std::size_t(columns), 0.0);
        const int limitMs = int(std::clamp(timeLimitSeconds, 1.0, 3600.0) * 1000);
        if (hasIntegers()) {
            glp_iocp parm;
            glp_init_iocp(&parm);
            parm.msg_lev = GLP_MSG_OFF;
            parm.presolve = GLP_ON;
            parm.tm_lim = limitMs;
            parm.mip_gap = mipGap;
            parm.mir_cuts = GLP_ON;
            const int ret = glp_intopt(lp.get(), &parm);
            const int status = glp_mip_status(lp.get());
            if (status != GLP_OPT && status != GLP_FEAS) {
                if (ret == GLP_ETMLIM)
                    return Error{QStringLiteral("the solver found no plan within %1 s").arg(timeLimitSeconds)};
                return Error{QStringLiteral("no plan meets the constraints")};
            }
            proven = status == GLP_OPT || ret == GLP_EMIPGAP;
            for (int j = 0; j < columns; ++j)
                values[std::size_t(j)] = glp_mip_col_val(lp.get(), j + 1);
        } else {
            glp_smcp parm;
            glp_init_smcp(&parm);
            parm.msg_lev = GLP_MSG_OFF;
            parm.presolve = GLP_ON;
            parm.tm_lim = limitMs;
            const int ret = glp_simplex(lp.get(), &parm);
            if (ret == GLP_ENOPFS || (ret == 0 && glp_get_status(lp.get()) != GLP_OPT))
                return Error{QStringLiteral("no plan meets the constraints")};
            if (ret != 0)
                return Error{QStringLiteral("the solver stopped (GLPK code %1)").arg(ret)};
            for (int j = 0; j < columns; ++j)
                values[std::size_t(j)] = glp_get_col_prim(lp.get(), j + 1);
        }
        return values;
    }

private:
    Status validate() const
    {
        const auto finite = [](double v) { return std::isfinite(v); };
        for (std::size_t i = 0; i < m_cost.size(); ++i) {
            if (!finite(m_cost[i]) || !finite(m_lb[i]) || (m_ub[i] && !finite(*m_ub[i])))
                return Error{QStringLiteral("a cost or quantity of the portfolio is not a finite number")};
        }
        for (const Row &row : m_rows) {
            if (!finite(row.lb) || !finite(row.ub))
                return Error{QStringLiteral("a limit of the portfolio is not a finite number")};
            std::vector<int> columns;
            columns.reserve(row.terms.size());
            for (const auto &[column, value] : row.terms) {
                if (!finite(value))
                    return Error{QStringLiteral("a cost or quantity of the portfolio is not a finite number")};
                columns.push_back(column);
            }
            std::sort(columns.begin(), columns.end());
            if (std::adjacent_find(columns.begin(), columns.end()) != columns.end())
                return Error{QStringLiteral("internal: a column appears twice in one constraint")};
        }
        return success();
    }

    std::vector<double> m_cost;
    std::vector<double> m_lb;
    std::vector<std::optional<double>> m_ub;
    std::vector<bool> m_integer;
    std::vector<Row> m_rows;
};

// A usage column: a share of one workload-month in one case, and what it costs and uses.
struct Usage
{
    int column = 0;
    int demandCase = 0;
    int month = 0;
    int product = -1;     // -1: on-demand or spot
    QString provider;
    bool spot = false;
    double gpuHours = 0;  // at share 1
    double cost = 0;      // at share 1, unweighted
    double draw = 0;      // capacity used at share 1
};

QString productKey(const Candidate &c, const CommitmentOffer &o, bool perInstance, int owner)
{
    QStringList parts{c.provider, billingId(o.billing), QString::number(o.termMonths), o.upfront, o.offeringClass,
                      o.negotiated ? o.source : QString(), QString::number(owner)};
    if (perInstance)
        parts << c.instanceType << c.region;
    return parts.join(QChar(u'|'));
}

std::vector<double> &spend(PortfolioSolution &s, const QString &provider, int months)
{
    auto it = s.spendByProvider.find(provider);
    if (it == s.spendByProvider.end())
        it = s.spendByProvider.insert(provider, std::vector<double>(std::size_t(months + 1), 0.0));
    return *it;
}

// A purchase's payments by month: its upfront part at the start, its hourly part every month.
void addCommitmentSpend(PortfolioSolution &s, const CommitmentProduct &p, double quantity, double priceFactor, int start,
                        int months)
{
    std::vector<double> &v = spend(s, p.provider, months);
    const double upfront = !p.perInstance ? 0.0
        : p.offer.billing == Billing::CapacityBlock ? p.unitCost : p.offer.upfrontFee;
    const double monthly = !p.perInstance ? kHoursPerMonth
        : p.offer.billing == Billing::CapacityBlock ? 0.0 : p.offer.hourly * kHoursPerMonth;
    v[std::size_t(start)] += quantity * upfront * priceFactor;
    for (int t = start; t < start + p.offer.activeMonths(); ++t)
        v[std::size_t(std::min(t, months))] += quantity * monthly * priceFactor;
}

} // namespace

QString CommitmentOptimizer::solverName()
{
    return QStringLiteral("GLPK %1").arg(QString::fromLatin1(glp_version()));
}

CommitmentOptimizer::CommitmentOptimizer(PortfolioProblem problem) : m_problem(std::move(problem))
{
    buildProducts();
}

void CommitmentOptimizer::buildProducts()
{
    QHash<QString, int> byKey;
    for (int w = 0; w < m_problem.workloads.size(); ++w) {
        const WorkloadDemand &wd = m_problem.workloads.at(w);
        for (int ci = 0; ci < wd.candidates.size(); ++ci) {
            const Candidate &c = wd.candidates.at(ci);
            for (const CommitmentOffer &o : c.commitments) {
                const bool perInstance = o.billing != Billing::SavingsPlan;
                const bool pooled = std::any_of(m_problem.pools.cbegin(), m_problem.pools.cend(),
                                                [&](const CommitmentPool &p) { return p.covers(c.provider, o.billing); });
                const int owner = pooled ? -1 : (wd.owner >= 0 ? wd.owner : w);
                const QString key = productKey(c, o, perInstance, owner);
                auto it = byKey.constFind(key);
                const double odInstanceHour = c.onDemandPerGpuHour * c.gpusPerInstance;
                const double draw = perInstance ? 1.0 : o.effectiveHourly() / std::max(1e-9, c.gpusPerInstance);
                if (it == byKey.cend()) {
                    CommitmentProduct p;
                    p.provider = c.provider;
                    p.providerLabel = c.providerLabel;
                    p.instanceType = c.instanceType;
                    p.region = c.region;
                    p.offer = o;
                    p.owner = owner;
                    if (!pooled)
                        p.ownerName = wd.ownerName.isEmpty() ? wd.name : wd.ownerName;
                    p.perInstance = perInstance;
                    if (perInstance) {
                        p.unitCost = o.unitCost();
                        const double hours = o.billing == Billing::CapacityBlock ? o.bookedHours : kHoursPerMonth;
                        p.capacityPerUnit = c.gpusPerInstance * hours;
                        p.breakEvenUtilization = odInstanceHour > 0 ? o.effectiveHourly() / odInstanceHour : 0;
                    } else {
                        p.unitCost = kHoursPerMonth * o.termMonths;
                        p.capacityPerUnit = kHoursPerMonth;
                        p.breakEvenUtilization = c.onDemandPerGpuHour > 0 ? draw / c.onDemandPerGpuHour : 0;
                    }
                    it = byKey.insert(key, int(m_products.size()));
                    m_products.push_back(p);
                }
                m_products[std::size_t(*it)].users.push_back({w, ci, draw});
            }
        }
    }
}

Result<PortfolioSolution> CommitmentOptimizer::solve(const SolveOptions &options) const
{
    QElapsedTimer timer;
    timer.start();
    const int months = m_problem.months;
    const int products = int(m_products.size());
    const auto factor = [&](const QString &provider) { return options.priceFactor.value(provider, 1.0); };
    if (options.fixedPurchases && options.fixedPurchases->size() != std::size_t(products * months))
        return Error{QStringLiteral("fixed purchases do not match the products")};

    Program lp;
    // First stage: purchases by product and start month.
    std::vector<int> purchaseColumn(std::size_t(products * months));
    for (int k = 0; k < products; ++k) {
        const CommitmentProduct &p = m_products[std::size_t(k)];
        const bool allowed = options.commitments && (options.onlyProvider.isEmpty() || options.onlyProvider == p.provider);
        for (int m = 0; m < months; ++m) {
            const std::size_t i = std::size_t(k * months + m);
            if (options.fixedPurchases) {
                const double v = (*options.fixedPurchases)[i];
                purchaseColumn[i] = lp.addColumn(p.unitCost, v, v, false);
            } else {
                purchaseColumn[i] = lp.addColumn(p.unitCost * factor(p.provider), 0, allowed ? std::nullopt : std::optional(0.0),
                                                 p.perInstance && allowed);
            }
        }
    }
    std::array<int, kDemandCases> capRow{-1, -1, -1};
    const bool cap = options.applyCap && m_problem.worstCaseCap.has_value();
    if (cap) {
        for (int s = 0; s < kDemandCases; ++s) {
            capRow[std::size_t(s)] = lp.addRow(GLP_UP, 0, *m_problem.worstCaseCap);
            for (int k = 0; k < products; ++k) {
                const CommitmentProduct &p = m_products[std::size_t(k)];
                const double unit = options.fixedPurchases ? p.unitCost : p.unitCost * factor(p.provider);
                for (int m = 0; m < months; ++m)
                    lp.add(capRow[std::size_t(s)], purchaseColumn[std::size_t(k * months + m)], unit);
            }
        }
    }
    // Second stage: every case serves each workload-month in shares over what it may use.
    std::vector<int> capacityRow(std::size_t(kDemandCases * products * months), -1);
    std::vector<Usage> usages;
    for (int s = 0; s < kDemandCases; ++s) {
        const double weight = kDemandCaseWeights[std::size_t(s)];
        for (int w = 0; w < m_problem.workloads.size(); ++w) {
            const WorkloadDemand &wd = m_problem.workloads.at(w);
            for (int t = 0; t < months; ++t) {
                int cover = -1;
                int spotRow = -1;
                bool anyDemand = false;
                for (int ci = 0; ci < wd.candidates.size(); ++ci) {
                    const Candidate &c = wd.candidates.at(ci);
                    const double d = m_problem.demand(c, s, t) * options.demandFactor;
                    if (d <= 1e-9)
                        continue;
                    anyDemand = true;
                    if (!options.onlyProvider.isEmpty() && c.provider != options.onlyProvider)
                        continue;
                    if (cover < 0)
                        cover = lp.addRow(GLP_FX, 1, 1);
                    const double f = factor(c.provider);
                    auto addUsage = [&](Usage u, std::optional<double> ub) {
                        u.column = lp.addColumn(weight * u.cost, 0, ub, false);
                        lp.add(cover, u.column, 1);
                        if (cap)
                            lp.add(capRow[std::size_t(s)], u.column, u.cost);
                        usages.push_back(u);
                        return u.column;
                    };
                    addUsage(Usage{0, s, t, -1, c.provider, false, d, d * c.onDemandPerGpuHour * f, 0}, std::nullopt);
                    const double spotShare = t < int(c.spotShare.size()) ? c.spotShare[std::size_t(t)] : 0.0;
                    if (options.spot && c.spotPerGpuHour && spotShare > 0) {
                        // The phases that allow spot are the same whatever the provider: the
                        // workload-month's spot shares together stay within theirs.
                        const int column = addUsage(Usage{0, s, t, -1, c.provider, true, d, d * *c.spotPerGpuHour * f, 0},
                                                    spotShare);
                        if (spotRow < 0)
                            spotRow = lp.addRow(GLP_UP, 0, spotShare);
                        lp.add(spotRow, column, 1);
                    }
                    for (int k = 0; k < products; ++k) {
                        const CommitmentProduct &p = m_products[std::size_t(k)];
                        const auto user = std::find_if(p.users.cbegin(), p.users.cend(), [&](const auto &u) {
                            return u.workload == w && u.candidate == ci;
                        });
                        if (user == p.users.cend())
                            continue;
                        const int column = addUsage(Usage{0, s, t, k, c.provider, false, d, 0, d * user->draw}, std::nullopt);
                        int &row = capacityRow[std::size_t((s * products + k) * months + t)];
                        if (row < 0) {
                            row = lp.addRow(GLP_UP, 0, 0);
                            const int first = std::max(0, t - p.offer.activeMonths() + 1);
                            for (int m = first; m <= t; ++m)
                                lp.add(row, purchaseColumn[std::size_t(k * months + m)], -p.capacityPerUnit);
                        }
                        lp.add(row, column, d * user->draw);
                    }
                }
                if (anyDemand && cover < 0)
                    return Error{QStringLiteral("%1 has no offer on %2").arg(wd.name, options.onlyProvider)};
            }
        }
    }

    if (usages.empty() && options.demandFactor > 0) {
        return Error{QStringLiteral("nothing to buy: no workload needs GPU time in the %1 months from %2 "
                                    "(check each workload's phases: their start and months)")
                         .arg(months)
                         .arg(m_problem.start.isValid() ? m_problem.start.toString(QStringLiteral("yyyy-MM"))
                                                        : QStringLiteral("the start"))};
    }
    bool proven = true;
    auto values = lp.solve(options.timeLimitSeconds.value_or(m_problem.timeLimitSeconds), options.mipGap, proven);
    if (!values) {
        if (cap)
            return Error{QStringLiteral("no purchase plan keeps every demand case under the worst-case cap of %1 %2")
                             .arg(*m_problem.worstCaseCap, 0, 'f', 0)
                             .arg(m_problem.currency)};
        return values.error();
    }
    const std::vector<double> &x = values.value();

    PortfolioSolution out;
    out.proven = proven;
    out.purchases.resize(std::size_t(products * months));
    out.expectedUse.assign(std::size_t(products), std::vector<double>(std::size_t(months), 0.0));
    out.capacity.assign(std::size_t(products), std::vector<double>(std::size_t(months), 0.0));
    out.onDemandGpuHours.assign(std::size_t(months), {});
    out.spotGpuHours.assign(std::size_t(months), {});
    for (int k = 0; k < products; ++k) {
        const CommitmentProduct &p = m_products[std::size_t(k)];
        const double unit = options.fixedPurchases ? p.unitCost : p.unitCost * factor(p.provider);
        for (int m = 0; m < months; ++m) {
            const std::size_t i = std::size_t(k * months + m);
            double v = std::max(0.0, x[std::size_t(purchaseColumn[i])]);
            v = p.perInstance ? std::round(v) : std::round(v * 1000.0) / 1000.0;
            out.purchases[i] = v;
            out.commitmentCost += v * unit;
            if (v > 0)
                addCommitmentSpend(out, p, v, p.unitCost > 0 ? unit / p.unitCost : 1.0, m, months);
            for (int t = m; t < std::min(months, m + p.offer.activeMonths()); ++t)
                out.capacity[std::size_t(k)][std::size_t(t)] += v * p.capacityPerUnit;
        }
    }
    for (int s = 0; s < kDemandCases; ++s)
        out.caseCost[std::size_t(s)] = out.commitmentCost;
    for (const Usage &u : usages) {
        const double share = std::max(0.0, x[std::size_t(u.column)]);
        out.caseCost[std::size_t(u.demandCase)] += share * u.cost;
        const double weight = kDemandCaseWeights[std::size_t(u.demandCase)];
        if (u.cost > 0 && share > 0)
            spend(out, u.provider, months)[std::size_t(u.month)] += weight * share * u.cost;
        if (u.product >= 0)
            out.expectedUse[std::size_t(u.product)][std::size_t(u.month)] += weight * share * u.draw;
        else if (u.spot)
            out.spotGpuHours[std::size_t(u.month)][std::size_t(u.demandCase)] += share * u.gpuHours;
        else
            out.onDemandGpuHours[std::size_t(u.month)][std::size_t(u.demandCase)] += share * u.gpuHours;
    }
    for (int s = 0; s < kDemandCases; ++s)
        out.expectedCost += kDemandCaseWeights[std::size_t(s)] * out.caseCost[std::size_t(s)];
    out.seconds = double(timer.nsecsElapsed()) / 1e9;
    return out;
}

} // namespace gpuplanner::core
