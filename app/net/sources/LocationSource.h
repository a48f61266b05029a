#pragma once
// LocationSource: prices from one file or URL (`refresh --from`): a team mirror's catalog
// snapshot, a SkyPilot-format vms.csv (for one provider), or the generic custom-offers CSV.
// The kind is recognised from the content.

#include "core/import/CatalogSnapshot.h"
#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"

#include <QMap>

namespace gpuplanner::net {

class LocationSource : public core::PriceSource
{
public:
    // provider names the provider of a SkyPilot vms.csv; other kinds carry their own.
    LocationSource(QString location, QString provider, core::SeedMetadata reference);

    // Reads the file or downloads the URL and parses it; call before providers()/fetch().
    core::Status load(core::HttpClient &http, const std::atomic_bool *cancel = nullptr);

    QStringList providers() const override { return m_batches.keys(); }
    QString name() const override { return m_kind; }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;

    static QString fxProvider() { return QStringLiteral("fx"); }

private:
    core::Status parse(const QByteArray &data);

    QString m_location;
    QString m_label;
    QString m_provider;
    core::SeedMetadata m_reference;
    QString m_kind;
    QMap<QString, core::ImportBatch> m_batches;
};

} // namespace gpuplanner::net
