#include "core/plan/JsonReader.h"

#include "core/common/Redact.h"
#include "core/estimate/Quantity.h"
#include "core/plan/InputLimits.h"

#include <QJsonDocument>

#include <cmath>

namespace gpuplanner::core {

void JsonReader::fail(const QString &path, const QJsonValue &value, const QString &why)
{
    if (m_error.isEmpty())
        m_error = QStringLiteral("%1: %2 %3").arg(path, show(value), why);
}

void JsonReader::fail(const QString &path, const QString &why)
{
    if (m_error.isEmpty())
        m_error = QStringLiteral("%1: %2").arg(path, why);
}

std::optional<double> JsonReader::inRange(const QString &path, const QString &key, const QJsonValue &shown, double v,
                                          double min, double max)
{
    if (min == kFromTable || max == kFromTable) {
        const InputRange range = inputRange(key);
        min = min == kFromTable ? range.min : min;
        max = max == kFromTable ? range.max : max;
    }
    if (!std::isfinite(v) || v < min || v > max) {
        fail(join(path, key), shown,
             ScenarioText::tr("is outside %1 to %2").arg(QString::number(min, 'g', 12), QString::number(max, 'g', 12)));
        return std::nullopt;
    }
    return v;
}

QString JsonReader::join(const QString &path, const QString &key)
{
    return path.isEmpty() ? key : path + u'.' + key;
}

QString JsonReader::show(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QString::number(value.toDouble(), 'g', 12);
    case QJsonValue::String: {
        // A 1 MB bad value is quoted in a few dozen characters.
        const QString text = value.toString();
        if (text.size() <= kQuotedValueLimit)
            return u'"' + scrubSecrets(text) + u'"';
        return QStringLiteral("\"%1…\" (%2 characters)").arg(scrubSecrets(text.left(kQuotedValueLimit))).arg(text.size());
    }
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)).left(80);
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)).left(80);
    case QJsonValue::Undefined: return ScenarioText::tr("(missing)");
    }
    return {};
}

void JsonReader::checkKeys(const QJsonObject &object, const QString &path, std::initializer_list<const char16_t *> known)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        bool ok = false;
        for (const char16_t *k : known) {
            if (it.key() == QStringView(k)) {
                ok = true;
                break;
            }
        }
        if (!ok) {
            fail(join(path, it.key()), ScenarioText::tr("unknown field"));
            return;
        }
    }
}

std::optional<double> JsonReader::number(const QJsonObject &o, const QString &path, const char16_t *key, double min,
                                         double max)
{
    const QString k = QString::fromUtf16(key);
    if (!o.contains(k))
        return std::nullopt;
    const QJsonValue v = o.value(k);
    if (!v.isDouble()) {
        fail(join(path, k), v, ScenarioText::tr("is not a number"));
        return std::nullopt;
    }
    return inRange(path, k, v, v.toDouble(), min, max);
}

std::optional<double> JsonReader::count(const QJsonObject &o, const QString &path, const char16_t *key, double min,
                                        double max)
{
    const QString k = QString::fromUtf16(key);
    if (o.value(k).isString()) {
        auto v = parseCount(o.value(k).toString());
        if (!v || v.value() < 0) {
            fail(join(path, k), o.value(k), ScenarioText::tr("is not a count (2T, 300B, 1.5e9)"));
            return std::nullopt;
        }
        return inRange(path, k, o.value(k), v.value(), min, max);
    }
    return number(o, path, key, min, max);
}

std::optional<double> JsonReader::amount(const QJsonObject &o, const QString &path, const char16_t *key,
                                         const QString &currency, double min, double max)
{
    const QString k = QString::fromUtf16(key);
    if (!o.value(k).isString())
        return number(o, path, key, min, max);
    auto v = parseAmount(o.value(k).toString());
    if (!v) {
        fail(join(path, k), o.value(k), ScenarioText::tr("is not an amount (5000, 5k, $5,000, ¥30万)"));
        return std::nullopt;
    }
    const QString named = v->currency;
    const bool yen = named == u"\u00a5" && (currency == u"CNY" || currency == u"JPY");
    if (!named.isEmpty() && named != currency && !yen) {
        fail(join(path, k), o.value(k),
             named == u"\u00a5" ? ScenarioText::tr("uses \u00a5, which is yuan or yen: write CNY or JPY, or set display_currency")
                                : ScenarioText::tr("is in %1 but amounts here are in %2 (display_currency)").arg(named, currency));
        return std::nullopt;
    }
    return inRange(path, k, o.value(k), v->value, min, max);
}

