#pragma once
// Alibaba Cloud's published instance price file, no account needed:
//   https://g.alicdn.com/aliyun/ecs-price-info-intl/<version>/price/download/instancePrice.json
// (international site, USD). Alibaba documents no schema; the shape read here is the one public
// clients parse (apache/libcloud contrib/update_ecs_prices.py, fuzzbuster/ec2instances.info
// alicloud/scrape.go): {currency, version, publicationDate, pricingInfo: {"<region>::<type>::
// <network>::<os>::<io>": {hours: [{price, period}], months: [...], years: [...]}}}, prices as
// strings, each price the total for its period (developer.aliyun.com/article/629033). Used:
// Linux, VPC, I/O optimized; `hours` period 1 (pay-as-you-go); every `months` period N and
// `years` period N as a prepaid N- or 12N-month subscription (1, 12, 36 months and whatever
// other periods the file lists). `weeks` is not read: a week is not a whole number of months,
// the unit every commitment term is kept in. The file names no hardware, so it prices only the
// instance types the catalog already knows.

#include "core/refresh/PriceSource.h"

#include <QJsonObject>
#include <QUrl>

namespace gpuplanner::net {

core::Result<core::ImportBatch> parseAlibabaPublicPrices(const QByteArray &bytes, const QString &label,
                                                         const QList<core::ImportedInstance> &known,
                                                         const QStringList &regions);

class AlibabaPublicPriceSource : public core::PriceSource
{
public:
    // The newest version public code names; the file moves with each version, so a refresh that
    // finds it gone says to pass the current URL (--endpoint alicloud-public=URL).
    static QUrl defaultUrl()
    {
        return QUrl(QStringLiteral("https://g.alicdn.com/aliyun/ecs-price-info-intl/2.0.375/price/download/instancePrice.json"));
    }

    explicit AlibabaPublicPriceSource(QUrl url) : m_url(std::move(url)) {}

    QStringList providers() const override { return {QStringLiteral("alicloud")}; }
    QString name() const override { return QStringLiteral("Alibaba Cloud public price file"); }
    core::Result<core::ImportBatch> fetch(const QString &provider, const core::RefreshContext &context) override;

private:
    QUrl m_url;
};

} // namespace gpuplanner::net
