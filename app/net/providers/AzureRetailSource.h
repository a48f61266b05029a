#pragma once
// AzureRetailSource: refreshes Azure GPU VM offers from the public Retail Prices API (no
// credentials), one query per wanted region (or one for all), following NextPageLink.
// Each NextPageLink is re-rooted on the configured base URL so mirrors, proxies and tests
// keep serving the later pages. With a China base URL set, the china* regions come from Azure
// China's price sheet instead (AzureChinaPriceSheet, CNY): for a refresh of every region both are
// read, and one failing keeps the other's prices and says why in an exclusion.

#include "core/catalog/GpuAliasResolver.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/InstanceShapes.h"
#include "net/providers/PagingGuard.h"

#include <QUrl>

namespace gpuplanner::net {

class AzureRetailSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://prices.azure.com")); }
    static QString pricesPath() { return QStringLiteral("/api/retail/prices"); }
    // Microsoft documents up to 1,000 records per response and sets the page size itself;
    // observed pages hold 100 Items (shared api-samples README), the size assumed here. A
    // world-wide VM query (every VM meter, not only GPUs) runs to a few thousand such pages,
    // about 200,000 items: ten times that is 20,000 pages, the bound this source always had.
    static PageBound defaultPageBound() { return PageBound{100, 200000}; }

    AzureRetailSource(QUrl baseUrl, core::GpuAliasResolver resolver, InstanceShapes shapes);

    QStringList providers() const override { return {QStringLiteral("azure")}; }
    QString name() const override { return QStringLiteral("Azure Retail Prices API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;

    // The first page's URL for region (empty = every region).
    QUrl firstPageUrl(const QString &region) const;
    // NextPageLink with its scheme, host and port replaced by the base URL's.
    QUrl rebase(const QString &nextPageLink) const;
    // Tests lower the bound to see it hold.
    void setPageBound(const PageBound &bound) { m_pageBound = bound; }
    // Where Azure China's price sheet is asked for (empty: China is not read).
    void setChinaBaseUrl(QUrl url) { m_chinaBaseUrl = std::move(url); }

private:
    // The global Retail Prices API, one paged query per region (every region when empty).
    core::Result<core::ImportBatch> fetchGlobal(const QStringList &regions, const core::RefreshContext &context);

    QUrl m_baseUrl;
    QUrl m_chinaBaseUrl;
    core::GpuAliasResolver m_resolver;
    InstanceShapes m_shapes;
    PageBound m_pageBound = defaultPageBound();
};

} // namespace gpuplanner::net
