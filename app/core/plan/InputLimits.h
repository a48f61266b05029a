#pragma once
// InputLimits: the documented range of every number a person gives the planner (README,
// "Scenario limits"), by its scenario key; scenario files and CLI flags (dashes for
// underscores) check against the same table, so a value past it is an error naming the
// field and the range, never a minutes-long loop or a misleading message.

#include <QStringView>

namespace gpuplanner::core {

struct InputRange
{
    double min = 0;
    double max = 1e15;
};

// The range for key ("tokens", "kv_heads", "ttft"); 0 to 1e15 for keys without their own.
InputRange inputRange(QStringView key);

} // namespace gpuplanner::core
