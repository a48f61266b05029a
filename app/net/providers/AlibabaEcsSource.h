#pragma once
// Alibaba Cloud ECS (API 2014-05-26, V3 ACS3-HMAC-SHA256 signed GET; the keys stay in headers):
//   DescribeRegions -> the regions; DescribeInstanceTypes (MinimumGPUAmount=1, NextToken paging)
//   -> GPU instance types with GPUSpec, GPUAmount, CPU and memory; DescribePrice per region and
//   type -> pay-as-you-go (PriceUnit=Hour), spot (SpotStrategy=SpotAsPriceGo, the trade price)
//   and subscriptions (PriceUnit=Month Period=1, Year 1 and 3: totals for the period). Prices
//   are the instance line of DetailInfos (the total adds the system disk), list (Original) prices.
// Field names: aliyun/alibaba-cloud-sdk-go services/ecs (describe_price.go, struct_price.go,
// struct_detail_info.go, struct_instance_type.go, struct_region.go). CNY on the China site.

#include "core/catalog/GpuAliasResolver.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/PagingGuard.h"

#include <QDateTime>
#include <QJsonObject>
#include <QUrl>

#include <functional>

namespace gpuplanner::net {

// The instance part of a DescribePrice body: {price (original or trade), currency}; nullopt
// when the body has no instance line, NaN for a price it does not give.
struct AlibabaPrice
{
    double original = 0;
    double trade = 0;
    QString currency;
};
std::optional<AlibabaPrice> parseAlibabaPrice(const QJsonObject &body);

class AlibabaEcsSource : public core::PriceSource
{
public:
    // endpoint: empty for Alibaba's (ecs.aliyuncs.com, ecs.<region>.aliyuncs.com); a base URL
    // sends every call there.
    AlibabaEcsSource(QUrl endpoint, QString accessKeyId, QString accessKeySecret, core::GpuAliasResolver resolver);

    QStringList providers() const override { return {QStringLiteral("alicloud")}; }
    QString name() const override { return QStringLiteral("Alibaba Cloud ECS API"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;
    QList<QByteArray> credentials() const override { return {m_keyId.toUtf8(), m_secret.toUtf8()}; }

    void setClock(std::function<QDateTime()> clock) { m_clock = std::move(clock); }

    // MaxResults=100: the most Alibaba allows per DescribeInstanceTypes page since 2023-11-15
    // (alibabacloud.com/help/en/ecs/developer-reference/api-ecs-2014-05-26-describeinstancetypes).
    // With MinimumGPUAmount=1 it lists GPU types only: the embedded catalog knows 172 of them
    // (resources/catalog/skypilot/alicloud/vms.csv), so ten times that is 18 pages.
    // DescribePrice is not paged (one type, region and term per call).
    static constexpr int kTypesPageSize = 100;
    static PageBound defaultPageBound() { return PageBound{kTypesPageSize, 172}; }
    // Tests lower the bound to see it hold.
    void setPageBound(const PageBound &bound) { m_pageBound = bound; }

private:
    core::HttpRequest request(const QString &region, const QByteArray &action,
                              const QList<QPair<QByteArray, QByteArray>> &query) const;

    QUrl m_endpoint;
    QString m_keyId;
    QString m_secret;
    core::GpuAliasResolver m_resolver;
    std::function<QDateTime()> m_clock;
    PageBound m_pageBound = defaultPageBound();
};

} // namespace gpuplanner::net
