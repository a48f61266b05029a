#include "core/catalog/PriceChecks.h"

#include <QHash>

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

Offer offer(qint64 id, const QString &provider, const QString &instance, const QString &region, Billing billing,
            double usdPerHour, const QString &gpu = QStringLiteral("H100"), double gpus = 8,
            const QString &geography = QStringLiteral("North America"))
{
    Offer o;
    o.id = id;
    o.provider = provider;
    o.instanceType = instance;
    o.region = region;
    o.geography = geography;
    o.billing = billing;
    o.gpu = gpu;
    o.gpuCount = gpus;
    o.pricePerHour = o.pricePerHourUsd = usdPerHour;
    o.currency = QStringLiteral("USD");
    return o;
}

QHash<qint64, QStringList> rulesById(const QList<PriceFlag> &flags)
{
    QHash<qint64, QStringList> out;
    for (const PriceFlag &f : flags) {
        out[f.offerId].append(f.rule);
        EXPECT_FALSE(f.reason.isEmpty()) << f.rule.toStdString();
    }
    return out;
}

} // namespace

TEST(PriceChecks, SpotAboveOnDemandFlagsBothOffersOfThePair)
{
    PriceCheckInput in;
    in.offers = {offer(1, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("us-central1"), Billing::OnDemand, 43.07),
                 offer(2, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("us-central1"), Billing::Spot, 47.87),
                 offer(3, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("us-east4"), Billing::OnDemand, 87.83),
                 offer(4, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("us-east4"), Billing::Spot, 34.16)};
    const QList<PriceFlag> flags = checkPrices(in);
    const auto rules = rulesById(flags);
    EXPECT_TRUE(rules.value(1).contains(u"spot_above_on_demand"));
    EXPECT_TRUE(rules.value(2).contains(u"spot_above_on_demand"));
    EXPECT_FALSE(rules.contains(3));
    EXPECT_FALSE(rules.contains(4));
    for (const PriceFlag &f : flags) {
        if (f.offerId == 2) {
            EXPECT_TRUE(f.reason.contains(u"47.87") && f.reason.contains(u"43.07")) << f.reason.toStdString();
        }
    }
}

TEST(PriceChecks, OneRoundPriceForSeveralGpuModelsIsAPlaceholder)
{
    PriceCheckInput in;
    in.offers = {offer(1, QStringLiteral("m"), QStringLiteral("h100"), QStringLiteral("r"), Billing::OnDemand, 8.0),
                 offer(2, QStringLiteral("m"), QStringLiteral("h100"), QStringLiteral("r"), Billing::Spot, 8.0),
                 offer(3, QStringLiteral("m"), QStringLiteral("h200"), QStringLiteral("r"), Billing::OnDemand, 8.0,
                       QStringLiteral("H200")),
                 offer(4, QStringLiteral("m"), QStringLiteral("h200"), QStringLiteral("r"), Billing::Spot, 8.0,
                       QStringLiteral("H200")),
                 // Another provider's 2.00 for two models, but spot priced apart: not a placeholder.
                 offer(5, QStringLiteral("n"), QStringLiteral("a"), QStringLiteral("r"), Billing::OnDemand, 16.0),
                 offer(6, QStringLiteral("n"), QStringLiteral("b"), QStringLiteral("r"), Billing::OnDemand, 16.0,
                       QStringLiteral("H200")),
                 offer(7, QStringLiteral("n"), QStringLiteral("a"), QStringLiteral("r"), Billing::Spot, 9.0)};
    const auto rules = rulesById(checkPrices(in));
    for (qint64 id : {1, 2, 3, 4})
        EXPECT_TRUE(rules.value(id).contains(u"round_placeholder")) << id;
    for (qint64 id : {5, 6, 7})
        EXPECT_FALSE(rules.value(id).contains(u"round_placeholder")) << id;
}

