#pragma once
// ReportChartAxis: the value axis the report's vector charts share (internal to ui/report).

#include <QList>

#include <algorithm>
#include <cmath>

namespace gpuplanner::ui::report {

// A linear or logarithmic axis from data to device coordinates.
struct Axis
{
    double lo = 0;
    double hi = 1;
    bool log = false;
    double from = 0; // device coordinate of lo
    double to = 1;   // device coordinate of hi

    double map(double v) const
    {
        const double t = log ? (std::log10(std::max(v, lo)) - std::log10(lo)) / (std::log10(hi) - std::log10(lo))
                             : (v - lo) / (hi - lo);
        return from + t * (to - from);
    }

    // Ticks at 1-2-5 steps (linear) or 1-2-5 per decade (log), about `count` of them.
    QList<double> ticks(int count) const
    {
        QList<double> out;
        if (log) {
            const bool dense = std::log10(hi / lo) < 3;
            for (double d = std::pow(10.0, std::floor(std::log10(lo))); d <= hi; d *= 10) {
                for (double m : dense ? QList<double>{1, 2, 5} : QList<double>{1}) {
                    if (d * m >= lo * 0.999 && d * m <= hi * 1.001)
                        out << d * m;
                }
            }
            return out;
        }
        const double raw = (hi - lo) / std::max(1, count);
        const double mag = std::pow(10.0, std::floor(std::log10(raw)));
        double step = mag;
        for (double m : {1.0, 2.0, 5.0, 10.0}) {
            step = m * mag;
            if (step >= raw)
                break;
        }
        for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-6; v += step)
            out << v;
        return out;
    }
};

} // namespace gpuplanner::ui::report
