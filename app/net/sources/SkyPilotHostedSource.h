#pragma once
// SkyPilotHostedSource: SkyPilot's hosted catalog (one vms.csv per cloud, plain HTTP, no
// credentials), the same format as the embedded snapshot: a quick refresh of every cloud it
// covers. GPU rows only; GCP host and accelerator rows are composed as in the seed.

#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"

#include <QHash>
#include <QUrl>

namespace gpuplanner::net {

class SkyPilotHostedSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl();

    SkyPilotHostedSource(QUrl baseUrl, core::SeedMetadata reference);

    QStringList providers() const override;
    QString name() const override { return QStringLiteral("SkyPilot hosted catalog"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;

    QUrl urlFor(const QString &provider) const;

    // Turns one downloaded vms.csv into offers (exposed for tests and `refresh --from FILE`).
    core::Result<core::ImportBatch> importCsv(const QString &provider, const QByteArray &csv, const QString &label) const;

private:
    QUrl m_base;
    core::SeedMetadata m_reference;
};

} // namespace gpuplanner::net
