#pragma once
// Quantity parsing for what people type: counts with SI-like suffixes ("2T", "300B",
// "1.28M", "1.5e9") and durations ("30d", "12h"). Errors name the text at fault.

#include "core/common/Result.h"

#include <QString>
#include <QStringView>

#include <optional>

namespace gpuplanner::core {

// A count: plain number (1.5e9, 1,280,000) or a number with K, M, B (or G) or T suffix.
Result<double> parseCount(QStringView text);

// An amount of money as people type it: "5000", "5,000", "5k", "1.2M", "$5,000", "€2k",
// "¥30万", "30万", "1亿", "5000 USD", "EUR 5k". currency is the ISO code a sign or code names,
// "¥" for the yen-or-yuan sign (the caller knows which), empty when the text names none.
struct Amount
{
    double value = 0;
    QString currency;
};
Result<Amount> parseAmount(QStringView text);

// A share as a fraction of one: "0.9" or "90%" (0.9).
Result<double> parseShare(QStringView text);

// A duration in hours: number with s, min (or m), h, d, w suffix; a bare number is hours.
Result<double> parseDurationHours(QStringView text);

// A short duration in seconds (latency targets): "0.5", "2s" or "500ms"; nullopt when the text
// is not a non-negative number of seconds.
std::optional<double> parseDurationSeconds(QStringView text);

} // namespace gpuplanner::core
