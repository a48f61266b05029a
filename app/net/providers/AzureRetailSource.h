#pragma once
// AzureRetailSource: refreshes Azure GPU VM offers from the public Retail Prices API (no
// credentials), one query per wanted region (or one for all), following NextPageLink.
// Each NextPageLink is re-rooted on the configured base URL so mirrors, proxies and tests
// keep serving the later pages.

#include "core/catalog/GpuAliasResolver.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/InstanceShapes.h"

#include <QUrl>

namespace gpuplanner::net {

class AzureRetailSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://prices.azure.com")); }
    static QString pricesPath() { return QStringLiteral("/api/retail/prices"); }
    static constexpr int kMaxPages = 20000; // a world-wide VM query is a few thousand pages
    static constexpr int kMaxEmptyPages = 3; // pages with no items that still link onwards

    AzureRetailSource(QUrl baseUrl, core::GpuAliasResolver resolver, InstanceShapes shapes);

    QStringList providers() const override { return {QStringLiteral("azure")}; }
    QString name() const override { return QStringLiteral("Azure Retail Prices API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;

    // The first page's URL for region (empty = every region).
    QUrl firstPageUrl(const QString &region) const;
    // NextPageLink with its scheme, host and port replaced by the base URL's.
    QUrl rebase(const QString &nextPageLink) const;

private:
    QUrl m_baseUrl;
    core::GpuAliasResolver m_resolver;
    InstanceShapes m_shapes;
};

} // namespace gpuplanner::net
