#include "core/io/CsvReader.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;

TEST(CsvReader, ParsesQuotedFieldsWithCommasQuotesAndNewlines)
{
    const QString text = QStringLiteral("a,b,c\n1,\"x, y\",\"say \"\"hi\"\"\"\n2,\"two\nlines\",z\n");
    auto table = parseCsv(text, QStringLiteral("t.csv"));
    ASSERT_TRUE(table.ok()) << table.errorMessage().toStdString();
    ASSERT_EQ(table->size(), 2);
    EXPECT_EQ(table->field(table->records().at(0), QStringLiteral("b")), QStringLiteral("x, y"));
    EXPECT_EQ(table->field(table->records().at(0), QStringLiteral("c")), QStringLiteral("say \"hi\""));
    EXPECT_EQ(table->field(table->records().at(1), QStringLiteral("b")), QStringLiteral("two\nlines"));
    EXPECT_EQ(table->records().at(0).line, 2);
    EXPECT_EQ(table->records().at(1).line, 3);
}

TEST(CsvReader, AcceptsCrlfAndMissingFinalNewline)
{
    auto table = parseCsv(QStringLiteral("a,b\r\n1,2\r\n3,"), QStringLiteral("t.csv"));
    ASSERT_TRUE(table.ok());
    ASSERT_EQ(table->size(), 2);
    EXPECT_EQ(table->field(table->records().at(1), QStringLiteral("a")), QStringLiteral("3"));
    EXPECT_EQ(table->field(table->records().at(1), QStringLiteral("b")), QString());
}

TEST(CsvReader, ReportsFieldCountMismatchWithFileAndLine)
{
    auto table = parseCsv(QStringLiteral("a,b\n1,2\n3,4,5\n"), QStringLiteral("prices.csv"));
    ASSERT_FALSE(table.ok());
    EXPECT_TRUE(table.errorMessage().contains(QStringLiteral("prices.csv:3"))) << table.errorMessage().toStdString();
}

TEST(CsvReader, ReportsUnterminatedQuote)
{
    auto table = parseCsv(QStringLiteral("a\n\"open\n"), QStringLiteral("bad.csv"));
    ASSERT_FALSE(table.ok());
    EXPECT_TRUE(table.errorMessage().contains(QStringLiteral("unterminated")));
}

TEST(CsvReader, EmptyFileIsAnError)
{
    EXPECT_FALSE(parseCsv(QString(), QStringLiteral("empty.csv")).ok());
}

TEST(CsvReader, EscapeRoundTrips)
{
    EXPECT_EQ(csvEscape(QStringLiteral("plain")), QStringLiteral("plain"));
    EXPECT_EQ(csvEscape(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
    EXPECT_EQ(csvEscape(QStringLiteral("a\"b")), QStringLiteral("\"a\"\"b\""));
}

// The fault probe (issue 43): formula text from outside data went raw into CSV exports.
TEST(CsvReader, FormulaTextIsWrittenAsTextAndNumbersStayNumbers)
{
    EXPECT_EQ(csvEscape(QStringLiteral("=HYPERLINK(\"http://x\")")), QStringLiteral("\"'=HYPERLINK(\"\"http://x\"\")\""));
    EXPECT_EQ(csvEscape(QStringLiteral("+cmd|' /C calc'!A0")), QStringLiteral("'+cmd|' /C calc'!A0"));
    EXPECT_EQ(csvEscape(QStringLiteral("@SUM(A1)")), QStringLiteral("'@SUM(A1)"));
    EXPECT_EQ(csvEscape(QStringLiteral("-2+3")), QStringLiteral("'-2+3"));
    EXPECT_EQ(csvEscape(QStringLiteral("\t=1")), QStringLiteral("'\t=1"));
    EXPECT_EQ(csvEscape(QStringLiteral("-12.5")), QStringLiteral("-12.5"));
    EXPECT_EQ(csvEscape(QStringLiteral("+1e3")), QStringLiteral("+1e3"));
    EXPECT_EQ(csvEscape(QStringLiteral("us-east-1")), QStringLiteral("us-east-1"));
}
