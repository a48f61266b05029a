#include "ui/settings/Settings.h"

namespace gpuplanner::ui {

QStringList settings::displayCurrencies()
{
    return {QStringLiteral("USD"), QStringLiteral("EUR"), QStringLiteral("GBP"), QStringLiteral("CNY"),
            QStringLiteral("JPY"), QStringLiteral("KRW"), QStringLiteral("INR"), QStringLiteral("SGD"),
            QStringLiteral("AUD"), QStringLiteral("CAD"), QStringLiteral("CHF"), QStringLiteral("HKD")};
}

QStringList settings::languages()
{
    return {QString(), QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QStringList apiKeyProviders()
{
    // The native price APIs that need a key (net::SourceRegistry::nativeProviders()).
    return {QStringLiteral("gcp"), QStringLiteral("lambda"), QStringLiteral("runpod"), QStringLiteral("vast")};
}

} // namespace gpuplanner::ui
