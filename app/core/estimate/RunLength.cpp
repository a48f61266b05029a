#include "core/estimate/RunLength.h"

#include <cmath>

namespace gpuplanner::core {

namespace {
double sigmaBelow(double low)
{
    return low < 1 ? -std::log(low) / kNormalZ90 : 0.0;
}

double sigmaAbove(double high)
{
    return high > 1 ? std::log(high) / kNormalZ90 : 0.0;
}
} // namespace

double standardNormalQuantile(double p)
{
    if (p <= 0 || p >= 1)
        return p <= 0 ? -8.0 : 8.0;
    double lo = -8.0;
    double hi = 8.0;
    for (int i = 0; i < 64; ++i) {
        const double mid = 0.5 * (lo + hi);
        (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

double RunLengthRange::chanceAtMost(double ratio) const
{
    if (ratio <= 0)
        return 0;
    const double x = std::log(ratio);
    const double sigma = x >= 0 ? sigmaAbove(high) : sigmaBelow(low);
    if (sigma <= 0)
        return x >= 0 ? 1.0 : 0.0;
    return 0.5 * std::erfc(-x / (sigma * std::sqrt(2.0)));
}

double RunLengthRange::ratioAt(double z) const
{
    return std::exp(z * (z < 0 ? sigmaBelow(low) : sigmaAbove(high)));
}

} // namespace gpuplanner::core
