#pragma once
// RunLength: how sure a run's length is. A training estimate carries a P10-P90 range around its
// expected figure (core/estimate/Campaign.h); the run's length is taken as log-normal on each
// side of the expected figure with those quantiles, so a cost and the chances of meeting a
// deadline or a budget follow from it. A range of 1-1 is a length known for certain.

namespace gpuplanner::core {

// The standard normal's 90th percentile: a P10-P90 range spans 2 x this many sigmas.
inline constexpr double kNormalZ90 = 1.2815515655446004;

// The standard normal's quantile: z with P(Z <= z) = p, for 0 < p < 1.
double standardNormalQuantile(double p);

struct RunLengthRange
{
    double low = 1;  // P10 / expected
    double high = 1; // P90 / expected

    bool certain() const { return low >= 1 && high <= 1; }
    // P(length <= ratio x expected).
    double chanceAtMost(double ratio) const;
    // The ratio at standard-normal score z (z < 0 below the expected figure).
    double ratioAt(double z) const;
    // The largest ratio whose cost stays within budget, for a cost rising with the length;
    // searched between the range's far tails.
    template <class CostAt>
    double ratioWithin(double budget, double hours, CostAt costAt) const;
};

template <class CostAt>
double RunLengthRange::ratioWithin(double budget, double hours, CostAt costAt) const
{
    if (certain())
        return costAt(hours) <= budget ? 1.0 : 0.0;
    constexpr double kTail = 4.0; // standard-normal scores: beyond these the chance is 0 or 1 to 5 decimals
    double lo = ratioAt(-kTail);
    double hi = ratioAt(kTail);
    if (costAt(hours * hi) <= budget)
        return hi;
    if (costAt(hours * lo) > budget)
        return lo * 0.5;
    for (int i = 0; i < 24; ++i) {
        const double mid = 0.5 * (lo + hi);
        (costAt(hours * mid) <= budget ? lo : hi) = mid;
    }
    return lo;
}

} // namespace gpuplanner::core
