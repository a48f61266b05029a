#pragma once
// Massed Compute: GET /api/v1/gpu-inventory (Bearer token) -> one on-demand offer per GPU
// configuration and region. parseMassedComputeInventory is the pure part.

#include "core/catalog/GpuAliasResolver.h"
#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

#include <optional>

namespace gpuplanner::net {

// gpu_inventory{<key>{instance_type{name, price_cents_per_hour, specs{vcpu_count, memory_gib}},
// regions_with_capacity_available[]{name}}}: USD/h = cents / 100. The answer gives no GPU
// count or model field; both come from the product name ("gpu_1x_l40", the form Massed
// Compute's API documentation uses), and a name of another form is left out by name. Offers go
// to the regions with capacity; a configuration with none anywhere right now keeps its price in
// every region seen in the answer, since capacity changes by the hour while prices do not.
core::Result<core::ImportBatch> parseMassedComputeInventory(const QByteArray &bytes, const QString &label,
                                                            const core::GpuAliasResolver &resolver);

struct MassedComputeProduct
{
    int gpuCount = 0;
    QString gpu; // "l40", "h100_sxm"
};
// "gpu_8x_h100_sxm" -> {8, "h100_sxm"}; nullopt for a name of another form.
std::optional<MassedComputeProduct> parseMassedComputeProductName(const QString &name);

class MassedComputeSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://vm.massedcompute.com")); }
    static QString inventoryPath() { return QStringLiteral("/api/v1/gpu-inventory"); }

    // apiKey: empty where the API needs none.
    MassedComputeSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("massedcompute")}; }
    QString name() const override { return QStringLiteral("Massed Compute API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
};

} // namespace gpuplanner::net
