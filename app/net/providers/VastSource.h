#pragma once
// Vast.ai: a marketplace of individual hosts whose prices move by the minute, so the offer
// search (bundles) is reduced to one offer per GPU model and count: the cheapest and the
// median on-demand price (dph_total) and interruptible floor (min_bid) over all hosts.
// parseVastOffers is the pure part (bytes -> offers).

#include "core/catalog/GpuAliasResolver.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

// Hosts sit all over the world and come and go; the aggregate is not tied to one place.
inline QString vastRegion()
{
    return QStringLiteral("global");
}

core::Result<core::ImportBatch> parseVastOffers(const QByteArray &bytes, const QString &label,
                                                const core::GpuAliasResolver &resolver);

// "RTX 4090" -> {"RTX 4090", "RTX4090", "RTX-4090"}: Vast spells models with spaces.
QStringList vastGpuNameCandidates(const QString &gpuName);

class VastSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://console.vast.ai")); }
    static QString bundlesPath() { return QStringLiteral("/api/v0/bundles/"); }
    static constexpr int kLimit = 5000; // offers per search; the search has no pagination

    // apiKey may be empty: the search works without one.
    VastSource(QUrl baseUrl, QString apiKey, core::GpuAliasResolver resolver);

    QStringList providers() const override { return {QStringLiteral("vast")}; }
    QString name() const override { return QStringLiteral("Vast.ai offer search"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

    // The search body: rentable, verified-reliability on-demand offers with at least one GPU.
    static QByteArray searchBody();

private:
    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
};

} // namespace gpuplanner::net
