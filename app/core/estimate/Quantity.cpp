#include "core/estimate/Quantity.h"

#include <QRegularExpression>
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

Result<Amount> parseAmount(QStringView text)
{
    QString t = text.trimmed().toString();
    Amount out;
    // A sign in front ("$5,000", "¥30万") or an ISO code before or after ("EUR 5k", "5000 USD").
    static const struct
    {
        char16_t sign;
        const char *currency;
    } kSigns[] = {{u'$', "USD"}, {u'\u20ac', "EUR"}, {u'\u00a3', "GBP"}, {u'\u00a5', "\u00a5"}, {u'\uffe5', "\u00a5"},
                  {u'\u20a9', "KRW"}, {u'\u20b9', "INR"}};
    for (const auto &s : kSigns) {
        if (t.startsWith(QChar(s.sign))) {
            out.currency = QString::fromUtf8(s.currency);
            t = t.mid(1).trimmed();
            break;
        }
    }
    static const QRegularExpression code(QStringLiteral("^([A-Z]{3})\\s+|\\s*([A-Z]{3})$"));
    if (out.currency.isEmpty()) {
        if (const auto m = code.match(t); m.hasMatch()) {
            out.currency = m.captured(1).isEmpty() ? m.captured(2) : m.captured(1);
            t = t.remove(m.capturedStart(), m.capturedLength()).trimmed();
        }
    }
    double value = 0;
    QString unit;
    if (!splitNumber(t, &value, &unit) || value < 0)
        return Error{QStringLiteral("'%1' is not an amount").arg(text)};
    static const struct
    {
        const char16_t *unit;
        double factor;
    } kUnits[] = {{u"", 1}, {u"k", 1e3}, {u"K", 1e3}, {u"M", 1e6}, {u"B", 1e9}, {u"bn", 1e9}, {u"\u4e07", 1e4}, {u"\u4ebf", 1e8}};
    for (const auto &u : kUnits) {
        if (unit == QStringView(u.unit)) {
            out.value = value * u.factor;
            return out;
        }
    }
    return Error{QStringLiteral("'%1': unknown unit '%2' (use k, M, B, \u4e07 or \u4ebf)").arg(text, unit)};
}

Result<double> parseShare(QStringView text)
{
    double value = 0;
    QString unit;
    if (!splitNumber(text, &value, &unit) || value < 0)
        return Error{QStringLiteral("'%1' is not a share").arg(text)};
    if (unit.isEmpty())
        return value;
    if (unit == u"%")
        return value / 100.0;
    return Error{QStringLiteral("'%1' is not a share (0.9 or 90%)").arg(text)};
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
