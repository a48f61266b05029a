#include "PlanCommand.h"

#include "CatalogSession.h"
#include "Cli.h"

#include "core/estimate/ModelPresets.h"
#include "core/plan/PlanExplain.h"
#include "core/plan/Planner.h"
#include "core/plan/Scenario.h"
#include "core/plan/Timeline.h"
#include "db/SqliteCatalogRepository.h"

#include <QCommandLineParser>
#include <QJsonDocument>

#include <optional>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

struct Prepared
{
    Scenario scenario;
    PlanRequest request;
    Planner planner;
};

// Parses the command line shared by plan and timeline; returns an exit code when answered.
std::optional<int> parse(QCommandLineParser &parser, const QStringList &args, const QString &name, QTextStream &out,
                         QTextStream &err)
{
    if (!parser.parse(args)) {
        err << "gpu-planner-cli " << name << ": " << parser.errorText() << '\n';
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return ExitOk;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() < 2) {
        err << "gpu-planner-cli " << name << ": missing SCENARIO.json\n";
        return ExitUsage;
    }
    if (positional.size() > 2) {
        err << "gpu-planner-cli " << name << ": unexpected argument '" << positional.at(2) << "'\n";
        return ExitUsage;
    }
    const QString format = parser.value(QStringLiteral("format"));
    if (format != u"table" && format != u"csv" && format != u"json") {
        err << "gpu-planner-cli " << name << ": --format: '" << format << "' is not one of table, csv, json\n";
        return ExitUsage;
    }
    return std::nullopt;
}

// Loads the scenario and the catalog and plans; errors are data errors.
Result<std::unique_ptr<Prepared>> prepare(const QString &scenarioPath, const QString &catalogPath)
{
    auto presets = loadModelPresets();
    if (!presets)
        return presets.error();
    auto scenario = loadScenario(scenarioPath, presets.value());
    if (!scenario)
        return scenario.error();
    CatalogSession session(catalogPath);
    auto repo = session.repository();
    if (!repo)
        return repo.error();
    auto gpus = repo.value()->gpuModels();
    if (!gpus)
        return gpus.error();
    auto offers = repo.value()->offers(OfferQuery{});
    if (!offers)
        return offers.error();
    auto rules = loadBillingRules();
    if (!rules)
        return rules.error();

    auto p = std::make_unique<Prepared>();
    p->scenario = std::move(scenario).value();
    p->request = p->scenario.request();
    // The catalog's rates first; the scenario's own rates override them.
    FxTable fx = FxTable::fromOffers(offers.value());
    for (const FxRate &r : p->scenario.assumptions.fx.rates()) {
        if (r.currency != u"USD")
            fx.set(r);
    }
    p->request.assumptions.fx = fx;
    p->request.assumptions.billingRules = rules.value();
    if (!fx.has(p->request.displayCurrency))
        return Error{QStringLiteral("%1: display_currency: \"%2\" has no FX rate; add it under assumptions.fx")
                         .arg(scenarioPath, p->request.displayCurrency)};
    p->planner.setCatalog(std::move(offers).value(), gpus.value());
    p->planner.plan(p->request);
    return p;
}

void addCommon(QCommandLineParser &parser)
{
    parser.addHelpOption();
    parser.addOption({QStringLiteral("catalog"), QStringLiteral("Catalog database file."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("table, csv or json."), QStringLiteral("F"),
                      QStringLiteral("table")});
}

} // namespace

int runPlan(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Rank every offer and billing model for a scenario's workload: cost, time, spot risk (P50/P90, chance of "
        "meeting the deadline and budget), Pareto front and a recommendation."));
    addCommon(parser);
    parser.addOption({QStringLiteral("top"), QStringLiteral("Show the best N options (default 10; 0 = all)."),
                      QStringLiteral("N"), QStringLiteral("10")});
    parser.addOption({QStringLiteral("sort"), QStringLiteral("cost, time or risk (default: the scenario's, else cost)."),
                      QStringLiteral("KEY")});
    parser.addPositionalArgument(QStringLiteral("plan SCENARIO.json"), QStringLiteral("The command and a scenario file."));
    if (auto answered = parse(parser, arguments, QStringLiteral("plan"), out, err))
        return *answered;
    bool ok = false;
    const int top = parser.value(QStringLiteral("top")).toInt(&ok);
    if (!ok || top < 0) {
        err << "gpu-planner-cli plan: --top: '" << parser.value(QStringLiteral("top")) << "' is not a count\n";
        return ExitUsage;
    }
    std::optional<RankBy> sort;
    if (parser.isSet(QStringLiteral("sort"))) {
        sort = rankByFromId(parser.value(QStringLiteral("sort")));
        if (!sort) {
            err << "gpu-planner-cli plan: --sort: '" << parser.value(QStringLiteral("sort"))
                << "' is not one of cost, time, risk\n";
            return ExitUsage;
        }
    }
    auto prepared = prepare(parser.positionalArguments().at(1), parser.value(QStringLiteral("catalog")));
    if (!prepared) {
        err << "gpu-planner-cli plan: " << prepared.errorMessage() << '\n';
        return ExitData;
    }
    Prepared &p = *prepared.value();
    if (sort && *sort != p.request.rankBy) {
        p.request.rankBy = *sort;
        p.planner.plan(p.request);
    }
    const QString format = parser.value(QStringLiteral("format"));
    if (format == u"json")
        out << QJsonDocument(planToJson(p.planner, p.request, top)).toJson(QJsonDocument::Indented);
    else if (format == u"csv")
        out << planToCsv(p.planner, p.request, top);
    else
        out << planToTable(p.planner, p.request, top);
    return ExitOk;
}

int runTimeline(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Price a scenario's project phases month by month under strategies side by side (all on-demand, reserved "
        "base plus on-demand burst, spot where allowed, owning the hardware), with break-even months."));
    addCommon(parser);
    parser.addPositionalArgument(QStringLiteral("timeline SCENARIO.json"), QStringLiteral("The command and a scenario file."));
    if (auto answered = parse(parser, arguments, QStringLiteral("timeline"), out, err))
        return *answered;
    auto prepared = prepare(parser.positionalArguments().at(1), parser.value(QStringLiteral("catalog")));
    if (!prepared) {
        err << "gpu-planner-cli timeline: " << prepared.errorMessage() << '\n';
        return ExitData;
    }
    Prepared &p = *prepared.value();
    auto rates = timelineRatesFromPlan(p.planner, p.scenario);
    if (!rates) {
        err << "gpu-planner-cli timeline: " << rates.errorMessage() << '\n';
        return ExitData;
    }
    auto timeline = buildTimeline(p.scenario, rates.value(), p.request.assumptions.fx);
    if (!timeline) {
        err << "gpu-planner-cli timeline: " << timeline.errorMessage() << '\n';
        return ExitData;
    }
    const QString format = parser.value(QStringLiteral("format"));
    const QString &currency = p.request.displayCurrency;
    if (format == u"json")
        out << QJsonDocument(timelineToJson(timeline.value(), currency)).toJson(QJsonDocument::Indented);
    else if (format == u"csv")
        out << timelineToCsv(timeline.value());
    else
        out << timelineToTable(timeline.value(), currency);
    return ExitOk;
}

} // namespace gpuplanner::cli
