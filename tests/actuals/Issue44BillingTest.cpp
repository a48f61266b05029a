// Issue 44 item 5: two billing exports the readers got wrong (fixtures and their sources in
// tests/data/billing/SOURCE.md).
// 1. A flattened GCP export whose credits cell is a Python literal, as koku's test data has it
//    ([{'name': ..., 'amount': -5e-06, 'full_name': None, ...}]), was refused whole: only JSON was read.
// 2. A FOCUS commitment purchase (BilledCost 38,580.50, EffectiveCost 0) was stored as 0 with no
//    word of what was billed for it.

#include "core/actuals/PythonLiteral.h"
#include "core/actuals/SpendLine.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <map>
#include <string>

using namespace gpuplanner::core;
using namespace gpuplanner::core::actuals;

namespace {

Result<BillingFile> parseSample(const char *name)
{
    QFile f(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/") + QString::fromUtf8(name));
    if (!f.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("test data missing: ") + QString::fromUtf8(name)};
    return parseBillingFile(f.readAll(), QString::fromUtf8(name));
}

Result<BillingFile> parseText(const char *text, const char *name, BillingFormat format = BillingFormat::Auto)
{
    return parseBillingFile(QByteArray(text), QString::fromUtf8(name), format);
}

std::string errorOf(const Result<BillingFile> &r)
{
    return r.ok() ? std::string("(parsed)") : r.errorMessage().toStdString();
}

std::map<std::string, qint64> totals(const BillingFile &file)
{
    std::map<std::string, qint64> t;
    for (const SpendLine &l : file.lines)
        t[(chargeKindId(l.kind) + u'/' + l.currency).toStdString()] += l.amountMicros;
    return t;
}

std::map<std::string, int> kindCounts(const BillingFile &file)
{
    std::map<std::string, int> c;
    for (const SpendLine &l : file.lines)
        ++c[chargeKindId(l.kind).toStdString()];
    return c;
}

// The literal read as JSON, compact, or "error: <why>".
std::string literal(const char *python)
{
    const auto v = detail::readPythonLiteral(QString::fromUtf8(python));
    if (!v)
        return "error: " + v.errorMessage().toStdString();
    QJsonObject wrap;
    wrap.insert(QStringLiteral("v"), *v);
    return QJsonDocument(wrap).toJson(QJsonDocument::Compact).toStdString();
}

#define ASSERT_PARSED(r) ASSERT_TRUE((r).ok()) << (r).errorMessage().toStdString()

// A flattened export's header (the columns the reader takes) and one row before its credits cell.
constexpr const char *kFlatHeader = "usage_start_time,cost,currency,invoice.month,sku.description,credits\n";
constexpr const char *kFlatRowStart = "2024-05-01 00:00:00 UTC,2.933908,USD,202405,Nvidia Tesla A100 GPU running in Americas,";

Result<BillingFile> flatWithCredits(const char *csvCell)
{
    const QByteArray text = QByteArray(kFlatHeader) + kFlatRowStart + csvCell + '\n';
    return parseBillingFile(text, QStringLiteral("flat.csv"), BillingFormat::Gcp);
}

} // namespace

// ---------------------------------------------------------------------------------------------
// GCP: the credits cell as a Python literal

// koku's GCP test file, copied unchanged: 25 rows, 8 of them with one FreeTrial credit each
// (PROMOTION, so payment lines: it pays the usage, the cost stays), every other credits cell "[]".
// By hand from the file: cost 5e-06 x 6 + 1e-06 x 2 = 0.000032 USD; credits -0.000032 USD.
TEST(Issue44Gcp, KokuFlattenedExportWithPythonLiteralCreditsImports)
{
    const auto r = parseSample("gcp_koku_flat_export_python_credits.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Gcp);
    ASSERT_EQ(f.lines.size(), 25 + 8);
    EXPECT_EQ(kindCounts(f), (std::map<std::string, int>{{"usage", 25}, {"payment", 8}}));
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/USD", 32}, {"payment/USD", -32}}));
    int credits = 0;
    for (const SpendLine &l : f.lines) {
        EXPECT_EQ(l.billingPeriod, QStringLiteral("2020-11"));
        if (l.kind != ChargeKind::Payment)
            continue;
        ++credits;
        EXPECT_EQ(l.chargeDetail, QStringLiteral("PROMOTION")) << "line " << l.sourceRow;
        EXPECT_EQ(l.sku, QStringLiteral("FreeTrial:Credit-000000-B0BBA4-940A77")) << "line " << l.sourceRow;
    }
    EXPECT_EQ(credits, 8);
    // Line 20: cost 1e-06 with a credit of -1e-06; the credit line keeps its row's number and date.
    std::map<int, qint64> row20;
    for (const SpendLine &l : f.lines) {
        if (l.sourceRow == 20)
            row20[int(l.kind)] += l.amountMicros;
    }
    EXPECT_EQ(row20, (std::map<int, qint64>{{int(ChargeKind::Usage), 1}, {int(ChargeKind::Payment), -1}}));
}

// repr() writes a name with an apostrophe in double quotes and escapes what it must; replacing
// quotes would break both. Trailing commas, True/False/None and nesting are Python's own.
TEST(Issue44Gcp, PythonLiteralCreditsAreReadTokenByTokenNotByQuoteReplacement)
{
    const auto r = flatWithCredits(
        "\"[{'name': \"\"Sam's CUD: GPU\"\", 'amount': -1.085546, 'full_name': None, 'id': 'it\\'s', "
        "'type': 'COMMITTED_USAGE_DISCOUNT', 'x': {'ok': True, 'list': [1, 2.5e-1,]}}, "
        "{'name': 'Caf\\xe9 \\u00e0 la carte', 'amount': -5e-01, 'type': 'PROMOTION', 'z': False,},]\"");
    ASSERT_PARSED(r);
    EXPECT_EQ(kindCounts(*r), (std::map<std::string, int>{{"usage", 1}, {"credit", 1}, {"payment", 1}}));
    EXPECT_EQ(totals(*r), (std::map<std::string, qint64>{{"usage/USD", 2'933'908}, {"credit/USD", -1'085'546}, {"payment/USD", -500'000}}));
    ASSERT_EQ(r->lines.size(), 3);
    EXPECT_EQ(r->lines.at(1).sku, QStringLiteral("Sam's CUD: GPU"));
    EXPECT_EQ(r->lines.at(1).pricing, PricingKind::Committed);
    EXPECT_EQ(r->lines.at(2).sku, QString::fromUtf8("Caf\xc3\xa9 \xc3\xa0 la carte"));

    // The JSON form still reads, and "[]" is no credit at all.
    const auto json = flatWithCredits("\"[{\"\"name\"\": \"\"x\"\", \"\"amount\"\": -1, \"\"type\"\": \"\"PROMOTION\"\"}]\"");
    ASSERT_PARSED(json);
    EXPECT_EQ(totals(*json)["payment/USD"], -1'000'000);
    const auto empty = flatWithCredits("[]");
    ASSERT_PARSED(empty);
    EXPECT_EQ(empty->lines.size(), 1);
}

// What is neither JSON nor a Python literal list of credits stays an error naming the file, the
// row and the column, with what is wrong; nothing of the file is imported.
TEST(Issue44Gcp, ACreditsCellThatIsNoListIsAnErrorNamingRowAndColumn)
{
    const struct
    {
        const char *cell;
        const char *why;
    } cases[] = {
        {"\"{'amount': -1}\"", ": not a list"},
        {"\"[{'name': 'x', 'amount': -1\"", "the dict does not end at character 28"},
        {"\"[{'name': 'x', 'amount': inf}]\"", "\"inf\" is not a literal (None, True or False) at character 26"},
        {"\"[dict(amount=-1)]\"", "\"dict\" is not a literal (None, True or False) at character 2"},
        {"\"[{'name': 'unterminated}]\"", "the string does not end"},
        {"\"[{'amount': -1}] [1]\"", "unexpected \"[\" after the literal at character 18"},
        {"\"[{1: -1}]\"", "expected a quoted key at character 3"},
        {"\"[{'name': b'x', 'amount': -1}]\"", "\"b\" is not a literal"},
        {"\"[{'name': 'x'}]\"", "credits[0].amount is missing"},
        {"\"[{'name': 'x', 'amount': 'lots'}]\"", "credits[0].amount"},
        {"not json", "\"not\" is not a literal (None, True or False) at character 1"},
    };
    for (const auto &c : cases) {
        const auto r = flatWithCredits(c.cell);
        ASSERT_FALSE(r.ok()) << c.cell;
        const std::string e = errorOf(r);
        EXPECT_EQ(e.rfind("flat.csv:2: column \"credits\"", 0), 0u) << e;
        EXPECT_NE(e.find(c.why), std::string::npos) << c.cell << "\n" << e;
    }
    // Hostile nesting (not JSON, for the quotes) is refused, not recursed into.
    const std::string deep = "\"" + std::string(200, '[') + "'x'" + std::string(200, ']') + "\"";
    const auto r = flatWithCredits(deep.c_str());
    ASSERT_FALSE(r.ok());
    EXPECT_NE(errorOf(r).find("nested deeper than 32 levels"), std::string::npos) << errorOf(r);
}

TEST(Issue44Gcp, PythonLiteralReader)
{
    EXPECT_EQ(literal("[]"), R"({"v":[]})");
    EXPECT_EQ(literal(" [ None , True , False ] "), R"({"v":[null,true,false]})");
    EXPECT_EQ(literal(R"({'a': "it's", "b": 'say "hi"', 'c': 'tab\there', 'd': '\\'})"),
              R"({"v":{"a":"it's","b":"say \"hi\"","c":"tab\there","d":"\\"}})");
    EXPECT_EQ(literal(R"(['\x41\101\u0042\U0001F600'])"), "{\"v\":[\"AAB\xf0\x9f\x98\x80\"]}");
    EXPECT_EQ(literal("[-5e-06, 1e-05, -0.0046, 12, .5, 5., - 3]"), R"({"v":[-5e-06,1e-05,-0.0046,12,0.5,5,-3]})");
    EXPECT_EQ(literal("{'a': 1, 'a': 2}"), R"({"v":{"a":2}})"); // as Python: the last one
    EXPECT_EQ(literal("['a'\n]"), R"({"v":["a"]})");
    EXPECT_EQ(literal("['a\nb']"), "error: line break inside a string at character 4");
    EXPECT_EQ(literal("[1e999]"), "error: number \"1e999\" out of range at character 2");
    EXPECT_EQ(literal("[1e]"), "error: expected the exponent's digits at character 4");
    EXPECT_EQ(literal("['\\x4']"), "error: \\x needs 2 hex digits of a code point at character 6");
    EXPECT_EQ(literal("[1 2]"), "error: expected \",\" or \"]\" at character 4");
    EXPECT_EQ(literal(""), "error: expected a value, found the end at character 1");
    EXPECT_EQ(literal("[-]"), "error: expected a number at character 2");
}

// ---------------------------------------------------------------------------------------------
// FOCUS: a commitment purchase in the amortised view

// focus_1.2_aws_gpu.reconstructed.csv's header, its on-demand and Savings-Plan-covered rows, and
// its purchase row made a one-time all-upfront purchase of BilledCost 38580.50 (EffectiveCost 0,
// as FOCUS requires of a purchase); derived for issue 44, see SOURCE.md.
TEST(Issue44Focus, CommitmentPurchaseStaysAtItsEffectiveCostAndANoteSaysWhatWasBilled)
{
    const auto r = parseSample("focus_1.2_aws_sp_all_upfront_purchase.derived.csv");
    ASSERT_PARSED(r);
    const BillingFile &f = *r;
    EXPECT_EQ(f.format, BillingFormat::Focus);
    ASSERT_EQ(f.lines.size(), 3);
    // usage 32.7726 (on demand) + 54.076 (covered, EffectiveCost); the purchase stays 0.
    EXPECT_EQ(totals(f), (std::map<std::string, qint64>{{"usage/USD", 86'848'600}, {"commitment/USD", 0}}));
    const SpendLine &purchase = f.lines.at(2);
    EXPECT_EQ(purchase.sourceRow, 4);
    EXPECT_EQ(purchase.kind, ChargeKind::Commitment);
    EXPECT_EQ(purchase.amountMicros, 0);
    EXPECT_EQ(purchase.basis, kBasisAmortized);
    ASSERT_EQ(f.notes.size(), 1) << f.notes.join(u'\n').toStdString();
    EXPECT_EQ(f.notes.at(0).toStdString(),
              "focus_1.2_aws_sp_all_upfront_purchase.derived.csv: 1 commitment purchase billed 38,580.50 USD is outside the "
              "amortised view read here (EffectiveCost 0): its cost is spread over the usage it covers, so it is not counted "
              "as bought; the invoice (BilledCost) shows it as bought");
}

// A No Upfront plan's recurring fee is a purchase too (BilledCost 60, EffectiveCost 0 each hour):
// its cost is in the covered and unused usage lines, and the note says what the invoice has. These
// notes are what changes the two FOCUS digests in ParserPlausibility.EveryGoodSampleImportsAsBefore.
TEST(Issue44Focus, RecurringSavingsPlanFeesAreSaidToo)
{
    const auto hour = parseSample("focus_1.2_aws_gpu.reconstructed.csv");
    ASSERT_PARSED(hour);
    EXPECT_EQ(hour->notes, QStringList{QStringLiteral(
                               "focus_1.2_aws_gpu.reconstructed.csv: 1 commitment purchase billed 60.00 USD is outside the "
                               "amortised view read here (EffectiveCost 0): its cost is spread over the usage it covers, so "
                               "it is not counted as bought; the invoice (BilledCost) shows it as bought")})
        << hour->notes.join(u'\n').toStdString();
    const auto days = parseSample("derived/focus_1.2_aws_gpu_daily_may2024.csv");
    ASSERT_PARSED(days);
    ASSERT_EQ(days->notes.size(), 1) << days->notes.join(u'\n').toStdString();
    EXPECT_TRUE(days->notes.at(0).startsWith(QStringLiteral(
        "derived/focus_1.2_aws_gpu_daily_may2024.csv: 20 commitment purchases billed 28,800.00 USD in all are outside")))
        << days->notes.at(0).toStdString();
}

// Summed per currency in the currency's minor units; only purchases of a commitment, read in the
// amortised view, with EffectiveCost 0 and a BilledCost, are in it.
TEST(Issue44Focus, PurchaseNotesArePerCurrency)
{
    const auto r = parseText(
        "ChargeCategory,ChargePeriodStart,BillingCurrency,BilledCost,EffectiveCost,CommitmentDiscountId,ProviderName\n"
        "Purchase,2024-05-01T00:00:00Z,USD,1000,0,sp-1,AWS\n"
        "Purchase,2024-05-01T00:00:00Z,USD,2000.505,0,sp-2,AWS\n"
        "Purchase,2024-05-01T00:00:00Z,EUR,1234567.891,0,ri-1,Microsoft\n"
        "Purchase,2024-05-01T00:00:00Z,JPY,150000.4,0,ri-2,Microsoft\n"
        "Purchase,2024-05-01T00:00:00Z,USD,0,0,sp-3,AWS\n"
        "Purchase,2024-05-01T00:00:00Z,USD,50,0,,AWS\n"
        "Usage,2024-05-01T00:00:00Z,USD,0,3.5,sp-1,AWS\n",
        "focus.csv", BillingFormat::Focus);
    ASSERT_PARSED(r);
    for (const SpendLine &l : r->lines) {
        if (l.kind == ChargeKind::Commitment) {
            EXPECT_EQ(l.amountMicros, 0) << "line " << l.sourceRow;
        }
    }
    const QString notes = r->notes.join(u'\n');
    EXPECT_TRUE(notes.contains(QStringLiteral("focus.csv: 2 commitment purchases billed 3,000.51 USD in all are outside the "
                                              "amortised view read here (EffectiveCost 0): their cost is spread over the usage "
                                              "they cover, so they are not counted as bought; the invoice (BilledCost) shows "
                                              "them as bought")))
        << notes.toStdString();
    EXPECT_TRUE(notes.contains(QStringLiteral("1 commitment purchase billed 1,234,567.89 EUR is outside"))) << notes.toStdString();
    EXPECT_TRUE(notes.contains(QStringLiteral("1 commitment purchase billed 150,000 JPY is outside"))) << notes.toStdString();
    // The purchase with no commitment is read at its BilledCost, as any uncovered row whose EffectiveCost is 0.
    EXPECT_TRUE(notes.contains(QStringLiteral("on 1 rows that no commitment discount covers"))) << notes.toStdString();
    EXPECT_EQ(r->notes.size(), 4) << notes.toStdString();

    // Read in the billed view (no EffectiveCost), a purchase is its BilledCost and needs no note.
    const auto billed = parseText("ChargeCategory,ChargePeriodStart,BillingCurrency,BilledCost,CommitmentDiscountId\n"
                                  "Purchase,2024-05-01T00:00:00Z,USD,38580.50,sp-1\n",
                                  "billed.csv", BillingFormat::Focus);
    ASSERT_PARSED(billed);
    EXPECT_EQ(billed->lines.at(0).amountMicros, 38'580'500'000);
    EXPECT_TRUE(billed->notes.isEmpty()) << billed->notes.join(u'\n').toStdString();
}
