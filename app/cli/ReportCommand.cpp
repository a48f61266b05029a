#include "ReportCommand.h"

#include "CatalogSession.h"
#include "Cli.h"
#include "CommandSupport.h"
#include "PreparedPlan.h"

#include "core/estimate/ModelPresets.h"
#include "core/plan/Planner.h"
#include "core/plan/Scenario.h"
#include "core/plan/Timeline.h"

#include <QCoreApplication>
#include <QTranslator>
#include "db/SqliteCatalogRepository.h"
#include "ui/report/ReportWriter.h"

#include <QGuiApplication>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

} // namespace

std::unique_ptr<QCoreApplication> createReportApplication(int &argc, char **argv)
{
    // Fonts and painting need a GUI application, but never a display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    return std::make_unique<QGuiApplication>(argc, argv);
}

int runReport(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    const QString name = QStringLiteral("report");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write a multi-page PDF report for a scenario: cover, executive summary, workload and constraints, "
        "assumptions, comparison of the top options, cost charts, timeline with break-even, catalog freshness "
        "and a disclaimer. Needs no display."));
    addCommonOptions(parser);
    parser.addOptions({
        {{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("The PDF file to write."), QStringLiteral("FILE")},
        {QStringLiteral("top"), QStringLiteral("Compare the best N options (default 10)."), QStringLiteral("N"),
         QStringLiteral("10")},
        {QStringLiteral("lang"), QStringLiteral("en or zh_CN (default en)."), QStringLiteral("LANG"), QStringLiteral("en")},
        {QStringLiteral("page-size"), QStringLiteral("A4 or Letter (default A4)."), QStringLiteral("SIZE"),
         QStringLiteral("A4")},
        {QStringLiteral("author"), QStringLiteral("Author named on the cover (default: none)."), QStringLiteral("NAME")},
    });
    parser.addPositionalArgument(QStringLiteral("report SCENARIO.json"), QStringLiteral("The command and a scenario file."));
    if (auto answered = answerHelpOrUsageError(parser, arguments, name, 2, out, err))
        return *answered;
    auto usage = [&](const QString &message) {
        err << programName() << ' ' << name << ": " << message << '\n';
        return int(ExitUsage);
    };
    if (parser.positionalArguments().size() < 2)
        return usage(QStringLiteral("missing SCENARIO.json"));
    if (parser.value(QStringLiteral("output")).isEmpty())
        return usage(QStringLiteral("-o/--output: missing the PDF file to write"));
    ui::ReportOptions options;
    bool ok = false;
    options.top = parser.value(QStringLiteral("top")).toInt(&ok);
    if (!ok || options.top < 1)
        return usage(QStringLiteral("--top: '%1' is not a positive count").arg(parser.value(QStringLiteral("top"))));
    options.language = parser.value(QStringLiteral("lang"));
    if (!ui::reportLanguages().contains(options.language))
        return usage(QStringLiteral("--lang: '%1' is not one of %2")
                         .arg(options.language, ui::reportLanguages().join(QStringLiteral(", "))));
    const QString size = parser.value(QStringLiteral("page-size"));
    if (size.compare(QStringLiteral("A4"), Qt::CaseInsensitive) == 0)
        options.pageSize = QPageSize::A4;
    else if (size.compare(QStringLiteral("Letter"), Qt::CaseInsensitive) == 0)
        options.pageSize = QPageSize::Letter;
    else
        return usage(QStringLiteral("--page-size: '%1' is not one of A4, Letter").arg(size));
    options.author = parser.value(QStringLiteral("author"));

    auto fail = [&](const QString &message) {
        err << programName() << ' ' << name << ": " << message << '\n';
        return int(ExitData);
    };
    // The plan's own sentences (reasons, billing names, timeline strategies) come from core in
    // the app's translation: a Chinese report has them in Chinese too.
    QTranslator planText;
    if (options.language != u"en" && planText.load(QStringLiteral(":/i18n/gpu_planner_%1.qm").arg(options.language)))
        QCoreApplication::installTranslator(&planText);
    auto prepared = preparePlan(parser.positionalArguments().at(1), parser.value(QStringLiteral("catalog")));
    if (!prepared)
        return fail(prepared.errorMessage());
    PreparedPlan &p = *prepared.value();
    ui::ReportInput input;
    input.scenario = p.scenario;
    input.request = p.request;
    input.planner = &p.planner;
    input.catalog = p.catalog;
    // No phases: the report says so in its own language.
    if (p.scenario.phases.isEmpty()) {
    } else if (auto rates = timelineRatesFromPlan(p.planner, p.scenario); !rates) {
        input.timelineProblem = rates.errorMessage();
    } else if (auto timeline = buildTimeline(p.scenario, rates.value(), p.request.assumptions.fx); !timeline) {
        input.timelineProblem = timeline.errorMessage();
    } else {
        input.timeline = std::move(timeline).value();
    }
    const QString output = parser.value(QStringLiteral("output"));
    ui::ReportWriter writer(std::move(input), options);
    if (auto written = writer.writePdf(output); !written)
        return fail(written.errorMessage());
    out << "Wrote " << output << " (" << writer.pageCount() << " pages)\n";
    return ExitOk;
}

} // namespace gpuplanner::cli
