#pragma once
// Text as a streaming JSON parser sees it (UTF-8 string views valid for one event): to QString,
// and numbers as AWS price lists write them ("41.2800000000", " 2048").

#include <QString>

#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>

namespace gpuplanner::net {

inline QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// A finite number written in full (leading spaces allowed); nullopt for anything else.
inline std::optional<double> parseDouble(std::string_view text)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace gpuplanner::net
