#include "CatalogCommand.h"

#include "core/io/SafeFileWriter.h"
#include "core/common/Redact.h"
#include "Cli.h"
#include "CommandSupport.h"

#include "core/catalog/CatalogFormat.h"
#include "core/io/TextTable.h"
#include "db/CatalogExport.h"
#include "db/SqliteCatalogRepository.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

int info(db::SqliteCatalogRepository &repo, OutputFormat format, QTextStream &out, QTextStream &err)
{
    auto info = repo.info();
    if (!info) {
        err << programName() << ": " << info.errorMessage() << '\n';
        return ExitData;
    }
    out << formatCatalogInfo(info.value(), format);
    return ExitOk;
}

int history(db::SqliteCatalogRepository &repo, const QCommandLineParser &parser, OutputFormat format,
            QTextStream &out, QTextStream &err)
{
    const QString instance = parser.value(QStringLiteral("instance"));
    const QString region = parser.value(QStringLiteral("region"));
    if (instance.isEmpty() || region.isEmpty()) {
        err << programName() << " catalog history: --instance TYPE and --region R are required\n";
        return ExitUsage;
    }
    auto points = repo.priceHistory(instance, region);
    if (!points) {
        err << programName() << ": " << points.errorMessage() << '\n';
        return ExitData;
    }
    if (points->isEmpty()) {
        err << programName() << " catalog history: no offers of " << core::quoteValue(instance) << " in region " << core::quoteValue(region) << "\n";
        return ExitUsage;
    }
    if (format == OutputFormat::Json) {
        QJsonArray array;
        for (const PricePoint &p : points.value()) {
            array.append(QJsonObject{{QStringLiteral("provider"), p.provider},
                                     {QStringLiteral("instance_type"), p.instanceType},
                                     {QStringLiteral("region"), p.region},
                                     {QStringLiteral("billing"), billingId(p.billing)},
                                     {QStringLiteral("term_months"), p.termMonths},
                                     {QStringLiteral("upfront"), p.upfront},
                                     {QStringLiteral("price_per_hour"), p.pricePerHour},
                                     {QStringLiteral("upfront_fee"),
                                      p.upfrontFee ? QJsonValue(*p.upfrontFee) : QJsonValue(QJsonValue::Null)},
                                     {QStringLiteral("currency"), p.currency},
                                     {QStringLiteral("effective_date"), p.effectiveDate},
                                     {QStringLiteral("recorded_at"), p.recordedAt}});
        }
        out << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    TextTable table({QStringLiteral("BILLING"), QStringLiteral("TERM"), QStringLiteral("PRICE/H"),
                     QStringLiteral("CUR"), QStringLiteral("EFFECTIVE"), QStringLiteral("RECORDED")},
                    {false, true, true, false, false, false});
    for (const PricePoint &p : points.value()) {
        table.addRow({billingId(p.billing), p.termMonths ? QStringLiteral("%1 mo").arg(p.termMonths) : QString(),
                      QString::number(p.pricePerHour, 'f', 4), p.currency, p.effectiveDate, p.recordedAt});
    }
    out << table.render();
    return ExitOk;
}

int exportSnapshot(db::SqliteCatalogRepository &repo, const QString &file, QTextStream &out, QTextStream &err)
{
    auto snapshot = db::readSnapshot(repo.database());
    if (!snapshot) {
        err << programName() << ": " << snapshot.errorMessage() << '\n';
        return ExitData;
    }
    core::SafeWriteOptions options;
    options.namedByUser = true;
    if (auto written = core::writeFileSafely(file, serializeSnapshot(snapshot.value()), options); !written) {
        err << programName() << " catalog export: " << written.errorMessage() << '\n';
        return ExitData;
    }
    int offers = 0;
    for (const ImportBatch &b : snapshot->batches)
        offers += int(b.offers.size());
    out << "Wrote " << offers << " offers from " << snapshot->providers.size() << " providers to " << file << '\n';
    return ExitOk;
}

// Every offer a price check flagged, with the rule and the reason, and the count per rule.
int check(CatalogRepository &repo, bool strict, OutputFormat format, QTextStream &out, QTextStream &err)
{
    OfferQuery query;
    query.includeSuspect = true;
    auto offers = repo.offers(query);
    if (!offers) {
        err << programName() << ": " << offers.errorMessage() << '\n';
        return ExitData;
    }
    QMap<QString, int> perRule;
    QJsonArray flagged;
    TextTable table({QStringLiteral("RULE"), QStringLiteral("PROVIDER"), QStringLiteral("INSTANCE"),
                     QStringLiteral("REGION"), QStringLiteral("BILLING"), QStringLiteral("REASON")},
                    {false, false, false, false, false, false});
    int suspect = 0;
    for (const Offer &o : offers.value()) {
        if (!o.suspect())
            continue;
        ++suspect;
        for (const QString &finding : o.suspectReasons) {
            const QString rule = finding.section(QStringLiteral(": "), 0, 0);
            const QString reason = finding.section(QStringLiteral(": "), 1);
            ++perRule[rule];
            table.addRow({rule, o.provider, o.instanceType, o.region, billingId(o.billing), reason});
            flagged.append(QJsonObject{{QStringLiteral("rule"), rule}, {QStringLiteral("reason"), reason},
                                       {QStringLiteral("provider"), o.provider},
                                       {QStringLiteral("instance_type"), o.instanceType},
                                       {QStringLiteral("region"), o.region},
                                       {QStringLiteral("billing"), billingId(o.billing)},
                                       {QStringLiteral("term_months"), o.termMonths},
                                       {QStringLiteral("price_per_hour"), o.pricePerHour},
                                       {QStringLiteral("currency"), o.currency}});
        }
    }
    if (format == OutputFormat::Json) {
        QJsonObject counts;
        for (const QString &rule : priceRuleIds())
            counts.insert(rule, perRule.value(rule));
        out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("suspect_offers"), suspect},
                                                           {QStringLiteral("findings_per_rule"), counts},
                                                           {QStringLiteral("findings"), flagged}})
                                     .toJson(QJsonDocument::Indented));
    } else {
        out << table.render();
        QStringList parts;
        for (const QString &rule : priceRuleIds())
            parts.append(QStringLiteral("%1 %2").arg(perRule.value(rule)).arg(rule));
        out << QStringLiteral("%1 suspect offer(s): %2\n").arg(suspect).arg(parts.join(QStringLiteral(", ")));
        if (suspect > 0)
            out << QStringLiteral("Suspect offers are left out of recommendations unless the scenario includes them "
                                  "(constraints.include_suspect); `offers --include-suspect` lists them.\n");
    }
    return strict && suspect > 0 ? ExitData : ExitOk;
}

} // namespace

