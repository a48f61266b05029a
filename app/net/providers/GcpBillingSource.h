#pragma once
// GcpBillingSource: refreshes GCP GPU machine-type offers from the Cloud Billing Catalog API
// (Compute Engine service 6F81-5844-456A) with an API key sent as the `key=` query parameter,
// following nextPageToken; GcpBillingParser composes the machine prices.

#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/GcpBillingParser.h"
#include "net/providers/PagingGuard.h"

#include <QUrl>

namespace gpuplanner::net {

class GcpBillingSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://cloudbilling.googleapis.com")); }
    static QString skusPath() { return QStringLiteral("/v1/services/6F81-5844-456A/skus"); }
    // pageSize=5000, the documented most per page (cloud.google.com/billing/v1/how-tos/catalog-api:
    // "results are paginated and limited to 5000 SKUs per page"). Compute Engine lists every SKU
    // of the service, GPUs or not, and its count is not published; the bound this source always had,
    // 1,000 pages, is kept: 500,000 SKUs expected with the guard's tenfold headroom.
    static constexpr int kPageSize = 5000;
    static PageBound defaultPageBound() { return PageBound{kPageSize, 500000}; }

    GcpBillingSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &meta, const InstanceShapes &shapes);

    QStringList providers() const override { return {QStringLiteral("gcp")}; }
    QString name() const override { return QStringLiteral("GCP Cloud Billing Catalog API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

    QUrl pageUrl(const QString &pageToken) const;
    // Tests lower the bound to see it hold.
    void setPageBound(const PageBound &bound) { m_pageBound = bound; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
    QList<GcpMachineShape> m_machines;
    PageBound m_pageBound = defaultPageBound();
};

} // namespace gpuplanner::net
