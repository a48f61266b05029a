#pragma once
// Money: FX tables (units of a currency per US dollar, with their date and source, as the
// catalog's FxRate records them) and amounts formatted with the currency's own conventions.
// Offers keep their native currency; the planner converts to the display currency only
// when it compares or shows amounts.

#include "core/catalog/FxRate.h"
#include "core/catalog/Offer.h"

#include <QList>
#include <QLocale>
#include <QString>

#include <optional>

namespace gpuplanner::core {

class FxTable
{
public:
    // Starts with USD = 1.
    FxTable();

    // Adds or replaces the rate of rate.currency.
    void set(const FxRate &rate);
    const FxRate *find(QStringView currency) const;
    bool has(QStringView currency) const { return find(currency) != nullptr; }
    // Units of `to` for one unit of `from`; nullopt when either rate is missing.
    std::optional<double> factor(QStringView from, QStringView to) const;
    std::optional<double> convert(double amount, QStringView from, QStringView to) const;
    const QList<FxRate> &rates() const { return m_rates; }

    // The rates the catalog converted its offers with (price / price in USD), dated by the
    // newest offer of each currency.
    static FxTable fromOffers(const QList<Offer> &offers);

private:
    QList<FxRate> m_rates; // a handful of entries: a linear scan beats hashing
};

// The rates a plan converts with, each source overriding the one before: the rates inferred
// from the offers, then the catalog's stored rates (unless an inferred rate is newer), then the
// scenario's own rates (assumptions.fx). USD stays 1 whatever the sources say.
FxTable planningFxTable(const QList<Offer> &offers, const QList<FxRate> &catalogRates,
                        const FxTable &scenarioOverrides);
// The same in two steps, so the catalog's part is computed once per catalog: its rates (from
// the offers and the stored ones), then a scenario's overrides on top.
FxTable catalogFxTable(const QList<Offer> &offers, const QList<FxRate> &catalogRates);
FxTable planningFxTable(FxTable catalogTable, const FxTable &scenarioOverrides);

// Three capital ASCII letters, the shape of an ISO 4217 code ("EUR"; not "eur" or "E1R").
bool isCurrencyCode(QStringView code);
// Minor-unit digits (JPY and KRW 0, most others 2).
int currencyDecimals(QStringView currency);
// A locale whose conventions suit the currency (en_US for USD, zh_CN for CNY, de_DE for EUR, ...).
QLocale localeForCurrency(QStringView currency);
// "$1,234.50", "¥8,900.00", "1.234,50 €", "¥1,235" (JPY).
QString formatMoney(double amount, const QString &currency);
// The amount in locale's number format with the currency's symbol and digits.
QString formatMoney(double amount, const QString &currency, const QLocale &locale);

} // namespace gpuplanner::core
