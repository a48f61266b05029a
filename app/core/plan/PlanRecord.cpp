#include "core/plan/PlanRecord.h"

#include "core/cost/Money.h"
#include "core/plan/JsonReader.h"
#include "core/plan/PlanExplain.h"

#include <QCoreApplication>
#include <QCryptographicHash>
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

constexpr int kHashPrefix = 12; // hex digits shown of the catalog hash

QString offerKey(const Offer &o)
{
    return QStringLiteral("%1/%2/%3/%4/%5/%6/%7")
        .arg(o.provider, o.instanceType, o.region, billingId(o.billing))
        .arg(o.termMonths)
        .arg(o.upfront, o.offeringClass);
}

QString catalogHash(const QList<Offer> &offers)
{
    QStringList lines;
    lines.reserve(offers.size());
    for (const Offer &o : offers)
        lines << QStringLiteral("%1 %2 %3 %4").arg(offerKey(o)).arg(o.pricePerHour, 0, 'g', 12).arg(o.currency, o.effectiveDate);
    lines.sort();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &line : std::as_const(lines)) {
        hash.addData(line.toUtf8());
        hash.addData(QByteArrayView("\n"));
    }
    return QString::fromLatin1(hash.result().toHex());
}

QMap<QString, QString> providerDates(const QList<Offer> &offers)
{
    QMap<QString, QString> dates;
    for (const Offer &o : offers) {
        if (o.provider == u"custom")
            continue; // the user's own offers are dated when saved: no news of the catalog
        QString &d = dates[o.provider];
        d = std::max(d, o.effectiveDate);
    }
    return dates;
}

RecordedOption recorded(const PlanFacts &plan, const PlanOption &option)
{
    const Offer &o = plan.offer(option);
    return {optionKey(o, option), optionShortName(o, option), option.pricePerHour, o.currency, option.cost,
            o.source, o.effectiveDate};
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

QString money(double v, const QString &currency)
{
    return formatMoney(v, currency);
}

QString signedChange(double before, double after, const QString &currency)
{
    const double diff = after - before;
    const QString amount = (diff >= 0 ? QStringLiteral("+") : QStringLiteral("\u2212")) + money(std::abs(diff), currency);
    if (before <= 0)
        return amount;
    return QStringLiteral("%1, %2%3%").arg(amount, diff >= 0 ? QStringLiteral("+") : QStringLiteral("\u2212"))
        .arg(std::abs(diff) / before * 100.0, 0, 'f', 1);
}

// Where the price came from: "aws price list, 2026-07".
QString sourceAndDate(const QString &source, const QString &date)
{
    if (source.isEmpty())
        return date;
    return date.isEmpty() ? source : QStringLiteral("%1, %2").arg(source, date);
}

} // namespace

QString PlanRecord::shortHash() const
{
    return catalogHash.left(kHashPrefix);
}

QString PlanRecord::oldestDate() const
{
    QString oldest;
    for (const QString &d : providerDates) {
        if (!d.isEmpty())
            oldest = oldest.isEmpty() ? d : std::min(oldest, d);
    }
    return oldest;
}

QString PlanRecord::newestDate() const
{
    QString newest;
    for (const QString &d : providerDates)
        newest = std::max(newest, d);
    return newest;
}

QString PlanRecord::identity() const
{
    const QString oldest = oldestDate();
    const QString newest = newestDate();
    if (oldest.isEmpty())
        return PlanRecordText::tr("catalog %1").arg(shortHash());
    if (oldest == newest)
        return PlanRecordText::tr("catalog %1, prices of %2").arg(shortHash(), oldest);
    return PlanRecordText::tr("catalog %1, prices %2 to %3").arg(shortHash(), oldest, newest);
}

QString optionKey(const Offer &offer, const PlanOption &option)
{
    return QStringLiteral("%1/%2/%3/%4/%5/%6")
        .arg(offer.provider, offer.instanceType, offer.region, billingId(option.billing))
        .arg(option.termMonths)
        .arg(upfrontId(option.upfront));
}

PlanFacts planFacts(const Planner &planner, const PlanRequest &request, const PlanTotals &totals)
{
    QStringList calibrations;
    for (const GpuModel &g : planner.gpuModels()) {
        if (const CalibrationEffect *c = planner.calibration(g.id, request); c && c->applies)
            calibrations << QStringLiteral("%1: calibration %2").arg(g.id).arg(c->calibrationId);
    }
    return {planner.offers(), planner.result(), request, totals, calibrations};
}

