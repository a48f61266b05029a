#pragma once
// Lambda Cloud: GET /api/v1/instance-types (API key) -> one price per instance type, the same
// in every region. parseLambdaInstanceTypes is the pure part (bytes -> offers).

#include "core/catalog/GpuAliasResolver.h"
#include "core/refresh/PriceSource.h"

#include <QUrl>

namespace gpuplanner::net {

// USD/h = price_cents_per_hour / 100. Offers go to regions_with_capacity_available; a type with
// no capacity anywhere right now keeps its price in every region seen in the response, since
// capacity changes by the hour while prices do not.
core::Result<core::ImportBatch> parseLambdaInstanceTypes(const QByteArray &bytes, const QString &label,
                                                         const core::GpuAliasResolver &resolver);

// "H100 (80 GB SXM5)" -> candidate alias names, most specific first.
QStringList lambdaGpuNameCandidates(const QString &gpuDescription);

class LambdaSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://cloud.lambda.ai")); }
    static QString instanceTypesPath() { return QStringLiteral("/api/v1/instance-types"); }

    // apiKey comes from the OS keychain via the composition root; it is sent, never logged.
    LambdaSource(QUrl baseUrl, QString apiKey, core::GpuAliasResolver resolver);

    QStringList providers() const override { return {QStringLiteral("lambda")}; }
    QString name() const override { return QStringLiteral("Lambda Cloud API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_apiKey.toUtf8()}; }

private:
    QUrl m_baseUrl;
    QString m_apiKey;
    core::GpuAliasResolver m_resolver;
};

} // namespace gpuplanner::net
