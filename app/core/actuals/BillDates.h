#pragma once
// BillDates: dates and times as billing exports write them (internal to core/actuals). The free
// functions read the text; FileDates holds one file's checks on top of them: a date must exist (no
// hour 25, no 31 September), lie between 2006 and two years after today, and a slash date must
// show which field is the day, in itself or through the other dates of its file.

#include <QDate>
#include <QDateTime>
#include <QString>
#include <QStringView>

#include <optional>

namespace gpuplanner::core::actuals::detail {

// Offsets for timestamps written without a zone.
inline constexpr int kUtc = 0;
inline constexpr int kChinaStandardTime = 8 * 3600; // Alibaba and Tencent bills: naive Beijing time

// The first year a bill can plausibly be dated: Amazon S3 and EC2, the first public cloud services
// billed by use, opened in 2006.
inline constexpr int kFirstBillYear = 2006;

// ISO 8601 with Z, an offset, " UTC" or " GMT+08:00"; with or without seconds and fractions; a
// space or T between date and time. A timestamp without a zone is at naiveOffsetSeconds.
std::optional<QDateTime> parseTimestamp(QStringView text, int naiveOffsetSeconds);
// The readers no longer call these two: they take a slash date as month-first and a day's time
// unchecked, where FileDates::day and month check both. Kept as the plain syntax they are.
// yyyy-MM-dd, MM/dd/yyyy or M/d/yyyy, or the date part of a timestamp.
std::optional<QDate> parseDay(QStringView text);
// "YYYY-MM" from "2024-05", "202405", "2024-05-01...", "05/01/2024".
QString monthFromText(QStringView text);
// "YYYY-MM" of the instant at the given offset.
QString monthOf(const QDateTime &utc, int offsetSeconds = kUtc);
// An end written as the last second ("2024-05-01 00:59:59") made exclusive.
QDateTime exclusiveEnd(const QDateTime &end);

// A value read from a cell, or why it is refused: the reason alone ("is not a date: ..."), for the
// caller to put after the file, the row and the column it knows.
template<typename T>
struct Checked
{
    std::optional<T> value;
    QString why;
};

enum class SlashOrder { Unknown, DayFirst, MonthFirst };

// One file's date checks. A slash date whose first two fields could both be the month (01/05/2024:
// 1 May or 5 January) is read in the order the file shows elsewhere (13/05/2024 puts the day first,
// 05/13/2024 the month); a reader surveys the file's other values the first time it meets a slash
// date. Without such a date it is read in the order its format documents, or refused.
class FileDates
{
public:
    // An invalid today leaves the later end of the window open.
    explicit FileDates(QDate today) : m_today(today), m_latest(today.isValid() ? today.addYears(2) : QDate()) {}

    // The order a format documents for its slash dates (Azure cost details: MM/dd/yyyy), used when
    // the file itself shows none; `format` names it in messages.
    void setDocumentedOrder(SlashOrder order, const QString &format);
    // "line" (CSV, NDJSON) or "record" (a JSON document's list): how messages point at a row.
    void setRowWord(const QString &word) { m_rowWord = word; }

    // True for a slash date met before the survey: the caller first hands every value it can see
    // to survey() (this row's cells and those read ahead), then calls endSurvey().
    bool wantsSurvey(QStringView text) const;
    // Notes the first day-first and the first month-first date among the values.
    void survey(QStringView text, int row);
    void endSurvey() { m_surveyed = true; }
    // Whether the survey has seen a date that settles the order (reading further would not change it).
    bool settled() const { return !m_dayFirst.isEmpty() || !m_monthFirst.isEmpty(); }

    // A date and time (parseTimestamp's forms), existing and in the window.
    Checked<QDateTime> timestamp(QStringView text, int naiveOffsetSeconds) const;
    // A calendar day: yyyy-MM-dd (a time after it must exist too) or a slash date in the file's order.
    Checked<QDate> day(QStringView text, int row);
    // "YYYY-MM" from a month ("2024-05", "202405") or any date day() reads; empty text is no month.
    Checked<QString> month(QStringView text, int row);

private:
    QString windowProblem(QDate date) const;
    Checked<QDate> slashDay(int first, int second, int year, QStringView text, int row);
    QString mixedOrders() const;

    QDate m_today;
    QDate m_latest; // two years after today: room for a bill's end dates and a clock that is behind
    QString m_rowWord = QStringLiteral("line");
    SlashOrder m_documented = SlashOrder::Unknown;
    QString m_documentedBy;
    bool m_surveyed = false;
    // Where the file shows each order: "\"13/05/2024\", line 7"; empty when it does not.
    QString m_dayFirst;
    QString m_monthFirst;
    // month(): the last text read and its month (a CUR repeats its billing period on every line).
    QString m_lastMonthText;
    QString m_lastMonth;
};

} // namespace gpuplanner::core::actuals::detail
