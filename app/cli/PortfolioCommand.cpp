#include "PortfolioCommand.h"

#include "CatalogSession.h"
#include "Cli.h"
#include "PreparedPlan.h"

#include "core/common/Redact.h"
#include "core/cost/Money.h"
#include "core/estimate/ModelPresets.h"
#include "core/portfolio/CommitmentOptimizer.h"
#include "core/portfolio/Portfolio.h"
#include "core/portfolio/PortfolioBuild.h"
#include "core/portfolio/PortfolioDemand.h"
#include "core/portfolio/PortfolioFormat.h"
#include "core/portfolio/PortfolioPlan.h"
#include "db/CalibrationStore.h"
#include "db/SqliteCatalogRepository.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

// Each workload planned over the catalog in the database, read as the optimizer's candidates;
// pricedOn gets what the plans rest on (PortfolioBuild.h).
Result<PortfolioProblem> buildProblem(const Portfolio &portfolio, const QString &catalogPath, PlanRecord &pricedOn)
{
    CatalogSession session(catalogPath);
    auto repo = session.repository();
    if (!repo)
        return repo.error();
    auto data = readPlanningCatalog(*repo.value());
    if (!data)
        return data.error();
    auto resolver = repo.value()->gpuResolver();
    if (!resolver)
        return resolver.error();
    auto calibrations = db::loadCalibrations(repo.value()->database());
    if (!calibrations)
        return calibrations.error();
    PlanningCatalog &c = data.value();
    return buildPortfolioProblem(portfolio, {std::move(c.offers), std::move(c.gpus), c.info.providers, std::move(c.rates),
                                             std::move(c.rules), std::move(resolver).value(), std::move(calibrations).value()},
                                 &pricedOn);
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
