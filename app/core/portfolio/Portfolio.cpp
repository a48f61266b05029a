#include "core/portfolio/Portfolio.h"

#include "core/io/BoundedFile.h"
#include "core/plan/JsonReader.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace gpuplanner::core {

namespace {

const QString kFormat = QStringLiteral("gpu-planner-portfolio");
const QString kScenarioFormat = QStringLiteral("gpu-planner-scenario");

QString item(const QString &path, qsizetype i)
{
    return QStringLiteral("%1[%2]").arg(path).arg(i);
}

std::optional<QDate> readMonth(JsonReader &r, const QJsonObject &o, const QString &key)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return std::nullopt;
    QDate d = QDate::fromString(v.toString() + QStringLiteral("-01"), Qt::ISODate);
    if (!d.isValid())
        d = QDate::fromString(v.toString(), Qt::ISODate);
    if (!d.isValid()) {
        r.fail(key, o.value(key), ScenarioText::tr("is not a month (2026-09)"));
        return std::nullopt;
    }
    return QDate(d.year(), d.month(), 1);
}

void readPools(JsonReader &r, const QJsonArray &array, QList<CommitmentPool> &pools)
{
    for (qsizetype i = 0; i < array.size() && !r.failed(); ++i) {
        const QString path = item(QStringLiteral("pools"), i);
        if (!array.at(i).isObject()) {
            r.fail(path, array.at(i), ScenarioText::tr("is not an object"));
            return;
        }
        const QJsonObject o = array.at(i).toObject();
        r.checkKeys(o, path, {u"provider", u"billing"});
        CommitmentPool pool;
        pool.provider = r.string(o, path, u"provider").value_or(QString());
        if (!r.failed() && pool.provider.isEmpty())
            r.fail(JsonReader::join(path, QStringLiteral("provider")), ScenarioText::tr("missing (e.g. \"aws\")"));
        const QStringList billing = r.strings(o, path, u"billing").value_or(QStringList());
        for (qsizetype b = 0; b < billing.size() && !r.failed(); ++b) {
            const auto kind = billingFromId(billing.at(b));
            if (!kind || !isCommitment(*kind))
                r.fail(item(JsonReader::join(path, QStringLiteral("billing")), b), QJsonValue(billing.at(b)),
                       ScenarioText::tr("is not one of reserved, savings_plan, capacity_block"));
            else
                pool.billing.append(*kind);
        }
        pools.append(pool);
    }
}

// The scenario object a workload names (a file relative to baseDir) or embeds.
std::optional<QJsonObject> scenarioObject(JsonReader &r, const QJsonObject &o, const QString &path,
                                          const QString &baseDir, QString &file)
{
    const QString key = JsonReader::join(path, QStringLiteral("scenario"));
    const QJsonValue v = o.value(QStringLiteral("scenario"));
    if (v.isObject()) {
        QJsonObject embedded = v.toObject();
        if (!embedded.contains(QStringLiteral("format")))
            embedded.insert(QStringLiteral("format"), kScenarioFormat);
        if (!embedded.contains(QStringLiteral("version")))
            embedded.insert(QStringLiteral("version"), kScenarioVersion);
        return embedded;
    }
    if (!v.isString() || v.toString().isEmpty()) {
        r.fail(key, v, v.isUndefined() ? ScenarioText::tr("missing (a scenario file or object)")
                                       : ScenarioText::tr("is not a scenario file or object"));
        return std::nullopt;
    }
    const QString name = v.toString();
    file = name.startsWith(u':') ? name : QDir(baseDir).absoluteFilePath(name);
    if (!QFileInfo(file).isFile()) {
        r.fail(key, QStringLiteral("file not found: %1").arg(file));
        return std::nullopt;
    }
    auto data = readBoundedFile(file, kMaxScenarioBytes);
    if (!data) {
        r.fail(key, data.errorMessage());
        return std::nullopt;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(data.value(), &error);
    if (doc.isNull() || !doc.isObject()) {
        r.fail(key, QStringLiteral("%1: not a JSON object (%2)").arg(file, error.errorString()));
        return std::nullopt;
    }
    return doc.object();
}

void readWorkloads(JsonReader &r, const QJsonArray &array, const QString &baseDir, const QList<ModelPreset> &presets,
                   QList<PortfolioWorkload> &workloads)
{
    if (array.isEmpty())
        r.fail(QStringLiteral("workloads"), ScenarioText::tr("is empty (give at least one workload)"));
    if (array.size() > kMaxPortfolioWorkloads)
        r.fail(QStringLiteral("workloads"), ScenarioText::tr("has more than %1 workloads").arg(kMaxPortfolioWorkloads));
    for (qsizetype i = 0; i < array.size() && !r.failed(); ++i) {
        const QString path = item(QStringLiteral("workloads"), i);
        if (!array.at(i).isObject()) {
            r.fail(path, array.at(i), ScenarioText::tr("is not an object"));
            return;
        }
        const QJsonObject o = array.at(i).toObject();
        r.checkKeys(o, path, {u"name", u"scenario", u"phases"});
        PortfolioWorkload w;
        auto scenario = scenarioObject(r, o, path, baseDir, w.scenarioFile);
        if (!scenario)
            return;
        const bool ownPhases = o.contains(QStringLiteral("phases"));
        if (ownPhases)
            scenario->insert(QStringLiteral("phases"), o.value(QStringLiteral("phases")));
        auto parsed = parseScenario(QJsonDocument(*scenario).toJson(QJsonDocument::Compact), presets);
        if (!parsed) {
            // The field at fault, by the portfolio's path: its own phases, an embedded scenario's
            // field, or the scenario file and the field in it.
            const QString message = parsed.errorMessage();
            const QString scenarioPath = JsonReader::join(path, QStringLiteral("scenario"));
            const qsizetype colon = message.indexOf(QStringLiteral(": "));
            const QString field = colon > 0 ? message.left(colon) : QString();
            const QString why = colon > 0 ? message.mid(colon + 2) : message;
            if (ownPhases && field.startsWith(QStringLiteral("phases")))
                r.fail(QStringLiteral("%1.%2").arg(path, field), why);
            else if (w.scenarioFile.isEmpty() && !field.isEmpty())
                r.fail(QStringLiteral("%1.%2").arg(scenarioPath, field), why);
            else
                r.fail(scenarioPath, QStringLiteral("%1: %2").arg(w.scenarioFile, message));
            return;
        }
        w.scenario = std::move(parsed).value();
        w.name = r.string(o, path, u"name").value_or(w.scenario.name);
        if (w.name.isEmpty())
            w.name = QStringLiteral("Workload %1").arg(i + 1);
        if (!r.failed() && w.scenario.phases.isEmpty())
            r.fail(JsonReader::join(path, QStringLiteral("phases")),
                   ScenarioText::tr("missing: give the workload's phases here or in its scenario"));
        workloads.append(std::move(w));
    }
}

} // namespace

