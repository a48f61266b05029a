#pragma once
// JsonReader: typed reads from JSON objects that remember the first problem with the JSON
// path and the value at fault ("constraints.deadline: \"soon\" is not a duration"). Internal
// to scenario loading.

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <initializer_list>
#include <optional>
#include <utility>

// What is wrong with a value, for people: translated under this context in the desktop app
// (the JSON path before it stays as it is; the CLI installs no translator).
class ScenarioText
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioText)
};

namespace gpuplanner::core {

class JsonReader
{
public:
    bool failed() const { return !m_error.isEmpty(); }
    const QString &error() const { return m_error; }

    void fail(const QString &path, const QJsonValue &value, const QString &why);
    void fail(const QString &path, const QString &why);

    static QString join(const QString &path, const QString &key);
    static QString show(const QJsonValue &value);

    // Reports the first key of object that is not in known.
    void checkKeys(const QJsonObject &object, const QString &path, std::initializer_list<const char16_t *> known);

    // Each returns nothing when the key is absent, or when the value is bad (and records it).
    // Every number has a range (InputLimits, README "Scenario limits"); a value past it is an
    // error naming the field and the range. Without min and max the key's range applies.
    static constexpr double kFromTable = -1e308;
    std::optional<double> number(const QJsonObject &o, const QString &path, const char16_t *key, double min = kFromTable,
                                 double max = kFromTable);
    // A number or a count with a suffix ("2T", "1.28M").
    std::optional<double> count(const QJsonObject &o, const QString &path, const char16_t *key, double min = kFromTable,
                                double max = kFromTable);
    // Money in the scenario's display currency: a number or what people type ("5k", "$5,000",
    // "¥30万"); a sign or code for another currency than `currency` is an error.
    std::optional<double> amount(const QJsonObject &o, const QString &path, const char16_t *key, const QString &currency,
                                 double min = kFromTable, double max = kFromTable);
    // A share of one as a number or a percentage ("90%").
    std::optional<double> share(const QJsonObject &o, const QString &path, const char16_t *key, double min = kFromTable,
                                double max = kFromTable);
    // Hours as a number, or a duration with a unit ("30d", "10min").
    std::optional<double> hours(const QJsonObject &o, const QString &path, const char16_t *key, double min = kFromTable,
                                double max = kFromTable);
    // Seconds as a number, or "500ms" / "0.5s".
    std::optional<double> seconds(const QJsonObject &o, const QString &path, const char16_t *key, double min = kFromTable,
                                  double max = kFromTable);
    std::optional<int> integer(const QJsonObject &o, const QString &path, const char16_t *key, int min, int max);
    std::optional<QString> string(const QJsonObject &o, const QString &path, const char16_t *key);
    std::optional<bool> boolean(const QJsonObject &o, const QString &path, const char16_t *key);
    std::optional<QJsonObject> object(const QJsonObject &o, const QString &path, const char16_t *key);
    std::optional<QJsonArray> array(const QJsonObject &o, const QString &path, const char16_t *key);
    std::optional<QStringList> strings(const QJsonObject &o, const QString &path, const char16_t *key);

    template<typename E>
    std::optional<E> choice(const QJsonObject &o, const QString &path, const char16_t *key,
                            std::initializer_list<std::pair<const char16_t *, E>> values)
    {
        const auto text = string(o, path, key);
        if (!text)
            return std::nullopt;
        QStringList known;
        for (const auto &[id, value] : values) {
            if (text->compare(QStringView(id), Qt::CaseInsensitive) == 0)
                return value;
            known << QString::fromUtf16(id);
        }
        fail(join(path, QString::fromUtf16(key)), o.value(QString::fromUtf16(key)),
             ScenarioText::tr("is not one of %1").arg(known.join(QStringLiteral(", "))));
        return std::nullopt;
    }

private:
    std::optional<double> inRange(const QString &path, const QString &key, const QJsonValue &shown, double v, double min,
                                  double max);
    QString m_error;
};

} // namespace gpuplanner::core
