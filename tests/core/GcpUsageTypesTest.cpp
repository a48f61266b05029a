#include "core/import/GcpUsageTypes.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

GcpAcceleratorPrice price(const char *zone, double onDemand, std::optional<double> spot)
{
    return GcpAcceleratorPrice{QStringLiteral("H100"), QString::fromLatin1(zone), onDemand, spot};
}

// The shape of SkyPilot's GCP H100 rows: one defined-duration price in many zones, the
// on-demand SKUs in a few, and spot prices that sit above the defined-duration one in some.
QList<GcpAcceleratorPrice> h100Zones()
{
    return {price("us-central1-a", 4.20076, 5.3387), price("asia-east1-c", 4.20076, 4.832),
            price("europe-north1-c", 4.20076, 1.1485), price("asia-south2-b", 4.20076, 3.2708),
            price("us-east4-a", 9.79655, 3.8099),      price("us-east5-a", 11.03385, 3.9167),
            price("europe-west4-b", 12.73552, 4.7411)};
}

} // namespace

TEST(GcpUsageTypes, ADefinedDurationPriceFiledAsOnDemandIsUnknownWhateverTheCount)
{
    const GcpUsageVerdict v = checkGcpUsageTypes(h100Zones());
    for (const char *zone : {"us-central1-a", "asia-east1-c", "europe-north1-c", "asia-south2-b"}) {
        const QString key = GcpUsageVerdict::key(QStringLiteral("H100"), QString::fromLatin1(zone));
        ASSERT_TRUE(v.onDemandUnknown.contains(key)) << zone;
        const QString &why = v.onDemandUnknown.value(key);
        EXPECT_TRUE(why.contains(u"4.201 USD per GPU-hour in 4 zones and 9.797-12.74 USD per GPU-hour in 3 zones"))
            << why.toStdString();
        EXPECT_TRUE(why.contains(u"2 zones (asia-east1-c, us-central1-a)")) << why.toStdString();
        EXPECT_TRUE(why.contains(u"refresh --source native --provider gcp")) << why.toStdString();
    }
    for (const char *zone : {"us-east4-a", "us-east5-a", "europe-west4-b"})
        EXPECT_FALSE(v.onDemandUnknown.contains(GcpUsageVerdict::key(QStringLiteral("H100"), QString::fromLatin1(zone))))
            << zone << " is an on-demand SKU price, outnumbered or not";
    // Every spot price is below the lowest on-demand SKU price (9.797): all stay.
    EXPECT_TRUE(v.spotUnknown.isEmpty());
}

TEST(GcpUsageTypes, ASpotPriceAtOnDemandLevelIsUnknownToo)
{
    auto zones = h100Zones();
    zones.append(price("asia-southeast1-b", 4.20076, 9.9));
    const GcpUsageVerdict v = checkGcpUsageTypes(zones);
    const QString key = GcpUsageVerdict::key(QStringLiteral("H100"), QStringLiteral("asia-southeast1-b"));
    ASSERT_TRUE(v.spotUnknown.contains(key));
    EXPECT_TRUE(v.spotUnknown.value(key).contains(u"9.900 USD per GPU-hour is at or above the lowest on-demand price"))
        << v.spotUnknown.value(key).toStdString();
    EXPECT_EQ(v.spotUnknown.size(), 1);
}

TEST(GcpUsageTypes, WithoutSpotEvidenceOrWithoutTwoClustersNothingIsDecided)
{
    // The same split, but no spot price is above the cheaper cluster: which one is on-demand
    // cannot be read from these rows (the price checks show the conflict instead).
    QList<GcpAcceleratorPrice> noEvidence;
    for (GcpAcceleratorPrice p : h100Zones()) {
        p.spotPerGpu = p.onDemandPerGpu * 0.3;
        noEvidence.append(p);
    }
    EXPECT_TRUE(checkGcpUsageTypes(noEvidence).onDemandUnknown.isEmpty());
    // A spread of regional prices (GCP's B200: 8.06, 11.28, 19.33) is not two clusters.
    const QList<GcpAcceleratorPrice> b200{price("a", 8.055, 5.39), price("b", 8.055, 4.94), price("c", 11.277, 4.72),
                                          price("d", 11.277, 4.49), price("e", 19.332, 4.90)};
    EXPECT_TRUE(checkGcpUsageTypes(b200).onDemandUnknown.isEmpty());
}
