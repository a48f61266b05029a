#pragma once
// PricedOn: what a plan or a portfolio was priced on, the part a scenario's and a portfolio's
// "priced_on" share: the app's version and time, the display currency, the catalog's content
// identity (a hash of the offers used and each provider's newest data date), and the exchange
// rates and calibrations used. With it, the helpers both records say what moved with: the data
// dates, rates and calibrations, and a price or total then and now, with its source and date.

#include "core/catalog/Billing.h"
#include "core/catalog/Offer.h"
#include "core/cost/Money.h"
#include "core/plan/JsonReader.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

namespace gpuplanner::core {

struct PricedOn
{
    QString appVersion;
    QDateTime plannedAt; // UTC
    QString displayCurrency;
    QString catalogHash;                 // SHA-256 (hex) of the offers the plan could use
    QMap<QString, QString> providerDates; // provider -> newest price date among its offers
    QMap<QString, double> fxPerUsd;       // currency -> units per USD, as used
    QStringList calibrations;             // "H100-SXM5-80GB: calibration 12" per GPU calibrated

    // "catalog 3f2a9c1d4e5f, prices 2024-08 to 2026-07": the identity a report prints on every page.
    QString identity() const;
    QString shortHash() const;  // the hash's first 12 hex digits
    QString oldestDate() const; // the oldest and newest provider data dates ("" when none)
    QString newestDate() const;
};

// One line of "since": what moved, with its source and date where it has one.
struct PlanChange
{
    enum class Kind { Recommendation, Total, Price, Withdrawn, Data, Exchange, Calibration };
    Kind kind;
    QString text;
};
QString planChangeKindId(PlanChange::Kind kind); // recommendation, total, price, ...

// SHA-256 (hex) over the offers: each one's identity, price, currency and date, in sorted order.
QString offersCatalogHash(const QList<Offer> &offers);
// Provider -> the newest price date among its offers (the user's own offers left out: they are
// dated when saved, no news of the catalog).
QMap<QString, QString> offersProviderDates(const QList<Offer> &offers);
// provider/instance/region/billing/term: what says whether the catalog still sells something.
QString offeredKey(const QString &provider, const QString &instanceType, const QString &region, Billing billing,
                   int termMonths);
QSet<QString> offeredKeys(const QList<Offer> &offers);

// Stamps the app's version and the time now.
void stampPricedOn(PricedOn &record);
// Writes the shared fields into a record's JSON.
void pricedOnToJson(const PricedOn &record, QJsonObject &out);
// Reads the shared fields ("priced_on.<field>" in errors); the caller checks the object's keys.
PricedOn pricedOnFromJson(JsonReader &r, const QJsonObject &json);
inline const QString kPricedOnPath = QStringLiteral("priced_on");

// "aws price list, 2026-07".
QString sourceAndDate(const QString &source, const QString &date);
// "+$1,200.00, +12.5%": after against before.
QString signedChange(double before, double after, const QString &currency);
// "NAME: $X/h then (source, date), $Y/h now (source, date)."
QString priceChangeText(const QString &name, double thenPrice, const QString &thenCurrency, const QString &thenSource,
                        double nowPrice, const QString &nowCurrency, const QString &nowSource);
// "NAME: withdrawn, no longer in the catalog (was $X/h, source, date)."
QString withdrawnText(const QString &name, double price, const QString &currency, const QString &source);

// What the plan rests on, then and now: providers' data dates, exchange rates (with their
// source and date now) and calibrations; and, when anything moved, the app version it was made
// with.
void appendBasisChanges(const PricedOn &then, const QMap<QString, QString> &datesNow, const FxTable &fxNow,
                        const QStringList &calibrationsNow, QList<PlanChange> &changes);

} // namespace gpuplanner::core
