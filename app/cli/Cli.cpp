#include "Cli.h"

#include "core/common/Redact.h"
#include "ActualsCommand.h"
#include "CalibrateCommand.h"
#include "CatalogCommand.h"
#include "RefreshCommand.h"

#include "CatalogSession.h"
#include "CommandSupport.h"
#include "EstimateCommand.h"
#include "PlanCommand.h"
#include "WatchCommand.h"
#include "PortfolioCommand.h"
#include "ReportHelper.h"

#include "core/catalog/CatalogFormat.h"
#include "db/CatalogFile.h"
#include "db/SqliteCatalogRepository.h"

#include <QCommandLineParser>

#include <cmath>
#include <QStandardPaths>

#include <memory>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

struct Failure
{
    int code;
    QString message;
};

QString globalHelp()
{
    return QStringLiteral(
        "Usage: gpu-planner-cli [--catalog PATH] COMMAND [OPTIONS]\n"
        "\n"
        "Plan GPU cloud rentals from a local offer catalog (works offline).\n"
        "\n"
        "Commands:\n"
        "  gpus            GPU models with their specs\n"
        "  offers          offers across every provider, with price per instance-hour and per GPU-hour\n"
        "  catalog info    sources, data dates, rows per provider and billing model, schema version\n"
        "  catalog history --instance TYPE --region R: recorded prices of an instance type\n"
        "  catalog export FILE: a portable snapshot with a checksum, for team mirrors\n"
        "  refresh         update prices from provider APIs, SkyPilot's hosted catalog or a mirror\n"
        "  estimate        memory fit, layout, time and GPU-hours of a workload on a GPU\n"
        "  plan FILE       rank offers and billing models for a scenario, with spot risk and a recommendation\n"
        "  timeline FILE   monthly and cumulative cost of a scenario's phases per strategy\n"
        "  portfolio FILE  commitments to buy for a team's workloads (GLPK), savings and the cost of being wrong;\n"
        "                  also `portfolio plan FILE`; --record keeps what it was priced on, --since says what moved\n"
        "  watch FILE...   saved plans that got cheaper or dearer since they were made, or reached a target (exit 3)\n"
        "  report FILE     PDF report for management: -o OUT.pdf [--top N] [--lang en|zh_CN] [--page-size A4|Letter]\n"
        "  report --benchmark RESULT.json... [SCENARIO] -o bench.pdf: measured GPUs side by side, cost per offer\n"
        "  probe --script  the benchmark probe (Python + PyTorch) to run on a rented machine\n"
        "  calibrate       import | list | remove probe results that calibrate the estimates\n"
        "  actuals         import | list | remove billing exports (actual spend against the plan);\n"
        "                  usage | reprice | recommend: what a bill ran, repriced, and what to commit to next\n"
        "\n"
        "Global options:\n"
        "  --catalog PATH  use this catalog file instead of the user's catalog\n"
        "  -h, --help      show help (also after a command)\n"
        "  -v, --version   show the version\n"
        "\n"
        "Exit status: 0 success, 1 usage error, 2 data error.\n");
}

// First argument that is not an option or the value of --catalog.
QString findCommand(const QStringList &args, qsizetype *index)
{
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString &a = args.at(i);
        if (a == u"--catalog") {
            ++i;
            continue;
        }
        if (!a.startsWith(u'-')) {
            *index = i;
            return a;
        }
    }
    *index = -1;
    return {};
}

std::optional<double> parseNumber(const QCommandLineParser &parser, const QString &option, Failure *failure)
{
    if (!parser.isSet(option))
        return std::nullopt;
    bool ok = false;
    const QString text = parser.value(option);
    const double v = text.toDouble(&ok);
    if (!ok || v < 0) {
        *failure = {ExitUsage, QStringLiteral("--%1: '%2' is not a non-negative number").arg(option, text)};
        return std::nullopt;
    }
    return v;
}

std::optional<OutputFormat> parseFormat(const QCommandLineParser &parser, Failure *failure)
{
    const QString id = parser.value(QStringLiteral("format"));
    auto format = outputFormatFromId(id);
    if (!format)
        *failure = {ExitUsage, QStringLiteral("--format: '%1' is not one of table, csv, json").arg(id)};
    return format;
}

