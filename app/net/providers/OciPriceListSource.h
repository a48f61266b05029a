#pragma once
// Oracle Cloud (OCI): the public price list (GET /pls/apex/cetools/api/v1/products/?currencyCode=USD,
// no account) -> on-demand offers of the GPU shapes in every commercial region. The list prices
// GPU shapes per GPU ("GPU Per Hour", one row per part number), so a shape costs that rate times
// its GPUs; the same in every commercial region, which the list does not name (they come from
// oci-regions.csv). Preemptible (spot) prices are not emitted: see the fixture SOURCE.md.

#include "core/catalog/GpuAliasResolver.h"
#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/PagingGuard.h"

#include <QHash>
#include <QUrl>

namespace gpuplanner::net {

// One GPU part of the price list and the shapes it prices.
struct OciGpuPart
{
    QString partNumber; // "B98415"
    QString gpu;        // the name given to GpuAliasResolver ("H100")
    QList<QPair<QString, int>> shapes; // shape and its GPUs: {"BM.GPU.H100.8", 8}
};
const QList<OciGpuPart> &ociGpuParts();

// The commercial regions (realm oc1) of the embedded ":/net/oci-regions.csv".
core::Result<QStringList> loadOciRegions();

struct OciPartPrice
{
    QString displayName;
    QString metricName;
    QString serviceCategory;
    std::optional<double> usdPayAsYouGo; // the USD PAY_AS_YOU_GO value
};

struct OciPriceListPage
{
    QHash<QString, OciPartPrice> parts; // by part number
    QStringList partNumbers;            // of every item on the page (for the paging guard)
    QString next; // the href of links[rel=next] while hasMore is true
};

// One page of the list: items[]{partNumber, displayName, metricName, serviceCategory,
// currencyCodeLocalizations[]{currencyCode, prices[]{model, value}}}. Only the GPU parts this
// source maps are read strictly (an error names the field); other items are not looked at.
core::Result<OciPriceListPage> parseOciPriceListPage(const QByteArray &bytes, const QString &label);

// The offers: for every mapped part priced per GPU-hour, each of its shapes in each region at
// rate x GPUs. A shape the catalog knows (known) keeps its vCPUs and memory; a new one (such
// as BM.GPU.MI300X.8) has none stated, since the list gives none.
core::ImportBatch ociOffers(const QHash<QString, OciPartPrice> &parts, const QString &label,
                            const core::GpuAliasResolver &resolver, const QStringList &regions,
                            const QList<core::ImportedInstance> &known);

class OciPriceListSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://apexapps.oracle.com")); }
    static QString productsPath() { return QStringLiteral("/pls/apex/cetools/api/v1/products/"); }
    // The list held 602 parts in January 2026 (oci-pricing-mcp metadata); one answer carries all
    // of them today. Should the service page (hasMore, links[rel=next]), pages of 100 are assumed.
    static PageBound defaultPageBound() { return PageBound{100, 1000}; }

    // apiKey: empty where the API needs none.
    OciPriceListSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("oci")}; }
    QString name() const override { return QStringLiteral("Oracle Cloud price list API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

    QUrl rebase(const QString &next) const;
    void setPageBound(const PageBound &bound) { m_pageBound = bound; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
    PageBound m_pageBound = defaultPageBound();
};

} // namespace gpuplanner::net
