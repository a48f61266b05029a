// Issue 43: every outside number is checked for plausibility where it enters. Each bad case is a
// real-shaped sample from tests/data/billing (named per test) with one bad value injected into one
// cell; the error must name the file, the row (CSV line or JSON record), the column or field and
// the value. "Today" is passed in, so the messages do not depend on the day the tests run.

#include "core/actuals/SpendLine.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTimeZone>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace gpuplanner::core;
using namespace gpuplanner::core::actuals;

namespace {

const QDate kToday(2026, 6, 1);

QByteArray fixture(const char *name)
{
    QFile f(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/") + QString::fromUtf8(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Byte ranges of the comma-separated fields of one physical line (quotes respected, CR dropped).
QList<std::pair<qsizetype, qsizetype>> fieldRanges(const QByteArray &text, qsizetype from, qsizetype to)
{
    QList<std::pair<qsizetype, qsizetype>> ranges;
    bool quoted = false;
    qsizetype start = from;
    for (qsizetype i = from; i <= to; ++i) {
        const char c = i < to ? text.at(i) : ',';
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted) {
            ranges.append({start, i});
            start = i + 1;
        }
    }
    return ranges;
}

// The CSV sample with the cell of `column` on physical line `line` (the header is line 1) set to
// value; empty when the sample, the column or the line is missing.
QByteArray withCell(const char *name, int line, const char *column, const QByteArray &value)
{
    QByteArray text = fixture(name);
    QList<qsizetype> starts{0};
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == '\n')
            starts.append(i + 1);
    }
    if (text.isEmpty() || line < 2 || line >= starts.size())
        return {};
    const auto lineEnd = [&](int l) {
        qsizetype end = starts.at(l) - 1; // the '\n'
        return end > 0 && text.at(end - 1) == '\r' ? end - 1 : end;
    };
    const qsizetype headerStart = text.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    const auto header = fieldRanges(text, headerStart, lineEnd(1));
    qsizetype index = -1;
    for (qsizetype i = 0; i < header.size(); ++i) {
        QByteArray h = text.mid(header[i].first, header[i].second - header[i].first);
        if (h.startsWith('"'))
            h = h.mid(1, h.size() - 2);
        if (h == column)
            index = i;
    }
    const auto cells = fieldRanges(text, starts.at(line - 1), lineEnd(line));
    if (index < 0 || index >= cells.size())
        return {};
    text.replace(cells[index].first, cells[index].second - cells[index].first, value);
    return text;
}

// The sample with the first `from` after `after` replaced by `to`; empty when either is missing.
QByteArray withText(const char *name, const QByteArray &from, const QByteArray &to, const QByteArray &after = {})
{
    QByteArray text = fixture(name);
    const qsizetype at = text.indexOf(from, after.isEmpty() ? 0 : text.indexOf(after));
    if (text.isEmpty() || at < 0 || (!after.isEmpty() && !text.contains(after)))
        return {};
    return text.replace(at, from.size(), to);
}

Result<BillingFile> parse(const QByteArray &bytes, const char *name, QDate today = kToday)
{
    if (bytes.isEmpty())
        return Error{QStringLiteral("test input missing or not injected: ") + QString::fromUtf8(name)};
    return parseBillingFile(bytes, QString::fromUtf8(name), BillingFormat::Auto, today);
}

std::string errorOf(const Result<BillingFile> &r)
{
    return r.ok() ? std::string("(parsed)") : r.errorMessage().toStdString();
}

