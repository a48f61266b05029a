#pragma once
// Quantity parsing for what people type: counts with SI-like suffixes ("2T", "300B",
// "1.28M", "1.5e9") and durations ("30d", "12h"). Errors name the text at fault.

#include "core/common/Result.h"

#include <QStringView>

namespace gpuplanner::core {

// A count: plain number (1.5e9, 1,280,000) or a number with K, M, B (or G) or T suffix.
Result<double> parseCount(QStringView text);

// A duration in hours: number with s, min (or m), h, d, w suffix; a bare number is hours.
Result<double> parseDurationHours(QStringView text);

} // namespace gpuplanner::core
