#pragma once
// PriceChecks: every offer's price checked against itself and its peers, each finding a named
// rule with a reason a person can read. A flagged offer keeps its row and its price; it is
// marked suspect, shown with a warning mark, and left out of recommendations unless the user
// includes suspect offers. Nothing here corrects a price (corrections.csv does, with a source).
//
// Rules and thresholds (prices compared in USD at the catalog's FX rates, per GPU-hour where
// offers of different sizes meet):
//   spot_above_on_demand      spot > on-demand of the same instance and region by more than 0.5 %;
//                             both offers are flagged: one of the two is wrong.
//   round_placeholder         one provider asks the same whole-dollar price per GPU-hour for two or
//                             more GPU models, on-demand and spot alike (a placeholder, not a price).
//   peer_outlier              on-demand per GPU-hour far below the same GPU model elsewhere: one
//                             vote per provider (its median, trusted: no provider's many regions
//                             outvote the others), the modified z-score of the log price
//                             (Iglewicz and Hoaglin) beyond 3.5 and a third of the median or less,
//                             with 10 or more offers from 3 or more providers. Prices far above
//                             are left alone: they buy bigger hosts and are never recommended.
//   region_outlier            on-demand below 0.75x or above 1.5x the median of the same instance
//                             type's other regions in the same geography (3 or more others;
//                             mainland China, for one, is priced apart from overseas regions).
//                             Trusted: that median, and only while none of those others shows
//                             evidence of not being on-demand (below).
//   other_usage_type          the same instance type's on-demand prices in one geography split
//                             into two tight clusters about 2x apart (core/catalog/PriceSplit.h:
//                             1.6x or more between them, each within 1.35x, 2 or more regions
//                             each), and one cluster holds evidence that a price is not on-demand:
//                             its own spot price is at or above it (within 0.5 %), or it fails
//                             below_published_listing's test against a published aggregate. That
//                             cluster is flagged as a price of another usage type (a defined-
//                             duration or flex-start price filed as on-demand); the other is
//                             trusted, however few regions it has.
//   price_conflict            the same split with evidence on neither side, or on both: every
//                             offer of both clusters is flagged, each reason naming both clusters.
//                             No side wins by having more regions.
//   below_published_listing   on-demand below 0.8x the cheapest on-demand listing a published
//                             aggregate found for the same provider, GPU model and count, or less
//                             than 10 % above the aggregate's cheapest 1-year commitment price
//                             (1-year commitments run 25-45 % below on-demand in the data set).
//   retired_family            an instance family the provider has retired (retired-families.csv,
//                             each with its source).
//   spec_mismatch             the GPU memory the source lists for the instance is neither the spec
//                             table's memory per GPU nor the instance's total (within 10 % or 1 GiB):
//                             the offer is another part (an 80 GB A100 filed as the 40 GB one) or a
//                             slice of one. Figures under 1 GiB are not read (a unit mix-up).
//   twin_suspect              a commitment whose on-demand price of the same instance and region
//                             is flagged: a ratio taken from it, or a price beside a wrong one.
// Every rule that holds an offer against its peers says in its reason which side it trusts and
// why. The GCP importer applies the same structure to the accelerator prices an instance is
// made of (core/import/GcpUsageTypes.h), so such prices are unknown, not flagged, in the
// embedded catalog; these rules catch them in prices from anywhere else.

#include "core/catalog/Offer.h"

#include <QList>
#include <QMap>
#include <QString>

namespace gpuplanner::core {

struct RetiredFamily
{
    QString provider;
    QString instancePattern; // glob on the instance type
    QString retiredOn;       // ISO date; empty when the source gives none
    QString source;
};

// A published figure to hold catalog prices against (e.g. an aggregator's cheapest listing).
struct PriceReference
{
    QString provider;
    QString gpu;
    double gpuCount = 0;
    double pricePerHourUsd = 0;
    int termMonths = 0; // 0: an on-demand listing; 12: a 1-year commitment price
    QString source;
    QString captured;
};

struct PriceFlag
{
    qint64 offerId = 0;
    QString rule;
    QString reason;
};

struct PriceCheckInput
{
    QList<Offer> offers; // every available offer of the catalog
    QList<PriceReference> references;
    QList<RetiredFamily> retired;
};

QList<PriceFlag> checkPrices(const PriceCheckInput &input);

// Rule ids in the order `catalog check` reports them.
QStringList priceRuleIds();

} // namespace gpuplanner::core
