#include "core/actuals/BillReprice.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace gpuplanner::core::actuals {

namespace {

QString placeKey(const QString &provider, const QString &instanceType, const QString &region)
{
    return provider + u'|' + instanceType.toLower() + u'|' + region;
}

QString shapeKey(const QString &gpu, double count)
{
    return gpu + u'|' + QString::number(count, 'g', 6);
}

// USD per instance-hour, a commitment's upfront fee spread over its term.
double usdPerHour(const Offer &o)
{
    if (o.pricePerHour <= 0)
        return 0;
    const double toUsd = o.pricePerHourUsd / o.pricePerHour;
    return (isCommitment(o.billing) ? o.effectiveHourly() : o.pricePerHour) * toUsd;
}

QString interruptionText(const Offer &o)
{
    QString figure;
    if (!o.interruptionBucket.isEmpty())
        figure = QStringLiteral("interruption frequency %1").arg(o.interruptionBucket);
    else if (o.interruptionRateMonthly)
        figure = QStringLiteral("%1 % of instances interrupted per month").arg(*o.interruptionRateMonthly * 100.0, 0, 'f', 1);
    else
        return QStringLiteral("no published interruption figure for this instance");
    return o.interruptionSource.isEmpty() ? figure : QStringLiteral("%1 (%2)").arg(figure, o.interruptionSource);
}

PriceQuote quote(const Offer &o, const UsageRow &row, const QString &label)
{
    PriceQuote q;
    q.kind = billingId(o.billing);
    q.label = label;
    q.provider = o.provider;
    q.instanceType = o.instanceType;
    q.region = o.region;
    q.perInstanceHour = usdPerHour(o);
    q.cost = q.perInstanceHour * row.instanceHours;
    q.source = o.source;
    q.date = o.effectiveDate;
    const QDate priced = QDate::fromString(o.effectiveDate.left(10), Qt::ISODate);
    const QDate month = QDate::fromString(row.month + QStringLiteral("-01"), Qt::ISODate);
    q.olderThanBill = priced.isValid() && month.isValid() && priced < month;
    if (o.billing == Billing::Spot)
        q.interruption = interruptionText(o);
    return q;
}

bool matchesAny(const QString &text, const QStringList &globs)
{
    if (globs.isEmpty())
        return true;
    for (const QString &g : globs) {
        const QRegularExpression re(QRegularExpression::wildcardToRegularExpression(g),
                                    QRegularExpression::CaseInsensitiveOption);
        if (re.match(text).hasMatch())
            return true;
    }
    return false;
}

bool usable(const Offer &o)
{
    return o.unavailableSince.isEmpty() && !o.suspect() && o.pricePerHour > 0 && o.pricePerHourUsd > 0;
}

} // namespace

QString commitmentLabel(const Offer &o)
{
    const QString upfront = o.upfront.isEmpty() ? QStringLiteral("none") : o.upfront;
    switch (o.billing) {
    case Billing::Reserved:
        return QStringLiteral("%1-month %2reserved, %3 upfront")
            .arg(o.termMonths)
            .arg(o.offeringClass.isEmpty() ? QString() : o.offeringClass + u' ', upfront);
    case Billing::SavingsPlan:
        return QStringLiteral("%1-month %2savings plan, %3 upfront")
            .arg(o.termMonths)
            .arg(o.offeringClass.isEmpty() ? QString() : o.offeringClass + u' ', upfront);
    case Billing::CapacityBlock:
        return QStringLiteral("capacity block");
    case Billing::Spot:
        return QStringLiteral("spot");
    case Billing::OnDemand:
        break;
    }
    return QStringLiteral("on-demand");
}

std::optional<PriceQuote> RepricedRow::best() const
{
    std::optional<PriceQuote> b = onDemand;
    auto consider = [&](const PriceQuote &q) {
        if (!b || q.cost < b->cost)
            b = q;
    };
    for (const PriceQuote &c : commitments)
        consider(c);
    if (otherProvider)
        consider(*otherProvider);
    return b;
}

