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

// Each workload planned over the catalog in the database, read as the optimizer's candidates.
Result<PortfolioProblem> buildProblem(const Portfolio &portfolio, const QString &catalogPath)
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
                                             std::move(c.rules), std::move(resolver).value(), std::move(calibrations).value()});
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
    auto presets = loadModelPresets();
    if (!presets) {
        err << "gpu-planner-cli portfolio: " << presets.errorMessage() << '\n';
        return ExitData;
    }
    auto portfolio = loadPortfolio(positional.at(1), presets.value());
    if (!portfolio) {
        err << "gpu-planner-cli portfolio: " << portfolio.errorMessage() << '\n';
        return ExitData;
    }
    auto problem = buildProblem(portfolio.value(), parser.value(QStringLiteral("catalog")));
    if (!problem) {
        err << "gpu-planner-cli portfolio: " << positional.at(1) << ": " << problem.errorMessage() << '\n';
        return ExitData;
    }
    const CommitmentOptimizer optimizer(std::move(problem).value());
    const Portfolio &p = portfolio.value();
    auto plan = planPortfolio(optimizer, p.sensitivityDemandDrop, p.sensitivityPriceCut);
    if (!plan) {
        err << "gpu-planner-cli portfolio: " << positional.at(1) << ": " << plan.errorMessage() << '\n';
        return ExitData;
    }
    const QString name = p.name.isEmpty() ? positional.at(1) : p.name;
    if (format == u"json")
        out << QJsonDocument(portfolioToJson(optimizer, plan.value(), name)).toJson(QJsonDocument::Indented);
    else
        out << portfolioToTable(optimizer, plan.value(), name);
    return ExitOk;
}

} // namespace gpuplanner::cli