// Every field of every line, the notes and the format, hashed: equal digests = identical imports.
std::string digest(const BillingFile &f)
{
    QString s = billingFormatId(f.format) + u'\n' + f.notes.join(u'\n') + u'\n';
    const auto number = [](double v) { return QString::number(v, 'g', 17); };
    for (const SpendLine &l : f.lines) {
        s += QStringList{QString::number(l.sourceRow), l.provider, l.usageStart.toString(Qt::ISODateWithMs),
                         l.usageEnd.toString(Qt::ISODateWithMs), l.billingPeriod, l.account, l.project, l.service,
                         l.resourceId, l.instanceType, l.sku, l.chargeDetail, l.gpu ? QStringLiteral("gpu") : QStringLiteral("-"),
                         number(l.usageHours), l.usageIsGpuHours ? QStringLiteral("gpuh") : QStringLiteral("h"), number(l.quantity),
                         l.quantityUnit, chargeKindId(l.kind), pricingKindId(l.pricing),
                         QString::number(l.amountMicros), l.currency, l.basis}
                 .join(u'|')
            + u'\n';
    }
    return QCryptographicHash::hash(s.toUtf8(), QCryptographicHash::Sha256).toHex().left(16).toStdString();
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Impossible dates and times: refused with the field that cannot be

TEST(ParserPlausibility, AnHour25IsRefusedWhereverItIsWritten)
{
    // generic_spend.csv line 3: usage_start 2024-05-01T00:00:00Z.
    const auto start = parse(withCell("generic_spend.csv", 3, "usage_start", "2024-05-01T25:00:00Z"), "spend.csv");
    EXPECT_EQ(errorOf(start), "spend.csv:3: column \"usage_start\": \"2024-05-01T25:00:00Z\" is not a date and time: "
                              "hour 25 does not exist (hours run 00 to 23)");

    // generic_spend.csv line 2: a day column holding a timestamp was read by its date part alone.
    const auto day = parse(withCell("generic_spend.csv", 2, "date", "2026-05-01T25:00:00Z"), "spend.csv");
    EXPECT_EQ(errorOf(day), "spend.csv:2: column \"date\": \"2026-05-01T25:00:00Z\" is not a date and time: "
                            "hour 25 does not exist (hours run 00 to 23)");

    // aws_cur_legacy_gpu.reconstructed.csv line 2: the billing period start was cut to its month.
    const auto period = parse(withCell("aws_cur_legacy_gpu.reconstructed.csv", 2, "bill/BillingPeriodStartDate",
                                       "2024-05-01T25:00:00.000Z"),
                              "cur.csv");
    EXPECT_EQ(errorOf(period), "cur.csv:2: column \"bill/BillingPeriodStartDate\": \"2024-05-01T25:00:00.000Z\" is "
                               "not a date and time: hour 25 does not exist (hours run 00 to 23)");

    // tencent_describebilldetail_response.reconstructed.json record 1: an unreadable end was dropped.
    const auto end = parse(withText("tencent_describebilldetail_response.reconstructed.json", "\"2024-05-01 00:59:59\"",
                                    "\"2024-05-01 24:59:59\""),
                           "tencent.json");
    EXPECT_EQ(errorOf(end), "tencent.json: record 1: field \"FeeEndTime\": \"2024-05-01 24:59:59\" is not a date and "
                            "time: hour 24 does not exist (hours run 00 to 23)");
}

TEST(ParserPlausibility, ImpossibleMinutesDaysAndMonthsNameTheField)
{
    // focus_1.2_aws_gpu.reconstructed.csv line 2: ChargePeriodEnd 2024-05-01T01:00:00Z.
    const auto minute = parse(withCell("focus_1.2_aws_gpu.reconstructed.csv", 2, "ChargePeriodEnd", "2024-05-01T01:60:00Z"),
                              "focus.csv");
    EXPECT_EQ(errorOf(minute), "focus.csv:2: column \"ChargePeriodEnd\": \"2024-05-01T01:60:00Z\" is not a date and "
                               "time: minute 60 does not exist (minutes run 00 to 59)");

    // azure_ea_actualcost_c360.csv line 2: Date 09/21/2023 (the file writes the month first).
    const auto day = parse(withCell("azure_ea_actualcost_c360.csv", 2, "Date", "09/32/2023"), "c360.csv");
    EXPECT_EQ(errorOf(day), "c360.csv:2: column \"Date\": \"09/32/2023\" is not a date: day 32 does not exist "
                            "(September 2023 has 30 days)");

    // generic_spend.csv line 5: date 2024-05-03.
    const auto month = parse(withCell("generic_spend.csv", 5, "date", "2024-13-03"), "spend.csv");
    EXPECT_EQ(errorOf(month), "spend.csv:5: column \"date\": \"2024-13-03\" is not a date: month 13 does not exist "
                              "(months run 01 to 12)");

    // alibaba_describeinstancebill_response.reconstructed.json record 1: BillingDate 2024-05-01.
    const auto february = parse(withText("alibaba_describeinstancebill_response.reconstructed.json",
                                         "\"2024-05-01\"", "\"2023-02-29\""),
                                "alibaba.json");
    EXPECT_EQ(errorOf(february), "alibaba.json: record 1: field \"BillingDate\": \"2023-02-29\" is not a date: day 29 "
                                 "does not exist (February 2023 has 28 days)");
}

// ---------------------------------------------------------------------------------------------
// Years outside 2006 (the first public cloud bills) .. today + 2 years

TEST(ParserPlausibility, YearsOutsideThePlausibleWindowAreRefusedWithTheReason)
{
    // generic_spend.csv line 2: date 2024-05-01.
    const auto late = parse(withCell("generic_spend.csv", 2, "date", "9999-05-01"), "spend.csv");
    EXPECT_EQ(errorOf(late), "spend.csv:2: column \"date\": \"9999-05-01\" is not a plausible billing date: it is "
                             "more than two years after today (2026-06-01)");

    // focus_1.2_aws_gpu.reconstructed.csv line 2: ChargePeriodStart 2024-05-01T00:00:00Z.
    const auto early = parse(withCell("focus_1.2_aws_gpu.reconstructed.csv", 2, "ChargePeriodStart", "0001-05-01T00:00:00Z"),
                             "focus.csv");
    EXPECT_EQ(errorOf(early), "focus.csv:2: column \"ChargePeriodStart\": \"0001-05-01T00:00:00Z\" is not a plausible "
                              "billing date: year 1 is before 2006, when public cloud billing began");

    // gcp_bq_detailed_export_gpu.reconstructed.ndjson line 1: usage_start_time 2024-05-01 02:00:00 UTC.
    const auto json = parse(withText("gcp_bq_detailed_export_gpu.reconstructed.ndjson", "\"2024-05-01 02:00:00 UTC\"",
                                     "\"9999-05-01 02:00:00 UTC\""),
                            "gcp.ndjson");
    EXPECT_EQ(errorOf(json), "gcp.ndjson:1: field \"usage_start_time\": \"9999-05-01 02:00:00 UTC\" is not a plausible "
                             "billing date: it is more than two years after today (2026-06-01)");

    // aws_cur_legacy_gpu.reconstructed.csv line 2: the billing period was taken as written.
    const auto period = parse(withCell("aws_cur_legacy_gpu.reconstructed.csv", 2, "bill/BillingPeriodStartDate",
                                       "2099-05-01T00:00:00.000Z"),
                              "cur.csv");
    EXPECT_EQ(errorOf(period), "cur.csv:2: column \"bill/BillingPeriodStartDate\": \"2099-05-01T00:00:00.000Z\" is not "
                               "a plausible billing date: it is more than two years after today (2026-06-01)");
}

TEST(ParserPlausibility, TheWindowFollowsTheDateItIsGiven)
{
    // generic_spend.csv line 2, moved to 2027-03-01: plausible in mid-2026, not in mid-2024.
    const QByteArray bytes = withCell("generic_spend.csv", 2, "date", "2027-03-01");
    const auto now = parse(bytes, "spend.csv", QDate(2026, 6, 1));
    ASSERT_TRUE(now.ok()) << errorOf(now);
    EXPECT_EQ(now->lines.at(0).usageStart.date(), QDate(2027, 3, 1));
    EXPECT_EQ(errorOf(parse(bytes, "spend.csv", QDate(2024, 6, 1))),
              "spend.csv:2: column \"date\": \"2027-03-01\" is not a plausible billing date: it is more than two years "
              "after today (2024-06-01)");

    // The window's first day is 2006-01-01.
    EXPECT_TRUE(parse(withCell("generic_spend.csv", 2, "date", "2006-01-01"), "spend.csv").ok());
    EXPECT_EQ(errorOf(parse(withCell("generic_spend.csv", 2, "date", "2005-12-31"), "spend.csv")),
              "spend.csv:2: column \"date\": \"2005-12-31\" is not a plausible billing date: year 2005 is before 2006, "
              "when public cloud billing began");
}

// ---------------------------------------------------------------------------------------------
// Slash dates: 01/05/2024 is 1 May or 5 January

TEST(ParserPlausibility, AnAmbiguousSlashDateIsRefusedWithWhatToDo)
{
    // generic_spend.csv line 2: date 2024-05-01; no other slash date in the file.
    const auto r = parse(withCell("generic_spend.csv", 2, "date", "01/05/2024"), "spend.csv");
    EXPECT_EQ(errorOf(r), "spend.csv:2: column \"date\": \"01/05/2024\" is ambiguous: it could be 1 May 2024 (day "
                          "first) or 5 January 2024 (month first), and no date in the file shows which comes first; "
                          "write dates as YYYY-MM-DD (2024-05-01 or 2024-01-05)");

    // alibaba_describeinstancebill_response.reconstructed.json record 1: BillingDate 2024-05-01.
    const auto json = parse(withText("alibaba_describeinstancebill_response.reconstructed.json", "\"2024-05-01\"",
                                     "\"01/05/2024\""),
                            "alibaba.json");
    EXPECT_EQ(errorOf(json), "alibaba.json: record 1: field \"BillingDate\": \"01/05/2024\" is ambiguous: it could be "
                             "1 May 2024 (day first) or 5 January 2024 (month first), and no date in the file shows "
                             "which comes first; write dates as YYYY-MM-DD (2024-05-01 or 2024-01-05)");
}

TEST(ParserPlausibility, TheRestOfTheFileDecidesTheOrderOfAnAmbiguousDate)
{
    // generic_spend.csv: line 2 2024-05-01 -> 01/05/2024, line 5 2024-05-03 -> 13/05/2024, three
    // lines later: the day comes first in the whole file.
    QByteArray dayFirst = withCell("generic_spend.csv", 2, "date", "01/05/2024");
    ASSERT_TRUE(dayFirst.contains("\n2024-05-03,,,vast.ai"));
    dayFirst.replace("\n2024-05-03,,,vast.ai", "\n13/05/2024,,,vast.ai");
    const auto d = parse(dayFirst, "spend.csv");
    ASSERT_TRUE(d.ok()) << errorOf(d);
    EXPECT_EQ(d->lines.at(0).usageStart, QDateTime(QDate(2024, 5, 1), QTime(0, 0), QTimeZone::utc()));
    EXPECT_EQ(d->lines.at(4).usageStart.date(), QDate(2024, 5, 13));

    // Line 8 2024-05-31 -> 05/31/2024: the month comes first.
    QByteArray monthFirst = withCell("generic_spend.csv", 2, "date", "01/05/2024");
    monthFirst.replace("\n2024-05-31,,,ovh", "\n05/31/2024,,,ovh");
    const auto m = parse(monthFirst, "spend.csv");
    ASSERT_TRUE(m.ok()) << errorOf(m);
    EXPECT_EQ(m->lines.at(0).usageStart.date(), QDate(2024, 1, 5));
    EXPECT_EQ(m->lines.back().usageStart.date(), QDate(2024, 5, 31));
}

TEST(ParserPlausibility, TheOrderIsLookedForBeyondTheFirstPieceOfALargeFile)
{
    // generic_spend.csv's first line, 3,000 times as 01/05/2024 (about 200 KB, past the 64 KiB
    // first piece of text), then its vast.ai line as 13/05/2024.
    const QByteArray sample = fixture("generic_spend.csv");
    const qsizetype headerEnd = sample.indexOf('\n') + 1;
    const qsizetype firstEnd = sample.indexOf('\n', headerEnd) + 1;
    QByteArray first = sample.mid(headerEnd, firstEnd - headerEnd);
    ASSERT_TRUE(first.startsWith("2024-05-01,"));
    first.replace(0, 10, "01/05/2024");
    QByteArray text = sample.left(headerEnd) + first.repeated(3000);
    ASSERT_GT(text.size(), 150'000);
    const auto undecided = parse(text, "big.csv");
    EXPECT_NE(errorOf(undecided).find("big.csv:2: column \"date\": \"01/05/2024\" is ambiguous"), std::string::npos)
        << errorOf(undecided);

    text += "13/05/2024,,,vast.ai,,,4,6.4E+0,USD,usage,spot,,RTX 4090 x4\r\n";
    const auto decided = parse(text, "big.csv");
    ASSERT_TRUE(decided.ok()) << errorOf(decided);
    ASSERT_EQ(decided->lines.size(), 3001);
    EXPECT_EQ(decided->lines.at(0).usageStart.date(), QDate(2024, 5, 1));
    EXPECT_EQ(decided->lines.at(2999).usageStart.date(), QDate(2024, 5, 1));
    EXPECT_EQ(decided->lines.at(3000).usageStart.date(), QDate(2024, 5, 13));
    EXPECT_EQ(decided->lines.at(3000).sourceRow, 3002);
}

TEST(ParserPlausibility, AFileThatWritesBothOrdersIsRefused)
{
    // generic_spend.csv line 2 -> 13/05/2024 (day first), line 8 -> 05/31/2024 (month first).
    QByteArray mixed = withCell("generic_spend.csv", 2, "date", "13/05/2024");
    mixed.replace("\n2024-05-31,,,ovh", "\n05/31/2024,,,ovh");
    EXPECT_EQ(errorOf(parse(mixed, "spend.csv")),
              "spend.csv:2: column \"date\": \"13/05/2024\" cannot be read: the file writes dates both day first "
              "(\"13/05/2024\", line 2) and month first (\"05/31/2024\", line 8); write dates as YYYY-MM-DD");

    // azure_ea_actualcost_c360.csv line 2: Date 09/21/2023 -> 21/09/2023, while its
    // BillingPeriodEndDate 09/30/2023 puts the month first.
    const auto azure = parse(withCell("azure_ea_actualcost_c360.csv", 2, "Date", "21/09/2023"), "c360.csv");
    EXPECT_EQ(errorOf(azure), "c360.csv:2: column \"Date\": \"21/09/2023\" cannot be read: the file writes dates "
                              "both day first (\"21/09/2023\", line 2) and month first (\"09/30/2023\", line 2); "
                              "write dates as YYYY-MM-DD");
}

TEST(ParserPlausibility, AzureKeepsItsDocumentedMonthFirstDates)
{
    // azure_payg_legacy_usage.csv line 2: UsageDateTime 2021-02-02 -> 02/01/2021, no other slash
    // date in the file: Azure writes MM/dd/yyyy, so 1 February.
    const auto r = parse(withCell("azure_payg_legacy_usage.csv", 2, "UsageDateTime", "02/01/2021"), "payg.csv");
    ASSERT_TRUE(r.ok()) << errorOf(r);
    EXPECT_EQ(r->lines.at(0).usageStart.date(), QDate(2021, 2, 1));
}

// ---------------------------------------------------------------------------------------------
// Currencies: ISO 4217 codes only

TEST(ParserPlausibility, AnUnknownCurrencyCodeIsRefused)
{
    // generic_spend.csv line 2: currency USD.
    EXPECT_EQ(errorOf(parse(withCell("generic_spend.csv", 2, "currency", "XYZ"), "spend.csv")),
              "spend.csv:2: column \"currency\": \"XYZ\" is not an ISO 4217 currency code");
    EXPECT_EQ(errorOf(parse(withCell("generic_spend.csv", 2, "currency", "US$"), "spend.csv")),
              "spend.csv:2: column \"currency\": \"US$\" is not an ISO 4217 currency code");
    EXPECT_EQ(errorOf(parse(withCell("generic_spend.csv", 2, "currency", ""), "spend.csv")),
              "spend.csv:2: column \"currency\" is empty: every line needs its currency");

    // aws_cur_legacy_gpu.reconstructed.csv line 3; focus_1.2_aws_gpu.reconstructed.csv line 4.
    EXPECT_EQ(errorOf(parse(withCell("aws_cur_legacy_gpu.reconstructed.csv", 3, "lineItem/CurrencyCode", "XYZ"), "cur.csv")),
              "cur.csv:3: column \"lineItem/CurrencyCode\": \"XYZ\" is not an ISO 4217 currency code");
    EXPECT_EQ(errorOf(parse(withCell("focus_1.2_aws_gpu.reconstructed.csv", 4, "BillingCurrency", "XTS"), "focus.csv")),
              "focus.csv:4: column \"BillingCurrency\": \"XTS\" is not an ISO 4217 currency code");

    // JSON: gcp_bq_detailed_export_gpu.reconstructed.ndjson line 1, the Alibaba and Huawei responses.
    EXPECT_EQ(errorOf(parse(withText("gcp_bq_detailed_export_gpu.reconstructed.ndjson", "\"currency\":\"USD\"",
                                     "\"currency\":\"XYZ\""),
                            "gcp.ndjson")),
              "gcp.ndjson:1: field \"currency\": \"XYZ\" is not an ISO 4217 currency code");
    EXPECT_EQ(errorOf(parse(withText("alibaba_describeinstancebill_response.reconstructed.json", "\"Currency\": \"CNY\"",
                                     "\"Currency\": \"RMB\""),
                            "alibaba.json")),
              "alibaba.json: record 1: field \"Currency\": \"RMB\" is not an ISO 4217 currency code");
    EXPECT_EQ(errorOf(parse(withText("huawei_listcustomerselfresourcerecords_response.reconstructed.json",
                                     "\"currency\": \"CNY\"", "\"currency\": \"XYZ\""),
                            "huawei.json")),
              "huawei.json: record 1: field \"currency\" is missing, and the response's currency \"XYZ\" is not an "
              "ISO 4217 currency code");

    // gcp_console_cost_table.reconstructed.csv line 3: "Currency,USD" above the table.
    EXPECT_EQ(errorOf(parse(withText("gcp_console_cost_table.reconstructed.csv", "Currency,USD", "Currency,XYZ"),
                            "console.csv")),
              "console.csv:3: field \"Currency\" above the table: \"XYZ\" is not an ISO 4217 currency code");
}

TEST(ParserPlausibility, ACurrencyTheFormatImpliesIsKept)
{
    // The Alibaba China-site bill has no currency column (CNY, with a note); so has Tencent's API.
    const auto alibaba = parse(fixture("alibaba_bill_detail_zh.reconstructed.csv"), "alibaba.csv");
    ASSERT_TRUE(alibaba.ok()) << errorOf(alibaba);
    EXPECT_EQ(alibaba->lines.at(0).currency, QStringLiteral("CNY"));
    EXPECT_TRUE(alibaba->notes.join(u'\n').contains(u"no currency column"));
    const auto tencent = parse(fixture("tencent_describebilldetail_response.reconstructed.json"), "tencent.json");
    ASSERT_TRUE(tencent.ok()) << errorOf(tencent);
    EXPECT_EQ(tencent->lines.at(0).currency, QStringLiteral("CNY"));
    // Lower case and spaces are still read as the code they spell (" usd " is USD).
    const auto lower = parse(withCell("generic_spend.csv", 2, "currency", " usd "), "spend.csv");
    ASSERT_TRUE(lower.ok()) << errorOf(lower);
    EXPECT_EQ(lower->lines.at(0).currency, QStringLiteral("USD"));
}

// ---------------------------------------------------------------------------------------------
// Good files: imported exactly as before the checks (digests taken from the readers before them)

TEST(ParserPlausibility, EveryGoodSampleImportsAsBefore)
{
    const std::vector<std::pair<const char *, const char *>> samples = {
        {"aws_cur_legacy.csv", "3521fce4e91d3f4c"},
        {"aws_cur_legacy_gpu.reconstructed.csv", "e3b912156563b166"},
        {"aws_cur2_data_exports_gpu.reconstructed.csv", "67e4402984919e36"},
        {"azure_ea_actualcost_2024-08-01_gpu.reconstructed.csv", "03642bed4d636608"},
        {"azure_ea_amortizedcost_2024-08-01_gpu.reconstructed.csv", "fe6afddb846c0045"},
        {"azure_ea_actualcost_c360.csv", "b76f17db3ae26b95"},
        {"azure_ea_amortizedcost_c360.csv", "1c3932d1b0f888d3"},
        {"azure_ea_costdetails_anonymized.csv", "f38fbe9eee9d8f8d"},
        {"azure_ea_costdetails_opencost.csv", "6e5338af40bf8731"},
        {"azure_mca_actualcost_gpu.reconstructed.csv", "9894c3ef6a712d9d"},
        {"azure_mca_partner_camelcase.csv", "1d59e81523fac816"},
        {"azure_payg_legacy_usage.csv", "4a246a1c3930371b"},
        {"azure_payg_legacy_usage_de.csv", "a527c0e3272b78fa"},
        {"gcp_bq_detailed_export_gpu.reconstructed.ndjson", "4b4c19228bca6c2e"},
        {"gcp_console_cost_table.reconstructed.csv", "ba04cfdbf08be5c4"},
        {"finops_focus_1.0_sample.csv", "c977131f2171c673"},
        {"focus_1.2_aws_gpu.reconstructed.csv", "c8eb93b4e0ea1533"}, // + the purchase note (issue 44)
        {"generic_spend.csv", "e51980d9f9d4c49b"},
        {"alibaba_bill_detail_zh.reconstructed.csv", "7a1f462ee04b3a8a"},
        {"alibaba_describeinstancebill_response.reconstructed.json", "8f7a1544b92f91e3"},
        {"tencent_bill_detail_intl.reconstructed.csv", "cc9ed4282419fb75"},
        {"tencent_describebilldetail_response.reconstructed.json", "f1624bac06c6faf4"},
        {"huawei_listcustomerselfresourcerecords_response.reconstructed.json", "c049a0bbf23cbc62"},
        {"derived/aws_cur_legacy_gpu_daily_may2024.csv", "4a98a72fbc3e53c3"},
        {"derived/focus_1.2_aws_gpu_daily_may2024.csv", "c44f7f85c0205ff9"}, // + the purchase note
    };
    for (const auto &[name, expected] : samples) {
        const auto r = parse(fixture(name), name);
        ASSERT_TRUE(r.ok()) << name << ": " << errorOf(r);
        EXPECT_EQ(digest(*r), expected) << name;
    }
}