using Session = CatalogSession;

int runGpus(const QStringList &args, Session &session, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("List GPU models with their specs."));
    addCommonOptions(parser);
    parser.addOption({QStringLiteral("vendor"), QStringLiteral("Only this vendor (NVIDIA, AMD, Intel, Google, ...)."),
                      QStringLiteral("V")});
    parser.addOption({QStringLiteral("min-memory"), QStringLiteral("Only GPUs with at least this memory."),
                      QStringLiteral("GiB")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("table, csv or json."), QStringLiteral("F"),
                      QStringLiteral("table")});
    parser.addPositionalArgument(QStringLiteral("gpus"), QStringLiteral("The command."));
    if (auto answered = answerHelpOrUsageError(parser, args, QStringLiteral("gpus"), 1, out, err))
        return *answered;
    Failure failure{ExitOk, {}};
    const auto minMemory = parseNumber(parser, QStringLiteral("min-memory"), &failure);
    const auto format = parseFormat(parser, &failure);
    if (failure.code != ExitOk) {
        err << programName() << " gpus: " << failure.message << '\n';
        return failure.code;
    }
    auto repo = session.repository();
    if (!repo) {
        err << programName() << ": " << repo.errorMessage() << '\n';
        return ExitData;
    }
    auto gpus = repo.value()->gpuModels();
    if (!gpus) {
        err << programName() << ": " << gpus.errorMessage() << '\n';
        return ExitData;
    }
    QList<GpuModel> selected;
    const QString vendor = parser.value(QStringLiteral("vendor"));
    for (const GpuModel &g : gpus.value()) {
        if (!vendor.isEmpty() && g.vendor.compare(vendor, Qt::CaseInsensitive) != 0)
            continue;
        if (minMemory && g.memoryGib.value_or(0) < *minMemory)
            continue;
        selected.append(g);
    }
    out << formatGpus(selected, *format);
    return ExitOk;
}

