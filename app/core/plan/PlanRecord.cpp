#include "core/plan/PlanRecord.h"

#include "core/cost/Money.h"
#include "core/plan/JsonReader.h"
#include "core/plan/PlanExplain.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <cmath>

class PlanRecordText
{
    Q_DECLARE_TR_FUNCTIONS(PlanRecordText)
};

namespace gpuplanner::core {

namespace {

RecordedOption recorded(const PlanFacts &plan, const PlanOption &option)
{
    const Offer &o = plan.offer(option);
    // The price as the plan used it: converted to the plan's currency (a CNY offer in a USD plan
    // is recorded in USD, and labelled so).
    return {optionKey(o, option), optionShortName(o, option), option.pricePerHour, plan.request.displayCurrency,
            option.cost, o.source, o.effectiveDate};
}

QJsonObject optionToJson(const RecordedOption &o)
{
    return {{QStringLiteral("key"), o.key},         {QStringLiteral("name"), o.name},
            {QStringLiteral("price_per_hour"), o.pricePerHour}, {QStringLiteral("currency"), o.currency},
            {QStringLiteral("cost"), o.cost},       {QStringLiteral("source"), o.source},
            {QStringLiteral("date"), o.date}};
}

std::optional<RecordedOption> optionFromJson(JsonReader &r, const QJsonObject &o, const QString &path)
{
    r.checkKeys(o, path, {u"key", u"name", u"price_per_hour", u"currency", u"cost", u"source", u"date"});
    RecordedOption out;
    out.key = r.string(o, path, u"key").value_or(QString());
    out.name = r.string(o, path, u"name").value_or(QString());
    out.pricePerHour = r.number(o, path, u"price_per_hour", 0, 1e9).value_or(0);
    out.currency = r.string(o, path, u"currency").value_or(QString());
    out.cost = r.number(o, path, u"cost", 0, 1e15).value_or(0);
    out.source = r.string(o, path, u"source").value_or(QString());
    out.date = r.string(o, path, u"date").value_or(QString());
    if (!r.failed() && out.key.isEmpty())
        r.fail(path + QStringLiteral(".key"), QJsonValue(out.key), PlanRecordText::tr("is empty"));
    return r.failed() ? std::nullopt : std::optional<RecordedOption>(out);
}

} // namespace

QString optionKey(const Offer &offer, const PlanOption &option)
{
    return QStringLiteral("%1/%2/%3/%4/%5/%6")
        .arg(offer.provider, offer.instanceType, offer.region, billingId(option.billing))
        .arg(option.termMonths)
        .arg(upfrontId(option.upfront));
}

QStringList planCalibrations(const Planner &planner, const PlanRequest &request)
{
    QStringList calibrations;
    for (const GpuModel &g : planner.gpuModels()) {
        if (const CalibrationEffect *c = planner.calibration(g.id, request); c && c->applies)
            calibrations << QStringLiteral("%1: calibration %2").arg(g.id).arg(c->calibrationId);
    }
    return calibrations;
}

PlanFacts planFacts(const Planner &planner, const PlanRequest &request, const PlanTotals &totals)
{
    return {planner.offers(), planner.result(), request, totals, planCalibrations(planner, request)};
}

PlanRecord recordPlan(const PlanFacts &plan, int top)
{
    PlanRecord rec;
    stampPricedOn(rec);
    rec.displayCurrency = plan.request.displayCurrency;
    rec.catalogHash = offersCatalogHash(plan.offers);
    rec.providerDates = offersProviderDates(plan.offers);
    for (const FxRate &r : plan.request.assumptions.fx.rates())
        rec.fxPerUsd.insert(r.currency, r.ratePerUsd);
    rec.calibrations = plan.calibrations;
    const PlanResult &r = plan.result;
    if (r.recommended >= 0)
        rec.recommended = recorded(plan, r.options[std::size_t(r.recommended)]);
    for (int i = 0; i < std::min(top, r.usable); ++i)
        rec.options << recorded(plan, r.options[std::size_t(i)]);
    // The cheapest on-demand option too: the figure the recommendation is held against.
    if (r.cheapestOnDemand >= top)
        rec.options << recorded(plan, r.options[std::size_t(r.cheapestOnDemand)]);
    const PlanTotals &totals = plan.totals;
    if (totals.recommended)
        rec.mainRunCost = totals.recommended->cost;
    if (totals.project)
        rec.projectCost = totals.project->strategyDiffers() ? totals.project->withRecommendation : totals.project->allOnDemand;
    return rec;
}

QJsonObject planRecordToJson(const PlanRecord &rec)
{
    QJsonArray options;
    for (const RecordedOption &o : rec.options)
        options.append(optionToJson(o));
    QJsonObject out{{QStringLiteral("options"), options}, {QStringLiteral("main_run_cost"), rec.mainRunCost}};
    pricedOnToJson(rec, out);
    if (rec.recommended)
        out.insert(QStringLiteral("recommended"), optionToJson(*rec.recommended));
    if (rec.projectCost)
        out.insert(QStringLiteral("project_cost"), *rec.projectCost);
    return out;
}

Result<PlanRecord> planRecordFromJson(const QJsonObject &json)
{
    JsonReader r;
    const QString &path = kPricedOnPath;
    r.checkKeys(json, path,
                {u"app_version", u"planned_at", u"display_currency", u"catalog_hash", u"provider_dates", u"fx_per_usd",
                 u"calibrations", u"options", u"main_run_cost", u"recommended", u"project_cost"});
    PlanRecord rec;
    static_cast<PricedOn &>(rec) = pricedOnFromJson(r, json);
    const QJsonArray options = json.value(QStringLiteral("options")).toArray();
    for (qsizetype i = 0; i < options.size() && !r.failed(); ++i) {
        if (auto o = optionFromJson(r, options.at(i).toObject(), QStringLiteral("%1.options[%2]").arg(path).arg(i)))
            rec.options << *o;
    }
    if (const auto rec0 = r.object(json, path, u"recommended"); rec0 && !r.failed())
        rec.recommended = optionFromJson(r, *rec0, path + QStringLiteral(".recommended"));
    rec.mainRunCost = r.number(json, path, u"main_run_cost", 0, 1e15).value_or(0);
    rec.projectCost = r.number(json, path, u"project_cost", 0, 1e15);
    if (r.failed())
        return Error{r.error()};
    return rec;
}

PlanSince comparePlan(const PlanRecord &then, const PlanFacts &now)
{
    const PlanRequest &request = now.request;
    const PlanTotals &totals = now.totals;
    PlanSince since;
    since.then = then;
    const QString &cur = request.displayCurrency;
    auto add = [&](PlanChange::Kind kind, const QString &text) { since.changes.append({kind, text}); };

    // What the answer is now against what it was.
    const PlanResult &r = now.result;
    since.costThen = then.mainRunCost;
    since.costNow = totals.recommended ? totals.recommended->cost : 0;
    if (then.displayCurrency != cur)
        add(PlanChange::Kind::Total, PlanRecordText::tr("The plan was made in %1 and is now shown in %2: its amounts are not compared.")
                                         .arg(then.displayCurrency, cur));
    const std::optional<RecordedOption> best = r.recommended >= 0
        ? std::optional<RecordedOption>(recorded(now, r.options[std::size_t(r.recommended)]))
        : std::nullopt;
    if (then.recommended && (!best || best->key != then.recommended->key)) {
        since.recommendationChanged = true;
        add(PlanChange::Kind::Recommendation,
            best ? PlanRecordText::tr("Recommendation: %1 (%2) then, %3 (%4) now.")
                      .arg(then.recommended->name, formatMoney(then.recommended->cost, then.displayCurrency), best->name, formatMoney(best->cost, cur))
                : PlanRecordText::tr("Recommendation: %1 (%2) then; no option is usable now.")
                      .arg(then.recommended->name, formatMoney(then.recommended->cost, then.displayCurrency)));
    }
    if (then.displayCurrency == cur && std::abs(since.costNow - since.costThen) >= 0.005)
        add(PlanChange::Kind::Total, PlanRecordText::tr("Main run: %1 then, %2 now (%3).")
                                         .arg(formatMoney(since.costThen, cur), formatMoney(since.costNow, cur),
                                              signedChange(since.costThen, since.costNow, cur)));
    if (then.projectCost && totals.project && then.displayCurrency == cur) {
        const double projectNow = totals.project->strategyDiffers() ? totals.project->withRecommendation : totals.project->allOnDemand;
        if (std::abs(projectNow - *then.projectCost) >= 0.005)
            add(PlanChange::Kind::Total, PlanRecordText::tr("Whole project: %1 then, %2 now (%3).")
                                             .arg(formatMoney(*then.projectCost, cur), formatMoney(projectNow, cur),
                                                  signedChange(*then.projectCost, projectNow, cur)));
    }

    // Each option the record names: its price now, or why it is gone.
    QHash<QString, int> byKey;
    for (int i = 0; i < int(r.options.size()); ++i)
        byKey.insert(optionKey(now.offer(r.options[std::size_t(i)]), r.options[std::size_t(i)]), i);
    const QSet<QString> offered = offeredKeys(now.offers);
    QList<RecordedOption> named = then.options;
    if (then.recommended && std::none_of(named.cbegin(), named.cend(), [&](const RecordedOption &o) { return o.key == then.recommended->key; }))
        named.prepend(*then.recommended);
    for (const RecordedOption &o : std::as_const(named)) {
        const auto it = byKey.constFind(o.key);
        if (it == byKey.constEnd()) {
            const QString offerPart = o.key.section(u'/', 0, 4);
            add(PlanChange::Kind::Withdrawn,
                offered.contains(offerPart)
                    ? PlanRecordText::tr("%1: no longer usable under the scenario's constraints (was %2/h, %3).")
                          .arg(o.name, formatMoney(o.pricePerHour, o.currency), sourceAndDate(o.source, o.date))
                    : withdrawnText(o.name, o.pricePerHour, o.currency, sourceAndDate(o.source, o.date)));
            continue;
        }
        const PlanOption &p = r.options[std::size_t(*it)];
        const Offer &offer = now.offer(p);
        if (std::abs(p.pricePerHour - o.pricePerHour) > 1e-6 * std::max(1.0, o.pricePerHour) || cur != o.currency)
            add(PlanChange::Kind::Price, priceChangeText(o.name, o.pricePerHour, o.currency, sourceAndDate(o.source, o.date),
                                                         p.pricePerHour, cur,
                                                         sourceAndDate(offer.source, offer.effectiveDate)));
    }

    // What the plan rests on.
    appendBasisChanges(then, offersProviderDates(now.offers), request.assumptions.fx, now.calibrations, since.changes);
    return since;
}

QString planSinceText(const PlanSince &since)
{
    const QString when = since.then.plannedAt.toString(QStringLiteral("yyyy-MM-dd"));
    if (since.unchanged())
        return PlanRecordText::tr("Since this plan was made on %1 (%2): nothing changed.").arg(when, since.then.identity()) + u'\n';
    QString out = PlanRecordText::tr("Since this plan was made on %1 (%2):").arg(when, since.then.identity()) + u'\n';
    for (const PlanChange &c : since.changes)
        out += QStringLiteral("- ") + c.text + u'\n';
    return out;
}

QJsonObject planSinceToJson(const PlanSince &since)
{
    QJsonArray changes;
    for (const PlanChange &c : since.changes)
        changes.append(QJsonObject{{QStringLiteral("kind"), planChangeKindId(c.kind)},
                                   {QStringLiteral("text"), c.text}});
    return {{QStringLiteral("planned_at"), since.then.plannedAt.toString(Qt::ISODate)},
            {QStringLiteral("identity"), since.then.identity()},
            {QStringLiteral("recommendation_changed"), since.recommendationChanged},
            {QStringLiteral("main_run_cost_then"), since.costThen},
            {QStringLiteral("main_run_cost_now"), since.costNow},
            {QStringLiteral("changes"), changes}};
}

} // namespace gpuplanner::core
