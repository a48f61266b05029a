#include "PortfolioCommand.h"

#include "CatalogSession.h"
#include "Cli.h"
#include "PreparedPlan.h"

#include "core/common/Redact.h"
#include "core/cost/Money.h"
#include "core/estimate/ModelPresets.h"
#include "core/plan/PricedOnFile.h"
#include "core/portfolio/CommitmentOptimizer.h"
#include "core/portfolio/Portfolio.h"
#include "core/portfolio/PortfolioBuild.h"
#include "core/portfolio/PortfolioDemand.h"
#include "core/portfolio/PortfolioFormat.h"
#include "core/portfolio/PortfolioPlan.h"
#include "core/portfolio/PortfolioRecord.h"
#include "db/CalibrationStore.h"
#include "db/SqliteCatalogRepository.h"

#include <QCommandLineParser>
#include <QJsonDocument>

#include <optional>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

// Each workload planned over the catalog in the database, read as the optimizer's candidates;
// basis gets what the plans rest on (PortfolioBuild.h), offers the catalog planned on.
Result<PortfolioProblem> buildProblem(const Portfolio &portfolio, const QString &catalogPath, PortfolioBasis &basis,
                                      QList<Offer> &offers)
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
    offers = c.offers;
    return buildPortfolioProblem(portfolio, {std::move(c.offers), std::move(c.gpus), c.info.providers, std::move(c.rates),
                                             std::move(c.rules), std::move(resolver).value(), std::move(calibrations).value()},
                                 &basis);
}

// What the portfolio's plan was priced on, as its file records it; errors name the file.
Result<PortfolioRecord> recordedPortfolio(const QString &path)
{
    auto json = readPricedOn(path, QStringLiteral("plan it with `portfolio plan FILE --record` first"));
    if (!json)
        return json.error();
    auto record = portfolioRecordFromJson(json.value());
    if (!record)
        return Error{QStringLiteral("%1: %2").arg(path, record.errorMessage())};
    return record;
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
    parser.addOption({QStringLiteral("record"),
                      QStringLiteral("Write what this plan was priced on (catalog identity, prices, FX, calibrations, "
                                     "purchases, totals) into the portfolio file as its priced_on, for a later --since.")});
    parser.addOption({QStringLiteral("since"),
                      QStringLiteral("Compare with the plan the file records (priced_on): prices changed, offers and "
                                     "commitments withdrawn, the purchase plan and the expected cost.")});
    parser.addPositionalArgument(QStringLiteral("portfolio [plan] PORTFOLIO.json"),
                                 QStringLiteral("The command (`plan` may be left out) and a portfolio file."));
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
    const QString path = positional.at(1);
    // --record writes into the file only while it still holds what was planned.
    QByteArray plannedAs;
    if (parser.isSet(QStringLiteral("record"))) {
        auto fingerprint = fileFingerprint(path);
        if (!fingerprint) {
            err << "gpu-planner-cli portfolio: " << fingerprint.errorMessage() << '\n';
            return ExitData;
        }
        plannedAs = std::move(fingerprint).value();
    }
    std::optional<PortfolioRecord> then;
    if (parser.isSet(QStringLiteral("since"))) {
        auto recorded = recordedPortfolio(path);
        if (!recorded) {
            err << "gpu-planner-cli portfolio: --since: " << recorded.errorMessage() << '\n';
            return ExitData;
        }
        then = std::move(recorded).value();
    }
    auto planned = planPortfolioFile(path, parser.value(QStringLiteral("catalog")));
    if (!planned) {
        err << "gpu-planner-cli portfolio: " << planned.errorMessage() << '\n';
        return ExitData;
    }
    const PlannedPortfolio &p = planned.value();
    const PortfolioFacts facts{*p.optimizer, p.plan, p.basis, p.catalog};
    std::optional<PortfolioSince> since;
    if (then)
        since = comparePortfolio(*then, facts);
    if (format == u"json") {
        QJsonObject json = portfolioToJson(*p.optimizer, p.plan, p.name);
        if (since)
            json.insert(QStringLiteral("since"), portfolioSinceToJson(*since));
        out << QJsonDocument(json).toJson(QJsonDocument::Indented);
    } else {
        if (since)
            out << portfolioSinceText(*since) << '\n';
        out << portfolioToTable(*p.optimizer, p.plan, p.name);
    }
    if (parser.isSet(QStringLiteral("record"))) {
        const PortfolioRecord record = recordPortfolio(facts);
        if (auto written = writePricedOnIfUnchanged(path, portfolioRecordToJson(record), plannedAs); !written) {
            err << "gpu-planner-cli portfolio: --record: " << written.errorMessage() << '\n';
            return ExitData;
        }
        err << "Recorded in " << path << " what this plan was priced on (" << record.identity() << ").\n";
    }
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
    PortfolioBasis basis;
    QList<Offer> offers;
    auto problem = buildProblem(portfolio.value(), catalogPath, basis, offers);
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
    out.basis = std::move(basis);
    out.catalog = std::move(offers);
    return out;
}
} // namespace gpuplanner::cli