int runOffers(const QStringList &args, Session &session, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List offers across every provider with price per instance-hour and per GPU-hour.\n"
                       "Prices are in each offer's own currency; --max-price and sorting use USD (commitments:\n"
                       "the effective rate, upfront fee spread over the term). Offers a price check flagged as\n"
                       "suspect are left out unless --include-suspect is given."));
    addCommonOptions(parser);
    parser.addOptions({
        {QStringLiteral("gpu"), QStringLiteral("GPU model id or alias (H100, A100-80GB, L4, ...)."), QStringLiteral("ID")},
        {QStringLiteral("min-gpus"), QStringLiteral("At least N GPUs per instance."), QStringLiteral("N")},
        {QStringLiteral("provider"), QStringLiteral("Only these providers (comma-separated ids)."),
         QStringLiteral("p1,p2")},
        {QStringLiteral("region"), QStringLiteral("Region code glob, e.g. 'us-*'."), QStringLiteral("GLOB")},
        {QStringLiteral("geography"),
         QStringLiteral("North America, South America, Europe, Asia-Pacific, Mainland China, Middle East, Africa."),
         QStringLiteral("G")},
        {QStringLiteral("billing"), QStringLiteral("on_demand, spot, reserved, savings_plan or capacity_block."),
         QStringLiteral("B")},
        {QStringLiteral("term"), QStringLiteral("Commitments of this term only, in months (12 or 36)."),
         QStringLiteral("MONTHS")},
        {QStringLiteral("upfront"), QStringLiteral("Commitments with this upfront option: none, partial or all."),
         QStringLiteral("U")},
        {QStringLiteral("include-suspect"), QStringLiteral("Also list offers a price check flagged (marked '!').")},
        {QStringLiteral("max-price"), QStringLiteral("At most this price per instance-hour, in USD."),
         QStringLiteral("X")},
        {QStringLiteral("min-gpu-memory"), QStringLiteral("At least this memory per GPU."), QStringLiteral("GiB")},
        {QStringLiteral("sort"), QStringLiteral("price, price_per_gpu or gpu_memory."), QStringLiteral("KEY"),
         QStringLiteral("price")},
        {QStringLiteral("limit"), QStringLiteral("At most N offers."), QStringLiteral("N")},
        {QStringLiteral("format"), QStringLiteral("table, csv or json."), QStringLiteral("F"), QStringLiteral("table")},
    });
    parser.addPositionalArgument(QStringLiteral("offers"), QStringLiteral("The command."));
    if (auto answered = answerHelpOrUsageError(parser, args, QStringLiteral("offers"), 1, out, err))
        return *answered;

    Failure failure{ExitOk, {}};
    OfferQuery query;
    query.minGpus = parseNumber(parser, QStringLiteral("min-gpus"), &failure).value_or(0);
    query.maxPriceUsd = parseNumber(parser, QStringLiteral("max-price"), &failure);
    query.minGpuMemoryGib = parseNumber(parser, QStringLiteral("min-gpu-memory"), &failure).value_or(0);
    query.limit = int(parseNumber(parser, QStringLiteral("limit"), &failure).value_or(0));
    query.regionGlob = parser.value(QStringLiteral("region"));
    query.geography = parser.value(QStringLiteral("geography"));
    const auto format = parseFormat(parser, &failure);
    if (parser.isSet(QStringLiteral("billing"))) {
        query.billing = billingFromId(parser.value(QStringLiteral("billing")));
        if (!query.billing) {
            failure = {ExitUsage, QStringLiteral("--billing: '%1' is not one of %2")
                                      .arg(parser.value(QStringLiteral("billing")), billingIds().join(QStringLiteral(", ")))};
        }
    }
    if (parser.isSet(QStringLiteral("term"))) {
        const auto term = parseNumber(parser, QStringLiteral("term"), &failure);
        if (term && (*term < 1 || *term > 120 || *term != std::floor(*term)))
            failure = {ExitUsage, QStringLiteral("--term: %1 is not a whole number of months from 1 to 120")
                                      .arg(core::quoteValue(parser.value(QStringLiteral("term"))))};
        else if (term)
            query.termMonths = int(*term);
    }
    if (parser.isSet(QStringLiteral("upfront"))) {
        query.upfront = parser.value(QStringLiteral("upfront"));
        if (query.upfront != u"none" && query.upfront != u"partial" && query.upfront != u"all")
            failure = {ExitUsage, QStringLiteral("--upfront: %1 is not one of none, partial, all")
                                      .arg(core::quoteValue(query.upfront))};
    }
    if ((query.termMonths || !query.upfront.isEmpty()) && query.billing && !isCommitment(*query.billing))
        failure = {ExitUsage, QStringLiteral("--term and --upfront describe commitments; --billing %1 has none")
                                  .arg(billingId(*query.billing))};
    query.includeSuspect = parser.isSet(QStringLiteral("include-suspect"));
    const auto sort = offerSortFromId(parser.value(QStringLiteral("sort")));
    if (!sort)
        failure = {ExitUsage, QStringLiteral("--sort: '%1' is not one of price, price_per_gpu, gpu_memory")
                                  .arg(parser.value(QStringLiteral("sort")))};
    else
        query.sort = *sort;
    if (failure.code != ExitOk) {
        err << programName() << " offers: " << failure.message << '\n';
        return failure.code;
    }

    auto repo = session.repository();
    if (!repo) {
        err << programName() << ": " << repo.errorMessage() << '\n';
        return ExitData;
    }
    QString familyNote;
    if (parser.isSet(QStringLiteral("gpu"))) {
        const QString name = parser.value(QStringLiteral("gpu"));
        auto resolver = repo.value()->gpuResolver();
        if (!resolver) {
            err << programName() << ": " << resolver.errorMessage() << '\n';
            return ExitData;
        }
        // A family name (A100, V100, H100) is every variant of it, and the answer says which.
        query.gpus = resolver.value().family(name);
        if (!query.gpus.isEmpty()) {
            familyNote = QStringLiteral("--gpu %1: every %1 variant: %2 (name one, e.g. %3, for that one alone)")
                             .arg(name.trimmed(), query.gpus.join(QStringLiteral(", ")), query.gpus.constLast());
        } else {
            auto gpu = repo.value()->resolveGpu(name);
            if (!gpu) {
                err << programName() << " offers: --gpu: " << gpu.errorMessage() << '\n';
                return ExitUsage;
            }
            query.gpus = {gpu.value()};
        }
    }
    QHash<QString, QString> unpriced; // provider -> its note, for providers the catalog has no price for
    if (parser.isSet(QStringLiteral("provider"))) {
        auto info = repo.value()->info();
        if (!info) {
            err << programName() << ": " << info.errorMessage() << '\n';
            return ExitData;
        }
        QStringList known;
        for (const ProviderInfo &p : info.value().providers) {
            known.append(p.id);
            int priced = 0;
            for (int n : p.offersByBilling)
                priced += n;
            if (priced == 0)
                unpriced.insert(p.id, p.dataNote);
        }
        for (const QString &p : parser.value(QStringLiteral("provider")).split(u',', Qt::SkipEmptyParts)) {
            const QString id = p.trimmed().toLower();
            if (!known.contains(id)) {
                err << programName() << " offers: --provider: unknown provider " << core::quoteValue(p) << "; known: "
                    << known.join(QStringLiteral(", ")) << '\n';
                return ExitUsage;
            }
            query.providers.append(id);
        }
    }
    auto offers = repo.value()->offers(query);
    if (!offers) {
        err << programName() << ": " << offers.errorMessage() << '\n';
        return ExitData;
    }
    if (!familyNote.isEmpty()) {
        // Above a table; beside JSON and CSV, which stay machine-readable.
        if (*format == OutputFormat::Table)
            out << familyNote << "\n\n";
        else
            err << programName() << " offers: " << familyNote << '\n';
    }
    out << formatOffers(offers.value(), *format);
    // Say why a provider asked for shows nothing (Huawei Cloud ships without offline prices).
    for (const QString &p : std::as_const(query.providers)) {
        if (unpriced.contains(p))
            err << programName() << " offers: " << p << " has no prices in this catalog: " << unpriced.value(p) << '\n';
    }
    return ExitOk;
}

