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

namespace {

// An instance type in eight North American regions: five near 43 USD/h and three near 88.
PriceCheckInput twoClusters()
{
    PriceCheckInput in;
    const double prices[] = {43.07, 43.07, 43.07, 44.10, 43.07, 87.83, 92.50, 101.9};
    for (qint64 i = 0; i < 8; ++i)
        in.offers.append(offer(i + 1, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("r%1").arg(i + 1),
                               Billing::OnDemand, prices[i]));
    return in;
}

QHash<qint64, QString> reasonsFor(const QList<PriceFlag> &flags, const QString &rule)
{
    QHash<qint64, QString> out;
    for (const PriceFlag &f : flags) {
        if (f.rule == rule)
            out.insert(f.offerId, f.reason);
    }
    return out;
}

} // namespace

TEST(PriceChecks, TwoClustersWithoutEvidenceAreAConflictNotAnOutvotedMinority)
{
    const QList<PriceFlag> flags = checkPrices(twoClusters());
    const auto conflicts = reasonsFor(flags, QStringLiteral("price_conflict"));
    for (qint64 id = 1; id <= 8; ++id) {
        ASSERT_TRUE(conflicts.contains(id)) << id;
        const QString &reason = conflicts.value(id);
        EXPECT_TRUE(reason.contains(u"Neither is trusted")) << reason.toStdString();
        EXPECT_TRUE(reason.contains(u"43.07-44.10 USD/h in 5 regions and 87.83-101.90 USD/h in 3 regions"))
            << reason.toStdString();
        EXPECT_TRUE(reason.contains(id <= 5 ? u"in the lower of two clusters" : u"in the upper of two clusters"))
            << reason.toStdString();
    }
    EXPECT_TRUE(reasonsFor(flags, QStringLiteral("region_outlier")).isEmpty()) << "no side is outvoted";
    EXPECT_TRUE(reasonsFor(flags, QStringLiteral("other_usage_type")).isEmpty());
}

TEST(PriceChecks, EvidenceTrustsTheUpperClusterHoweverFewItsRegions)
{
    PriceCheckInput in = twoClusters();
    // Two of the cheap regions' spot prices are above their "on-demand" ones: those cannot be
    // on-demand prices, so their cluster is of another usage type.
    in.offers.append(offer(11, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("r1"), Billing::Spot, 47.87));
    in.offers.append(offer(12, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("r2"), Billing::Spot, 44.00));
    in.offers.append(offer(16, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("r6"), Billing::Spot, 34.16));
    const QList<PriceFlag> flags = checkPrices(in);
    const auto wrongKind = reasonsFor(flags, QStringLiteral("other_usage_type"));
    for (qint64 id = 1; id <= 5; ++id) {
        ASSERT_TRUE(wrongKind.contains(id)) << id;
        const QString &reason = wrongKind.value(id);
        EXPECT_TRUE(reason.contains(u"Trusted: the upper cluster")) << reason.toStdString();
        EXPECT_TRUE(reason.contains(u"r1: its spot price 47.87 USD/h is not below it")) << reason.toStdString();
        EXPECT_TRUE(reason.contains(u"r2: its spot price 44.00 USD/h")) << reason.toStdString();
    }
    const auto rules = rulesById(flags);
    for (qint64 id = 6; id <= 8; ++id)
        EXPECT_FALSE(rules.value(id).contains(u"other_usage_type") || rules.value(id).contains(u"price_conflict")
                     || rules.value(id).contains(u"region_outlier"))
            << id << " is the trusted list price";
    EXPECT_TRUE(reasonsFor(flags, QStringLiteral("price_conflict")).isEmpty());
}

TEST(PriceChecks, APublishedListingAlsoTellsTheSidesApart)
{
    PriceCheckInput in = twoClusters();
    in.references = {PriceReference{QStringLiteral("gcp"), QStringLiteral("H100"), 8, 88.49, 0, QStringLiteral("agg"),
                                    QStringLiteral("2026-07-01")}};
    const auto wrongKind = reasonsFor(checkPrices(in), QStringLiteral("other_usage_type"));
    EXPECT_EQ(wrongKind.size(), 5);
    EXPECT_TRUE(wrongKind.value(4).contains(u"r4: below 80% of the cheapest on-demand listing agg found (88.49 USD/h)"))
        << wrongKind.value(4).toStdString();
}

TEST(PriceChecks, AnOutlierIsNotJudgedByNeighboursThatCannotBeOnDemand)
{
    PriceCheckInput in;
    // Four regions near 43 (each below the published listing) and one at 88: no split (one
    // region is not a cluster), and the 43s are no yardstick for the 88.
    const double prices[] = {43.07, 43.07, 43.07, 44.1, 87.83};
    for (qint64 i = 0; i < 5; ++i)
        in.offers.append(offer(i + 1, QStringLiteral("gcp"), QStringLiteral("a3"), QStringLiteral("r%1").arg(i + 1),
                               Billing::OnDemand, prices[i]));
    in.references = {PriceReference{QStringLiteral("gcp"), QStringLiteral("H100"), 8, 88.49, 0, QStringLiteral("agg"),
                                    QStringLiteral("2026-07-01")}};
    const auto rules = rulesById(checkPrices(in));
    EXPECT_FALSE(rules.contains(5)) << "the list price is not suspect because wrong neighbours outnumber it";
    for (qint64 id = 1; id <= 4; ++id)
        EXPECT_TRUE(rules.value(id).contains(u"below_published_listing")) << id;
}
