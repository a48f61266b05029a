#include "ReportCommand.h"

#include "core/io/SafeFileWriter.h"
#include "CatalogSession.h"
#include "Cli.h"
#include "CommandSupport.h"
#include "PortfolioCommand.h"
#include "PreparedPlan.h"
#include "core/io/BoundedFile.h"

#include "core/calibrate/BenchmarkComparison.h"
#include "core/common/Redact.h"
#include "core/cost/BillingCost.h"
#include "core/cost/Money.h"
#include "core/estimate/ModelPresets.h"
#include "core/plan/Planner.h"
#include "core/plan/Scenario.h"
#include "core/plan/Timeline.h"
#include "core/actuals/BillUsageFormat.h"
#include "core/portfolio/PortfolioFormat.h"

#include <QCoreApplication>
#include <QTranslator>
#include "db/SqliteCatalogRepository.h"
#include "ui/report/ReportWriter.h"

#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QJsonObject>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

// The probe results and the optional scenario of `report --benchmark`: a file whose "format" is
// "gpu-planner-scenario" is the scenario, every other one must be a probe result.
struct BenchmarkFiles
{
    QList<BenchmarkRun> runs;
    QString scenario;
};

Result<BenchmarkFiles> readBenchmarkFiles(const QStringList &paths)
{
    BenchmarkFiles files;
    for (const QString &path : paths) {
        // Probe documents and scenarios are small; a huge file is refused before it is read.
        auto read = readBoundedFile(path, 16 * 1024 * 1024);
        if (!read)
            return read.error();
        const QByteArray bytes = read.value();
        const QJsonObject root = QJsonDocument::fromJson(bytes).object();
        if (root.value(u"format").toString() == u"gpu-planner-scenario") {
            if (!files.scenario.isEmpty())
                return Error{QStringLiteral("%1: a second scenario (the first is %2); give one").arg(path, files.scenario)};
            files.scenario = path;
            continue;
        }
        auto probe = parseProbeResult(bytes, path);
        if (!probe)
            return probe.error();
        files.runs << BenchmarkRun{path, std::move(probe).value()};
    }
    if (files.runs.isEmpty())
        return Error{QStringLiteral("--benchmark: no probe result among the files given")};
    return files;
}

// The catalog and, with a scenario, its planned request (FX, billing rules, constraints).
Result<BenchmarkRequest> benchmarkRequest(const BenchmarkFiles &files, const QString &catalogPath)
{
    BenchmarkRequest r;
    r.runs = files.runs;
    if (!files.scenario.isEmpty()) {
        auto prepared = preparePlan(files.scenario, catalogPath);
        if (!prepared)
            return prepared.error();
        const PreparedPlan &p = *prepared.value();
        r.request = p.request;
        r.offers = p.planner.offers();
        r.gpus = p.planner.gpuModels();
        r.providers = p.catalog.providers;
        r.scenarioWorkload = true;
        r.scenarioName = p.scenario.name;
        return r;
    }
    CatalogSession session(catalogPath);
    auto repo = session.repository();
    if (!repo)
        return repo.error();
    auto data = readPlanningCatalog(*repo.value());
    if (!data)
        return data.error();
    PlanningCatalog &catalog = data.value();
    r.request.assumptions.fx = planningFxTable(catalog.offers, catalog.rates, FxTable{});
    r.request.assumptions.billingRules = catalog.rules;
    r.offers = std::move(catalog.offers);
    r.gpus = std::move(catalog.gpus);
    r.providers = catalog.info.providers;
    return r;
}

// The portfolio report's input: the plan `portfolio plan --format json` prints, and the names
// the file gives its workloads and providers.
ui::ReportInput portfolioInput(const PlannedPortfolio &planned)
{
    ui::ReportInput input;
    input.scenario.name = planned.name;
    input.request.displayCurrency = planned.portfolio.displayCurrency;
    ui::PortfolioReport r;
    r.plan = portfolioToJson(*planned.optimizer, planned.plan, planned.name);
    r.description = planned.portfolio.description;
    for (const PortfolioWorkload &w : planned.portfolio.workloads)
        r.workloads << w.name;
    r.demandDrop = planned.portfolio.sensitivityDemandDrop;
    r.priceCut = planned.portfolio.sensitivityPriceCut;
    r.catalogHash = planned.basis.pricedOn.shortHash();
    r.oldestPriceDate = planned.basis.pricedOn.oldestDate();
    r.newestPriceDate = planned.basis.pricedOn.newestDate();
    for (const CommitmentPool &pool : planned.portfolio.pools)
        r.pools << pool.provider;
    for (const WorkloadDemand &w : planned.optimizer->problem().workloads) {
        for (const Candidate &c : w.candidates)
            r.providerNames.insert(c.provider, c.providerLabel);
    }
    input.portfolio = std::move(r);
    return input;
}

