#pragma once
// Oracle Cloud price list API: STUB, to be written (issue 45). Keep the constructor's signature: SourceRegistry calls it.

#include "core/import/SeedMetadata.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

class OciPriceListSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://apexapps.oracle.com")); }

    // apiKey: empty where the API needs none.
    OciPriceListSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference);

    QStringList providers() const override { return {QStringLiteral("oci")}; }
    QString name() const override { return QStringLiteral("Oracle Cloud price list API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
};

} // namespace gpuplanner::net