BillReprice repriceUsage(const BillUsage &usage, const BillCatalog &catalog, const RepriceOptions &options)
{
    QHash<QString, QList<const Offer *>> byPlace;
    QHash<QString, QList<const Offer *>> onDemandByShape;
    for (const Offer &o : catalog.offers()) {
        if (!usable(o))
            continue;
        byPlace[placeKey(o.provider, o.instanceType, o.region)].append(&o);
        if (o.billing == Billing::OnDemand && !o.gpu.isEmpty())
            onDemandByShape[shapeKey(o.gpu, o.gpuCount)].append(&o);
    }
    QHash<QString, FxRate> newestRate;
    for (const FxRate &r : options.rates) {
        if (r.ratePerUsd > 0 && (!newestRate.contains(r.currency) || newestRate.value(r.currency).date < r.date))
            newestRate.insert(r.currency, r);
    }
    BillReprice out;
    std::map<QString, RepricedMonth> months;
    for (const UsageRow &row : usage.rows) {
        RepricedRow r;
        r.usage = row;
        if (row.currency == u"USD") {
            r.paidUsd = double(row.spendMicros) / 1e6;
        } else if (const auto fx = newestRate.constFind(row.currency); fx != newestRate.cend()) {
            r.paidUsd = double(row.spendMicros) / 1e6 / fx->ratePerUsd;
            r.paidFx = QStringLiteral("%1 %2 per USD (%3, %4)")
                           .arg(row.currency, QString::number(fx->ratePerUsd, 'g', 6), fx->source, fx->date);
        }
        const QList<const Offer *> here = byPlace.value(placeKey(row.provider, row.instanceType, row.region));
        if (!row.regionKnown)
            r.note = row.region.isEmpty() ? QStringLiteral("the bill names no region: the provider's own prices are not looked up")
                                          : QStringLiteral("region %1 is not in the catalog").arg(row.region);
        else if (here.isEmpty())
            r.note = QStringLiteral("the catalog has no price for %1 in %2").arg(row.instanceType, row.region);
        for (const Offer *o : here) {
            if (o->billing == Billing::OnDemand) {
                if (!r.onDemand || usdPerHour(*o) < r.onDemand->perInstanceHour)
                    r.onDemand = quote(*o, row, QStringLiteral("on-demand"));
            } else if (o->billing == Billing::Spot) {
                if (!r.spot || usdPerHour(*o) < r.spot->perInstanceHour)
                    r.spot = quote(*o, row, QStringLiteral("spot"));
            } else {
                r.commitments.append(quote(*o, row, commitmentLabel(*o)));
            }
        }
        std::sort(r.commitments.begin(), r.commitments.end(), [](const PriceQuote &a, const PriceQuote &b) {
            return a.cost != b.cost ? a.cost < b.cost : a.label < b.label;
        });
        for (const Offer *o : onDemandByShape.value(shapeKey(row.gpu, row.gpusPerInstance))) {
            if (o->provider == row.provider || !matchesAny(o->provider, options.providers)
                || !matchesAny(o->region, options.regions)
                || (!options.geographies.isEmpty() && !options.geographies.contains(o->geography, Qt::CaseInsensitive))
                || (options.geographies.isEmpty() && !options.anyGeography && !row.geography.isEmpty()
                    && o->geography != row.geography))
                continue;
            if (!r.otherProvider || usdPerHour(*o) < r.otherProvider->perInstanceHour)
                r.otherProvider = quote(*o, row, QStringLiteral("on-demand at %1").arg(o->providerLabel()));
        }
        RepricedMonth &m = months[row.month];
        m.month = row.month;
        ++m.rows;
        if (r.paidUsd)
            m.paidUsd += *r.paidUsd;
        else
            ++m.otherCurrency;
        if (r.onDemand)
            m.onDemand += r.onDemand->cost;
        else
            ++m.unpriced;
        if (r.spot)
            m.spot += r.spot->cost;
        if (const auto b = r.best(); b && r.paidUsd) {
            m.best += b->cost;
            m.bestPaidUsd += *r.paidUsd;
            m.available += std::max(0.0, *r.paidUsd - b->cost);
        }
        out.rows.append(r);
    }
    for (auto &[key, m] : months)
        out.months.append(m);
    if (std::any_of(out.rows.cbegin(), out.rows.cend(), [](const RepricedRow &r) { return !r.paidUsd; }))
        out.notes << QStringLiteral("rows billed in a currency the catalog has no USD rate for are priced but left out of paid and saving");
    QStringList converted;
    for (const RepricedRow &r : std::as_const(out.rows)) {
        if (!r.paidFx.isEmpty() && !converted.contains(r.paidFx))
            converted << r.paidFx;
    }
    for (const QString &fx : std::as_const(converted))
        out.notes << QStringLiteral("paid converted to USD at %1").arg(fx);
    out.notes << QStringLiteral("commitments are priced at their effective hourly rate, as if the hours had kept them busy; "
                                "`actuals recommend` sizes what to buy from the steady part only");
    return out;
}

} // namespace gpuplanner::core::actuals
