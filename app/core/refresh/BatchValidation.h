#pragma once
// BatchValidation: checks a provider's new prices before they replace the old ones. An offer
// that fails keeps its previous price (it is listed in ImportBatch::kept and counted by
// reason); only what makes the whole batch unusable fails the provider.

#include "core/common/Result.h"
#include "core/import/ImportBatch.h"

#include <QHash>
#include <QMap>

namespace gpuplanner::core {

// An effective price per GPU-hour (accelerator-hour, chip-hour) in USD outside this range
// is a data error, not a price: the cheapest real vGPU slices cost ~0.03 USD/h and no
// accelerator rents for 250 USD/h. The same bounds hold for every source; --force does not
// loosen them (it only accepts a collapse of the offer count).
inline constexpr double kMinUsdPerGpuHour = 0.02;
inline constexpr double kMaxUsdPerGpuHour = 250.0;
QString implausiblePriceReason();

struct ValidationPolicy
{
    int previousOffers = 0; // what the catalog holds for the same scope
    bool force = false;     // accept a collapse of the distinct offer count
    // Currency units per USD (the catalog's latest rates) for the bounds; a currency with no
    // rate is checked for a positive finite price only.
    QHash<QString, double> ratePerUsd;
};

struct ScreeningReport
{
    QMap<QString, int> kept; // reason -> offers that keep their previous price
    int duplicates = 0;      // rows for an offer already in the batch (the first one counts)

    int keptTotal() const;
    // "2 offers kept their previous price (1 price is not a number, 1 implausible price); 19 duplicate rows ignored"
    QString summary() const;
};

// The reason offer o is refused, or empty when it is a usable price. (Whether it belongs to the
// provider being refreshed is the caller's check: that fails the whole batch.)
QString offerProblem(const ImportedOffer &o, const ValidationPolicy &policy);

// Moves refused offers from batch.offers to batch.kept, drops duplicate offer keys, then
// applies the collapse guard to the distinct offers. Fails for bad FX rates, offers of
// another provider and a collapse (unless forced).
Result<ScreeningReport> screenBatch(const QString &provider, ImportBatch &batch, const ValidationPolicy &policy);

// Strict form: the first refused offer is an error naming it (refreshes use screenBatch).
Status validateBatch(const QString &provider, const ImportBatch &batch, const ValidationPolicy &policy);

bool isKnownCurrency(const QString &code);

// What makes two offers the same offer: instance type, region, billing, term, upfront option,
// offering class (a convertible RI is another offer than a standard one).
QString offerIdentity(const QString &instance, const QString &region, const QString &billingId, int termMonths,
                      const QString &upfront, const QString &offeringClass);
QString offerIdentity(const ImportedOffer &offer);
QString offerIdentity(const KeptOffer &offer);

} // namespace gpuplanner::core
