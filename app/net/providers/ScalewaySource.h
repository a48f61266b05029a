#pragma once
// Scaleway: the public product catalog (Product Catalog API v2alpha1, "public-catalog", no
// account) -> on-demand offers of its GPU Instances in EUR, one per zone. Paged by page and
// page_size against total_count. parseScalewayProducts is the pure part (one page -> offers).

#include "core/catalog/GpuAliasResolver.h"
#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/PagingGuard.h"

#include <QUrl>

namespace gpuplanner::net {

struct ScalewayPage
{
    core::ImportBatch batch;
    qsizetype products = 0;  // entries on this page
    qint64 totalCount = 0;   // total_count: products in the whole listing
    QStringList skus;        // every product's sku (for the paging guard)
};

// Instance products with a GPU: name properties.instance.offer_id (the Instance API's commercial
// type, e.g. "H100-SXM-8-80G"), GPU properties.hardware.gpu{type, count}, region locality.zone,
// price price.retail_price (Money: units + nanos) per unit_of_measure (hours).
core::Result<ScalewayPage> parseScalewayProducts(const QByteArray &bytes, const QString &label,
                                                 const core::GpuAliasResolver &resolver);

class ScalewaySource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://api.scaleway.com")); }
    static QString productsPath() { return QStringLiteral("/product-catalog/v2alpha1/public-catalog/products"); }
    // page_size has no documented maximum in the SDK; 100 is the Instance API's largest per_page.
    // The instance catalogue holds a few hundred products over all zones: ten times that bounds it.
    static constexpr int kPageSize = 100;
    static PageBound defaultPageBound() { return PageBound{kPageSize, 500}; }

    // apiKey: empty where the API needs none.
    ScalewaySource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("scaleway")}; }
    QString name() const override { return QStringLiteral("Scaleway product catalog"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

    void setPageBound(const PageBound &bound) { m_pageBound = bound; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
    PageBound m_pageBound = defaultPageBound();
};

} // namespace gpuplanner::net
