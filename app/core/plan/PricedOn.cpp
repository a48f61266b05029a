#include "core/plan/PricedOn.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

class PricedOnText
{
    Q_DECLARE_TR_FUNCTIONS(PricedOnText)
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

} // namespace

QString PricedOn::shortHash() const
{
    return catalogHash.left(kHashPrefix);
}

QString PricedOn::oldestDate() const
{
    QString oldest;
    for (const QString &d : providerDates) {
        if (!d.isEmpty())
            oldest = oldest.isEmpty() ? d : std::min(oldest, d);
    }
    return oldest;
}

QString PricedOn::newestDate() const
{
    QString newest;
    for (const QString &d : providerDates)
        newest = std::max(newest, d);
    return newest;
}

QString PricedOn::identity() const
{
    const QString oldest = oldestDate();
    const QString newest = newestDate();
    if (oldest.isEmpty())
        return PricedOnText::tr("catalog %1").arg(shortHash());
    if (oldest == newest)
        return PricedOnText::tr("catalog %1, prices of %2").arg(shortHash(), oldest);
    return PricedOnText::tr("catalog %1, prices %2 to %3").arg(shortHash(), oldest, newest);
}

QString planChangeKindId(PlanChange::Kind kind)
{
    static const char *const kinds[] = {"recommendation", "total", "price", "withdrawn", "data", "exchange", "calibration"};
    return QString::fromLatin1(kinds[int(kind)]);
}

QString offersCatalogHash(const QList<Offer> &offers)
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

QMap<QString, QString> offersProviderDates(const QList<Offer> &offers)
{
    QMap<QString, QString> dates;
    for (const Offer &o : offers) {
        if (o.provider == u"custom")
            continue;
        QString &d = dates[o.provider];
        d = std::max(d, o.effectiveDate);
    }
    return dates;
}

QString offeredKey(const QString &provider, const QString &instanceType, const QString &region, Billing billing,
                   int termMonths)
{
    return QStringLiteral("%1/%2/%3/%4/%5").arg(provider, instanceType, region, billingId(billing)).arg(termMonths);
}

QSet<QString> offeredKeys(const QList<Offer> &offers)
{
    QSet<QString> keys;
    for (const Offer &o : offers)
        keys.insert(offeredKey(o.provider, o.instanceType, o.region, o.billing, o.termMonths));
    return keys;
}

void stampPricedOn(PricedOn &record)
{
    record.appVersion = QStringLiteral(GPUPLANNER_VERSION);
    record.plannedAt = QDateTime::currentDateTimeUtc();
}

void pricedOnToJson(const PricedOn &rec, QJsonObject &out)
{
    QJsonObject dates;
    for (auto it = rec.providerDates.cbegin(); it != rec.providerDates.cend(); ++it)
        dates.insert(it.key(), it.value());
    QJsonObject fx;
    for (auto it = rec.fxPerUsd.cbegin(); it != rec.fxPerUsd.cend(); ++it)
        fx.insert(it.key(), it.value());
    out.insert(QStringLiteral("app_version"), rec.appVersion);
    out.insert(QStringLiteral("planned_at"), rec.plannedAt.toString(Qt::ISODate));
    out.insert(QStringLiteral("display_currency"), rec.displayCurrency);
    out.insert(QStringLiteral("catalog_hash"), rec.catalogHash);
    out.insert(QStringLiteral("provider_dates"), dates);
    out.insert(QStringLiteral("fx_per_usd"), fx);
    out.insert(QStringLiteral("calibrations"), QJsonArray::fromStringList(rec.calibrations));
}

PricedOn pricedOnFromJson(JsonReader &r, const QJsonObject &json)
{
    const QString &path = kPricedOnPath;
    PricedOn rec;
    rec.appVersion = r.string(json, path, u"app_version").value_or(QString());
    const QString at = r.string(json, path, u"planned_at").value_or(QString());
    rec.plannedAt = QDateTime::fromString(at, Qt::ISODate);
    rec.plannedAt.setTimeSpec(Qt::UTC);
    if (!r.failed() && !rec.plannedAt.isValid())
        r.fail(path + QStringLiteral(".planned_at"), QJsonValue(at), PricedOnText::tr("is not an ISO 8601 date and time"));
    rec.displayCurrency = r.string(json, path, u"display_currency").value_or(QString());
    rec.catalogHash = r.string(json, path, u"catalog_hash").value_or(QString());
    if (!r.failed() && rec.catalogHash.isEmpty())
        r.fail(path + QStringLiteral(".catalog_hash"), PricedOnText::tr("is missing: the record cannot say what the plan was priced on"));
    if (const auto dates = r.object(json, path, u"provider_dates")) {
        for (auto it = dates->constBegin(); it != dates->constEnd(); ++it)
            rec.providerDates.insert(it.key(), it.value().toString());
    }
    if (const auto fx = r.object(json, path, u"fx_per_usd")) {
        for (auto it = fx->constBegin(); it != fx->constEnd(); ++it) {
            if (!it.value().isDouble() || it.value().toDouble() <= 0)
                r.fail(QStringLiteral("%1.fx_per_usd.%2").arg(path, it.key()), it.value(), PricedOnText::tr("is not a positive rate"));
            rec.fxPerUsd.insert(it.key(), it.value().toDouble());
        }
    }
    for (const QJsonValue &v : json.value(QStringLiteral("calibrations")).toArray())
        rec.calibrations << v.toString();
    return rec;
}

