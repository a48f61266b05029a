#pragma once
// ImportBatch: offers normalised from a provider price file or API, plus what was left out
// and why. Price sources (net) produce it; the catalog store (db) writes it.
// Rows for the same instance type, region and billing (zones, marketplace hosts) are merged
// into one offer keeping the lowest and the median price.

#include "core/catalog/Billing.h"
#include "core/catalog/FxRate.h"
#include "core/catalog/PriceChecks.h"

#include <QList>
#include <QString>

#include <optional>

namespace gpuplanner::core {

struct ImportedInstance
{
    QString provider;
    QString name;
    QString gpuId;
    double gpuCount = 0;
    std::optional<double> vcpus;
    std::optional<double> memoryGib;
    QString specNote; // e.g. a correction applied
    // GPU memory per GPU as the source lists it (nullopt: it says nothing); checked against the spec.
    std::optional<double> listedGpuMemoryGib = std::nullopt;
};

struct ImportedOffer
{
    ImportedInstance instance;
    QString region;
    Billing billing = Billing::OnDemand;
    double price = 0;                  // lowest, in currency
    std::optional<double> medianPrice; // when several zones/hosts differ
    QString currency;
    QString source;
    int termMonths = 0;          // reserved / committed / savings plan term
    QString upfront = QStringLiteral("none"); // none, partial, all
    QString offeringClass;       // standard, convertible, compute, instance; "" = not stated
    PriceBasis priceBasis = PriceBasis::Recurring; // is price the recurring part or the effective rate
    std::optional<double> upfrontFee;       // paid once per instance for the term; nullopt = unknown
    std::optional<double> recurringPerHour; // the hourly part of a commitment, when known
    std::optional<double> minDurationHours; // capacity blocks
    std::optional<double> maxDurationHours;
    QString effectiveDate; // when its source captured it; empty = the batch's date
    // The embedded catalog's source file (path under resources/catalog) it came from; empty for a refresh.
    QString sourceFile;

    // The fee as the catalog stores it: on-demand and spot have no upfront part (0, not unknown).
    std::optional<double> storedUpfrontFee() const { return isCommitment(billing) ? upfrontFee : std::optional<double>(0.0); }
};

// An on-demand or spot offer at one price (no term, no upfront part).
inline ImportedOffer onDemandOrSpot(const ImportedInstance &instance, const QString &region, Billing billing,
                                    double price, const QString &currency, const QString &source)
{
    ImportedOffer o;
    o.instance = instance;
    o.region = region;
    o.billing = billing;
    o.price = price;
    o.currency = currency;
    o.source = source;
    return o;
}

// A provider's published interruption figure for spot capacity of an instance type in a region.
struct SpotInterruption
{
    QString provider;
    QString region;
    QString instanceType;
    QString bucket;         // the provider's label, e.g. AWS's ">20%"
    double monthlyRate = 0; // the rate the spot simulation uses for it (a share per month)
    std::optional<int> savingsPercent;
    QString source;         // feed and date
};

// An offer whose new price was refused (not a number, implausible, ...): the store keeps
// its previous price instead of removing it, and the refresh summary counts it by reason.
struct KeptOffer
{
    QString instance;
    QString region;
    Billing billing = Billing::OnDemand;
    int termMonths = 0;
    QString upfront = QStringLiteral("none");
    QString offeringClass;
    QString reason; // a short category, e.g. "price is not a number"
};

struct ImportExclusion
{
    QString provider;
    QString file;
    int line = 0;
    QString scope; // row, on_demand, spot, correction
    QString reason;
    QString detail;
};

struct ImportFileStats
{
    QString provider;
    QString file;
    int sourceRows = 0;
    int usedRows = 0;
    int excludedRows = 0;
};

struct ImportBatch
{
    // When the prices were fetched and the date they apply from (ISO 8601); empty for the
    // embedded snapshot, whose dates come from providers.csv.
    QString fetchedAt;
    QString effectiveDate;
    QString sourceNote; // shown with the provider's data date, e.g. "SkyPilot hosted catalog"
    // A refresh replaces only the billing models its batch has (a source without spot prices
    // keeps the old spot rows). A complete batch is all the scope holds: the custom offers
    // editor saves whole providers, so rows deleted there leave the catalog too.
    bool complete = false;
    // The source prices only the instance types it has offers for: a type it lists nothing for
    // is one it cannot price (GCP's SKU catalog has no TPU machines, for example), so that
    // type's offers are left as they were instead of being marked unavailable.
    bool listedTypesOnly = false;

    QList<ImportedOffer> offers;
    QList<FxRate> fxRates;
    QList<ImportExclusion> exclusions;
    QList<KeptOffer> kept;
    // Interruption figures this source publishes; when present they replace the provider's stored ones.
    QList<SpotInterruption> interruptions;
    // Published figures the price checks hold the catalog against (seed only).
    QList<PriceReference> references;
    QList<ImportFileStats> files;

    void append(const ImportBatch &other);
};

} // namespace gpuplanner::core