PlanRecord recordPlan(const PlanFacts &plan, int top)
{
    PlanRecord rec;
    rec.appVersion = QStringLiteral(GPUPLANNER_VERSION);
    rec.plannedAt = QDateTime::currentDateTimeUtc();
    rec.displayCurrency = plan.request.displayCurrency;
    rec.catalogHash = catalogHash(plan.offers);
    rec.providerDates = providerDates(plan.offers);
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
    QJsonObject dates;
    for (auto it = rec.providerDates.cbegin(); it != rec.providerDates.cend(); ++it)
        dates.insert(it.key(), it.value());
    QJsonObject fx;
    for (auto it = rec.fxPerUsd.cbegin(); it != rec.fxPerUsd.cend(); ++it)
        fx.insert(it.key(), it.value());
    QJsonArray options;
    for (const RecordedOption &o : rec.options)
        options.append(optionToJson(o));
    QJsonObject out{{QStringLiteral("app_version"), rec.appVersion},
                    {QStringLiteral("planned_at"), rec.plannedAt.toString(Qt::ISODate)},
                    {QStringLiteral("display_currency"), rec.displayCurrency},
                    {QStringLiteral("catalog_hash"), rec.catalogHash},
                    {QStringLiteral("provider_dates"), dates},
                    {QStringLiteral("fx_per_usd"), fx},
                    {QStringLiteral("calibrations"), QJsonArray::fromStringList(rec.calibrations)},
                    {QStringLiteral("options"), options},
                    {QStringLiteral("main_run_cost"), rec.mainRunCost}};
    if (rec.recommended)
        out.insert(QStringLiteral("recommended"), optionToJson(*rec.recommended));
    if (rec.projectCost)
        out.insert(QStringLiteral("project_cost"), *rec.projectCost);
    return out;
}