int runCatalog(const QStringList &args, CatalogSession &session, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Catalog commands:\n"
        "  catalog info                              sources, data dates, rows per provider and billing model\n"
        "  catalog history --instance TYPE --region R  recorded prices of an instance type in a region\n"
        "  catalog export FILE                       a portable snapshot with a checksum, for team mirrors\n"
        "  catalog check [--strict]                  every offer a price check flagged, with the rule and why;\n"
        "                                            --strict exits 2 when any is flagged"));
    addCommonOptions(parser);
    parser.addOptions({
        {QStringLiteral("format"), QStringLiteral("table or json."), QStringLiteral("F"), QStringLiteral("table")},
        {QStringLiteral("instance"), QStringLiteral("history: instance type."), QStringLiteral("TYPE")},
        {QStringLiteral("region"), QStringLiteral("history: region code."), QStringLiteral("R")},
        {QStringLiteral("strict"), QStringLiteral("check: exit 2 when any offer is flagged.")},
    });
    parser.addPositionalArgument(QStringLiteral("catalog"), QStringLiteral("info, history, check or export FILE."));
    if (auto answered = answerHelpOrUsageError(parser, args, QStringLiteral("catalog"), 3, out, err))
        return *answered;
    const QStringList positional = parser.positionalArguments();
    const QString sub = positional.value(1);
    if (sub != u"info" && sub != u"history" && sub != u"export" && sub != u"check") {
        err << programName() << " catalog: expected a subcommand: info, history, check or export\n";
        return ExitUsage;
    }
    if ((sub == u"export") != (positional.size() == 3)) {
        err << programName() << " catalog " << sub
            << (sub == u"export" ? QStringLiteral(": expected a file name") : QStringLiteral(": unexpected argument"))
            << '\n';
        return ExitUsage;
    }
    const auto format = outputFormatFromId(parser.value(QStringLiteral("format")));
    if (!format || *format == OutputFormat::Csv) {
        err << programName() << " catalog " << sub << ": --format: " << core::quoteValue(parser.value(QStringLiteral("format")))
            << " is not one of table, json\n";
        return ExitUsage;
    }
    auto repo = session.repository();
    if (!repo) {
        err << programName() << ": " << repo.errorMessage() << '\n';
        return ExitData;
    }
    if (sub == u"history")
        return history(*repo.value(), parser, *format, out, err);
    if (sub == u"export")
        return exportSnapshot(*repo.value(), positional.at(2), out, err);
    if (sub == u"check")
        return check(*repo.value(), parser.isSet(QStringLiteral("strict")), *format, out, err);
    return info(*repo.value(), *format, out, err);
}

} // namespace gpuplanner::cli
