#include "ActualsAnalysis.h"

#include "Cli.h"
#include "CommandSupport.h"
#include "PortfolioCommand.h"
#include "PreparedPlan.h"

#include "core/actuals/BillUsageFormat.h"
#include "core/actuals/BillingStream.h"
#include "core/common/Redact.h"
#include "core/io/CsvReader.h"
#include "core/portfolio/BillPortfolio.h"
#include "core/portfolio/PortfolioFormat.h"
#include "db/SpendStore.h"
#include "db/SqliteCatalogRepository.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <algorithm>

namespace gpuplanner::cli {

using namespace gpuplanner::core;
using namespace gpuplanner::core::actuals;

namespace {

// A billing file's usage, streamed as `actuals import` reads it (nothing is stored).
Result<BillUsage> readFile(const QString &path, const QCommandLineParser &parser, const BillCatalog &bill)
{
    const QString formatId = parser.isSet(QStringLiteral("bill-format")) ? parser.value(QStringLiteral("bill-format"))
                                                                           : QStringLiteral("auto");
    const auto format = billingFormatFromId(formatId);
    if (!format)
        return Error{QStringLiteral("--bill-format: %1 is not one of %2")
                         .arg(quoteValue(formatId), billingFormatIds().join(QStringLiteral(", ")))};
    return readBillUsage(path, *format, bill);
}

// The stored lines of one import (`actuals list` shows the ids), with the regions their bill named.
Result<QList<SpendRecord>> readImport(const QString &idText, db::SqliteCatalogRepository &repo)
{
    bool ok = false;
    const qint64 id = idText.toLongLong(&ok);
    if (!ok || id <= 0)
        return Error{QStringLiteral("--id: %1 is not an import id").arg(quoteValue(idText))};
    auto imports = db::spendImports(repo.database());
    if (!imports)
        return imports.error();
    QString file;
    int sameName = 0;
    for (const SpendImportInfo &i : imports.value()) {
        if (i.id == id)
            file = i.sourceFile;
    }
    if (file.isEmpty())
        return Error{QStringLiteral("--id: no billing import %1 (`%2 actuals list` shows them)").arg(id).arg(programName())};
    for (const SpendImportInfo &i : imports.value())
        sameName += i.sourceFile == file ? 1 : 0;
    if (sameName > 1)
        return Error{QStringLiteral("--id %1: %2 was imported %3 times under that name; analyse the file itself instead")
                         .arg(id).arg(file).arg(sameName)};
    auto lines = db::allSpendLines(repo.database());
    if (!lines)
        return lines.error();
    QList<SpendRecord> out;
    for (const SpendRecord &r : lines.value()) {
        if (r.sourceFile == file)
            out.append(r);
    }
    return out;
}

QStringList listOption(const QCommandLineParser &parser, const QString &name)
{
    QStringList out;
    for (const QString &v : parser.values(name)) {
        for (const QString &part : v.split(u',', Qt::SkipEmptyParts))
            out << part.trimmed();
    }
    return out;
}

// "20%", "-10 %", "0.2" -> 0.2, -0.1, 0.2
std::optional<double> shareOption(const QString &text)
{
    QString t = text.trimmed();
    const bool percent = t.endsWith(u'%');
    if (percent)
        t = t.chopped(1).trimmed();
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return percent ? v / 100.0 : v;
}

int recommend(const BillUsage &usage, const QString &source, const QCommandLineParser &parser, const QString &format,
              QTextStream &out, QTextStream &err)
{
    const QString cmd = programName() + QStringLiteral(" actuals recommend: ");
    BillPortfolioOptions o;
    o.source = source;
    for (const auto &[name, target] : {std::pair{QStringLiteral("growth"), &o.growth},
                                       std::pair{QStringLiteral("shortfall"), &o.shortfall}}) {
        if (!parser.isSet(name))
            continue;
        const auto v = shareOption(parser.value(name));
        if (!v) {
            err << cmd << "--" << name << ": " << quoteValue(parser.value(name)) << " is not a share (20% or 0.2)\n";
            return ExitUsage;
        }
        *target = *v;
    }
    if (parser.isSet(QStringLiteral("months"))) {
        bool ok = false;
        o.months = parser.value(QStringLiteral("months")).toInt(&ok);
        if (!ok) {
            err << cmd << "--months: " << quoteValue(parser.value(QStringLiteral("months"))) << " is not a number of months\n";
            return ExitUsage;
        }
    }
    if (parser.isSet(QStringLiteral("start"))) {
        o.start = QDate::fromString(parser.value(QStringLiteral("start")) + QStringLiteral("-01"), Qt::ISODate);
        if (!o.start.isValid()) {
            err << cmd << "--start: " << quoteValue(parser.value(QStringLiteral("start"))) << " is not a month (YYYY-MM)\n";
            return ExitUsage;
        }
    }
    o.providers = listOption(parser, QStringLiteral("provider"));
    o.regions = listOption(parser, QStringLiteral("region"));
    o.sameGeography = !parser.isSet(QStringLiteral("any-geography"));
    auto started = portfolioFromUsage(usage, o);
    if (!started) {
        err << cmd << started.errorMessage() << '\n';
        return ExitData;
    }
    const QByteArray json = QJsonDocument(started->portfolio).toJson(QJsonDocument::Indented);
    QTemporaryDir tmp;
    QString path = parser.value(QStringLiteral("write-portfolio"));
    if (path.isEmpty()) {
        if (!tmp.isValid()) {
            err << cmd << "cannot create a temporary folder: " << tmp.errorString() << '\n';
            return ExitData;
        }
        path = tmp.filePath(QStringLiteral("portfolio.json"));
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(json) != json.size() || !file.flush()) {
        err << cmd << "--write-portfolio: " << path << ": cannot write: " << file.errorString() << '\n';
        return ExitData;
    }
    file.close();
    auto planned = planPortfolioFile(path, parser.value(QStringLiteral("catalog")));
    if (!planned) {
        err << cmd << planned.errorMessage() << '\n';
        return ExitData;
    }
    const PlannedPortfolio &p = planned.value();
    if (format == u"json") {
        QJsonObject o2 = portfolioToJson(*p.optimizer, p.plan, p.name);
        o2.insert(QStringLiteral("steady_usage"), steadyToJson(usage));
        o2.insert(QStringLiteral("notes"), QJsonArray::fromStringList(started->notes));
        if (parser.isSet(QStringLiteral("write-portfolio")))
            o2.insert(QStringLiteral("portfolio_file"), path);
        out << QJsonDocument(o2).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    const QJsonObject plan = portfolioToJson(*p.optimizer, p.plan, p.name);
    if (format == u"csv") {
        // The purchases, one per line, with where each price comes from.
        out << "month,provider,instance_type,region,commitment,term_months,quantity,upfront_total,per_month,whole_term,"
               "break_even_utilization,for,source\n";
        for (const QJsonValue &v : plan.value(QStringLiteral("purchases")).toArray()) {
            const QJsonObject e = v.toObject();
            const double q = e.contains(QStringLiteral("instances")) ? e.value(QStringLiteral("instances")).toDouble()
                                                                      : e.value(QStringLiteral("commit_per_hour")).toDouble();
            QStringList cells{e.value(QStringLiteral("month")).toString(), e.value(QStringLiteral("provider")).toString(),
                              e.value(QStringLiteral("instance_type")).toString(), e.value(QStringLiteral("region")).toString(),
                              e.value(QStringLiteral("label")).toString(),
                              QString::number(e.value(QStringLiteral("term_months")).toInt()), QString::number(q),
                              QString::number(e.value(QStringLiteral("upfront_total")).toDouble(), 'f', 2),
                              QString::number(e.value(QStringLiteral("per_month")).toDouble(), 'f', 2),
                              QString::number(e.value(QStringLiteral("whole_term")).toDouble(), 'f', 2),
                              QString::number(e.value(QStringLiteral("break_even_utilization")).toDouble()),
                              e.value(QStringLiteral("for")).toString(), e.value(QStringLiteral("source")).toString()};
            for (QString &c : cells)
                c = csvEscape(c);
            out << cells.join(u',') << '\n';
        }
        return ExitOk;
    }
    out << "Steady usage the plan commits to (the bursty rest stays on-demand or spot)\n" << steadyToTable(usage);
    for (const QString &n : started->notes)
        out << "note: " << n << '\n';
    if (parser.isSet(QStringLiteral("write-portfolio")))
        out << "Portfolio file written: " << path << " (`" << programName() << " portfolio plan " << path
            << "` plans it again)\n";
    out << '\n' << portfolioToTable(*p.optimizer, p.plan, p.name);
    return ExitOk;
}

} // namespace

void addActualsAnalysisOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {QStringLiteral("id"), QStringLiteral("usage/reprice/recommend: an import's stored lines instead of a file."),
         QStringLiteral("N")},
        {QStringLiteral("bill-format"), QStringLiteral("usage/reprice/recommend: the file's billing format (auto)."),
         QStringLiteral("F")},
        {QStringLiteral("provider"), QStringLiteral("reprice/recommend: other providers to consider (repeat or comma list)."),
         QStringLiteral("ID")},
        {QStringLiteral("region"), QStringLiteral("reprice/recommend: region globs to consider (us-*)."), QStringLiteral("GLOB")},
        {QStringLiteral("geography"), QStringLiteral("reprice: geographies other providers may be in (the usage's own)."), QStringLiteral("NAME")},
        {QStringLiteral("growth"), QStringLiteral("recommend: steady usage grows (20%) or shrinks (-10%)."), QStringLiteral("P")},
        {QStringLiteral("shortfall"), QStringLiteral("recommend: the low demand case, this much less (30%)."), QStringLiteral("P")},
        {QStringLiteral("months"), QStringLiteral("recommend: months to plan (12)."), QStringLiteral("N")},
        {QStringLiteral("start"), QStringLiteral("recommend: first month (the month after the bill)."), QStringLiteral("YYYY-MM")},
        {QStringLiteral("any-geography"), QStringLiteral("reprice/recommend: other providers and commitments in any geography, not only where it ran.")},
        {QStringLiteral("write-portfolio"), QStringLiteral("recommend: also write the portfolio file started from the bill."),
         QStringLiteral("FILE")},
    });
}

