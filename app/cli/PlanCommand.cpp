#include "PlanCommand.h"

#include "core/common/Redact.h"
#include "CatalogSession.h"
#include "Cli.h"
#include "PreparedPlan.h"

#include "core/estimate/ModelPresets.h"
#include "core/io/BoundedFile.h"
#include "core/plan/PlanExplain.h"
#include "core/plan/Planner.h"
#include "core/plan/Scenario.h"
#include "core/plan/PlanActuals.h"
#include "core/plan/PlanRecord.h"
#include "core/plan/PricedOnFile.h"
#include "core/plan/PlanTotals.h"
#include "core/plan/Timeline.h"
#include "db/SqliteCatalogRepository.h"

#include <QCommandLineParser>
#include <QJsonDocument>

#include <algorithm>

#include <optional>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {


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
        err << "gpu-planner-cli " << name << ": unexpected argument " << core::quoteValue(positional.at(2)) << "\n";
        return ExitUsage;
    }
    const QString format = parser.value(QStringLiteral("format"));
    if (format != u"table" && format != u"csv" && format != u"json") {
        err << "gpu-planner-cli " << name << ": --format: " << core::quoteValue(format) << " is not one of table, csv, json\n";
        return ExitUsage;
    }
    return std::nullopt;
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
    parser.addOption({QStringLiteral("record"),
                      QStringLiteral("Write what this plan was priced on (catalog identity, prices, FX, calibrations, "
                                     "totals) into the scenario file, for a later --since.")});
    parser.addOption({QStringLiteral("since"),
                      QStringLiteral("Compare with the plan recorded in FILE (a scenario saved with --record or by the "
                                     "desktop): prices changed, offers withdrawn, the recommendation and the totals. "
                                     "Without SCENARIO.json, FILE is planned."),
                      QStringLiteral("FILE")});
    parser.addPositionalArgument(QStringLiteral("plan SCENARIO.json"), QStringLiteral("The command and a scenario file."));
    QStringList args = arguments;
    if (args.contains(QStringLiteral("--since")) || std::any_of(args.cbegin(), args.cend(), [](const QString &a) {
            return a.startsWith(QStringLiteral("--since="));
        })) {
        // `plan --since FILE` plans FILE itself.
        QCommandLineParser peek;
        peek.addOptions({{QStringLiteral("since"), QString(), QStringLiteral("FILE")},
                         {QStringLiteral("catalog"), QString(), QStringLiteral("PATH")},
                         {QStringLiteral("format"), QString(), QStringLiteral("F")},
                         {QStringLiteral("top"), QString(), QStringLiteral("N")},
                         {QStringLiteral("sort"), QString(), QStringLiteral("KEY")},
                         {QStringLiteral("record"), QString()}});
        if (peek.parse(args) && peek.positionalArguments().size() == 1)
            args.append(peek.value(QStringLiteral("since")));
    }
    if (auto answered = parse(parser, args, QStringLiteral("plan"), out, err))
        return *answered;
    bool ok = false;
    const int top = parser.value(QStringLiteral("top")).toInt(&ok);
    if (!ok || top < 0) {
        err << "gpu-planner-cli plan: --top: " << core::quoteValue(parser.value(QStringLiteral("top"))) << " is not a count\n";
        return ExitUsage;
    }
    std::optional<RankBy> sort;
    if (parser.isSet(QStringLiteral("sort"))) {
        sort = rankByFromId(parser.value(QStringLiteral("sort")));
        if (!sort) {
            err << "gpu-planner-cli plan: --sort: " << core::quoteValue(parser.value(QStringLiteral("sort")))
                << " is not one of cost, time, risk\n";
            return ExitUsage;
        }
    }
    const QString scenarioPath = parser.positionalArguments().at(1);
    // --record writes into the file only while it still holds what was planned.
    QByteArray plannedAs;
    if (parser.isSet(QStringLiteral("record"))) {
        auto fingerprint = fileFingerprint(scenarioPath);
        if (!fingerprint) {
            err << "gpu-planner-cli plan: " << fingerprint.errorMessage() << '\n';
            return ExitData;
        }
        plannedAs = std::move(fingerprint).value();
    }
    auto prepared = preparePlan(scenarioPath, parser.value(QStringLiteral("catalog")));
    if (!prepared) {
        err << "gpu-planner-cli plan: " << prepared.errorMessage() << '\n';
        return ExitData;
    }
    PreparedPlan &p = *prepared.value();
    if (sort && *sort != p.request.rankBy) {
        p.request.rankBy = *sort;
        p.planner.plan(p.request);
    }
    const QString format = parser.value(QStringLiteral("format"));
    // The same totals as the desktop and the report: the main run, and the whole project when
    // the scenario has phases.
    const auto timeline = p.scenario.phases.isEmpty() ? Result<Timeline>(Error{QString()}) : projectTimeline(p);
    const PlanTotals totals = planTotals(p.planner, p.request, timeline ? &timeline.value() : nullptr);
    std::optional<PlanSince> since;
    if (parser.isSet(QStringLiteral("since"))) {
        auto then = recordedPlan(parser.value(QStringLiteral("since")));
        if (!then) {
            err << "gpu-planner-cli plan: --since: " << then.errorMessage() << '\n';
            return ExitData;
        }
        since = comparePlan(then.value(), planFacts(p.planner, p.request, totals));
    }
    if (format == u"json") {
        QJsonObject json = planToJson(p.planner, p.request, top);
        json.insert(QStringLiteral("totals"), planTotalsToJson(totals));
        if (since)
            json.insert(QStringLiteral("since"), planSinceToJson(*since));
        out << QJsonDocument(json).toJson(QJsonDocument::Indented);
    } else if (format == u"csv") {
        out << planToCsv(p.planner, p.request, top);
    } else {
        if (since)
            out << planSinceText(*since) << '\n';
        out << planToTable(p.planner, p.request, top);
        if (const QStringList lines = planTotalsLines(totals); !lines.isEmpty())
            out << '\n' << lines.join(u'\n') << '\n';
    }
    if (parser.isSet(QStringLiteral("record"))) {
        const PlanRecord record = recordPlan(planFacts(p.planner, p.request, totals));
        if (auto written = writeRecord(scenarioPath, record, plannedAs); !written) {
            err << "gpu-planner-cli plan: --record: " << written.errorMessage() << '\n';
            return ExitData;
        }
        err << "Recorded in " << scenarioPath << " what this plan was priced on (" << record.identity() << ").\n";
    }
    return ExitOk;
}

