#pragma once
// CloudRift: POST /api/v1/instance-types/list (no account) -> on-demand offers of its VM instance
// types in USD, one per data centre that hosts the variant (nodes_per_dc). One answer, no paging.
// parseCloudRiftInstanceTypes is the pure part (bytes -> offers).

#include "core/catalog/GpuAliasResolver.h"
#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

// data.instance_types[]{brand_short, variants[]{name, cost_per_hour (US cents), gpu_count,
// cpu_count, dram (bytes), nodes_per_dc{<dc>: nodes}}}.
core::Result<core::ImportBatch> parseCloudRiftInstanceTypes(const QByteArray &bytes, const QString &label,
                                                            const core::GpuAliasResolver &resolver);

// The GPU names tried for a variant, most specific first: the type's brand_short ("RTX 4090"),
// then the variant name's family ("rtx49-8c-nr.1" -> "rtx49").
QStringList cloudRiftGpuNameCandidates(const QString &brandShort, const QString &variantName);

class CloudRiftSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://api.cloudrift.ai")); }
    static QString listPath() { return QStringLiteral("/api/v1/instance-types/list"); }
    // The API version gpuhunt and SkyPilot send (gpuhunt cloudrift.py CLOUDRIFT_API_VERSION).
    static QString apiVersion() { return QStringLiteral("2025-03-21"); }
    static QByteArray requestBody();

    // apiKey: empty where the API needs none.
    CloudRiftSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("cloudrift")}; }
    QString name() const override { return QStringLiteral("CloudRift instance types API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
};

} // namespace gpuplanner::net