TEST(PriceChecks, FarBelowPeersCountsOneVotePerProvider)
{
    PriceCheckInput in;
    qint64 id = 1;
    // Four providers near 2.50 per GPU-hour, one of them in thirty regions; one offer at 0.40.
    for (int r = 0; r < 30; ++r)
        in.offers.append(offer(id++, QStringLiteral("big"), QStringLiteral("x8"), QStringLiteral("r%1").arg(r),
                               Billing::OnDemand, 8 * 2.6));
    for (const char *p : {"p1", "p2", "p3"})
        in.offers.append(offer(id++, QString::fromLatin1(p), QStringLiteral("x8"), QStringLiteral("r"), Billing::OnDemand,
                               8 * 2.4));
    in.offers.append(offer(100, QStringLiteral("cheap"), QStringLiteral("x8"), QStringLiteral("r"), Billing::OnDemand,
                           8 * 0.4));
    // Far above: a bigger host, left alone.
    in.offers.append(offer(101, QStringLiteral("dear"), QStringLiteral("x8"), QStringLiteral("r"), Billing::OnDemand,
                           8 * 12.0));
    const auto rules = rulesById(checkPrices(in));
    EXPECT_TRUE(rules.value(100).contains(u"peer_outlier"));
    EXPECT_FALSE(rules.contains(101));
    EXPECT_FALSE(rules.contains(1));
}

TEST(PriceChecks, RegionOutlierComparesWithinOneGeography)
{
    PriceCheckInput in;
    const QStringList us{QStringLiteral("us-a"), QStringLiteral("us-b"), QStringLiteral("us-c"), QStringLiteral("us-d")};
    qint64 id = 1;
    for (const QString &r : us)
        in.offers.append(offer(id++, QStringLiteral("gcp"), QStringLiteral("a3"), r, Billing::OnDemand, r == u"us-a" ? 43 : 88));
    // Mainland China cheaper than overseas is regional pricing, not an error.
    for (const char *r : {"cn-1", "cn-2", "cn-3", "cn-4"})
        in.offers.append(offer(id++, QStringLiteral("tc"), QStringLiteral("g"), QString::fromLatin1(r), Billing::OnDemand,
                               13, QStringLiteral("H100"), 8, QStringLiteral("Mainland China")));
    in.offers.append(offer(id++, QStringLiteral("tc"), QStringLiteral("g"), QStringLiteral("sg"), Billing::OnDemand, 22,
                           QStringLiteral("H100"), 8, QStringLiteral("Asia-Pacific")));
    const auto rules = rulesById(checkPrices(in));
    EXPECT_TRUE(rules.value(1).contains(u"region_outlier"));
    EXPECT_FALSE(rules.contains(2));
    for (qint64 i = 5; i < id; ++i)
        EXPECT_FALSE(rules.contains(i)) << i;
}

TEST(PriceChecks, BelowAPublishedListingOrItsOwnCommitmentPrice)
{
    PriceCheckInput in;
    in.offers = {offer(1, QStringLiteral("gcp"), QStringLiteral("a2u"), QStringLiteral("r"), Billing::OnDemand, 23.57,
                       QStringLiteral("A100"), 8),
                 offer(2, QStringLiteral("gcp"), QStringLiteral("a4"), QStringLiteral("r"), Billing::OnDemand, 90.22,
                       QStringLiteral("B200"), 8),
                 offer(3, QStringLiteral("gcp"), QStringLiteral("a4"), QStringLiteral("s"), Billing::OnDemand, 140,
                       QStringLiteral("B200"), 8)};
    in.references = {PriceReference{QStringLiteral("gcp"), QStringLiteral("A100"), 8, 40.55, 0, QStringLiteral("agg"),
                                    QStringLiteral("2026-07-01")},
                     PriceReference{QStringLiteral("gcp"), QStringLiteral("B200"), 8, 88.93, 12, QStringLiteral("agg"),
                                    QStringLiteral("2026-07-01")}};
    const auto rules = rulesById(checkPrices(in));
    EXPECT_TRUE(rules.value(1).contains(u"below_published_listing"));
    EXPECT_TRUE(rules.value(2).contains(u"below_published_listing")) << "1.4% above its own 1-year commitment price";
    EXPECT_FALSE(rules.contains(3));
}

