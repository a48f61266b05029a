#include "ActualsCommand.h"

#include "ActualsAnalysis.h"

#include "Cli.h"
#include "CommandSupport.h"
#include "PreparedPlan.h"

#include "core/actuals/BillingStream.h"
#include "core/actuals/SpendLine.h"
#include "core/common/Redact.h"
#include "core/io/TextTable.h"
#include "core/plan/Timeline.h"
#include "db/SqliteRealityStore.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>
#include <memory>

namespace gpuplanner::cli {

using namespace gpuplanner::core;
using namespace gpuplanner::core::actuals;

namespace {

QString money(qint64 micros)
{
    return QString::number(double(micros) / 1e6, 'f', 2);
}

// A line dated outside the scenario's timeline refuses the file, naming the row.
Result<std::function<std::optional<Error>(const SpendLine &)>> scenarioCheck(const QString &sourceName,
                                                                            const QString &scenarioPath,
                                                                            const QString &catalogPath)
{
    auto prepared = preparePlan(scenarioPath, catalogPath);
    if (!prepared)
        return prepared.error();
    PreparedPlan &p = *prepared.value();
    auto rates = timelineRatesFromPlan(p.planner, p.scenario);
    if (!rates)
        return rates.error();
    auto timeline = buildTimeline(p.scenario, rates.value(), p.request.assumptions.fx);
    if (!timeline)
        return timeline.error();
    const QDate start(timeline->start.year(), timeline->start.month(), 1);
    const QDate end = start.addMonths(int(timeline->months.size()));
    const QString scenario = QFileInfo(scenarioPath).fileName();
    const QString first = timeline->months.first();
    const QString last = timeline->months.last();
    return std::function<std::optional<Error>(const SpendLine &)>(
        [=](const SpendLine &l) -> std::optional<Error> {
            const QDate d = l.usageStart.date(); // the bill's own day
            if (d >= start && d < end)
                return std::nullopt;
            return Error{QStringLiteral("%1 row %2, usage start: %3 is outside the plan of %4 (%5 to %6); nothing imported")
                             .arg(sourceName)
                             .arg(l.sourceRow)
                             .arg(d.toString(Qt::ISODate), scenario, first, last)};
        });
}

// A progress line on stderr for a file that takes more than a few seconds: every few seconds,
// bytes read of the file's size.
ReadProgress progressLines(const QString &name, QTextStream &err)
{
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    constexpr qint64 kFirstAfterMs = 2000;
    constexpr qint64 kEveryMs = 3000;
    auto lastShown = std::make_shared<qint64>(kFirstAfterMs - kEveryMs);
    return [=, &err](qint64 done, qint64 total) {
        const qint64 now = clock->elapsed();
        if (now < kFirstAfterMs || now - *lastShown < kEveryMs)
            return true;
        *lastShown = now;
        constexpr double kMiB = 1024.0 * 1024.0;
        err << programName() << " actuals import: " << name << ": " << QString::number(double(done) / kMiB, 'f', 0);
        if (total > 0)
            err << " of " << QString::number(double(total) / kMiB, 'f', 0) << " MiB read ("
                << QString::number(100.0 * double(done) / double(total), 'f', 0) << " %)";
        else
            err << " MiB read";
        err << '\n';
        err.flush();
        return true;
    };
}

int importFile(const QCommandLineParser &parser, const QString &file, CatalogSession &session, QTextStream &out,
               QTextStream &err)
{
    const QString formatId = parser.isSet(QStringLiteral("format")) ? parser.value(QStringLiteral("format")) : QStringLiteral("auto");
    const auto format = billingFormatFromId(formatId);
    if (!format) {
        err << programName() << " actuals import: --format: " << quoteValue(formatId)
            << " is not one of " << billingFormatIds().join(QStringLiteral(", ")) << '\n';
        return ExitUsage;
    }
    const QString name = QFileInfo(file).fileName();
    SpendImportOptions options;
    options.progress = progressLines(name, err);
    if (parser.isSet(QStringLiteral("scenario"))) {
        auto check = scenarioCheck(name, parser.value(QStringLiteral("scenario")), parser.value(QStringLiteral("catalog")));
        if (!check) {
            err << programName() << " actuals import: " << check.errorMessage() << '\n';
            return ExitData;
        }
        options.lineCheck = std::move(check).value();
    }
    auto path = session.path();
    if (!path) {
        err << programName() << ": " << path.errorMessage() << '\n';
        return ExitData;
    }
    const QString project = parser.value(QStringLiteral("project")).trimmed();
    auto outcome = db::SqliteRealityStore(path.value()).importSpendFile(file, name, *format, project, options);
    if (!outcome) {
        err << programName() << " actuals import: " << outcome.errorMessage() << '\n';
        return ExitData;
    }
    const SpendImportSummary &o = outcome.value();
    if (o.duplicate) {
        out << name << ": already imported (import " << o.importId << "); counted once, nothing changed\n";
        return ExitOk;
    }
    out << "import " << o.importId << ": " << o.lines << " lines from " << name << " ("
        << billingFormatId(o.format) << "), periods " << o.periods.join(QStringLiteral(", "));
    if (!project.isEmpty())
        out << ", project " << project;
    out << '\n';
    // Line for line, per earlier import and period, with the command that puts them back.
    for (const SpendReplacement &r : o.replaced)
        out << "  replaced " << r.lines << (r.lines == 1 ? " line" : " lines") << " of import " << r.importId << " ("
            << r.sourceFile << ") in " << r.period << "; `" << programName() << " actuals remove " << o.importId
            << "` puts " << (r.lines == 1 ? "it" : "them") << " back\n";
    // Totals per kind and currency, to the cent.
    std::map<std::pair<QString, QString>, qint64> totals;
    for (const auto &[key, micros] : o.totals)
        totals[{chargeKindId(key.first), key.second}] += micros;
    for (const auto &[key, micros] : totals)
        out << "  " << key.first << ' ' << key.second << ' ' << money(micros) << '\n';
    for (const QString &n : o.notes)
        out << "  note: " << n << '\n';
    return ExitOk;
}

int list(CatalogSession &session, const QString &format, QTextStream &out, QTextStream &err)
{
    auto path = session.path();
    if (!path) {
        err << programName() << ": " << path.errorMessage() << '\n';
        return ExitData;
    }
    auto imports = db::SqliteRealityStore(path.value()).spendImports();
    if (!imports) {
        err << programName() << " actuals list: " << imports.errorMessage() << '\n';
        return ExitData;
    }
    if (format == u"json") {
        QJsonArray rows;
        for (const SpendImportInfo &i : imports.value())
            rows.append(QJsonObject{{QStringLiteral("id"), i.id}, {QStringLiteral("file"), i.sourceFile},
                                    {QStringLiteral("format"), i.format}, {QStringLiteral("project"), i.project},
                                    {QStringLiteral("imported_at"), i.importedAt}, {QStringLiteral("lines"), i.lines},
                                    {QStringLiteral("periods"), QJsonArray::fromStringList(i.periods)}});
        out << QJsonDocument(rows).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    if (imports.value().isEmpty()) {
        out << "no billing imports: `gpu-planner-cli actuals import FILE --project NAME`\n";
        return ExitOk;
    }
    TextTable table({QStringLiteral("ID"), QStringLiteral("File"), QStringLiteral("Format"), QStringLiteral("Project"),
                     QStringLiteral("Lines"), QStringLiteral("Periods"), QStringLiteral("Imported")},
                    {true, false, false, false, true, false, false});
    for (const SpendImportInfo &i : imports.value())
        table.addRow({QString::number(i.id), i.sourceFile, i.format, i.project, QString::number(i.lines),
                      i.periods.join(u' '), i.importedAt});
    out << table.render();
    return ExitOk;
}

} // namespace

int runActuals(const QStringList &args, CatalogSession &session, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Actual spend from billing exports, for `timeline` to hold against the plan.\n"
        "  actuals import FILE [--format F] [--project NAME] [--scenario S]\n"
        "      F: auto (default), aws-cur, azure, gcp, focus, alibaba, tencent, huawei or csv.\n"
        "      --project files the lines under a project (a scenario's \"project\"); --scenario refuses\n"
        "      lines dated outside that scenario's plan. The same file twice counts once; a line\n"
        "      imported again (a corrected or restated bill) replaces its earlier copy, line for\n"
        "      line, and removing the new import puts the earlier one back.\n"
        "  actuals list [--format json]\n"
        "  actuals remove ID\n"
        "  actuals usage FILE|--id N [--bill-format F] [--format table|csv|json]\n"
        "      GPU usage per month (GPU model, GPUs per instance, region, billing model, hours, spend),\n"
        "      every unrecognised GPU line with its spend, and the steady part (present every month).\n"
        "  actuals reprice FILE|--id N [--provider P] [--region GLOB] [--geography G] [--format ...]\n"
        "      The same usage on-demand, on spot, under each commitment the provider sells and on the\n"
        "      cheapest other provider with the same GPU model and count; each price with source and date.\n"
        "  actuals recommend FILE|--id N [--growth P] [--shortfall P] [--months N] [--start YYYY-MM]\n"
        "      [--provider P] [--region GLOB] [--any-geography] [--write-portfolio FILE] [--format ...]\n"
        "      What to commit to next: the portfolio optimizer fed with the bill's steady usage."));
    addCommonOptions(parser);
    parser.addOptions({
        {QStringLiteral("format"), QStringLiteral("import: the export's format (auto); list: table or json; "
                                                  "usage/reprice/recommend: table, csv or json."),
         QStringLiteral("F")},
        {QStringLiteral("project"), QStringLiteral("import: the project the spend belongs to."), QStringLiteral("NAME")},
        {QStringLiteral("scenario"), QStringLiteral("import: refuse lines outside this scenario's plan."),
         QStringLiteral("FILE")},
    });
    addActualsAnalysisOptions(parser);
    parser.addPositionalArgument(QStringLiteral("actuals"),
                                 QStringLiteral("import FILE, list, remove ID, usage FILE, reprice FILE or recommend FILE."));
    if (auto answered = answerHelpOrUsageError(parser, args, QStringLiteral("actuals"), 3, out, err))
        return *answered;
    const QStringList positional = parser.positionalArguments();
    const QString sub = positional.value(1);
    if (sub == u"usage" || sub == u"reprice" || sub == u"recommend") {
        if (positional.size() > 3) {
            err << programName() << " actuals " << sub << ": unexpected argument " << quoteValue(positional.at(3)) << '\n';
            return ExitUsage;
        }
        return runActualsAnalysis(sub, positional.value(2), parser, session, out, err);
    }
    if (sub != u"import" && sub != u"list" && sub != u"remove") {
        err << programName() << " actuals: expected a subcommand: import FILE, list, remove ID, usage, reprice or recommend\n";
        return ExitUsage;
    }
    const bool takesArgument = sub != u"list";
    if (takesArgument != (positional.size() == 3)) {
        err << programName() << " actuals " << sub
            << (takesArgument ? (sub == u"import" ? ": expected a file name" : ": expected an import id")
                              : ": unexpected argument")
            << '\n';
        return ExitUsage;
    }
    if (sub == u"import")
        return importFile(parser, positional.at(2), session, out, err);
    if (sub == u"list") {
        const QString format = parser.isSet(QStringLiteral("format")) ? parser.value(QStringLiteral("format")) : QStringLiteral("table");
        if (format != u"table" && format != u"json") {
            err << programName() << " actuals list: --format: " << quoteValue(format) << " is not one of table, json\n";
            return ExitUsage;
        }
        return list(session, format, out, err);
    }
    bool ok = false;
    const qint64 id = positional.at(2).toLongLong(&ok);
    if (!ok || id <= 0) {
        err << programName() << " actuals remove: " << quoteValue(positional.at(2)) << " is not an import id\n";
        return ExitUsage;
    }
    auto path = session.path();
    if (!path) {
        err << programName() << ": " << path.errorMessage() << '\n';
        return ExitData;
    }
    if (auto s = db::SqliteRealityStore(path.value()).removeSpendImport(id); !s) {
        err << programName() << " actuals remove: " << s.errorMessage() << '\n';
        return ExitData;
    }
    out << "removed billing import " << id << '\n';
    return ExitOk;
}

} // namespace gpuplanner::cli
