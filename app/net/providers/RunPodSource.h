#pragma once
// RunPod: POST /graphql gpuTypes (API key as Bearer token). Prices are per GPU and the same in
// every data center; lowestPrice tells whether a type is in stock where the query asked.
// parseRunPodGpuTypes is the pure part (bytes -> offers); RunPodSource sends one query per
// Secure Cloud data center plus one for Community Cloud.

#include "core/catalog/GpuAliasResolver.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

// What the lowestPrice input of one query asked for: the parser prices only that cloud,
// since stockStatus says nothing about the other one.
struct RunPodQuery
{
    bool secureCloud = true;
    QString dataCenterId; // empty: anywhere (Community Cloud hosts are not in data centers)
    int gpuCount = 1;
};

// Community hosts sit all over the world, like Vast.ai's: their offers are not tied to one place.
inline QString runPodCommunityRegion()
{
    return QStringLiteral("global");
}

// Catalog region (country code, as in SkyPilot's RunPod catalog) of a data center id:
// "US-KS-2" -> "US", "CA-MTL-1" -> "CA", "EU-RO-1" -> "RO", "EUR-IS-1" -> "IS".
QString runPodRegion(const QString &dataCenterId);

// The request body: {"query": ..., "variables": {"lowestPriceInput": ...}}.
QByteArray runPodGpuTypesRequest(const RunPodQuery &query);

// Instance names are "<count>x_<gpu id>_SECURE" or "..._COMMUNITY" for counts 1, 2, 4, ... up
// to maxGpuCount (and maxGpuCount itself). On demand = count x securePrice (communityPrice);
// spot = count x lowestPrice.minimumBidPrice, or the list secureSpotPrice (communitySpotPrice)
// when no bid floor is given. A type whose lowestPrice.stockStatus is null is not available
// there and gives no offers. Errors name label and the field path.
core::Result<core::ImportBatch> parseRunPodGpuTypes(const QByteArray &bytes, const QString &label,
                                                    const RunPodQuery &query, const core::GpuAliasResolver &resolver);

// "NVIDIA GeForce RTX 4090" / "RTX 4090" -> candidate alias names, most specific first.
QStringList runPodGpuNameCandidates(const QString &id, const QString &displayName);

class RunPodSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://api.runpod.io")); }
    static QString graphqlPath() { return QStringLiteral("/graphql"); }
    // Secure Cloud data centers queried by default (RunPod lists them in its console).
    static QStringList defaultDataCenters();

    // apiKey comes from the OS keychain via the composition root; it is sent, never logged.
    RunPodSource(QUrl baseUrl, QString apiKey, core::GpuAliasResolver resolver,
                 QStringList dataCenters = defaultDataCenters());

    QStringList providers() const override { return {QStringLiteral("runpod")}; }
    QString name() const override { return QStringLiteral("RunPod GraphQL API"); }
    // context.regions (country codes) narrows the Secure Cloud data centers; Community Cloud is
    // queried only when no regions are given or "global" is among them.
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
    QStringList m_dataCenters;
};

} // namespace gpuplanner::net