QString catalogOption(const QStringList &args)
{
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args.at(i) == u"--catalog" && i + 1 < args.size())
            return args.at(i + 1);
        if (args.at(i).startsWith(QStringLiteral("--catalog=")))
            return args.at(i).mid(10);
    }
    return {};
}

} // namespace

int run(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    qsizetype commandIndex = -1;
    const QString command = findCommand(arguments, &commandIndex);
    if (command.isEmpty()) {
        if (arguments.contains(QStringLiteral("--version")) || arguments.contains(QStringLiteral("-v"))) {
            out << "gpu-planner-cli " << GPUPLANNER_VERSION << '\n';
            return ExitOk;
        }
        if (arguments.contains(QStringLiteral("--help")) || arguments.contains(QStringLiteral("-h"))) {
            out << globalHelp();
            return ExitOk;
        }
        err << programName() << ": missing command\n\n" << globalHelp();
        return ExitUsage;
    }
    if (arguments.contains(QStringLiteral("--catalog")) && catalogOption(arguments).isEmpty()) {
        err << programName() << ": --catalog needs a file path\n";
        return ExitUsage;
    }
    Session session(catalogOption(arguments));
    if (command == u"gpus")
        return runGpus(arguments, session, out, err);
    if (command == u"offers")
        return runOffers(arguments, session, out, err);
    if (command == u"catalog")
        return runCatalog(arguments, session, out, err);
    if (command == u"refresh")
        return runRefresh(arguments, session, out, err);
    if (command == u"probe")
        return runProbe(arguments, out, err);
    if (command == u"calibrate")
        return runCalibrate(arguments, session, out, err);
    if (command == u"actuals")
        return runActuals(arguments, session, out, err);
    if (command == u"estimate")
        return runEstimate(arguments, out, err);
    if (command == u"plan")
        return runPlan(arguments, out, err);
    if (command == u"timeline")
        return runTimeline(arguments, out, err);
    if (command == u"portfolio")
        return runPortfolio(arguments, out, err);
    if (command == u"watch")
        return runWatch(arguments, out, err);
    if (command == u"report")
        return runReportHelper(arguments, out, err);
    err << programName() << ": unknown command " << core::quoteValue(command) << "\n\n" << globalHelp();
    return ExitUsage;
}

} // namespace gpuplanner::cli