int runTimeline(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Price a scenario's project phases month by month under strategies side by side (all on-demand, reserved "
        "base plus on-demand burst, spot where allowed, owning the hardware), with break-even months.\n"
        "When billing exports of the scenario's project are imported (`actuals import --project`), the actual\n"
        "spend per month is shown beside the plan with the variance and a forecast to the end of the plan."));
    addCommon(parser);
    parser.addOption({QStringLiteral("strategy"),
                      QStringLiteral("Hold the actuals against this strategy (default: the cheapest one you rent)."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("no-actuals"), QStringLiteral("Leave imported actual spend out.")});
    parser.addPositionalArgument(QStringLiteral("timeline SCENARIO.json"), QStringLiteral("The command and a scenario file."));
    if (auto answered = parse(parser, arguments, QStringLiteral("timeline"), out, err))
        return *answered;
    auto prepared = preparePlan(parser.positionalArguments().at(1), parser.value(QStringLiteral("catalog")));
    if (!prepared) {
        err << "gpu-planner-cli timeline: " << prepared.errorMessage() << '\n';
        return ExitData;
    }
    PreparedPlan &p = *prepared.value();
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
    std::optional<PlanActuals> actuals;
    if (!parser.isSet(QStringLiteral("no-actuals"))) {
        auto compared = loadPlanActuals(p, timeline.value(), parser.value(QStringLiteral("catalog")),
                                        parser.value(QStringLiteral("strategy")));
        if (!compared) {
            err << "gpu-planner-cli timeline: " << compared.errorMessage() << '\n';
            return ExitData;
        }
        if (compared.value().hasActuals())
            actuals = std::move(compared).value();
    }
    const PlanTotals totals = planTotals(p.planner, p.request, &timeline.value());
    if (format == u"json") {
        QJsonObject o = timelineToJson(timeline.value(), currency);
        o.insert(QStringLiteral("totals"), planTotalsToJson(totals));
        if (actuals)
            o.insert(QStringLiteral("plan_against_actual"), planActualsToJson(*actuals, currency));
        out << QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else if (format == u"csv") {
        out << (actuals ? planActualsToCsv(*actuals) : timelineToCsv(timeline.value()));
    } else {
        out << timelineToTable(timeline.value(), currency);
        out << '\n' << planTotalsLines(totals).join(u'\n') << '\n';
        if (actuals)
            out << '\n' << planActualsToTable(*actuals, currency);
    }
    return ExitOk;
}

} // namespace gpuplanner::cli
