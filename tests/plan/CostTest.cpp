// Billing rules, commitments, savings plans, extras, FX and money formatting, each on a
// worked example computed by hand in the test.

#include "core/cost/BillingCost.h"
#include "core/cost/Money.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;

TEST(Billing, PerHourGranularityRoundsEverySessionUp)
{
    const BillingRule hourly{3600, 3600};
    EXPECT_DOUBLE_EQ(billedHours(0.5, hourly), 1.0);  // half an hour bills a whole one
    EXPECT_DOUBLE_EQ(billedHours(1.0, hourly), 1.0);
    EXPECT_DOUBLE_EQ(billedHours(1.01, hourly), 2.0);
    // 2.5 h on 4 instances at 3/h: 3 billed hours x 4 x 3 = 36.
    EXPECT_DOUBLE_EQ(sessionCost(2.5, 4, 3.0, hourly), 36.0);
}

TEST(Billing, PerSecondWithAMinimum)
{
    const BillingRule perSecond{1, 60};
    EXPECT_DOUBLE_EQ(billedHours(30.0 / 3600, perSecond), 60.0 / 3600); // the minimum applies
    EXPECT_DOUBLE_EQ(billedHours(100.5 / 3600, perSecond), 101.0 / 3600);
    const BillingRule perMinute{60, 60};
    EXPECT_DOUBLE_EQ(billedHours(61.0 / 3600, perMinute), 120.0 / 3600);
    const BillingRule tenMinutes{600, 600};
    // 1 h 1 min on 2 instances at 6/h: 70 min billed = 7/6 h x 2 x 6 = 14.
    EXPECT_NEAR(sessionCost(61.0 / 60, 2, 6.0, tenMinutes), 14.0, 1e-9);
    EXPECT_DOUBLE_EQ(billedHours(0, perSecond), 0.0);
}

TEST(Billing, ProviderRulesComeFromTheReferenceFile)
{
    auto rules = loadBillingRules();
    ASSERT_TRUE(rules.ok()) << rules.errorMessage().toStdString();
    EXPECT_EQ(rules->forProvider(QStringLiteral("alicloud")).granularitySeconds, 3600);
    EXPECT_EQ(rules->forProvider(QStringLiteral("aws")).granularitySeconds, 1);
    EXPECT_EQ(rules->forProvider(QStringLiteral("aws")).minimumSeconds, 60);
    EXPECT_EQ(rules->forProvider(QStringLiteral("verda")).minimumSeconds, 600);
    EXPECT_FALSE(loadBillingRules(QStringLiteral("/nonexistent/providers.csv")).ok());
}

TEST(Commitment, UpfrontOptionsSplitTheSameTotal)
{
    // 10/h on-demand, 30% off for 12 months: 10 x 0.7 x 8,760 h = 61,320 in total.
    const Commitment none = commitmentFromDiscount(10.0, 0.3, 12, Upfront::None);
    EXPECT_NEAR(none.total(), 61320.0, 1e-6);
    EXPECT_NEAR(none.hourlyRate, 7.0, 1e-9);
    EXPECT_DOUBLE_EQ(none.upfrontFee, 0.0);
    const Commitment partial = commitmentFromDiscount(10.0, 0.3, 12, Upfront::Partial);
    EXPECT_NEAR(partial.upfrontFee, 30660.0, 1e-6);
    EXPECT_NEAR(partial.hourlyRate, 3.5, 1e-9);
    const Commitment all = commitmentFromDiscount(10.0, 0.3, 36, Upfront::All);
    EXPECT_NEAR(all.upfrontFee, 10.0 * 0.7 * 26280.0, 1e-6);
    EXPECT_DOUBLE_EQ(all.hourlyRate, 0.0);
}

TEST(Commitment, EffectiveCostAndBreakEvenUtilization)
{
    const Commitment c = commitmentFromDiscount(10.0, 0.3, 12, Upfront::None);
    // Used all the time: the discounted rate. Used half the time: 61,320 / 4,380 h = 14/h.
    EXPECT_NEAR(effectiveHourly(c, 1.0), 7.0, 1e-9);
    EXPECT_NEAR(effectiveHourly(c, 0.5), 14.0, 1e-9);
    // Break-even: 61,320 / (10 x 8,760) = 70% utilization.
    EXPECT_NEAR(breakEvenUtilization(c, 10.0), 0.7, 1e-12);
    EXPECT_NEAR(effectiveHourly(c, breakEvenUtilization(c, 10.0)), 10.0, 1e-9);
    // A catalog reservation: 20,000 upfront + 5/h for a year against 10/h on-demand:
    // (20,000 + 43,800) / 87,600 = 72.83%.
    const Commitment r{12, 5.0, 20000.0};
    EXPECT_NEAR(breakEvenUtilization(r, 10.0), 63800.0 / 87600.0, 1e-12);
}

