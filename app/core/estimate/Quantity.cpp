#include "core/estimate/Quantity.h"

#include <QString>

#include <cmath>

namespace gpuplanner::core {

namespace {

// Splits "1.5e9", "2T", "30 d" into the leading number and the trailing unit.
bool splitNumber(QStringView text, double *value, QString *unit)
{
    QString cleaned = text.trimmed().toString();
    cleaned.remove(u'_');
    cleaned.remove(u',');
    qsizetype end = 0;
    // Consume the longest prefix that parses as a number; an 'e' counts only when digits follow.
    while (end < cleaned.size()) {
        const QChar c = cleaned.at(end);
        if (c.isDigit() || c == u'.' || ((c == u'+' || c == u'-') && end == 0)) {
            ++end;
            continue;
        }
        if ((c == u'e' || c == u'E') && end > 0 && end + 1 < cleaned.size()) {
            qsizetype k = end + 1;
            if (cleaned.at(k) == u'+' || cleaned.at(k) == u'-')
                ++k;
            if (k < cleaned.size() && cleaned.at(k).isDigit()) {
                end = k;
                continue;
            }
        }
        break;
    }
    bool ok = false;
    *value = QStringView(cleaned).left(end).toDouble(&ok);
    *unit = cleaned.mid(end).trimmed();
    return ok && std::isfinite(*value);
}

} // namespace

Result<double> parseCount(QStringView text)
{
    double value = 0;
    QString unit;
    if (!splitNumber(text, &value, &unit) || value < 0)
        return Error{QStringLiteral("'%1' is not a non-negative number").arg(text)};
    const QString u = unit.toUpper();
    if (u.isEmpty())
        return value;
    if (u == u"K")
        return value * 1e3;
    if (u == u"M")
        return value * 1e6;
    if (u == u"B" || u == u"G")
        return value * 1e9;
    if (u == u"T")
        return value * 1e12;
    return Error{QStringLiteral("'%1': unknown suffix '%2' (use K, M, B or T)").arg(text, unit)};
}

Result<double> parseDurationHours(QStringView text)
{
    double value = 0;
    QString unit;
    if (!splitNumber(text, &value, &unit) || value < 0)
        return Error{QStringLiteral("'%1' is not a non-negative duration").arg(text)};
    const QString u = unit.toLower();
    if (u.isEmpty() || u == u"h" || u == u"hour" || u == u"hours")
        return value;
    if (u == u"s" || u == u"sec")
        return value / 3600.0;
    if (u == u"m" || u == u"min")
        return value / 60.0;
    if (u == u"d" || u == u"day" || u == u"days")
        return value * 24.0;
    if (u == u"w" || u == u"week" || u == u"weeks")
        return value * 168.0;
    return Error{QStringLiteral("'%1': unknown unit '%2' (use s, min, h, d or w)").arg(text, unit)};
}

std::optional<double> parseDurationSeconds(QStringView text)
{
    QStringView t = text.trimmed();
    double scale = 1.0;
    if (t.endsWith(u"ms")) {
        t.chop(2);
        scale = 1e-3;
    } else if (t.endsWith(u's')) {
        t.chop(1);
    }
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok || v < 0)
        return std::nullopt;
    return v * scale;
}

} // namespace gpuplanner::core
