#include "core/portfolio/PortfolioBuild.h"

#include "core/cost/Money.h"
#include "core/plan/ConstraintCheck.h"
#include "core/plan/MeasuredReference.h"
#include "core/plan/PlanRecord.h"
#include "core/plan/Planner.h"
#include "core/portfolio/PortfolioDemand.h"

#include <QCryptographicHash>

namespace gpuplanner::core {

namespace {

// The scenario's request as `plan` makes it, limited to the portfolio's providers.
Result<PlanRequest> workloadRequest(const Portfolio &portfolio, const PortfolioWorkload &w, const PortfolioCatalog &catalog,
                                    const FxTable &catalogFx)
{
    PlanRequest request = w.scenario.request();
    request.assumptions.fx = planningFxTable(catalogFx, w.scenario.assumptions.fx);
    request.assumptions.billingRules = catalog.rules;
    if (!request.assumptions.fx.has(request.displayCurrency))
        return Error{QStringLiteral("display_currency: \"%1\" has no FX rate in the catalog").arg(request.displayCurrency)};
    if (!portfolio.providers.isEmpty()) {
        QStringList &providers = request.constraints.providers;
        if (providers.isEmpty()) {
            providers = portfolio.providers;
        } else {
            providers.removeIf([&](const QString &p) { return !portfolio.providers.contains(p); });
            if (providers.isEmpty())
                return Error{QStringLiteral("none of its scenario's providers is among the portfolio's providers")};
        }
    }
    resolveGpuNames(request.constraints, catalog.resolver);
    if (auto known = checkConstraints(request.constraints, catalog.offers); !known)
        return known.error();
    if (auto terms = checkCommitmentTerms(request.assumptions.commitments, catalog.offers); !terms)
        return terms.error();
    if (auto reference = resolveMeasuredReference(request.workload, catalog.gpus); !reference)
        return reference.error();
    return request;
}

// What one workload's plan rests on, added to the portfolio's.
void addToBasis(const Planner &planner, const PlanRequest &request, QStringList &hashes, PortfolioBasis &basis)
{
    const QList<Offer> &offers = planner.offers();
    hashes << offersCatalogHash(offers);
    PricedOn &p = basis.pricedOn;
    const QMap<QString, QString> dates = offersProviderDates(offers);
    for (auto it = dates.cbegin(); it != dates.cend(); ++it)
        p.providerDates[it.key()] = std::max(p.providerDates.value(it.key()), it.value());
    for (const FxRate &rate : request.assumptions.fx.rates()) {
        p.fxPerUsd.insert(rate.currency, rate.ratePerUsd);
        basis.fx.set(rate);
    }
    for (const QString &used : planCalibrations(planner, request)) {
        if (!p.calibrations.contains(used))
            p.calibrations << used;
    }
}

} // namespace

Result<PortfolioProblem> buildPortfolioProblem(const Portfolio &portfolio, const PortfolioCatalog &catalog,
                                               PortfolioBasis *basis)
{
    if (!portfolio.providers.isEmpty()) {
        Constraints only;
        only.providers = portfolio.providers;
        if (auto known = checkConstraints(only, catalog.offers); !known)
            return Error{known.errorMessage().replace(QStringLiteral("constraints.providers"), QStringLiteral("providers"))};
    }
    Planner planner;
    planner.setCatalog(catalog.offers, catalog.gpus, catalog.providers);
    planner.setCalibrations(CalibrationSet(catalog.calibrations, catalog.gpus));
    const FxTable catalogFx = catalogFxTable(catalog.offers, catalog.rates);

    PortfolioProblem problem;
    problem.start = portfolio.start;
    problem.months = portfolio.months;
    problem.currency = portfolio.displayCurrency;
    problem.demandShortfall = portfolio.demandShortfall;
    problem.worstCaseCap = portfolio.worstCaseCap;
    problem.pools = portfolio.pools;
    QStringList hashes;
    for (qsizetype i = 0; i < portfolio.workloads.size(); ++i) {
        const PortfolioWorkload &w = portfolio.workloads.at(i);
        const QString where = QStringLiteral("workloads[%1] (%2)").arg(i).arg(w.name);
        auto request = workloadRequest(portfolio, w, catalog, catalogFx);
        if (!request)
            return Error{QStringLiteral("%1: %2").arg(where, request.errorMessage())};
        planner.plan(request.value());
        if (basis)
            addToBasis(planner, request.value(), hashes, *basis);
        auto parts = workloadDemands(planner, request.value(), w.scenario, w.name, portfolio.start, portfolio.months,
                                     int(i));
        if (!parts)
            return Error{QStringLiteral("%1: %2").arg(where, parts.errorMessage())};
        problem.workloads.append(parts.value());
    }
    if (basis)
        basis->pricedOn.catalogHash = QString::fromLatin1(
            QCryptographicHash::hash(hashes.join(u'\n').toUtf8(), QCryptographicHash::Sha256).toHex());
    return problem;
}

} // namespace gpuplanner::core
