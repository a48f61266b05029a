#pragma once
// Settings: every persisted preference as a typed key with its default, in one place
// (like Tiled's SessionOption<T>). Secrets never go here: see SecretStore.

#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace gpuplanner::ui {

template<typename T>
struct SettingKey
{
    const char *name;
    T defaultValue;

    QString key() const { return QString::fromLatin1(name); }
    T read(const QSettings &s) const
    {
        const QVariant v = s.value(key());
        return v.isValid() && v.canConvert<T>() ? v.value<T>() : defaultValue;
    }
    void write(QSettings &s, const T &value) const
    {
        if (value == defaultValue)
            s.remove(key());
        else
            s.setValue(key(), value);
    }
};

namespace settings {

inline const SettingKey<QString> proxy{"network/proxy", QString()};          // empty = from the environment
inline const SettingKey<QString> caBundle{"network/caBundle", QString()};    // empty = the system store
inline const SettingKey<QString> displayCurrency{"display/currency", QStringLiteral("USD")};
inline const SettingKey<QString> language{"display/language", QString()};  // empty = the system language
// Default assumptions for new scenarios, in the scenario's own units; 0 = the documented default.
inline const SettingKey<double> efficiencyOverride{"assumptions/efficiency", 0.0};       // share of peak
inline const SettingKey<double> interruptionRate{"assumptions/interruptionMonthly", 0.0}; // share a month
inline const SettingKey<double> checkpointMinutes{"assumptions/checkpointMinutes", 0.0};

// The display currency: the one chosen, else CNY under a Chinese (mainland) language or
// locale and USD elsewhere. displayCurrency.defaultValue is the scenario format's own default.
QString defaultDisplayCurrency(const QSettings &settings);
QString readDisplayCurrency(const QSettings &settings);
void writeDisplayCurrency(QSettings &settings, const QString &currency);

// What a new scenario starts from: the settings above as scenario keys ("display_currency",
// "workload.mfu", "assumptions.interruption.default_monthly", "assumptions.checkpoint_interval"),
// path -> value; a setting left at its default adds nothing.
QList<QPair<QString, QJsonValue>> newScenarioDefaults(const QSettings &settings);

// Currencies the display can convert to (the catalog's FX rates cover these).
QStringList displayCurrencies();
// Languages with a translation: "" (follow the system), "en", "zh_CN".
QStringList languages();

} // namespace settings

// Names of the API keys kept in the secret store: one per provider that needs a single key,
// and each part of the Chinese clouds' credentials by its environment variable's name
// (net::SourceRegistry::nativeProviders() and credentialVariables()).
QStringList apiKeyProviders();
// A part of a multi-part credential (GPUPLANNER_TENCENT_SECRET_ID, ...), not a provider's key.
bool isCredentialPart(const QString &name);
// Whether a part is itself a secret (masked in the form) rather than an id.
bool isSecretPart(const QString &name);

} // namespace gpuplanner::ui
