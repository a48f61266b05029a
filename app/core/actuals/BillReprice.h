#pragma once
// BillReprice: each month's GPU usage from a bill (BillUsage) priced again from the catalog: on
// demand, on spot (with the interruption figure the catalog has), under every commitment the same
// provider sells for that instance and region (nothing it does not sell), and on the cheapest
// offer of another provider with the same GPU model and count. Every price keeps its source and
// date and says when it is older than the month it prices. Amounts in USD (the catalog's rates).

#include "core/actuals/BillUsage.h"
#include "core/catalog/FxRate.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gpuplanner::core::actuals {

struct RepriceOptions
{
    QStringList providers;   // other providers to look at (catalog ids); empty = every one
    QStringList regions;     // region globs for other providers ("us-*"); empty = any
    QStringList geographies; // geographies for other providers; empty = the row's own (see anyGeography)
    bool anyGeography = false; // other providers anywhere when no geographies are given
    // The catalog's exchange rates: a bill in another currency is paid in USD at the newest rate
    // of its currency (its source and date are told); without one its rows stay out of paid.
    QList<FxRate> rates;
};

struct PriceQuote
{
    QString kind;  // on_demand, spot, reserved, savings_plan, capacity_block (other providers: on_demand)
    QString label; // "on-demand", "12-month standard reserved, no upfront", ...
    QString provider;
    QString instanceType;
    QString region;
    double perInstanceHour = 0; // USD, a commitment's upfront fee spread over its term
    double cost = 0;            // USD: the row's instance-hours at this price
    QString source;
    QString date;               // the price's effective date
    bool olderThanBill = false; // the price is dated before the month it prices
    QString interruption;       // spot: the provider's published interruption figure and its source
};

struct RepricedRow
{
    UsageRow usage;
    std::optional<double> paidUsd; // the row's spend in USD (converted at paidFx where the bill is not in USD)
    QString paidFx;                // "EUR 0.92 per USD (source, date)"; empty for a USD bill
    std::optional<PriceQuote> onDemand;
    std::optional<PriceQuote> spot;
    QList<PriceQuote> commitments; // cheapest first
    std::optional<PriceQuote> otherProvider;
    QString note; // why a price is missing

    // The least of on-demand, the commitments and the other provider (spot is not like for like).
    std::optional<PriceQuote> best() const;
};

struct RepricedMonth
{
    QString month;
    double paidUsd = 0;    // rows with a USD spend
    double onDemand = 0;   // rows with an on-demand price
    double spot = 0;       // rows with a spot price
    double best = 0;       // rows with a paid amount and a best price: the least they could have cost
    double bestPaidUsd = 0; // what those same rows were paid
    int rows = 0;
    int unpriced = 0;      // rows without an on-demand price
    int otherCurrency = 0; // rows billed in another currency (left out of paid and saving)
    // Per row, what was paid above the least it could have cost (0 where it already paid less:
    // a row on spot or under a commitment may beat every alternative).
    double available = 0;
    double saving() const { return available; }
};

struct BillReprice
{
    QList<RepricedRow> rows;
    QList<RepricedMonth> months;
    QStringList notes;
};

BillReprice repriceUsage(const BillUsage &usage, const BillCatalog &catalog, const RepriceOptions &options = {});

// "12-month standard reserved, no upfront", "savings plan (compute), 36 months, all upfront", ...
QString commitmentLabel(const Offer &offer);

} // namespace gpuplanner::core::actuals
