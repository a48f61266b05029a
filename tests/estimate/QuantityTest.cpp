#include "core/estimate/Quantity.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;

TEST(Quantity, Counts)
{
    EXPECT_DOUBLE_EQ(parseCount(u"2T").value(), 2e12);
    EXPECT_DOUBLE_EQ(parseCount(u"300B").value(), 300e9);
    EXPECT_DOUBLE_EQ(parseCount(u"1.5e9").value(), 1.5e9);
    EXPECT_DOUBLE_EQ(parseCount(u"1.28M").value(), 1.28e6);
    EXPECT_DOUBLE_EQ(parseCount(u"64k").value(), 64e3);
    EXPECT_DOUBLE_EQ(parseCount(u"1,281,167").value(), 1281167);
    EXPECT_DOUBLE_EQ(parseCount(u"2e12").value(), 2e12);
    EXPECT_FALSE(parseCount(u"2X").ok());
    EXPECT_FALSE(parseCount(u"abc").ok());
    EXPECT_FALSE(parseCount(u"-5").ok());
    EXPECT_TRUE(parseCount(u"2X").errorMessage().contains(u"2X"));
}

TEST(Quantity, Durations)
{
    EXPECT_DOUBLE_EQ(parseDurationHours(u"30d").value(), 720);
    EXPECT_DOUBLE_EQ(parseDurationHours(u"12h").value(), 12);
    EXPECT_DOUBLE_EQ(parseDurationHours(u"90min").value(), 1.5);
    EXPECT_DOUBLE_EQ(parseDurationHours(u"2w").value(), 336);
    EXPECT_DOUBLE_EQ(parseDurationHours(u"5").value(), 5);
    EXPECT_FALSE(parseDurationHours(u"3y").ok());
}

TEST(Quantity, ShortDurationsInSeconds)
{
    EXPECT_DOUBLE_EQ(parseDurationSeconds(u"0.5").value(), 0.5);
    EXPECT_DOUBLE_EQ(parseDurationSeconds(u" 2s ").value(), 2);
    EXPECT_DOUBLE_EQ(parseDurationSeconds(u"500ms").value(), 0.5);
    EXPECT_FALSE(parseDurationSeconds(u"fast"));
    EXPECT_FALSE(parseDurationSeconds(u"-1s"));
}

TEST(Quantity, AmountsAsPeopleTypeThem)
{
    EXPECT_DOUBLE_EQ(parseAmount(u"5000").value().value, 5000);
    EXPECT_DOUBLE_EQ(parseAmount(u"5,000").value().value, 5000);
    EXPECT_DOUBLE_EQ(parseAmount(u"5k").value().value, 5000);
    EXPECT_DOUBLE_EQ(parseAmount(u"1.2M").value().value, 1.2e6);
    const Amount dollars = parseAmount(u"$5,000").value();
    EXPECT_DOUBLE_EQ(dollars.value, 5000);
    EXPECT_EQ(dollars.currency, u"USD");
    const Amount yuan = parseAmount(u"\u00a530\u4e07").value();
    EXPECT_DOUBLE_EQ(yuan.value, 300000);
    EXPECT_EQ(yuan.currency, u"\u00a5") << "yen or yuan: the caller knows which";
    EXPECT_DOUBLE_EQ(parseAmount(u"1\u4ebf").value().value, 1e8);
    const Amount euros = parseAmount(u"EUR 2k").value();
    EXPECT_DOUBLE_EQ(euros.value, 2000);
    EXPECT_EQ(euros.currency, u"EUR");
    EXPECT_EQ(parseAmount(u"5000 GBP").value().currency, u"GBP");
    EXPECT_EQ(parseAmount(u"\u20ac300").value().currency, u"EUR");
    EXPECT_FALSE(parseAmount(u"lots").ok());
    EXPECT_FALSE(parseAmount(u"-5").ok());
    EXPECT_FALSE(parseAmount(u"5 parsecs").ok());
}

TEST(Quantity, SharesAsFractionsOrPercentages)
{
    EXPECT_DOUBLE_EQ(parseShare(u"0.9").value(), 0.9);
    EXPECT_DOUBLE_EQ(parseShare(u"90%").value(), 0.9);
    EXPECT_DOUBLE_EQ(parseShare(u"12.5 %").value(), 0.125);
    EXPECT_FALSE(parseShare(u"ninety").ok());
    EXPECT_FALSE(parseShare(u"90 percent").ok());
}