TEST(PriceChecks, RetiredFamiliesAndCommitmentsOnASuspectTwin)
{
    PriceCheckInput in;
    in.offers = {offer(1, QStringLiteral("azure"), QStringLiteral("Standard_NC6"), QStringLiteral("eastus"),
                       Billing::OnDemand, 0.9, QStringLiteral("K80"), 1),
                 offer(2, QStringLiteral("azure"), QStringLiteral("Standard_NC6s_v2"), QStringLiteral("eastus"),
                       Billing::OnDemand, 2.0, QStringLiteral("P100"), 1),
                 offer(3, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("r"), Billing::OnDemand, 40),
                 offer(4, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("r"), Billing::Spot, 47),
                 offer(5, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("r"), Billing::Reserved, 25)};
    in.retired = {RetiredFamily{QStringLiteral("azure"), QStringLiteral("Standard_NC6"), QStringLiteral("2022-08-31"),
                                QStringLiteral("Microsoft Learn")}};
    const QList<PriceFlag> flags = checkPrices(in);
    const auto rules = rulesById(flags);
    EXPECT_TRUE(rules.value(1).contains(u"retired_family"));
    EXPECT_FALSE(rules.contains(2)) << "the glob is the exact name";
    EXPECT_TRUE(rules.value(5).contains(u"twin_suspect"));
    for (const PriceFlag &f : flags) {
        if (f.offerId == 1) {
            EXPECT_TRUE(f.reason.contains(u"2022-08-31") && f.reason.contains(u"Microsoft Learn"));
        }
    }
}

TEST(PriceChecks, ListedGpuMemoryMustBeTheSpecs)
{
    auto withMemory = [](Offer o, double specPerGpu, std::optional<double> listed) {
        o.gpuMemoryGib = specPerGpu * o.gpuCount;
        o.listedGpuMemoryGib = listed;
        return o;
    };
    const QString a100 = QStringLiteral("A100-SXM4-40GB");
    PriceCheckInput in;
    in.offers = {
        // An 80 GB A100 filed as the 40 GB model (as Cudo's A100 PCIe rows are).
        withMemory(offer(1, QStringLiteral("cudo"), QStringLiteral("a100-pcie_1x"), QStringLiteral("r"), Billing::OnDemand,
                         1.5, a100, 1),
                   40, 80),
        // Per GPU, and the instance's total (Vast lists totals): both are the spec.
        withMemory(offer(2, QStringLiteral("lambda"), QStringLiteral("gpu_8x_a100"), QStringLiteral("r"), Billing::OnDemand,
                         10, a100, 8),
                   40, 40),
        withMemory(offer(3, QStringLiteral("vast"), QStringLiteral("2x-A100"), QStringLiteral("r"), Billing::OnDemand, 2,
                         a100, 2),
                   40, 80),
        // MiB against GB rounding stays within 1 GiB.
        withMemory(offer(4, QStringLiteral("vast"), QStringLiteral("1x-RTX_5090"), QStringLiteral("r"), Billing::OnDemand,
                         0.5, QStringLiteral("RTX5090"), 1),
                   32, 31.84),
        // A slice listing its share of the card.
        withMemory(offer(5, QStringLiteral("alicloud"), QStringLiteral("sgn8ga-m24"), QStringLiteral("r"),
                         Billing::OnDemand, 1, QStringLiteral("RTX5880"), 0.5),
                   48, 24),
        // Nothing listed: nothing to hold against the spec.
        withMemory(offer(6, QStringLiteral("azure"), QStringLiteral("NC24ads"), QStringLiteral("r"), Billing::OnDemand, 3,
                         a100, 1),
                   40, std::nullopt),
    };
    const QList<PriceFlag> flags = checkPrices(in);
    const auto rules = rulesById(flags);
    EXPECT_EQ(rules.value(1), QStringList{QStringLiteral("spec_mismatch")});
    for (qint64 id : {2, 3, 4, 5, 6})
        EXPECT_FALSE(rules.value(id).contains(u"spec_mismatch")) << id;
    for (const PriceFlag &f : flags) {
        if (f.offerId == 1) {
            EXPECT_TRUE(f.reason.contains(u"80 GiB") && f.reason.contains(u"A100-SXM4-40GB") && f.reason.contains(u"40 GiB"))
                << f.reason.toStdString();
        }
    }
    EXPECT_TRUE(priceRuleIds().contains(u"spec_mismatch"));
}
