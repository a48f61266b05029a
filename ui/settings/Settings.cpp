#include "ui/settings/Settings.h"

#include <QLocale>

namespace gpuplanner::ui {

QStringList settings::displayCurrencies()
{
    return {QStringLiteral("USD"), QStringLiteral("EUR"), QStringLiteral("GBP"), QStringLiteral("CNY"),
            QStringLiteral("JPY"), QStringLiteral("KRW"), QStringLiteral("INR"), QStringLiteral("SGD"),
            QStringLiteral("AUD"), QStringLiteral("CAD"), QStringLiteral("CHF"), QStringLiteral("HKD")};
}

QString settings::defaultDisplayCurrency(const QSettings &s)
{
    const QString chosen = language.read(s);
    const QLocale locale = chosen.isEmpty() ? QLocale::system() : QLocale(chosen);
    return locale.language() == QLocale::Chinese && locale.territory() == QLocale::China ? QStringLiteral("CNY")
                                                                                           : QStringLiteral("USD");
}

QString settings::readDisplayCurrency(const QSettings &s)
{
    const QVariant v = s.value(displayCurrency.key());
    return v.isValid() && !v.toString().isEmpty() ? v.toString() : defaultDisplayCurrency(s);
}

void settings::writeDisplayCurrency(QSettings &s, const QString &currency)
{
    // Left unset while it is the language's default (so a later language change can move it);
    // once chosen it is kept explicitly, even when it equals the default of the moment.
    if (!s.contains(displayCurrency.key()) && currency == defaultDisplayCurrency(s))
        return;
    s.setValue(displayCurrency.key(), currency);
}

QList<QPair<QString, QJsonValue>> settings::newScenarioDefaults(const QSettings &s)
{
    QList<QPair<QString, QJsonValue>> out;
    if (const QString currency = readDisplayCurrency(s); currency != displayCurrency.defaultValue)
        out.append({QStringLiteral("display_currency"), currency});
    if (const double mfu = efficiencyOverride.read(s); mfu > 0)
        out.append({QStringLiteral("workload.mfu"), mfu});
    if (const double rate = interruptionRate.read(s); rate > 0)
        out.append({QStringLiteral("assumptions.interruption.default_monthly"), rate});
    if (const double minutes = checkpointMinutes.read(s); minutes > 0)
        out.append({QStringLiteral("assumptions.checkpoint_interval"), QStringLiteral("%1min").arg(minutes)});
    return out;
}

QStringList settings::languages()
{
    return {QString(), QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QStringList apiKeyProviders()
{
    // The native price APIs that need a key (net::SourceRegistry::nativeProviders()).
    return {QStringLiteral("gcp"),
            QStringLiteral("lambda"),
            QStringLiteral("runpod"),
            QStringLiteral("vast"),
            QStringLiteral("digitalocean"),
            QStringLiteral("hotaisle"),
            QStringLiteral("massedcompute"),
            QStringLiteral("GPUPLANNER_ALIBABA_ACCESS_KEY_ID"),
            QStringLiteral("GPUPLANNER_ALIBABA_ACCESS_KEY_SECRET"),
            QStringLiteral("GPUPLANNER_TENCENT_SECRET_ID"),
            QStringLiteral("GPUPLANNER_TENCENT_SECRET_KEY"),
            QStringLiteral("GPUPLANNER_HUAWEI_AK"),
            QStringLiteral("GPUPLANNER_HUAWEI_SK"),
            QStringLiteral("GPUPLANNER_HUAWEI_PROJECT_ID"),
            QStringLiteral("GPUPLANNER_HUAWEI_DOMAIN_ID")};
}

bool isCredentialPart(const QString &name)
{
    return name.startsWith(u"GPUPLANNER_");
}

bool isSecretPart(const QString &name)
{
    return !isCredentialPart(name) || name.endsWith(u"_SECRET") || name.endsWith(u"_KEY") || name.endsWith(u"_SK");
}

} // namespace gpuplanner::ui