Result<Portfolio> parsePortfolio(const QByteArray &json, const QString &baseDir, const QList<ModelPreset> &presets)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return Error{ScenarioText::tr("not JSON at offset %1: %2").arg(parseError.offset).arg(parseError.errorString())};
    if (!doc.isObject())
        return Error{ScenarioText::tr("(root): not a JSON object")};
    const QJsonObject root = doc.object();
    JsonReader r;
    if (root.value(QStringLiteral("format")) != kFormat)
        r.fail(QStringLiteral("format"), root.value(QStringLiteral("format")), QStringLiteral("is not \"%1\"").arg(kFormat));
    else if (root.value(QStringLiteral("version")).toDouble() != kPortfolioVersion)
        r.fail(QStringLiteral("version"), root.value(QStringLiteral("version")),
               ScenarioText::tr("is not supported (this build reads version %1)").arg(kPortfolioVersion));
    if (r.failed())
        return Error{r.error()};
    r.checkKeys(root, QString(),
                {u"format", u"version", u"name", u"description", u"start", u"months", u"display_currency",
                 u"demand_shortfall", u"worst_case_cap", u"sensitivity", u"providers", u"workloads", u"pools",
                 u"priced_on"});
    Portfolio p;
    p.name = r.string(root, QString(), u"name").value_or(QString());
    p.description = r.string(root, QString(), u"description").value_or(QString());
    const auto start = readMonth(r, root, QStringLiteral("start"));
    if (!start && !r.failed())
        r.fail(QStringLiteral("start"), ScenarioText::tr("missing (the horizon's first month, 2026-09)"));
    p.start = start.value_or(QDate());
    p.months = r.integer(root, QString(), u"months", 1, kMaxPortfolioMonths).value_or(12);
    p.displayCurrency = r.string(root, QString(), u"display_currency").value_or(p.displayCurrency);
    p.demandShortfall = r.share(root, QString(), u"demand_shortfall", 0, 0.95).value_or(0);
    p.worstCaseCap = r.amount(root, QString(), u"worst_case_cap", p.displayCurrency, 0, 1e13);
    if (const auto s = r.object(root, QString(), u"sensitivity")) {
        const QString path = QStringLiteral("sensitivity");
        r.checkKeys(*s, path, {u"demand_drop", u"price_cut"});
        p.sensitivityDemandDrop = r.share(*s, path, u"demand_drop", 0, 0.95).value_or(p.sensitivityDemandDrop);
        p.sensitivityPriceCut = r.share(*s, path, u"price_cut", 0, 0.95).value_or(p.sensitivityPriceCut);
    }
    p.providers = r.strings(root, QString(), u"providers").value_or(QStringList());
    p.pricedOn = r.object(root, QString(), u"priced_on").value_or(QJsonObject());
    if (const auto pools = r.array(root, QString(), u"pools"))
        readPools(r, *pools, p.pools);
    if (r.failed())
        return Error{r.error()};
    const auto workloads = r.array(root, QString(), u"workloads");
    if (!workloads && !r.failed())
        r.fail(QStringLiteral("workloads"), ScenarioText::tr("missing (a list of workloads)"));
    if (workloads)
        readWorkloads(r, *workloads, baseDir, presets, p.workloads);
    if (r.failed())
        return Error{r.error()};
    for (PortfolioWorkload &w : p.workloads)
        w.scenario.displayCurrency = p.displayCurrency; // one currency for the whole portfolio
    return p;
}

Result<Portfolio> loadPortfolio(const QString &path, const QList<ModelPreset> &presets)
{
    auto data = readBoundedFile(path, kMaxScenarioBytes);
    if (!data)
        return data.error();
    auto p = parsePortfolio(data.value(), QFileInfo(path).absolutePath(), presets);
    if (!p)
        return Error{QStringLiteral("%1: %2").arg(path, p.errorMessage())};
    return p;
}

} // namespace gpuplanner::core
