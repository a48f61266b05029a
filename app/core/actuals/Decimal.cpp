#include "core/actuals/Decimal.h"

#include <QJsonValue>
#include <QLocale>

#include <cmath>
#include <limits>

namespace gpuplanner::core::actuals {

namespace {

// Exponents past this are not amounts: refuse them before any loop over them.
constexpr int kMaxExponent = 400;

DecimalResult failure(const QString &why)
{
    DecimalResult r;
    r.error = why;
    return r;
}

} // namespace

DecimalResult parseDecimalMicros(QStringView text, const DecimalOptions &options)
{
    const QStringView t = text.trimmed();
    if (t.isEmpty() || t.compare(u"null", Qt::CaseInsensitive) == 0)
        return {};

    qsizetype i = 0;
    const qsizetype n = t.size();
    bool negative = false;
    if (t.at(i) == u'+' || t.at(i) == u'-' || t.at(i) == QChar(0x2212)) {
        negative = t.at(i) != u'+';
        ++i;
    }

    QString digits; // significant digits, leading zeros dropped
    int fractionDigits = 0;
    bool seenPoint = false;
    bool anyDigit = false;
    int groupDigits = -1; // digits since the last thousands separator (-1: none seen)
    int intDigits = 0;
    for (; i < n; ++i) {
        const QChar c = t.at(i);
        if (c.isDigit() && c.unicode() < 128) {
            anyDigit = true;
            if (!seenPoint) {
                ++intDigits;
                if (groupDigits >= 0)
                    ++groupDigits;
            } else {
                ++fractionDigits;
            }
            // Leading zeros are dropped; after the point they still count in fractionDigits.
            if (!digits.isEmpty() || c != u'0')
                digits.append(c);
        } else if (c == u',' && options.thousandsSeparators && !seenPoint) {
            // Groups of three after the first group of one to three digits.
            if (intDigits == 0 || (groupDigits >= 0 && groupDigits != 3) || (groupDigits < 0 && intDigits > 3))
                return failure(QStringLiteral("is not a number (misplaced thousands separator)"));
            groupDigits = 0;
        } else if (c == u'.' && !seenPoint) {
            if (groupDigits >= 0 && groupDigits != 3)
                return failure(QStringLiteral("is not a number (misplaced thousands separator)"));
            seenPoint = true;
        } else {
            break;
        }
    }
    if (!anyDigit)
        return failure(QStringLiteral("is not a number"));
    if (groupDigits >= 0 && !seenPoint && groupDigits != 3)
        return failure(QStringLiteral("is not a number (misplaced thousands separator)"));

    int exponent = 0;
    if (i < n && (t.at(i) == u'e' || t.at(i) == u'E')) {
        ++i;
        bool expNegative = false;
        if (i < n && (t.at(i) == u'+' || t.at(i) == u'-')) {
            expNegative = t.at(i) == u'-';
            ++i;
        }
        bool expDigit = false;
        for (; i < n && t.at(i).isDigit() && t.at(i).unicode() < 128; ++i) {
            expDigit = true;
            exponent = exponent * 10 + (t.at(i).unicode() - u'0');
            if (exponent > kMaxExponent)
                return failure(QStringLiteral("is out of range"));
        }
        if (!expDigit)
            return failure(QStringLiteral("is not a number (no digits after the exponent)"));
        if (expNegative)
            exponent = -exponent;
    }
    if (i != n)
        return failure(QStringLiteral("is not a number"));

    DecimalResult result;
    if (digits.isEmpty()) {
        result.micros = 0;
        return result;
    }
    // value = digits x 10^scale micros
    const int scale = exponent - fractionDigits + 6 + options.exponentShift;
    constexpr quint64 kLimit = quint64(std::numeric_limits<qint64>::max());
    quint64 value = 0;
    if (scale >= 0) {
        if (digits.size() + scale > 19)
            return failure(QStringLiteral("is out of range"));
        for (const QChar c : std::as_const(digits))
            value = value * 10 + quint64(c.unicode() - u'0');
        for (int k = 0; k < scale; ++k) {
            if (value > kLimit / 10)
                return failure(QStringLiteral("is out of range"));
            value *= 10;
        }
    } else {
        const qsizetype keep = digits.size() + scale; // digits left of the micro point
        if (keep > 19)
            return failure(QStringLiteral("is out of range"));
        for (qsizetype k = 0; k < keep; ++k)
            value = value * 10 + quint64(digits.at(k).unicode() - u'0');
        // Half away from zero: the first dropped digit decides (a dropped digit only exists at keep >= 0).
        if (keep >= 0 && digits.at(keep).unicode() - u'0' >= 5)
            ++value;
    }
    if (value > kLimit)
        return failure(QStringLiteral("is out of range"));
    result.micros = negative ? -qint64(value) : qint64(value);
    return result;
}

DecimalResult jsonDecimalMicros(const QJsonValue &value, const DecimalOptions &options)
{
    if (value.isNull() || value.isUndefined())
        return {};
    if (value.isString())
        return parseDecimalMicros(value.toString(), options);
    if (value.isDouble()) {
        const double d = value.toDouble();
        if (!std::isfinite(d))
            return failure(QStringLiteral("is not a finite number"));
        return parseDecimalMicros(QString::number(d, 'g', QLocale::FloatingPointShortest), options);
    }
    return failure(QStringLiteral("is not a number"));
}

QString formatMicros(qint64 micros)
{
    const bool negative = micros < 0;
    // Through quint64 so that the most negative value has a magnitude too.
    const quint64 magnitude = negative ? quint64(0) - quint64(micros) : quint64(micros);
    return QStringLiteral("%1%2.%3")
        .arg(negative ? QStringLiteral("-") : QString())
        .arg(magnitude / 1000000)
        .arg(magnitude % 1000000, 6, 10, QLatin1Char('0'));
}

} // namespace gpuplanner::core::actuals
