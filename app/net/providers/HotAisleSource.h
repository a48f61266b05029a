#pragma once
// Hot Aisle API: STUB, to be written (issue 45). Keep the constructor's signature: SourceRegistry calls it.

#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

class HotAisleSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://admin.hotaisle.app")); }

    // apiKey: empty where the API needs none.
    HotAisleSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("hotaisle")}; }
    QString name() const override { return QStringLiteral("Hot Aisle API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
};

} // namespace gpuplanner::net