QString sourceAndDate(const QString &source, const QString &date)
{
    if (source.isEmpty())
        return date;
    return date.isEmpty() ? source : QStringLiteral("%1, %2").arg(source, date);
}

QString signedChange(double before, double after, const QString &currency)
{
    const double diff = after - before;
    const QString sign = diff >= 0 ? QStringLiteral("+") : QStringLiteral("\u2212");
    const QString amount = sign + formatMoney(std::abs(diff), currency);
    if (before <= 0)
        return amount;
    return QStringLiteral("%1, %2%3%").arg(amount, sign).arg(std::abs(diff) / before * 100.0, 0, 'f', 1);
}

QString priceChangeText(const QString &name, double thenPrice, const QString &thenCurrency, const QString &thenSource,
                        double nowPrice, const QString &nowCurrency, const QString &nowSource)
{
    return PricedOnText::tr("%1: %2/h then (%3), %4/h now (%5).")
        .arg(name, formatMoney(thenPrice, thenCurrency), thenSource, formatMoney(nowPrice, nowCurrency), nowSource);
}

QString withdrawnText(const QString &name, double price, const QString &currency, const QString &source)
{
    return PricedOnText::tr("%1: withdrawn, no longer in the catalog (was %2/h, %3).")
        .arg(name, formatMoney(price, currency), source);
}

void appendBasisChanges(const PricedOn &then, const QMap<QString, QString> &datesNow, const FxTable &fxNow,
                        const QStringList &calibrationsNow, QList<PlanChange> &changes)
{
    auto add = [&](PlanChange::Kind kind, const QString &text) { changes.append({kind, text}); };
    for (auto it = then.providerDates.cbegin(); it != then.providerDates.cend(); ++it) {
        const QString dateNow = datesNow.value(it.key());
        if (dateNow.isEmpty())
            add(PlanChange::Kind::Data, PricedOnText::tr("%1: no prices in the catalog now (they were of %2).").arg(it.key(), it.value()));
        else if (dateNow != it.value())
            add(PlanChange::Kind::Data, PricedOnText::tr("%1 prices: of %2 then, of %3 now.").arg(it.key(), it.value(), dateNow));
    }
    for (auto it = datesNow.cbegin(); it != datesNow.cend(); ++it) {
        if (!then.providerDates.contains(it.key()))
            add(PlanChange::Kind::Data, PricedOnText::tr("%1: in the catalog now (prices of %2), not then.").arg(it.key(), it.value()));
    }
    for (auto it = then.fxPerUsd.cbegin(); it != then.fxPerUsd.cend(); ++it) {
        const FxRate *rate = fxNow.find(it.key());
        if (rate && std::abs(rate->ratePerUsd - it.value()) > 1e-6 * it.value())
            add(PlanChange::Kind::Exchange, PricedOnText::tr("%1 per USD: %2 then, %3 now (%4).")
                                                .arg(it.key())
                                                .arg(it.value(), 0, 'g', 6)
                                                .arg(rate->ratePerUsd, 0, 'g', 6)
                                                .arg(sourceAndDate(rate->source, rate->date)));
    }
    if (calibrationsNow != then.calibrations)
        add(PlanChange::Kind::Calibration,
            PricedOnText::tr("Calibrations: %1 then, %2 now.")
                .arg(then.calibrations.isEmpty() ? PricedOnText::tr("none") : then.calibrations.join(QStringLiteral("; ")),
                     calibrationsNow.isEmpty() ? PricedOnText::tr("none") : calibrationsNow.join(QStringLiteral("; "))));
    if (then.appVersion != QStringLiteral(GPUPLANNER_VERSION) && !changes.isEmpty())
        add(PlanChange::Kind::Data, PricedOnText::tr("Made with GPU Planner %1; this is %2: its estimates may differ too.")
                                        .arg(then.appVersion, QStringLiteral(GPUPLANNER_VERSION)));
}

} // namespace gpuplanner::core
