// Tencent DescribeZoneInstanceConfigInfos, Huawei ListFlavors and Alibaba DescribePrice
// bodies and Alibaba's public price file (the first byte picks which).

#include "FuzzSupport.h"

#include "net/providers/AlibabaEcsSource.h"
#include "net/providers/AlibabaPublicPriceSource.h"
#include "net/providers/HuaweiCloudSource.h"
#include "net/providers/TencentCvmSource.h"

#include <QJsonDocument>
#include <QJsonObject>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    if (size == 0)
        return 0;
    static const net::ChinaGpuFamilies families = [] {
        auto loaded = net::ChinaGpuFamilies::loadEmbedded();
        if (!loaded)
            qFatal("families: %s", qPrintable(loaded.errorMessage()));
        return loaded.value();
    }();
    const QByteArray body = fuzz::bytes(data + 1, size - 1);
    switch (data[0] % 4) {
    case 0:
        (void)net::parseTencentZoneInstanceConfigs(body, QStringLiteral("ap-guangzhou"), QStringLiteral("CNY"),
                                                   QStringLiteral("fuzz"), families, fuzz::resolver())
            .ok();
        break;
    case 1: {
        QList<core::ImportExclusion> exclusions;
        (void)net::parseHuaweiFlavors(QJsonDocument::fromJson(body).object(), QStringLiteral("fuzz"), families,
                                      fuzz::resolver(), exclusions);
        break;
    }
    case 2:
        (void)net::parseAlibabaPrice(QJsonDocument::fromJson(body).object());
        break;
    default: {
        static const QList<core::ImportedInstance> known = {
            {QStringLiteral("alicloud"), QStringLiteral("ecs.gn6i-c4g1.xlarge"), QStringLiteral("T4"), 1, 4.0, 15.0, {}}};
        (void)net::parseAlibabaPublicPrices(body, QStringLiteral("fuzz"), known, {}).ok();
        break;
    }
    }
    return 0;
}