TEST(SavingsPlan, CommitmentIsOwedAndOverflowIsOnDemand)
{
    // Commit 7/h (a month = 5,110) at a plan rate of 7/h against 10/h on-demand.
    const SavingsPlan plan{12, 7.0, 7.0, 10.0};
    EXPECT_NEAR(savingsPlanMonthCost(plan, 500), 5110.0, 1e-9);       // under-used: still owed
    EXPECT_NEAR(savingsPlanMonthCost(plan, 730), 5110.0, 1e-9);       // exactly covered
    EXPECT_NEAR(savingsPlanMonthCost(plan, 1000), 5110.0 + 270 * 10.0, 1e-9); // 270 h beyond, on-demand
}

TEST(Extras, StorageIsProratedAndEgressPerGb)
{
    const ExtrasTable table = ExtrasTable::defaults();
    const ExtrasPrices &aws = table.forProvider(QStringLiteral("aws"));
    EXPECT_DOUBLE_EQ(aws.storagePerGbMonth, 0.023);
    EXPECT_DOUBLE_EQ(aws.egressPerGb, 0.09);
    // (100 + 50) GB x 0.023 x 2 months = 6.9, plus 10 GB x 0.09 = 0.9.
    EXPECT_NEAR(extrasCost({100, 50, 10}, aws, 2.0), 7.8, 1e-12);
    EXPECT_NEAR(extrasCost({100, 0, 0}, aws, 0.5), 1.15, 1e-12);
    // Providers without figures fall back, and say so in the source.
    EXPECT_TRUE(table.forProvider(QStringLiteral("lambda")).source.contains(QStringLiteral("stand-in")));
}

TEST(Fx, ConvertsThroughUsd)
{
    FxTable fx;
    fx.set({QStringLiteral("CNY"), 7.25, QStringLiteral("2026-05-07"), QStringLiteral("test")});
    fx.set({QStringLiteral("EUR"), 0.9, QStringLiteral("2026-05-07"), QStringLiteral("test")});
    EXPECT_NEAR(*fx.convert(72.5, u"CNY", u"USD"), 10.0, 1e-12);
    EXPECT_NEAR(*fx.convert(10.0, u"USD", u"CNY"), 72.5, 1e-12);
    // 100 CNY -> 100 / 7.25 USD -> x 0.9 EUR = 12.4138 EUR.
    EXPECT_NEAR(*fx.convert(100.0, u"CNY", u"EUR"), 100.0 / 7.25 * 0.9, 1e-12);
    EXPECT_DOUBLE_EQ(*fx.convert(5.0, u"JPY", u"JPY"), 5.0);
    EXPECT_FALSE(fx.convert(1.0, u"GBP", u"USD").has_value());
    // Replacing a rate keeps one entry.
    fx.set({QStringLiteral("EUR"), 0.8, QString(), QStringLiteral("override")});
    EXPECT_EQ(fx.rates().size(), 3);
    EXPECT_NEAR(*fx.convert(1.0, u"USD", u"EUR"), 0.8, 1e-12);
}

TEST(Fx, CatalogRatesComeFromConvertedOffers)
{
    Offer cny;
    cny.provider = QStringLiteral("alicloud");
    cny.currency = QStringLiteral("CNY");
    cny.pricePerHour = 72.5;
    cny.pricePerHourUsd = 10.0;
    cny.effectiveDate = QStringLiteral("2026-05-07");
    Offer usd;
    usd.currency = QStringLiteral("USD");
    usd.pricePerHour = usd.pricePerHourUsd = 3;
    const FxTable fx = FxTable::fromOffers({usd, cny});
    ASSERT_TRUE(fx.has(u"CNY"));
    EXPECT_NEAR(fx.find(u"CNY")->ratePerUsd, 7.25, 1e-12);
    EXPECT_EQ(fx.find(u"CNY")->date, QStringLiteral("2026-05-07"));
}

