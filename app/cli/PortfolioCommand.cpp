#include "PortfolioCommand.h"

#include "CatalogSession.h"
#include "Cli.h"
#include "PreparedPlan.h"

#include "core/common/Redact.h"
#include "core/cost/Money.h"
#include "core/estimate/ModelPresets.h"
#include "core/plan/ConstraintCheck.h"
#include "core/plan/MeasuredReference.h"
#include "core/plan/PlanRecord.h"
#include "core/plan/PlanTotals.h"
#include "core/portfolio/CommitmentOptimizer.h"
#include "core/portfolio/Portfolio.h"
#include "core/portfolio/PortfolioDemand.h"
#include "core/portfolio/PortfolioFormat.h"
#include "core/portfolio/PortfolioPlan.h"
#include "db/CalibrationStore.h"
#include "db/SqliteCatalogRepository.h"

#include <QCommandLineParser>
#include <QCryptographicHash>
#include <QJsonDocument>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

// The scenario's request as `plan` makes it, limited to the portfolio's providers.
Result<PlanRequest> workloadRequest(const Portfolio &portfolio, const PortfolioWorkload &w, const PlanningCatalog &catalog,
                                    const FxTable &catalogFx, const GpuAliasResolver &resolver,
                                    const QList<GpuModel> &gpus)
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
    resolveGpuNames(request.constraints, resolver);
    if (auto known = checkConstraints(request.constraints, catalog.offers); !known)
        return known.error();
    if (auto terms = checkCommitmentTerms(request.assumptions.commitments, catalog.offers); !terms)
        return terms.error();
    if (auto reference = resolveMeasuredReference(request.workload, gpus); !reference)
        return reference.error();
    return request;
}

// Each workload planned over the catalog, read as the optimizer's candidates. pricedOn gets what
// the plans rest on: the workloads' catalog hashes hashed together (in the file's order) and each
// provider's newest price date among them.
Result<PortfolioProblem> buildProblem(const Portfolio &portfolio, const QString &catalogPath, PlanRecord &pricedOn)
{
    CatalogSession session(catalogPath);
    auto repo = session.repository();
    if (!repo)
        return repo.error();
    auto data = readPlanningCatalog(*repo.value());
    if (!data)
        return data.error();
    const PlanningCatalog &catalog = data.value();
    auto resolver = repo.value()->gpuResolver();
    if (!resolver)
        return resolver.error();
    auto calibrations = db::loadCalibrations(repo.value()->database());
    if (!calibrations)
        return calibrations.error();
    if (!portfolio.providers.isEmpty()) {
        Constraints only;
        only.providers = portfolio.providers;
        if (auto known = checkConstraints(only, catalog.offers); !known)
            return Error{known.errorMessage().replace(QStringLiteral("constraints.providers"), QStringLiteral("providers"))};
    }
    Planner planner;
    planner.setCatalog(catalog.offers, catalog.gpus, catalog.info.providers);
    planner.setCalibrations(CalibrationSet(calibrations.value(), catalog.gpus));
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
        auto request = workloadRequest(portfolio, w, catalog, catalogFx, resolver.value(), catalog.gpus);
        if (!request)
            return Error{QStringLiteral("%1: %2").arg(where, request.errorMessage())};
        planner.plan(request.value());
        const PlanTotals totals = planTotals(planner, request.value(), nullptr);
        const PlanRecord record = recordPlan(planFacts(planner, request.value(), totals));
        hashes << record.catalogHash;
        for (auto it = record.providerDates.cbegin(); it != record.providerDates.cend(); ++it)
            pricedOn.providerDates[it.key()] = std::max(pricedOn.providerDates.value(it.key()), it.value());
        auto parts = workloadDemands(planner, request.value(), w.scenario, w.name, portfolio.start, portfolio.months,
                                     int(i));
        if (!parts)
            return Error{QStringLiteral("%1: %2").arg(where, parts.errorMessage())};
        problem.workloads.append(parts.value());
    }
    pricedOn.catalogHash = QString::fromLatin1(
        QCryptographicHash::hash(hashes.join(u'\n').toUtf8(), QCryptographicHash::Sha256).toHex());
    return problem;
}

} // namespace

int runPortfolio(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Plan a team's commitments for a portfolio of workloads: which reservations, savings plans, capacity blocks\n"
        "or negotiated terms to buy, when and where, with the rest on on-demand or spot; each commitment's\n"
        "expected utilisation per month and break-even, the saving against all on-demand and the best single\n"
        "provider, and the cost of being wrong (demand lower, a provider's prices cut). Solved with GLPK."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("catalog"), QStringLiteral("Catalog database file."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("table or json."), QStringLiteral("F"), QStringLiteral("table")});
    parser.addPositionalArgument(QStringLiteral("portfolio plan PORTFOLIO.json"),
                                 QStringLiteral("The command and a portfolio file."));
    if (!parser.parse(arguments)) {
        err << "gpu-planner-cli portfolio: " << parser.errorText() << '\n';
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return ExitOk;
    }
    QStringList positional = parser.positionalArguments();
    if (positional.size() >= 2 && positional.at(1) == u"plan")
        positional.removeAt(1); // `portfolio plan FILE`; `portfolio FILE` means the same
    if (positional.size() < 2) {
        err << "gpu-planner-cli portfolio: missing PORTFOLIO.json\n";
        return ExitUsage;
    }
    if (positional.size() > 2) {
        err << "gpu-planner-cli portfolio: unexpected argument " << quoteValue(positional.at(2)) << '\n';
        return ExitUsage;
    }
    const QString format = parser.value(QStringLiteral("format"));
    if (format != u"table" && format != u"json") {
        err << "gpu-planner-cli portfolio: --format: " << quoteValue(format) << " is not one of table, json\n";
        return ExitUsage;
    }
    auto planned = planPortfolioFile(positional.at(1), parser.value(QStringLiteral("catalog")));
    if (!planned) {
        err << "gpu-planner-cli portfolio: " << planned.errorMessage() << '\n';
        return ExitData;
    }
    const CommitmentOptimizer &optimizer = *planned.value().optimizer;
    const PortfolioPlan &plan = planned.value().plan;
    const QString &name = planned.value().name;
    if (format == u"json")
        out << QJsonDocument(portfolioToJson(optimizer, plan, name)).toJson(QJsonDocument::Indented);
    else
        out << portfolioToTable(optimizer, plan, name);
    return ExitOk;
}

Result<PlannedPortfolio> planPortfolioFile(const QString &path, const QString &catalogPath)
{
    auto presets = loadModelPresets();
    if (!presets)
        return presets.error();
    auto portfolio = loadPortfolio(path, presets.value());
    if (!portfolio)
        return portfolio.error();
    PlanRecord pricedOn;
    auto problem = buildProblem(portfolio.value(), catalogPath, pricedOn);
    if (!problem)
        return Error{QStringLiteral("%1: %2").arg(path, problem.errorMessage())};
    auto optimizer = std::make_shared<const CommitmentOptimizer>(std::move(problem).value());
    const Portfolio &p = portfolio.value();
    auto plan = planPortfolio(*optimizer, p.sensitivityDemandDrop, p.sensitivityPriceCut);
    if (!plan)
        return Error{QStringLiteral("%1: %2").arg(path, plan.errorMessage())};
    PlannedPortfolio out;
    out.name = p.name.isEmpty() ? path : p.name;
    out.portfolio = std::move(portfolio).value();
    out.optimizer = std::move(optimizer);
    out.plan = std::move(plan).value();
    out.pricedOn = std::move(pricedOn);
    return out;
}
} // namespace gpuplanner::cli