std::optional<double> JsonReader::share(const QJsonObject &o, const QString &path, const char16_t *key, double min,
                                        double max)
{
    const QString k = QString::fromUtf16(key);
    if (!o.value(k).isString())
        return number(o, path, key, min, max);
    auto v = parseShare(o.value(k).toString());
    if (!v) {
        fail(join(path, k), o.value(k), ScenarioText::tr("is not a share (0.9 or 90%)"));
        return std::nullopt;
    }
    return inRange(path, k, o.value(k), v.value(), min, max);
}

std::optional<double> JsonReader::hours(const QJsonObject &o, const QString &path, const char16_t *key, double min,
                                        double max)
{
    const QString k = QString::fromUtf16(key);
    if (o.value(k).isString()) {
        auto v = parseDurationHours(o.value(k).toString());
        if (!v || v.value() < 0) {
            fail(join(path, k), o.value(k), ScenarioText::tr("is not a duration (30d, 12h, 10min)"));
            return std::nullopt;
        }
        return inRange(path, k, o.value(k), v.value(), min, max);
    }
    return number(o, path, key, min, max);
}

std::optional<double> JsonReader::seconds(const QJsonObject &o, const QString &path, const char16_t *key, double min,
                                          double max)
{
    const QString k = QString::fromUtf16(key);
    if (o.value(k).isString()) {
        const auto v = parseDurationSeconds(o.value(k).toString());
        if (!v) {
            fail(join(path, k), o.value(k), ScenarioText::tr("is not a duration in seconds (0.5, 500ms)"));
            return std::nullopt;
        }
        return inRange(path, k, o.value(k), *v, min, max);
    }
    return number(o, path, key, min, max);
}

std::optional<int> JsonReader::integer(const QJsonObject &o, const QString &path, const char16_t *key, int min, int max)
{
    const auto v = number(o, path, key, min, max);
    if (!v)
        return std::nullopt;
    if (std::floor(*v) != *v) {
        fail(join(path, QString::fromUtf16(key)), o.value(QString::fromUtf16(key)), ScenarioText::tr("is not a whole number"));
        return std::nullopt;
    }
    return int(*v);
}

std::optional<QString> JsonReader::string(const QJsonObject &o, const QString &path, const char16_t *key)
{
    const QString k = QString::fromUtf16(key);
    if (!o.contains(k))
        return std::nullopt;
    if (!o.value(k).isString()) {
        fail(join(path, k), o.value(k), ScenarioText::tr("is not a string"));
        return std::nullopt;
    }
    return o.value(k).toString();
}

std::optional<bool> JsonReader::boolean(const QJsonObject &o, const QString &path, const char16_t *key)
{
    const QString k = QString::fromUtf16(key);
    if (!o.contains(k))
        return std::nullopt;
    if (!o.value(k).isBool()) {
        fail(join(path, k), o.value(k), ScenarioText::tr("is not true or false"));
        return std::nullopt;
    }
    return o.value(k).toBool();
}

std::optional<QJsonObject> JsonReader::object(const QJsonObject &o, const QString &path, const char16_t *key)
{
    const QString k = QString::fromUtf16(key);
    if (!o.contains(k))
        return std::nullopt;
    if (!o.value(k).isObject()) {
        fail(join(path, k), o.value(k), ScenarioText::tr("is not an object"));
        return std::nullopt;
    }
    return o.value(k).toObject();
}

std::optional<QJsonArray> JsonReader::array(const QJsonObject &o, const QString &path, const char16_t *key)
{
    const QString k = QString::fromUtf16(key);
    if (!o.contains(k))
        return std::nullopt;
    if (!o.value(k).isArray()) {
        fail(join(path, k), o.value(k), ScenarioText::tr("is not an array"));
        return std::nullopt;
    }
    return o.value(k).toArray();
}

std::optional<QStringList> JsonReader::strings(const QJsonObject &o, const QString &path, const char16_t *key)
{
    const auto a = array(o, path, key);
    if (!a)
        return std::nullopt;
    QStringList out;
    for (qsizetype i = 0; i < a->size(); ++i) {
        if (!a->at(i).isString()) {
            fail(QStringLiteral("%1[%2]").arg(join(path, QString::fromUtf16(key))).arg(i), a->at(i),
                 ScenarioText::tr("is not a string"));
            return std::nullopt;
        }
        out << a->at(i).toString();
    }
    return out;
}

} // namespace gpuplanner::core
