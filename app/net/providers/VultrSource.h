#pragma once
// Vultr plans API: STUB, to be written (issue 45). Keep the constructor's signature: SourceRegistry calls it.

#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

class VultrSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://api.vultr.com")); }

    // apiKey: empty where the API needs none.
    VultrSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("vultr")}; }
    QString name() const override { return QStringLiteral("Vultr plans API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
};

} // namespace gpuplanner::net
