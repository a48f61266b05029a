#pragma once
// PriceWatch: a saved plan that is watched. After a refresh the plan is made again on the new
// catalog and held against the record it was saved with (PlanRecord); it raises an alert when
// the main run became cheaper or dearer by more than the watch's threshold, or reached the
// target price the user set.

#include "core/plan/PlanRecord.h"

#include <QString>

#include <optional>

namespace gpuplanner::core {

struct WatchRule
{
    double threshold = 0.05;      // a share of the recorded cost; 0.05 = 5 %
    std::optional<double> target; // in the plan's display currency: say when the cost comes down to it
};

struct WatchAlert
{
    enum class Kind { Cheaper, Dearer, Target };
    Kind kind = Kind::Cheaper;
    double then = 0;
    double now = 0;
    QString text; // "“Pre-train a 7B model” is 9.9% cheaper: $70,000.00, was $77,702.77 (catalog …)."
};

// The alert for a watched plan named `name`, if any; none when the amounts cannot be compared
// (another display currency, nothing usable now).
std::optional<WatchAlert> watchAlert(const QString &name, const PlanSince &since, const WatchRule &rule,
                                     const QString &currency);

} // namespace gpuplanner::core
