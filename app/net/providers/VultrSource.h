#pragma once
// Vultr: the public plans API (no account) -> on-demand offers of its GPU plans, one per location.
// GET /v2/plans?type=all (Cloud GPU "vcg" plans name their GPU in gpu_type) and GET /v2/plans-metal
// (bare metal, whose GPU model and count are only in the plan id), both cursor-paged through
// meta.links.next. parseVultrPlans is the pure part (one page -> offers and the next cursor).

#include "core/catalog/GpuAliasResolver.h"
#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/PagingGuard.h"

#include <QHash>
#include <QUrl>

namespace gpuplanner::net {

enum class VultrListing { Plans, BareMetal };

struct VultrPage
{
    core::ImportBatch batch;
    QString nextCursor;  // meta.links.next; empty on the last page
    QStringList planIds; // every plan the page lists (for the paging guard)
};

// One page of either listing. hourly_cost (USD) is the price; monthly_cost is the monthly cap on
// hourly billing, not a separate term, so it is not an offer. gpuMemoryGib (GPU id -> memory per
// GPU) turns a Cloud GPU plan's gpu_vram_gb into a GPU count, a fraction for vGPU slices.
core::Result<VultrPage> parseVultrPlans(const QByteArray &bytes, const QString &label, VultrListing listing,
                                        const core::GpuAliasResolver &resolver,
                                        const QHash<QString, double> &gpuMemoryGib);

// "vbm-256c-2048gb-8-mi300x-gpu" -> {"mi300x", 8}; "vbm-72c-480gb-gh200-gpu" -> {"gh200", 1};
// nullopt for a bare-metal plan without a GPU.
struct VultrMetalGpu
{
    QString token;
    int count = 1;
};
std::optional<VultrMetalGpu> vultrMetalGpu(const QString &planId);

class VultrSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://api.vultr.com")); }
    static QString plansPath() { return QStringLiteral("/v2/plans"); }
    static QString metalPlansPath() { return QStringLiteral("/v2/plans-metal"); }
    // per_page is at most 500 (docs.vultr.com vultr-cli plans list); Vultr lists a few hundred
    // plans in all, so a handful of pages; the guard allows ten times that.
    static constexpr int kPerPage = 500;
    static PageBound defaultPageBound() { return PageBound{kPerPage, 500}; }

    // apiKey: empty where the API needs none.
    VultrSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("vultr")}; }
    QString name() const override { return QStringLiteral("Vultr plans API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

    // Tests lower the bound to see it hold.
    void setPageBound(const PageBound &bound) { m_pageBound = bound; }

private:
    core::Status fetchListing(VultrListing listing, const core::RefreshContext &context, core::ImportBatch &batch);

    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
    QHash<QString, double> m_gpuMemoryGib;
    PageBound m_pageBound = defaultPageBound();
};

} // namespace gpuplanner::net
