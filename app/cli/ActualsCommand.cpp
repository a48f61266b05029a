#include "ActualsCommand.h"

#include "Cli.h"
#include "CommandSupport.h"
#include "PreparedPlan.h"

#include "core/actuals/SpendLine.h"
#include "core/common/Redact.h"
#include "core/io/BoundedFile.h"
#include "core/io/TextTable.h"
#include "core/plan/Timeline.h"
#include "db/SqliteRealityStore.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>

namespace gpuplanner::cli {

using namespace gpuplanner::core;
using namespace gpuplanner::core::actuals;

namespace {

QString money(qint64 micros)
{
    return QString::number(double(micros) / 1e6, 'f', 2);
}

// Lines dated outside the scenario's timeline are an error naming each file row.
Status checkAgainstScenario(const BillingFile &file, const QString &scenarioPath, const QString &catalogPath)
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
    for (const SpendLine &l : file.lines) {
        const QDate d = l.usageStart.date(); // the bill's own day
        if (d < start || d >= end) {
            return Error{QStringLiteral("%1 row %2, usage start: %3 is outside the plan of %4 (%5 to %6); nothing imported")
                             .arg(file.sourceName)
                             .arg(l.sourceRow)
                             .arg(d.toString(Qt::ISODate), QFileInfo(scenarioPath).fileName(), timeline->months.first(),
                                  timeline->months.last())};
        }
    }
    return success();
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
    auto bytes = readBoundedFile(file, kMaxBillingFileBytes);
    if (!bytes) {
        err << programName() << " actuals import: " << bytes.errorMessage() << '\n';
        return ExitData;
    }
    const QString name = QFileInfo(file).fileName();
    if (parser.isSet(QStringLiteral("scenario"))) {
        auto parsed = parseBillingFile(bytes.value(), name, *format);
        if (!parsed) {
            err << programName() << " actuals import: " << parsed.errorMessage() << '\n';
            return ExitData;
        }
        if (auto s = checkAgainstScenario(parsed.value(), parser.value(QStringLiteral("scenario")),
                                          parser.value(QStringLiteral("catalog")));
            !s) {
            err << programName() << " actuals import: " << s.errorMessage() << '\n';
            return ExitData;
        }
    }
    auto path = session.path();
    if (!path) {
        err << programName() << ": " << path.errorMessage() << '\n';
        return ExitData;
    }
    const QString project = parser.value(QStringLiteral("project")).trimmed();
    auto outcome = db::SqliteRealityStore(path.value()).importSpend(bytes.value(), name, *format, project);
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
    if (o.replacedLines > 0)
        out << "  replaced " << o.replacedLines << " lines of earlier imports for the restated periods\n";
    // Totals per kind and currency, to the cent.
    std::map<std::pair<QString, QString>, qint64> totals;
    for (const SpendLine &l : o.parsed)
        totals[{chargeKindId(l.kind), l.currency}] += l.amountMicros;
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
        "      lines dated outside that scenario's plan. The same file twice counts once; a restated\n"
        "      billing period replaces the earlier import of it.\n"
        "  actuals list [--format json]\n"
        "  actuals remove ID"));
    addCommonOptions(parser);
    parser.addOptions({
        {QStringLiteral("format"), QStringLiteral("import: the export's format (auto); list: table or json."),
         QStringLiteral("F")},
        {QStringLiteral("project"), QStringLiteral("import: the project the spend belongs to."), QStringLiteral("NAME")},
        {QStringLiteral("scenario"), QStringLiteral("import: refuse lines outside this scenario's plan."),
         QStringLiteral("FILE")},
    });
    parser.addPositionalArgument(QStringLiteral("actuals"), QStringLiteral("import FILE, list or remove ID."));
    if (auto answered = answerHelpOrUsageError(parser, args, QStringLiteral("actuals"), 3, out, err))
        return *answered;
    const QStringList positional = parser.positionalArguments();
    const QString sub = positional.value(1);
    if (sub != u"import" && sub != u"list" && sub != u"remove") {
        err << programName() << " actuals: expected a subcommand: import FILE, list or remove ID\n";
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
