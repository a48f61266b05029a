#pragma once
// OVHcloud Public Cloud: the public order catalog (no account), one JSON document per
// subsidiary -> GPU instance offers in the subsidiary's currency (FR: EUR). Each flavour is sold
// by the hour (<flavour>.consumption) and by the month, paid after the month (<flavour>.monthly.postpaid).
// parseOvhCloudCatalog is the pure part (bytes -> offers).

#include "core/catalog/GpuAliasResolver.h"
#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

// Catalog prices are in micro-cents: 1e-8 of the currency ("Price, in micro-cents",
// order.catalog.public.Pricing in OVHcloud's API schema).
inline constexpr double kOvhMicroCentsPerUnit = 100'000'000.0;

// The hourly price as on-demand; the monthly postpaid price as a one-month reserved term at its
// effective rate monthly / 730 h, nothing up front. Regions are the catalog's "region"
// configuration values of the flavour (merged over its hourly and monthly plans, as one of them
// may list none).
core::Result<core::ImportBatch> parseOvhCloudCatalog(const QByteArray &bytes, const QString &label,
                                                     const core::GpuAliasResolver &resolver);

class OvhCloudSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://eu.api.ovh.com")); }
    // The FR subsidiary's catalog is priced in EUR; the subsidiary sets the currency.
    static QString catalogPath() { return QStringLiteral("/1.0/order/catalog/public/cloud?ovhSubsidiary=FR"); }

    // apiKey: empty where the API needs none.
    OvhCloudSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("ovhcloud")}; }
    QString name() const override { return QStringLiteral("OVHcloud public order catalog"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
};

} // namespace gpuplanner::net