int runActualsAnalysis(const QString &sub, const QString &file, const QCommandLineParser &parser, CatalogSession &session,
                       QTextStream &out, QTextStream &err)
{
    const QString cmd = programName() + QStringLiteral(" actuals ") + sub + QStringLiteral(": ");
    const QString format = parser.isSet(QStringLiteral("format")) ? parser.value(QStringLiteral("format")) : QStringLiteral("table");
    if (format != u"table" && format != u"csv" && format != u"json") {
        err << cmd << "--format: " << quoteValue(format) << " is not one of table, csv, json\n";
        return ExitUsage;
    }
    if (file.isEmpty() == !parser.isSet(QStringLiteral("id"))) {
        err << cmd << "give a billing file or --id N (an import), not both\n";
        return ExitUsage;
    }
    auto repo = session.repository();
    if (!repo) {
        err << programName() << ": " << repo.errorMessage() << '\n';
        return ExitData;
    }
    auto catalog = readPlanningCatalog(*repo.value());
    if (!catalog) {
        err << cmd << catalog.errorMessage() << '\n';
        return ExitData;
    }
    const BillCatalog bill(catalog->offers);
    Result<BillUsage> read = Error{QString()};
    if (file.isEmpty()) {
        auto records = readImport(parser.value(QStringLiteral("id")), *repo.value());
        read = records ? Result<BillUsage>(billUsage(records.value(), bill)) : Result<BillUsage>(records.error());
    } else {
        read = readFile(file, parser, bill);
    }
    if (!read) {
        err << cmd << read.errorMessage() << '\n';
        return ExitData;
    }
    BillUsage usage = std::move(read).value();
    if (file.isEmpty()) {
        // Lines stored before the catalog kept regions read without one.
        const auto unplaced = std::count_if(usage.rows.cbegin(), usage.rows.cend(),
                                            [](const UsageRow &r) { return r.region.isEmpty(); });
        if (unplaced > 0)
            usage.notes << QStringLiteral("%1 usage row(s) of import %2 name no region (imported before GPU Planner kept "
                                          "regions, or the bill names none): `actuals remove` the import and import the "
                                          "file again to price them by region")
                               .arg(unplaced)
                               .arg(parser.value(QStringLiteral("id")));
    }
    const QString source = file.isEmpty() ? QStringLiteral("import %1").arg(parser.value(QStringLiteral("id")))
                                          : QFileInfo(file).fileName();
    if (sub == u"usage") {
        if (format == u"json")
            out << QJsonDocument(usageToJson(usage)).toJson(QJsonDocument::Indented);
        else
            out << (format == u"csv" ? usageToCsv(usage) : usageToTable(usage));
        return ExitOk;
    }
    if (sub == u"reprice") {
        RepriceOptions o;
        o.providers = listOption(parser, QStringLiteral("provider"));
        o.regions = listOption(parser, QStringLiteral("region"));
        o.geographies = listOption(parser, QStringLiteral("geography"));
        o.anyGeography = parser.isSet(QStringLiteral("any-geography"));
        o.rates = catalog->rates;
        const BillReprice rp = repriceUsage(usage, bill, o);
        if (format == u"json")
            out << QJsonDocument(repriceToJson(rp)).toJson(QJsonDocument::Indented);
        else
            out << (format == u"csv" ? repriceToCsv(rp) : repriceToTable(rp));
        return ExitOk;
    }
    return recommend(usage, source, parser, format, out, err);
}

} // namespace gpuplanner::cli
