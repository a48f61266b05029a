#pragma once
// Tencent Cloud CVM (API 2017-03-12, TC3-HMAC-SHA256 signed POST JSON):
//   DescribeRegions -> the regions; DescribeZoneInstanceConfigInfos per region with the charge
//   types POSTPAID_BY_HOUR, SPOTPAID and PREPAID -> every instance type per zone with its price
//   (ItemPrice). Pay-as-you-go is UnitPrice (the list price of the first step, 0-96 h), spot
//   UnitPriceDiscount (the spot rate), prepaid OriginalPrice (one month) and
//   OriginalPriceOneYear / ThreeYear (totals) as 1-, 12- and 36-month subscriptions.
// Field names: TencentCloud/tencentcloud-sdk-go tencentcloud/cvm/v20170312/models.go.
// Prices are CNY on the China site (cvm.tencentcloudapi.com), USD on the international one.

#include "core/catalog/GpuAliasResolver.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/ChinaGpuFamilies.h"

#include <QJsonObject>
#include <QUrl>

#include <functional>

namespace gpuplanner::net {

// The pure part: one region's DescribeZoneInstanceConfigInfos body -> offers.
core::Result<core::ImportBatch> parseTencentZoneInstanceConfigs(const QByteArray &bytes, const QString &region,
                                                                const QString &currency, const QString &label,
                                                                const ChinaGpuFamilies &families,
                                                                const core::GpuAliasResolver &resolver);
core::Result<core::ImportBatch> parseTencentZoneInstanceConfigs(const QJsonObject &body, const QString &region,
                                                                const QString &currency, const QString &label,
                                                                const ChinaGpuFamilies &families,
                                                                const core::GpuAliasResolver &resolver);

class TencentCvmSource : public core::PriceSource
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://cvm.tencentcloudapi.com")); }

    TencentCvmSource(QUrl baseUrl, QString secretId, QString secretKey, ChinaGpuFamilies families,
                     core::GpuAliasResolver resolver);

    QStringList providers() const override { return {QStringLiteral("tencentcloud")}; }
    QString name() const override { return QStringLiteral("Tencent Cloud CVM API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_secretId.toUtf8(), m_secretKey.toUtf8()}; }

    // Unix seconds for X-TC-Timestamp (tests pin it).
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }

private:
    core::HttpRequest request(const QByteArray &action, const QString &region, const QByteArray &payload) const;

    QUrl m_baseUrl;
    QString m_secretId;
    QString m_secretKey;
    ChinaGpuFamilies m_families;
    core::GpuAliasResolver m_resolver;
    std::function<qint64()> m_clock;
};

} // namespace gpuplanner::net
