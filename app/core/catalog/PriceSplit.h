#pragma once
// PriceSplit: whether a set of prices for the same thing falls into two tight clusters far apart,
// the mark of a systematic error (one source row kind copied into many regions) rather than of a
// single wrong price. Used by the GCP importer on accelerator prices and by the price checks on
// offers; neither decides by which cluster is larger.

#include <QString>

#include <optional>
#include <vector>

namespace gpuplanner::core {

struct PriceSplit
{
    double lowMin = 0, lowMax = 0;   // the lower cluster's range
    double highMin = 0, highMax = 0; // the upper cluster's range
    int lowCount = 0, highCount = 0;

    bool isLow(double price) const { return price <= lowMax; }
    // The factor between the clusters' middles (geometric), e.g. 2.4.
    double factor() const;
    // "4.201 USD in 12 regions and 9.797-12.74 USD in 8 regions" (unit "USD", places "regions").
    QString describe(const QString &unit, const QString &places) const;
};

// Thresholds: the clusters must be at least kSplitGap apart (the gap between the highest low
// and the lowest high price) and each no wider than kClusterSpread (max/min), with at least
// minPerSide prices on each side. A defined-duration (DWS, flex-start) accelerator price is
// 45-57 % below on-demand, so its cluster sits about 2x below; kClusterSpread keeps a plain
// spread of regional prices (GCP's B200: 8.06, 11.28 and 19.33 USD) from reading as two clusters.
constexpr double kSplitGap = 1.6;
constexpr double kClusterSpread = 1.35;

std::optional<PriceSplit> splitInTwo(std::vector<double> prices, int minPerSide);

} // namespace gpuplanner::core
