#pragma once
// Decimal: exact decimal text to integer micros (millionths), so that billing amounts such as
// "1.81E-8", "0.0001188669167459011366" or "1,000.50" never pass through a double.

#include <QString>
#include <QStringView>

#include <optional>

class QJsonValue;

namespace gpuplanner::core::actuals {

struct DecimalOptions
{
    bool thousandsSeparators = false; // accept "1,000" and "12,345.6" (console CSVs)
    int exponentShift = 0;            // value x 10^shift: -1 for amounts in 角, -2 for 分
};

struct DecimalResult
{
    std::optional<qint64> micros; // nullopt for an empty cell (or the literal "null")
    QString error;                // non-empty when the text is not a number or out of range
    bool ok() const { return error.isEmpty(); }
};

// Parses [+-]digits[.digits][(e|E)[+-]digits], rounding half away from zero at the sixth
// decimal. Magnitudes of 9.2e12 units or more are errors (they do not fit in qint64 micros).
DecimalResult parseDecimalMicros(QStringView text, const DecimalOptions &options = {});

// A JSON number (BigQuery FLOAT, API amounts) or a numeric string. A double is read through its
// shortest round-trip text, which is the source's own decimal text for up to 15 significant
// digits, and the exact value of a FLOAT column in any case.
DecimalResult jsonDecimalMicros(const QJsonValue &value, const DecimalOptions &options = {});

// "-145.840200": micros as a decimal with six places, for messages and tests.
QString formatMicros(qint64 micros);

} // namespace gpuplanner::core::actuals
