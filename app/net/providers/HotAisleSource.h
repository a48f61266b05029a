#pragma once
// Hot Aisle (AMD MI300X): GET /api/user/ for the key's team, then
// GET /api/teams/{handle}/virtual_machines/available/ (header "Authorization: Token <key>")
// -> one on-demand offer per machine configuration. parseHotAisleAvailable is the pure part.

#include "core/catalog/GpuAliasResolver.h"
#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

// Hot Aisle names no location in the answer; gpuhunt (hotaisle.py) files every offer under
// "us-michigan-1" because Hot Aisle runs one site. The offers go there too.
inline QString hotAisleRegion() { return QStringLiteral("us-michigan-1"); }

// A bare array of configurations: OnDemandPrice in US cents per hour, Specs{cpu_cores,
// ram_capacity (bytes), gpus[]{count, model}}. The instance name is made from the specs
// ("8x-MI300X-104c-1792g"), since the answer gives a configuration no name of its own.
core::Result<core::ImportBatch> parseHotAisleAvailable(const QByteArray &bytes, const QString &label,
                                                       const core::GpuAliasResolver &resolver);

// The handle of the first team in GET /api/user/ ({"teams": [{"handle": ...}]}).
core::Result<QString> parseHotAisleTeam(const QByteArray &bytes, const QString &label);

class HotAisleSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://admin.hotaisle.app")); }
    static QString userPath() { return QStringLiteral("/api/user/"); }
    static QString availablePath(const QString &team);

    // apiKey: empty where the API needs none.
    HotAisleSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("hotaisle")}; }
    QString name() const override { return QStringLiteral("Hot Aisle API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

private:
    core::Result<QByteArray> get(const core::RefreshContext &context, const QString &path, const QString &status) const;

    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
};

} // namespace gpuplanner::net