Result<PlanRecord> planRecordFromJson(const QJsonObject &json)
{
    JsonReader r;
    const QString path = QStringLiteral("priced_on");
    r.checkKeys(json, path,
                {u"app_version", u"planned_at", u"display_currency", u"catalog_hash", u"provider_dates", u"fx_per_usd",
                 u"calibrations", u"options", u"main_run_cost", u"recommended", u"project_cost"});
    PlanRecord rec;
    rec.appVersion = r.string(json, path, u"app_version").value_or(QString());
    const QString at = r.string(json, path, u"planned_at").value_or(QString());
    rec.plannedAt = QDateTime::fromString(at, Qt::ISODate);
    rec.plannedAt.setTimeSpec(Qt::UTC);
    if (!r.failed() && !rec.plannedAt.isValid())
        r.fail(path + QStringLiteral(".planned_at"), QJsonValue(at), PlanRecordText::tr("is not an ISO 8601 date and time"));
    rec.displayCurrency = r.string(json, path, u"display_currency").value_or(QString());
    rec.catalogHash = r.string(json, path, u"catalog_hash").value_or(QString());
    if (!r.failed() && rec.catalogHash.isEmpty())
        r.fail(path + QStringLiteral(".catalog_hash"), PlanRecordText::tr("is missing: the record cannot say what the plan was priced on"));
    if (const auto dates = r.object(json, path, u"provider_dates")) {
        for (auto it = dates->constBegin(); it != dates->constEnd(); ++it)
            rec.providerDates.insert(it.key(), it.value().toString());
    }
    if (const auto fx = r.object(json, path, u"fx_per_usd")) {
        for (auto it = fx->constBegin(); it != fx->constEnd(); ++it) {
            if (!it.value().isDouble() || it.value().toDouble() <= 0)
                r.fail(QStringLiteral("%1.fx_per_usd.%2").arg(path, it.key()), it.value(), PlanRecordText::tr("is not a positive rate"));
            rec.fxPerUsd.insert(it.key(), it.value().toDouble());
        }
    }
    for (const QJsonValue &v : json.value(QStringLiteral("calibrations")).toArray())
        rec.calibrations << v.toString();
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
                      .arg(then.recommended->name, money(then.recommended->cost, then.displayCurrency), best->name, money(best->cost, cur))
                : PlanRecordText::tr("Recommendation: %1 (%2) then; no option is usable now.")
                      .arg(then.recommended->name, money(then.recommended->cost, then.displayCurrency)));
    }
    if (then.displayCurrency == cur && std::abs(since.costNow - since.costThen) >= 0.005)
        add(PlanChange::Kind::Total, PlanRecordText::tr("Main run: %1 then, %2 now (%3).")
                                         .arg(money(since.costThen, cur), money(since.costNow, cur),
                                              signedChange(since.costThen, since.costNow, cur)));
    if (then.projectCost && totals.project && then.displayCurrency == cur) {
        const double projectNow = totals.project->strategyDiffers() ? totals.project->withRecommendation : totals.project->allOnDemand;
        if (std::abs(projectNow - *then.projectCost) >= 0.005)
            add(PlanChange::Kind::Total, PlanRecordText::tr("Whole project: %1 then, %2 now (%3).")
                                             .arg(money(*then.projectCost, cur), money(projectNow, cur),
                                                  signedChange(*then.projectCost, projectNow, cur)));
    }

    // Each option the record names: its price now, or why it is gone.
    QHash<QString, int> byKey;
    for (int i = 0; i < int(r.options.size()); ++i)
        byKey.insert(optionKey(now.offer(r.options[std::size_t(i)]), r.options[std::size_t(i)]), i);
    QSet<QString> offered; // provider/instance/region/billing/term of every offer in the catalog now
    for (const Offer &o : now.offers)
        offered.insert(QStringLiteral("%1/%2/%3/%4/%5").arg(o.provider, o.instanceType, o.region, billingId(o.billing)).arg(o.termMonths));
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
                          .arg(o.name, money(o.pricePerHour, o.currency), sourceAndDate(o.source, o.date))
                    : PlanRecordText::tr("%1: withdrawn, no longer in the catalog (was %2/h, %3).")
                          .arg(o.name, money(o.pricePerHour, o.currency), sourceAndDate(o.source, o.date)));
            continue;
        }
        const PlanOption &p = r.options[std::size_t(*it)];
        const Offer &offer = now.offer(p);
        if (std::abs(p.pricePerHour - o.pricePerHour) > 1e-6 * std::max(1.0, o.pricePerHour) || offer.currency != o.currency)
            add(PlanChange::Kind::Price, PlanRecordText::tr("%1: %2/h then (%3), %4/h now (%5).")
                                             .arg(o.name, money(o.pricePerHour, o.currency), sourceAndDate(o.source, o.date),
                                                  money(p.pricePerHour, offer.currency),
                                                  sourceAndDate(offer.source, offer.effectiveDate)));
    }

    // What the plan rests on.
    const QMap<QString, QString> datesNow = providerDates(now.offers);
    for (auto it = then.providerDates.cbegin(); it != then.providerDates.cend(); ++it) {
        const QString dateNow = datesNow.value(it.key());
        if (dateNow.isEmpty())
            add(PlanChange::Kind::Data, PlanRecordText::tr("%1: no prices in the catalog now (they were of %2).").arg(it.key(), it.value()));
        else if (dateNow != it.value())
            add(PlanChange::Kind::Data, PlanRecordText::tr("%1 prices: of %2 then, of %3 now.").arg(it.key(), it.value(), dateNow));
    }
    for (auto it = datesNow.cbegin(); it != datesNow.cend(); ++it) {
        if (!then.providerDates.contains(it.key()))
            add(PlanChange::Kind::Data, PlanRecordText::tr("%1: in the catalog now (prices of %2), not then.").arg(it.key(), it.value()));
    }
    for (auto it = then.fxPerUsd.cbegin(); it != then.fxPerUsd.cend(); ++it) {
        const FxRate *rate = request.assumptions.fx.find(it.key());
        if (rate && std::abs(rate->ratePerUsd - it.value()) > 1e-6 * it.value())
            add(PlanChange::Kind::Exchange, PlanRecordText::tr("%1 per USD: %2 then, %3 now (%4).")
                                                .arg(it.key())
                                                .arg(it.value(), 0, 'g', 6)
                                                .arg(rate->ratePerUsd, 0, 'g', 6)
                                                .arg(sourceAndDate(rate->source, rate->date)));
    }
    if (const QStringList &calibrationsNow = now.calibrations; calibrationsNow != then.calibrations)
        add(PlanChange::Kind::Calibration, PlanRecordText::tr("Calibrations: %1 then, %2 now.")
                                               .arg(then.calibrations.isEmpty() ? PlanRecordText::tr("none") : then.calibrations.join(QStringLiteral("; ")),
                                                    calibrationsNow.isEmpty() ? PlanRecordText::tr("none") : calibrationsNow.join(QStringLiteral("; "))));
    if (then.appVersion != QStringLiteral(GPUPLANNER_VERSION) && !since.changes.isEmpty())
        add(PlanChange::Kind::Data, PlanRecordText::tr("Made with GPU Planner %1; this is %2: its estimates may differ too.")
                                        .arg(then.appVersion, QStringLiteral(GPUPLANNER_VERSION)));
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
    static const char *const kinds[] = {"recommendation", "total", "price", "withdrawn", "data", "exchange", "calibration"};
    QJsonArray changes;
    for (const PlanChange &c : since.changes)
        changes.append(QJsonObject{{QStringLiteral("kind"), QString::fromLatin1(kinds[int(c.kind)])},
                                   {QStringLiteral("text"), c.text}});
    return {{QStringLiteral("planned_at"), since.then.plannedAt.toString(Qt::ISODate)},
            {QStringLiteral("identity"), since.then.identity()},
            {QStringLiteral("recommendation_changed"), since.recommendationChanged},
            {QStringLiteral("main_run_cost_then"), since.costThen},
            {QStringLiteral("main_run_cost_now"), since.costNow},
            {QStringLiteral("changes"), changes}};
}

} // namespace gpuplanner::core
