#pragma once
// Scaleway product catalog: STUB, to be written (issue 45). Keep the constructor's signature: SourceRegistry calls it.

#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

class ScalewaySource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://api.scaleway.com")); }

    // apiKey: empty where the API needs none.
    ScalewaySource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("scaleway")}; }
    QString name() const override { return QStringLiteral("Scaleway product catalog"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
};

} // namespace gpuplanner::net
