#include "core/cost/Money.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace gpuplanner::core {

FxTable::FxTable()
{
    m_rates.append(FxRate{QStringLiteral("USD"), 1.0, QString(), QStringLiteral("identity")});
}

void FxTable::set(const FxRate &rate)
{
    for (FxRate &r : m_rates) {
        if (r.currency == rate.currency) {
            r = rate;
            return;
        }
    }
    m_rates.append(rate);
}

const FxRate *FxTable::find(QStringView currency) const
{
    for (const FxRate &r : m_rates) {
        if (r.currency == currency)
            return &r;
    }
    return nullptr;
}

std::optional<double> FxTable::factor(QStringView from, QStringView to) const
{
    if (from == to)
        return 1.0;
    const FxRate *a = find(from);
    const FxRate *b = find(to);
    if (!a || !b || a->ratePerUsd <= 0 || b->ratePerUsd <= 0)
        return std::nullopt;
    return b->ratePerUsd / a->ratePerUsd;
}

std::optional<double> FxTable::convert(double amount, QStringView from, QStringView to) const
{
    const auto f = factor(from, to);
    if (!f)
        return std::nullopt;
    return amount * *f;
}

FxTable FxTable::fromOffers(const QList<Offer> &offers)
{
    FxTable table;
    for (const Offer &o : offers) {
        if (o.currency.isEmpty() || o.currency == u"USD" || o.pricePerHour <= 0 || o.pricePerHourUsd <= 0)
            continue;
        const double perUsd = o.pricePerHour / o.pricePerHourUsd;
        const FxRate *known = table.find(o.currency);
        if (known && known->date >= o.effectiveDate)
            continue;
        table.set(FxRate{o.currency, perUsd, o.effectiveDate, QStringLiteral("catalog conversion of %1 offers").arg(o.provider)});
    }
    return table;
}

FxTable planningFxTable(const QList<Offer> &offers, const QList<FxRate> &catalogRates,
                        const FxTable &scenarioOverrides)
{
    return planningFxTable(catalogFxTable(offers, catalogRates), scenarioOverrides);
}

FxTable catalogFxTable(const QList<Offer> &offers, const QList<FxRate> &catalogRates)
{
    FxTable table = FxTable::fromOffers(offers);
    for (const FxRate &r : catalogRates) {
        if (r.currency == u"USD" || r.ratePerUsd <= 0)
            continue;
        // ISO dates compare as text; on the same date the stored rate is the better record.
        const FxRate *inferred = table.find(r.currency);
        if (!inferred || inferred->date <= r.date)
            table.set(r);
    }
    return table;
}

FxTable planningFxTable(FxTable table, const FxTable &scenarioOverrides)
{
    for (const FxRate &r : scenarioOverrides.rates()) {
        if (r.currency != u"USD")
            table.set(r);
    }
    return table;
}

bool isCurrencyCode(QStringView code)
{
    return code.size() == 3
        && std::all_of(code.begin(), code.end(), [](QChar c) { return c >= u'A' && c <= u'Z'; });
}

int currencyDecimals(QStringView currency)
{
    // ISO 4217 minor units for the currencies clouds bill in; the rest use two.
    if (currency == u"JPY" || currency == u"KRW" || currency == u"VND" || currency == u"CLP" || currency == u"ISK")
        return 0;
    return 2;
}

QLocale localeForCurrency(QStringView currency)
{
    struct Entry
    {
        const char16_t *currency;
        QLocale::Language language;
        QLocale::Territory territory;
    };
    static constexpr Entry kEntries[] = {
        {u"USD", QLocale::English, QLocale::UnitedStates},  {u"EUR", QLocale::German, QLocale::Germany},
        {u"GBP", QLocale::English, QLocale::UnitedKingdom}, {u"CNY", QLocale::Chinese, QLocale::China},
        {u"JPY", QLocale::Japanese, QLocale::Japan},        {u"KRW", QLocale::Korean, QLocale::SouthKorea},
        {u"INR", QLocale::English, QLocale::India},         {u"CHF", QLocale::German, QLocale::Switzerland},
        {u"CAD", QLocale::English, QLocale::Canada},        {u"AUD", QLocale::English, QLocale::Australia},
        {u"SGD", QLocale::English, QLocale::Singapore},     {u"BRL", QLocale::Portuguese, QLocale::Brazil},
    };
    for (const Entry &e : kEntries) {
        if (currency == QStringView(e.currency))
            return QLocale(e.language, e.territory);
    }
    return QLocale(QLocale::English, QLocale::UnitedStates);
}

namespace {

// A currency's home locale and the symbol shown for it, worked out once per thread: charts and
// tables format hundreds of amounts per plan.
struct CurrencyFormat
{
    QLocale home;
    QString symbol;
};

const CurrencyFormat &currencyFormat(const QString &currency)
{
    thread_local QHash<QString, CurrencyFormat> formats;
    auto it = formats.constFind(currency);
    if (it == formats.constEnd()) {
        CurrencyFormat f{localeForCurrency(currency), {}};
        // The symbol comes from the currency's own locale so that "$" is never shown for CAD in en_US.
        f.symbol = f.home.currencySymbol(QLocale::CurrencySymbol);
        if (f.home.currencySymbol(QLocale::CurrencyIsoCode) != currency)
            f.symbol = currency + u' ';
        it = formats.insert(currency, f);
    }
    return it.value();
}

} // namespace

QString formatMoney(double amount, const QString &currency)
{
    if (!std::isfinite(amount))
        return QStringLiteral("-");
    const CurrencyFormat &f = currencyFormat(currency);
    return f.home.toCurrencyString(amount, f.symbol, currencyDecimals(currency));
}

QString formatMoney(double amount, const QString &currency, const QLocale &locale)
{
    if (!std::isfinite(amount))
        return QStringLiteral("-");
    return locale.toCurrencyString(amount, currencyFormat(currency).symbol, currencyDecimals(currency));
}

} // namespace gpuplanner::core