TEST(Fx, PlanningRatesAreOffersThenNewerCatalogRatesThenTheScenario)
{
    auto offerIn = [](const char *currency, double price, double priceUsd, const char *date) {
        Offer o;
        o.provider = QStringLiteral("test");
        o.currency = QString::fromLatin1(currency);
        o.pricePerHour = price;
        o.pricePerHourUsd = priceUsd;
        o.effectiveDate = QString::fromLatin1(date);
        return o;
    };
    // Inferred from offers: CNY 7.25 (2026-05), JPY 150 (2026-12-01, newer than the catalog's JPY).
    const QList<Offer> offers{offerIn("CNY", 72.5, 10, "2026-05"), offerIn("JPY", 1500, 10, "2026-12-01")};
    const QList<FxRate> catalog{
        {QStringLiteral("USD"), 2.0, QStringLiteral("2026-11-27"), QStringLiteral("a bad row")},
        {QStringLiteral("CNY"), 7.1, QStringLiteral("2026-11-27"), QStringLiteral("ECB")},
        {QStringLiteral("EUR"), 0.92, QStringLiteral("2026-11-27"), QStringLiteral("ECB")},
        {QStringLiteral("GBP"), 0.79, QStringLiteral("2026-11-27"), QStringLiteral("ECB")},
        {QStringLiteral("JPY"), 140, QStringLiteral("2026-11-27"), QStringLiteral("ECB")},
    };
    FxTable scenario; // as loaded from assumptions.fx: USD 1 plus the overrides
    scenario.set({QStringLiteral("EUR"), 0.5, QStringLiteral("2026-12-02"), QStringLiteral("treasury")});
    scenario.set({QStringLiteral("CHF"), 0.8, QString(), QStringLiteral("treasury")});

    const FxTable fx = planningFxTable(offers, catalog, scenario);
    EXPECT_DOUBLE_EQ(fx.find(u"USD")->ratePerUsd, 1.0) << "USD is the base whatever a source says";
    EXPECT_DOUBLE_EQ(fx.find(u"CNY")->ratePerUsd, 7.1) << "the stored rate is newer than the offers' conversion";
    EXPECT_EQ(fx.find(u"CNY")->source, QStringLiteral("ECB"));
    EXPECT_DOUBLE_EQ(fx.find(u"JPY")->ratePerUsd, 150) << "the offers' conversion is newer than the stored rate";
    EXPECT_DOUBLE_EQ(fx.find(u"GBP")->ratePerUsd, 0.79) << "a stored rate adds a currency no offer uses";
    EXPECT_DOUBLE_EQ(fx.find(u"EUR")->ratePerUsd, 0.5) << "the scenario overrides the catalog";
    EXPECT_EQ(fx.find(u"EUR")->source, QStringLiteral("treasury"));
    EXPECT_DOUBLE_EQ(fx.find(u"CHF")->ratePerUsd, 0.8);
    EXPECT_EQ(fx.rates().size(), 6);

    // Without stored rates it is the offers' conversion plus the scenario, as before.
    const FxTable offersOnly = planningFxTable(offers, {}, FxTable());
    EXPECT_DOUBLE_EQ(offersOnly.find(u"CNY")->ratePerUsd, 7.25);
    EXPECT_FALSE(offersOnly.has(u"EUR"));
}

TEST(Money, FormatsWithTheCurrencysConventions)
{
    EXPECT_EQ(formatMoney(1234.5, QStringLiteral("USD")), QStringLiteral("$1,234.50"));
    const QString eur = formatMoney(1234.5, QStringLiteral("EUR"));
    EXPECT_TRUE(eur.contains(QStringLiteral("1.234,50"))) << eur.toStdString();
    EXPECT_TRUE(eur.contains(QStringLiteral("€"))) << eur.toStdString();
    const QString jpy = formatMoney(1234.5, QStringLiteral("JPY"));
    EXPECT_TRUE(jpy.contains(QStringLiteral("1,23"))) << jpy.toStdString();
    EXPECT_FALSE(jpy.contains(u'.')) << "yen has no minor unit: " << jpy.toStdString();
    const QString cny = formatMoney(8900, QStringLiteral("CNY"));
    EXPECT_TRUE(cny.contains(QStringLiteral("8,900.00"))) << cny.toStdString();
    EXPECT_TRUE(cny.contains(QStringLiteral("¥"))) << cny.toStdString();
    // A currency with no known locale still names itself.
    EXPECT_TRUE(formatMoney(5, QStringLiteral("XYZ")).contains(QStringLiteral("XYZ")));
    EXPECT_EQ(currencyDecimals(u"JPY"), 0);
    EXPECT_EQ(currencyDecimals(u"EUR"), 2);
}