Status writeText(const QString &path, const QByteArray &bytes, QTextStream &out)
{
    if (path == u"-") {
        out << QString::fromUtf8(bytes);
        return success();
    }
    SafeWriteOptions options;
    options.namedByUser = true;
    return writeFileSafely(path, bytes, options);
}

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
        "and a disclaimer (with imported actual spend, plan against actual). Needs no display.\n"
        "`report portfolio PORTFOLIO.json -o FILE.pdf`: a team portfolio's commitment plan as `portfolio plan` makes "
        "it: cover with the headline, purchase plan, utilisation chart, spend per provider and month, the cost of "
        "being wrong.\n"
        "With --benchmark, the files are probe results (and at most one scenario): the measured devices side by "
        "side against their catalog specs, each measured GPU's cheapest on-demand offers priced with that run's "
        "calibration for the scenario's workload (without one, each run's own training step), and the winner.\n"
        "Output format: --format when given; otherwise the -o file's extension (.csv, .json), else PDF. CSV and "
        "JSON (benchmark only) may go to standard output with -o -."));
    addCommonOptions(parser);
    parser.addOptions({
        {{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("The file to write (PDF; CSV or JSON with --benchmark)."),
         QStringLiteral("FILE")},
        {QStringLiteral("top"), QStringLiteral("Compare the best N options (default 10); with --benchmark, the cheapest N offers "
                                          "per measured GPU (default 5)."),
         QStringLiteral("N"),
         QStringLiteral("10")},
        {QStringLiteral("lang"), QStringLiteral("en or zh_CN (default en)."), QStringLiteral("LANG"), QStringLiteral("en")},
        {QStringLiteral("page-size"), QStringLiteral("A4 or Letter (default A4)."), QStringLiteral("SIZE"),
         QStringLiteral("A4")},
        {QStringLiteral("author"), QStringLiteral("Author named on the cover (default: none)."), QStringLiteral("NAME")},
        {QStringLiteral("no-actuals"), QStringLiteral("Leave imported actual spend out (no plan against actual page).")},
        {QStringLiteral("bill"),
         QStringLiteral("report portfolio: the billing file the portfolio was started from (`actuals recommend "
                        "--write-portfolio`): adds the page \"What we ran and what to buy next\"."),
         QStringLiteral("FILE")},
        {QStringLiteral("benchmark"),
         QStringLiteral("Benchmark report: the files are probe results (RESULT.json ...) and an optional scenario.")},
        {QStringLiteral("format"),
         QStringLiteral("pdf, csv or json (default: from the -o extension, else pdf; csv and json with --benchmark)."),
         QStringLiteral("F")},
    });
    parser.addPositionalArgument(QStringLiteral("report SCENARIO.json"),
                                 QStringLiteral("The command and a scenario file; with --benchmark, RESULT.json "
                                                "[RESULT2.json ...] [SCENARIO.json]."));
    if (auto answered = answerHelpOrUsageError(parser, arguments, name, 1000, out, err))
        return *answered;
    auto usage = [&](const QString &message) {
        err << programName() << ' ' << name << ": " << message << '\n';
        return int(ExitUsage);
    };
    const bool benchmark = parser.isSet(QStringLiteral("benchmark"));
    if (parser.positionalArguments().size() < 2)
        return usage(benchmark ? QStringLiteral("--benchmark: missing RESULT.json") : QStringLiteral("missing SCENARIO.json"));
    const bool portfolio = !benchmark && parser.positionalArguments().at(1) == u"portfolio";
    if (portfolio && parser.positionalArguments().size() < 3)
        return usage(QStringLiteral("portfolio: missing PORTFOLIO.json"));
    if (!benchmark && parser.positionalArguments().size() > (portfolio ? 3 : 2))
        return usage(QStringLiteral("unexpected argument %1")
                         .arg(core::quoteValue(parser.positionalArguments().at(portfolio ? 3 : 2))));
    if (parser.value(QStringLiteral("output")).isEmpty())
        return usage(QStringLiteral("-o/--output: missing the file to write"));
    QString format = parser.value(QStringLiteral("format")).toLower();
    if (format.isEmpty()) {
        const QString suffix = QFileInfo(parser.value(QStringLiteral("output"))).suffix().toLower();
        format = suffix == u"csv" || suffix == u"json" ? suffix : QStringLiteral("pdf");
    }
    if (format != u"pdf" && format != u"csv" && format != u"json")
        return usage(QStringLiteral("--format: '%1' is not one of pdf, csv, json").arg(format));
    if (format != u"pdf" && !benchmark)
        return usage(QStringLiteral("--format %1: only with --benchmark (a scenario's plan: `plan --format %1`)").arg(format));
    if (format == u"pdf" && parser.value(QStringLiteral("output")) == u"-")
        return usage(QStringLiteral("-o -: a PDF needs a file"));
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
    const QString output = parser.value(QStringLiteral("output"));
    if (portfolio) {
        auto planned = planPortfolioFile(parser.positionalArguments().at(2), parser.value(QStringLiteral("catalog")));
        if (!planned)
            return fail(planned.errorMessage());
        ui::ReportInput input = portfolioInput(planned.value());
        if (parser.isSet(QStringLiteral("bill"))) {
            const QString billPath = parser.value(QStringLiteral("bill"));
            const core::actuals::BillCatalog catalog(planned->catalog);
            auto read = core::actuals::readBillUsage(billPath, core::actuals::BillingFormat::Auto, catalog);
            if (!read)
                return fail(QStringLiteral("--bill: %1").arg(read.errorMessage()));
            const core::actuals::BillUsage &usage = read.value();
            core::actuals::RepriceOptions reprice;
            CatalogSession ratesSession(parser.value(QStringLiteral("catalog")));
            if (auto repo = ratesSession.repository(); repo) {
                if (auto rates = repo.value()->fxRates(); rates)
                    reprice.rates = rates.value();
            }
            input.portfolio->bill = core::actuals::billSummaryJson(QFileInfo(billPath).fileName(), usage,
                                                                  core::actuals::repriceUsage(usage, catalog, reprice));
        }
        ui::ReportWriter writer(std::move(input), options);
        if (auto written = writer.writePdf(output); !written)
            return fail(written.errorMessage());
        out << "Wrote " << output << " (" << writer.pageCount() << " pages)\n";
        return ExitOk;
    }
    if (benchmark) {
        options.top = parser.isSet(QStringLiteral("top")) ? options.top : 5;
        auto files = readBenchmarkFiles(parser.positionalArguments().mid(1));
        if (!files)
            return fail(files.errorMessage());
        auto request = benchmarkRequest(files.value(), parser.value(QStringLiteral("catalog")));
        if (!request)
            return fail(request.errorMessage());
        request.value().top = options.top;
        const PlanRequest planRequest = request.value().request;
        auto compared = compareBenchmarks(request.value());
        if (!compared)
            return fail(compared.errorMessage());
        if (format != u"pdf") {
            const QByteArray bytes = format == u"csv"
                ? benchmarkToCsv(compared.value()).toUtf8()
                : QJsonDocument(benchmarkToJson(compared.value())).toJson(QJsonDocument::Indented);
            if (auto written = writeText(output, bytes, out); !written)
                return fail(written.errorMessage());
            if (output != u"-")
                out << "Wrote " << output << '\n';
            return ExitOk;
        }
        ui::ReportInput input;
        input.benchmark = std::move(compared).value();
        input.scenario.name = input.benchmark->scenarioName;
        input.request = planRequest; // the display currency and FX the offers were priced with
        ui::ReportWriter writer(std::move(input), options);
        if (auto written = writer.writePdf(output); !written)
            return fail(written.errorMessage());
        out << "Wrote " << output << " (" << writer.pageCount() << " pages)\n";
        return ExitOk;
    }
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
        if (!parser.isSet(QStringLiteral("no-actuals"))) {
            auto compared = loadPlanActuals(p, *input.timeline, parser.value(QStringLiteral("catalog")));
            if (!compared)
                return fail(compared.errorMessage());
            if (compared.value().hasActuals())
                input.actuals = std::move(compared).value();
        }
    }
    ui::ReportWriter writer(std::move(input), options);
    if (auto written = writer.writePdf(output); !written)
        return fail(written.errorMessage());
    out << "Wrote " << output << " (" << writer.pageCount() << " pages)\n";
    return ExitOk;
}

} // namespace gpuplanner::cli
