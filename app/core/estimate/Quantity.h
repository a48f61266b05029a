#pragma once
// Quantity parsing for what people type: counts with SI-like suffixes ("2T", "300B",
// "1.28M", "1.5e9") and durations ("30d", "12h"). Errors name the text at fault.

#include "core/common/Result.h"

#include <QStringView>

#include <optional>

namespace gpuplanner::core {

// A count: plain number (1.5e9, 1,280,000) or a number with K, M, B (or G) or T suffix.
Result<double> parseCount(QStringView text);

// A duration in hours: number with s, min (or m), h, d, w suffix; a bare number is hours.
Result<double> parseDurationHours(QStringView text);

// A short duration in seconds (latency targets): "0.5", "2s" or "500ms"; nullopt when the text
// is not a non-negative number of seconds.
std::optional<double> parseDurationSeconds(QStringView text);

} // namespace gpuplanner::core
