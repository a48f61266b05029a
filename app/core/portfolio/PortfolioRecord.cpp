#include "core/portfolio/PortfolioRecord.h"

#include "core/cost/Money.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <cmath>

class PortfolioRecordText
{
    Q_DECLARE_TR_FUNCTIONS(PortfolioRecordText)
};

namespace gpuplanner::core {

namespace {

QString place(const QString &provider, const QString &instanceType, const QString &region)
{
    return PortfolioRecordText::tr("%1 %2 in %3").arg(provider, instanceType, region);
}

QString commitmentKey(const QString &provider, const QString &instanceType, const QString &region,
                      const CommitmentOffer &c)
{
    QString key = QStringLiteral("%1/%2/%3/%4/%5/%6/%7")
                      .arg(provider, instanceType, region, billingId(c.billing))
                      .arg(c.termMonths)
                      .arg(c.upfront, c.offeringClass);
    if (c.negotiated)
        key += u'/' + c.priceSource;
    return key;
}

QString onDemandKey(const Candidate &c)
{
    return QStringLiteral("%1/%2/%3/%4/0//").arg(c.provider, c.instanceType, c.region, billingId(Billing::OnDemand));
}

// Every unit price the problem holds, each once.
QList<RecordedPrice> problemPrices(const PortfolioProblem &problem)
{
    QList<RecordedPrice> prices;
    QSet<QString> seen;
    auto add = [&](RecordedPrice p) {
        if (!seen.contains(p.key)) {
            seen.insert(p.key);
            prices.append(std::move(p));
        }
    };
    for (const WorkloadDemand &w : problem.workloads) {
        for (const Candidate &c : w.candidates) {
            const QString where = place(c.provider, c.instanceType, c.region);
            add({onDemandKey(c), PortfolioRecordText::tr("%1: on-demand").arg(where),
                 c.onDemandPerGpuHour * c.gpusPerInstance, c.onDemandSource, c.onDemandDate});
            for (const CommitmentOffer &o : c.commitments)
                add({commitmentKey(c.provider, c.instanceType, c.region, o), QStringLiteral("%1: %2").arg(where, o.label),
                     o.effectiveHourly(), o.priceSource, o.priceDate});
        }
    }
    return prices;
}

QList<RecordedPurchase> planPurchases(const CommitmentOptimizer &optimizer, const PortfolioSolution &solution)
{
    QList<RecordedPurchase> out;
    const PortfolioProblem &problem = optimizer.problem();
    for (const PortfolioPurchase &b : portfolioPurchases(optimizer, solution)) {
        const CommitmentProduct &p = optimizer.products()[std::size_t(b.product)];
        const QString priceKey = commitmentKey(p.provider, p.instanceType, p.region, p.offer);
        const QString owner = p.owner < 0 ? PortfolioRecordText::tr("the team's pool") : p.ownerName;
        RecordedPurchase r;
        r.month = problem.start.addMonths(b.month).toString(QStringLiteral("yyyy-MM"));
        r.key = QStringLiteral("%1|%2|%3").arg(priceKey, p.owner < 0 ? QStringLiteral("pool") : p.ownerName, r.month);
        r.name = PortfolioRecordText::tr("%1, %2, for %3").arg(place(p.provider, p.instanceType, p.region), p.offer.label, owner);
        r.provider = p.provider;
        r.commitment = p.offer.label;
        r.termMonths = p.offer.termMonths;
        r.quantity = b.quantity;
        r.perInstance = p.perInstance;
        r.unitPrice = p.offer.effectiveHourly();
        r.source = p.offer.priceSource;
        r.date = p.offer.priceDate;
        out.append(r);
    }
    return out;
}

QJsonObject priceToJson(const RecordedPrice &p)
{
    return {{QStringLiteral("key"), p.key},       {QStringLiteral("name"), p.name},
            {QStringLiteral("price_per_hour"), p.pricePerHour},
            {QStringLiteral("source"), p.source}, {QStringLiteral("date"), p.date}};
}

QJsonObject purchaseToJson(const RecordedPurchase &p)
{
    return {{QStringLiteral("key"), p.key},
            {QStringLiteral("name"), p.name},
            {QStringLiteral("provider"), p.provider},
            {QStringLiteral("commitment"), p.commitment},
            {QStringLiteral("term_months"), p.termMonths},
            {QStringLiteral("month"), p.month},
            {QStringLiteral("quantity"), p.quantity},
            {QStringLiteral("per_instance"), p.perInstance},
            {QStringLiteral("unit_price_per_hour"), p.unitPrice},
            {QStringLiteral("source"), p.source},
            {QStringLiteral("date"), p.date}};
}

void readPrice(JsonReader &r, const QJsonObject &o, const QString &path, QList<RecordedPrice> &out)
{
    r.checkKeys(o, path, {u"key", u"name", u"price_per_hour", u"source", u"date"});
    RecordedPrice p;
    p.key = r.string(o, path, u"key").value_or(QString());
    p.name = r.string(o, path, u"name").value_or(QString());
    p.pricePerHour = r.number(o, path, u"price_per_hour", 0, 1e9).value_or(0);
    p.source = r.string(o, path, u"source").value_or(QString());
    p.date = r.string(o, path, u"date").value_or(QString());
    if (!r.failed() && p.key.isEmpty())
        r.fail(path + QStringLiteral(".key"), QJsonValue(p.key), PortfolioRecordText::tr("is empty"));
    out.append(p);
}

void readPurchase(JsonReader &r, const QJsonObject &o, const QString &path, QList<RecordedPurchase> &out)
{
    r.checkKeys(o, path, {u"key", u"name", u"provider", u"commitment", u"term_months", u"month", u"quantity",
                          u"per_instance", u"unit_price_per_hour", u"source", u"date"});
    RecordedPurchase p;
    p.key = r.string(o, path, u"key").value_or(QString());
    p.name = r.string(o, path, u"name").value_or(QString());
    p.provider = r.string(o, path, u"provider").value_or(QString());
    p.commitment = r.string(o, path, u"commitment").value_or(QString());
    p.termMonths = r.integer(o, path, u"term_months", 0, 120).value_or(0);
    p.month = r.string(o, path, u"month").value_or(QString());
    p.quantity = r.number(o, path, u"quantity", 0, 1e12).value_or(0);
    p.perInstance = r.boolean(o, path, u"per_instance").value_or(true);
    p.unitPrice = r.number(o, path, u"unit_price_per_hour", 0, 1e9).value_or(0);
    p.source = r.string(o, path, u"source").value_or(QString());
    p.date = r.string(o, path, u"date").value_or(QString());
    if (!r.failed() && p.key.isEmpty())
        r.fail(path + QStringLiteral(".key"), QJsonValue(p.key), PortfolioRecordText::tr("is empty"));
    out.append(p);
}

// Whether the catalog still sells what a price's key names (provider/instance/region/billing/term).
bool stillOffered(const QString &key, const QSet<QString> &offered, const QSet<QString> &offeredAnyTerm)
{
    const auto billing = billingFromId(key.section(u'/', 3, 3));
    if (billing == Billing::CapacityBlock) // booked by the month: the catalog's own term does not matter
        return offeredAnyTerm.contains(key.section(u'/', 0, 3));
    return offered.contains(key.section(u'/', 0, 4));
}

void comparePrices(const PortfolioRecord &then, const PortfolioFacts &now, PortfolioSince &since)
{
    const QString &cur = then.displayCurrency;
    QHash<QString, RecordedPrice> pricesNow;
    for (const RecordedPrice &p : problemPrices(now.optimizer.problem()))
        pricesNow.insert(p.key, p);
    const QSet<QString> offered = offeredKeys(now.catalog);
    QSet<QString> offeredAnyTerm;
    for (const QString &k : offered)
        offeredAnyTerm.insert(k.section(u'/', 0, 3));
    for (const RecordedPrice &p : then.prices) {
        const QString was = sourceAndDate(p.source, p.date);
        const auto it = pricesNow.constFind(p.key);
        if (it == pricesNow.cend()) {
            // Withdrawn only when the catalog no longer sells it; an offer still sold that the plan
            // leaves out now (its price rose past the others, its terms changed) is a price change.
            if (!stillOffered(p.key, offered, offeredAnyTerm)) {
                since.changes.append({PlanChange::Kind::Withdrawn, withdrawnText(p.name, p.pricePerHour, cur, was)});
                continue;
            }
            const Offer *current = nullptr;
            for (const Offer &o : now.catalog) {
                if (offeredKey(o.provider, o.instanceType, o.region, o.billing, o.termMonths) == p.key.section(u'/', 0, 4)
                    && !isCommitment(o.billing) && (o.currency == cur || cur == u"USD")) {
                    current = &o;
                    break;
                }
            }
            if (current)
                since.changes.append({PlanChange::Kind::Price,
                                      priceChangeText(p.name, p.pricePerHour, cur, was,
                                                      current->currency == cur ? current->pricePerHour : current->pricePerHourUsd,
                                                      cur, sourceAndDate(current->source, current->ageDate().left(10)))
                                          + u' '
                                          + PortfolioRecordText::tr("Still offered; the plan no longer uses it.")});
            else
                since.changes.append(
                    {PlanChange::Kind::Price,
                     PortfolioRecordText::tr("%1: still offered, but its price or terms changed and the portfolio's plan "
                                             "no longer uses it (was %2/h, %3).")
                         .arg(p.name, formatMoney(p.pricePerHour, cur), was)});
            continue;
        }
        if (std::abs(it->pricePerHour - p.pricePerHour) > 1e-6 * std::max(1.0, p.pricePerHour))
            since.changes.append({PlanChange::Kind::Price,
                                  priceChangeText(p.name, p.pricePerHour, cur, was, it->pricePerHour, cur,
                                                  sourceAndDate(it->source, it->date))});
    }
}

void comparePurchases(const PortfolioRecord &then, const QList<RecordedPurchase> &now, PortfolioSince &since)
{
    const QString &cur = then.displayCurrency;
    QHash<QString, RecordedPurchase> byKey;
    for (const RecordedPurchase &p : now)
        byKey.insert(p.key, p);
    QSet<QString> thenKeys;
    auto add = [&](const QString &text) {
        since.purchasesChanged = true;
        since.changes.append({PlanChange::Kind::Recommendation, text});
    };
    for (const RecordedPurchase &p : then.purchases) {
        thenKeys.insert(p.key);
        const auto it = byKey.constFind(p.key);
        if (it == byKey.cend())
            add(PortfolioRecordText::tr("Purchase plan: %1 from %2, %3 then; not bought now.")
                    .arg(p.name, p.month, recordedQuantityText(p, cur)));
        else if (std::abs(it->quantity - p.quantity) > 1e-6 * std::max(1.0, p.quantity))
            add(PortfolioRecordText::tr("Purchase plan: %1 from %2, %3 then, %4 now.")
                    .arg(p.name, p.month, recordedQuantityText(p, cur), recordedQuantityText(*it, cur)));
    }
    for (const RecordedPurchase &p : now) {
        if (!thenKeys.contains(p.key))
            add(PortfolioRecordText::tr("Purchase plan: %1 from %2, %3 now (%4/h, %5); not bought then.")
                    .arg(p.name, p.month, recordedQuantityText(p, cur), formatMoney(p.unitPrice, cur), sourceAndDate(p.source, p.date)));
    }
}

} // namespace

PortfolioRecord recordPortfolio(const PortfolioFacts &facts)
{
    PortfolioRecord rec;
    static_cast<PricedOn &>(rec) = facts.basis.pricedOn;
    stampPricedOn(rec);
    rec.displayCurrency = facts.optimizer.problem().currency;
    rec.prices = problemPrices(facts.optimizer.problem());
    rec.purchases = planPurchases(facts.optimizer, facts.plan.solution);
    rec.expectedCost = facts.plan.solution.expectedCost;
    rec.allOnDemandCost = facts.plan.allOnDemand;
    rec.saving = facts.plan.savingVsOnDemand();
    return rec;
}

QJsonObject portfolioRecordToJson(const PortfolioRecord &rec)
{
    QJsonArray prices;
    for (const RecordedPrice &p : rec.prices)
        prices.append(priceToJson(p));
    QJsonArray purchases;
    for (const RecordedPurchase &p : rec.purchases)
        purchases.append(purchaseToJson(p));
    QJsonObject out{{QStringLiteral("prices"), prices},
                    {QStringLiteral("purchases"), purchases},
                    {QStringLiteral("expected_cost"), rec.expectedCost},
                    {QStringLiteral("all_on_demand_cost"), rec.allOnDemandCost},
                    {QStringLiteral("saving"), rec.saving}};
    pricedOnToJson(rec, out);
    return out;
}

Result<PortfolioRecord> portfolioRecordFromJson(const QJsonObject &json)
{
    JsonReader r;
    const QString &path = kPricedOnPath;
    r.checkKeys(json, path,
                {u"app_version", u"planned_at", u"display_currency", u"catalog_hash", u"provider_dates", u"fx_per_usd",
                 u"calibrations", u"prices", u"purchases", u"expected_cost", u"all_on_demand_cost", u"saving"});
    PortfolioRecord rec;
    static_cast<PricedOn &>(rec) = pricedOnFromJson(r, json);
    const QJsonArray prices = r.array(json, path, u"prices").value_or(QJsonArray());
    for (qsizetype i = 0; i < prices.size() && !r.failed(); ++i)
        readPrice(r, prices.at(i).toObject(), QStringLiteral("%1.prices[%2]").arg(path).arg(i), rec.prices);
    const QJsonArray purchases = r.array(json, path, u"purchases").value_or(QJsonArray());
    for (qsizetype i = 0; i < purchases.size() && !r.failed(); ++i)
        readPurchase(r, purchases.at(i).toObject(), QStringLiteral("%1.purchases[%2]").arg(path).arg(i), rec.purchases);
    rec.expectedCost = r.number(json, path, u"expected_cost", 0, 1e15).value_or(0);
    rec.allOnDemandCost = r.number(json, path, u"all_on_demand_cost", 0, 1e15).value_or(0);
    rec.saving = r.number(json, path, u"saving", -1e15, 1e15).value_or(0);
    if (r.failed())
        return Error{r.error()};
    return rec;
}

PortfolioSince comparePortfolio(const PortfolioRecord &then, const PortfolioFacts &now)
{
    PortfolioSince since;
    since.then = then;
    const QString &cur = now.optimizer.problem().currency;
    since.costThen = then.expectedCost;
    since.costNow = now.plan.solution.expectedCost;
    if (then.displayCurrency != cur) {
        since.changes.append({PlanChange::Kind::Total,
                              PortfolioRecordText::tr("The portfolio was priced in %1 and is now planned in %2: its amounts are not compared.")
                                  .arg(then.displayCurrency, cur)});
    } else {
        comparePurchases(then, planPurchases(now.optimizer, now.plan.solution), since);
        if (std::abs(since.costNow - since.costThen) >= 0.005)
            since.changes.append({PlanChange::Kind::Total,
                                  PortfolioRecordText::tr("Expected cost: %1 then, %2 now (%3).")
                                      .arg(formatMoney(since.costThen, cur), formatMoney(since.costNow, cur),
                                           signedChange(since.costThen, since.costNow, cur))});
        const double savingNow = now.plan.savingVsOnDemand();
        if (std::abs(savingNow - then.saving) >= 0.005)
            since.changes.append({PlanChange::Kind::Total,
                                  PortfolioRecordText::tr("Saving against all on-demand: %1 then, %2 now.")
                                      .arg(formatMoney(then.saving, cur), formatMoney(savingNow, cur))});
        comparePrices(then, now, since);
    }
    const PricedOn &basis = now.basis.pricedOn;
    appendBasisChanges(then, basis.providerDates, now.basis.fx, basis.calibrations, since.changes);
    return since;
}

QString recordedQuantityText(const RecordedPurchase &p, const QString &currency)
{
    return p.perInstance ? PortfolioRecordText::tr("%1 instance(s)").arg(p.quantity, 0, 'f', 0)
                         : PortfolioRecordText::tr("%1/h").arg(formatMoney(p.quantity, currency));
}

QString portfolioSinceHeading(const PortfolioSince &since)
{
    const QString when = since.then.plannedAt.toString(QStringLiteral("yyyy-MM-dd"));
    if (since.unchanged())
        return PortfolioRecordText::tr("Since this portfolio was priced on %1 (%2): nothing changed.").arg(when, since.then.identity());
    return PortfolioRecordText::tr("Since this portfolio was priced on %1 (%2):").arg(when, since.then.identity());
}

QString portfolioSinceText(const PortfolioSince &since)
{
    QString out = portfolioSinceHeading(since) + u'\n';
    for (const PlanChange &c : since.changes)
        out += QStringLiteral("- ") + c.text + u'\n';
    return out;
}

QJsonObject portfolioSinceToJson(const PortfolioSince &since)
{
    QJsonArray changes;
    for (const PlanChange &c : since.changes)
        changes.append(QJsonObject{{QStringLiteral("kind"), planChangeKindId(c.kind)}, {QStringLiteral("text"), c.text}});
    return {{QStringLiteral("priced_at"), since.then.plannedAt.toString(Qt::ISODate)},
            {QStringLiteral("identity"), since.then.identity()},
            {QStringLiteral("heading"), portfolioSinceHeading(since)},
            {QStringLiteral("purchases_changed"), since.purchasesChanged},
            {QStringLiteral("expected_cost_then"), since.costThen},
            {QStringLiteral("expected_cost_now"), since.costNow},
            {QStringLiteral("changes"), changes}};
}

} // namespace gpuplanner::core
