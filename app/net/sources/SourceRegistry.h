#pragma once
// SourceRegistry: every refresh source with its endpoint and credentials, and the choice of
// source per provider: SkyPilot's hosted catalog by default (quick, no credentials), the
// provider's own price API with `native` where an adapter exists, the ECB for FX rates.
// Shared by the CLI and the desktop app.

#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"
#include "net/refresh/Refresher.h"

#include <QHash>
#include <QUrl>

#include <memory>
#include <vector>

namespace gpuplanner::net {

// SkyPilot: the hosted catalog for every provider. Native: each provider's own price API where
// an adapter exists. WithCredentials (the desktop): the own API of each provider whose key or
// credentials are configured, the hosted catalog for the rest.
enum class SourcePreference { SkyPilot, Native, WithCredentials };

struct SourceSettings
{
    QHash<QString, QUrl> endpoints; // source id (skypilot, ecb, aws, azure, gcp, lambda, vast) -> base URL
    QHash<QString, QString> apiKeys; // provider -> API key (gcp, lambda, vast)
    // Multi-part credentials of the Chinese clouds, by their environment variable names
    // (GPUPLANNER_TENCENT_SECRET_ID, ...), whether read from the environment or the keychain.
    QHash<QString, QString> credentials;
    SourcePreference preference = SourcePreference::SkyPilot;
};

class SourceRegistry
{
public:
    static core::Result<std::unique_ptr<SourceRegistry>> create(const SourceSettings &settings,
                                                                const core::SeedMetadata &reference);
    ~SourceRegistry();

    // Source ids --endpoint accepts.
    static QStringList endpointIds();
    // Providers with a native price-API adapter, and the key each needs (empty = none).
    static QHash<QString, QString> nativeProviders();
    // The Chinese clouds' credential variables per provider, all required, in the order people
    // are asked for them.
    static QHash<QString, QStringList> credentialVariables();

    // One job per wanted provider (all refreshable providers when empty, plus FX rates).
    // Fails naming a provider that has no source or lacks a required API key.
    core::Result<QList<RefreshJob>> jobs(const QStringList &wanted) const;

private:
    SourceRegistry() = default;
    core::PriceSource *sourceFor(const QString &provider) const;

    SourceSettings m_settings;
    std::vector<std::unique_ptr<core::PriceSource>> m_owned;
    QHash<QString, core::PriceSource *> m_native;
    core::PriceSource *m_skypilot = nullptr;
    core::PriceSource *m_ecb = nullptr;
};

} // namespace gpuplanner::net
