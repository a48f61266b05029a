#pragma once
// Massed Compute API: STUB, to be written (issue 45). Keep the constructor's signature: SourceRegistry calls it.

#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

class MassedComputeSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://vm.massedcompute.com")); }

    // apiKey: empty where the API needs none.
    MassedComputeSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("massedcompute")}; }
    QString name() const override { return QStringLiteral("Massed Compute API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
};

} // namespace gpuplanner::net
