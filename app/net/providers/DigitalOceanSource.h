#pragma once
// DigitalOcean GPU Droplets: GET /v2/sizes (API token, paged through links.pages.next) -> one
// on-demand offer per GPU size and region it lists. parseDigitalOceanSizes is the pure part.
// The 12-month commitment prices DigitalOcean shows on its web page are not in this API, so
// this source emits none.

#include "core/catalog/GpuAliasResolver.h"
#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/PagingGuard.h"

#include <QUrl>

namespace gpuplanner::net {

struct DigitalOceanSizesPage
{
    core::ImportBatch batch; // offers of this page's GPU sizes
    QStringList slugs;       // every size on the page, GPU or not (for the paging guard)
    QString next;            // links.pages.next, empty on the last page
};

// price_hourly is USD per Droplet-hour; memory is MB (-> GiB); gpu_info.vram.amount is the
// size's total GPU memory in GiB. Sizes without gpu_info are CPU Droplets and are skipped.
core::Result<DigitalOceanSizesPage> parseDigitalOceanSizes(const QByteArray &bytes, const QString &label,
                                                           const core::GpuAliasResolver &resolver);

// "nvidia_rtx6000_ada" -> {"nvidia_rtx6000_ada", "rtx6000-ada", "rtx6000 ada", "rtx6000ada"}.
QStringList digitalOceanGpuNameCandidates(const QString &model);

class DigitalOceanSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://api.digitalocean.com")); }
    static QString sizesPath() { return QStringLiteral("/v2/sizes"); }
    // per_page is at most 200 (digitalocean/openapi shared/parameters.yml); the listing held
    // about 150 sizes in 2026 (meta.total 147 in gpuhunt's test), one page at this size.
    static PageBound defaultPageBound() { return PageBound{200, 200}; }

    // apiKey: empty where the API needs none.
    DigitalOceanSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("digitalocean")}; }
    QString name() const override { return QStringLiteral("DigitalOcean sizes API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

    // links.pages.next with its scheme, host and port replaced by the base URL's, so that a
    // mirror or the tests' loopback server keeps serving the later pages.
    QUrl rebase(const QString &next) const;
    void setPageBound(const PageBound &bound) { m_pageBound = bound; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
    PageBound m_pageBound = defaultPageBound();
};

} // namespace gpuplanner::net
