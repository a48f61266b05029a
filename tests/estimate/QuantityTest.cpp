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
