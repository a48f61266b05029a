// Issue 44: a plan says how old the price it rests on is, counted from the day the price was
// observed (not the provider's effective date), and when that is over 6 months ago it names a
// comparable offer (same GPU model and count, same billing) with a price observed since.

#include "core/plan/PlanExplain.h"

#include <QDate>

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

const QDate kToday(2026, 12, 6);

Offer offer(const QString &provider, const QString &instance, const QString &observed, double price,
            const QString &gpu = QStringLiteral("H100-SXM5-80GB"), double gpus = 2)
{
    Offer o;
    o.provider = provider;
    o.providerName = provider;
    o.instanceType = instance;
    o.region = QStringLiteral("eastus");
    o.gpu = gpu;
    o.gpuCount = gpus;
    o.pricePerHour = price;
    o.pricePerHourUsd = price;
    o.currency = QStringLiteral("USD");
    o.effectiveDate = observed;
    o.observedOn = observed;
    return o;
}

} // namespace

TEST(PriceAge, CountsFromTheDayThePriceWasObserved)
{
    Offer o = offer(QStringLiteral("azure"), QStringLiteral("NC80"), QStringLiteral("2026-08-20"), 13.96);
    o.effectiveDate = QStringLiteral("2024-08"); // the provider set it long ago; it was read in August
    EXPECT_EQ(priceAgeText(o, kToday), u"2026-08-20, 4 month(s) ago");
    EXPECT_TRUE(staleNote(o, kToday).isEmpty());
    o.observedOn = QStringLiteral("2026-11-30");
    EXPECT_EQ(priceAgeText(o, kToday), u"2026-11-30, 6 day(s) ago");
    o.observedOn = QStringLiteral("2025-11-30");
    EXPECT_EQ(staleNote(o, kToday),
              u"Price observed 2025-11-30, over 6 months ago: refresh the catalog or check the provider's page.");
    // A catalog written before observation dates: the effective date stands in.
    o.observedOn.clear();
    EXPECT_EQ(priceAgeText(o, kToday), u"2024-08, 28 month(s) ago");
}

TEST(PriceAge, AnOldPriceNamesTheFreshestComparableOffer)
{
    const Offer old = offer(QStringLiteral("azure"), QStringLiteral("NC80"), QStringLiteral("2024-08"), 13.96);
    const QList<Offer> catalog{
        old,
        // Fresher but another GPU count, another GPU, or itself old: not comparable or no fresher.
        offer(QStringLiteral("aws"), QStringLiteral("p5"), QStringLiteral("2026-10-10"), 55.04, QStringLiteral("H100-SXM5-80GB"), 8),
        offer(QStringLiteral("gcp"), QStringLiteral("a2"), QStringLiteral("2026-10-10"), 7.3, QStringLiteral("A100-SXM4-40GB"), 2),
        offer(QStringLiteral("lambda"), QStringLiteral("old2x"), QStringLiteral("2025-01"), 5.0),
        // Comparable: the freshest wins, the cheaper of two equally fresh.
        offer(QStringLiteral("nebius"), QStringLiteral("2x-h100"), QStringLiteral("2026-09-25"), 7.70),
        offer(QStringLiteral("runpod"), QStringLiteral("2x-h100"), QStringLiteral("2026-10-10"), 8.00),
        offer(QStringLiteral("verda"), QStringLiteral("2x-h100"), QStringLiteral("2026-10-10"), 7.90),
    };
    EXPECT_EQ(fresherComparableNote(old, catalog, kToday),
              u"A comparable offer has a fresher price: verda 2x-h100 in eastus at $7.90 per hour (observed 2026-10-10).");
    // A fresh price needs no such note.
    EXPECT_TRUE(fresherComparableNote(catalog.at(5), catalog, kToday).isEmpty());
    // Suspect or withdrawn offers are not named.
    QList<Offer> flagged = catalog;
    flagged[6].suspectReasons << QStringLiteral("peer_outlier: far below its peers");
    flagged[5].unavailableSince = QStringLiteral("2026-11-01");
    EXPECT_EQ(fresherComparableNote(old, flagged, kToday),
              u"A comparable offer has a fresher price: nebius 2x-h100 in eastus at $7.70 per hour (observed 2026-09-25).");
}

// Issue 47 (8): an option whose run straddles the deadline meets it with the chance the headline
// uses; none "misses it by" a negative time.
TEST(DeadlineWording, AStraddlingRunMeetsTheDeadlineWithItsChance)
{
    Offer o = offer(QStringLiteral("azure"), QStringLiteral("NC80"), QStringLiteral("2026-10-10"), 13.96);
    PlanRequest request;
    request.displayCurrency = QStringLiteral("USD");
    request.constraints.deadlineHours = 720;
    PlanOption option;
    option.billing = Billing::OnDemand;
    option.instances = 1;
    option.fits = true;
    option.timeP50 = 381.6;
    option.timeP90 = 760;
    option.pMeetDeadline = 0.9;
    QString reasons = optionReasons(o, request, option).join(u' ');
    EXPECT_TRUE(reasons.contains(u"Meets the 30 days deadline with 90% probability.")) << reasons.toStdString();
    EXPECT_FALSE(reasons.contains(u"Misses")) << reasons.toStdString();
    option.pMeetDeadline = 0;
    option.timeP50 = 800;
    reasons = optionReasons(o, request, option).join(u' ');
    EXPECT_TRUE(reasons.contains(u"Misses the 30 days deadline by 3.3 days.")) << reasons.toStdString();
}
