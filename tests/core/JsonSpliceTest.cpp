// Issue 47 (6): writing a record into a user's file changes that record only: every other byte
// (key order, indentation, spacing, number spelling, comments-free hand layout) stays as written.

#include "core/io/JsonSplice.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

const QJsonObject kRecord{{QStringLiteral("catalog"), QStringLiteral("abc")}, {QStringLiteral("total"), 12.5}};

} // namespace

TEST(JsonSplice, AnAbsentMemberIsAddedAfterTheLastOneAndNothingElseMoves)
{
    // Hand-written: keys out of alphabetical order, two-space indent, a number spelled 1.50,
    // an inline array and a blank line.
    const QByteArray hand = "{\n  \"version\": 1,\n  \"name\": \"Team plan\",\n\n  \"budget\": 1.50,\n"
                            "  \"workloads\": [ {\"gpus\": 8} ]\n}\n";
    const auto out = setTopLevelMember(hand, QStringLiteral("priced_on"), kRecord);
    ASSERT_TRUE(out);
    const QByteArray expected = "{\n  \"version\": 1,\n  \"name\": \"Team plan\",\n\n  \"budget\": 1.50,\n"
                                "  \"workloads\": [ {\"gpus\": 8} ],\n  \"priced_on\": {\n    \"catalog\": \"abc\",\n"
                                "    \"total\": 12.5\n  }\n}\n";
    EXPECT_EQ(*out, expected) << out->toStdString();
    EXPECT_EQ(QJsonDocument::fromJson(*out).object().value(QStringLiteral("priced_on")).toObject(), kRecord);
}

TEST(JsonSplice, AnExistingMemberIsReplacedInPlace)
{
    const QByteArray hand = "{\n\t\"priced_on\": {\"old\": [1, {\"x\": \"}\"}]},\n\t\"zeta\": \"z\",\n\t\"alpha\": 2e3\n}";
    const auto out = setTopLevelMember(hand, QStringLiteral("priced_on"), kRecord);
    ASSERT_TRUE(out);
    EXPECT_TRUE(out->startsWith("{\n\t\"priced_on\": {\n\t\t\"catalog\": \"abc\",\n")) << out->toStdString();
    EXPECT_TRUE(out->endsWith("\n\t},\n\t\"zeta\": \"z\",\n\t\"alpha\": 2e3\n}")) << out->toStdString();
    EXPECT_EQ(QJsonDocument::fromJson(*out).object().value(QStringLiteral("priced_on")).toObject(), kRecord);
    // Written again with the same record: the same bytes (one record, never two).
    EXPECT_EQ(setTopLevelMember(*out, QStringLiteral("priced_on"), kRecord), out);
}

TEST(JsonSplice, OneLineFilesStayOnOneLineAndNonObjectsAreRefused)
{
    const auto out = setTopLevelMember("{\"a\":1}", QStringLiteral("priced_on"), kRecord);
    ASSERT_TRUE(out);
    EXPECT_EQ(*out, QByteArray("{\"a\":1,\"priced_on\":{\"catalog\":\"abc\",\"total\":12.5}}"));
    EXPECT_EQ(*setTopLevelMember("{}", QStringLiteral("k"), QJsonValue(true)), QByteArray("{\"k\":true}"));
    EXPECT_FALSE(setTopLevelMember("[1, 2]", QStringLiteral("k"), QJsonValue(1)));
    EXPECT_FALSE(setTopLevelMember("{\"a\": ", QStringLiteral("k"), QJsonValue(1)));
    // A key spelled with an escape is the same key.
    const auto escaped = setTopLevelMember("{\"priced\\u005fon\": 1}", QStringLiteral("priced_on"), QJsonValue(2));
    ASSERT_TRUE(escaped);
    EXPECT_EQ(*escaped, QByteArray("{\"priced\\u005fon\": 2}"));
}
