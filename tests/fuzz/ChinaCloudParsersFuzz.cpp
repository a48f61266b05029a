// Tencent DescribeZoneInstanceConfigInfos, Huawei ListFlavors and Alibaba DescribePrice
// bodies (the first byte picks which).

#include "FuzzSupport.h"

#include "net/providers/AlibabaEcsSource.h"
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
    switch (data[0] % 3) {
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
    default:
        (void)net::parseAlibabaPrice(QJsonDocument::fromJson(body).object());
        break;
    }
    return 0;
}
