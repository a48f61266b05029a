#include "core/catalog/PriceSplit.h"

#include <algorithm>
#include <cmath>

namespace gpuplanner::core {

namespace {

QString money(double v)
{
    return QString::number(v, 'f', v < 10 ? 3 : 2);
}

QString range(double lo, double hi)
{
    return std::abs(hi - lo) < 5e-4 ? money(lo) : money(lo) + u'-' + money(hi);
}

} // namespace

double PriceSplit::factor() const
{
    return std::sqrt(highMin * highMax) / std::sqrt(lowMin * lowMax);
}

QString PriceSplit::describe(const QString &unit, const QString &places) const
{
    return QStringLiteral("%1 %2 in %3 %4 and %5 %2 in %6 %4")
        .arg(range(lowMin, lowMax), unit)
        .arg(lowCount)
        .arg(places, range(highMin, highMax))
        .arg(highCount);
}

std::optional<PriceSplit> splitInTwo(std::vector<double> prices, int minPerSide)
{
    prices.erase(std::remove_if(prices.begin(), prices.end(), [](double p) { return !(p > 0); }), prices.end());
    if (int(prices.size()) < 2 * std::max(1, minPerSide))
        return std::nullopt;
    std::sort(prices.begin(), prices.end());
    // The widest step between neighbours is the only place a split can be.
    std::size_t cut = 0;
    double widest = 0;
    for (std::size_t i = 0; i + 1 < prices.size(); ++i) {
        const double step = prices[i + 1] / prices[i];
        if (step > widest) {
            widest = step;
            cut = i + 1;
        }
    }
    const int low = int(cut);
    const int high = int(prices.size()) - low;
    if (widest < kSplitGap || low < minPerSide || high < minPerSide)
        return std::nullopt;
    PriceSplit s{prices.front(), prices[cut - 1], prices[cut], prices.back(), low, high};
    if (s.lowMax / s.lowMin > kClusterSpread || s.highMax / s.highMin > kClusterSpread)
        return std::nullopt;
    return s;
}

} // namespace gpuplanner::core
