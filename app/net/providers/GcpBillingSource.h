#pragma once
// GcpBillingSource: refreshes GCP GPU machine-type offers from the Cloud Billing Catalog API
// (Compute Engine service 6F81-5844-456A) with an API key sent as the `key=` query parameter,
// following nextPageToken; GcpBillingParser composes the machine prices.

#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/GcpBillingParser.h"

#include <QUrl>

namespace gpuplanner::net {

class GcpBillingSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://cloudbilling.googleapis.com")); }
    static QString skusPath() { return QStringLiteral("/v1/services/6F81-5844-456A/skus"); }
    static constexpr int kMaxPages = 1000;
    static constexpr int kMaxEmptyPages = 3; // pages with no SKUs that still link onwards

    GcpBillingSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &meta, const InstanceShapes &shapes);

    QStringList providers() const override { return {QStringLiteral("gcp")}; }
    QString name() const override { return QStringLiteral("GCP Cloud Billing Catalog API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;

    QUrl pageUrl(const QString &pageToken) const;

private:
    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
    QList<GcpMachineShape> m_machines;
};

} // namespace gpuplanner::net
