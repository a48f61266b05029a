#pragma once
// ParseSupport: what every billing-export reader shares (internal to core/actuals): the streamed
// source and where its lines go, CSV rows addressed by ColumnMap, cell readers whose errors name the file, the line and
// the column, timestamps in the providers' zones (checked by BillDates), currencies, and tag lookups.

#include "core/actuals/BillDates.h"
#include "core/actuals/BillingStream.h"
#include "core/actuals/ColumnMap.h"
#include "core/actuals/Decimal.h"
#include "core/actuals/SpendLine.h"
#include "core/actuals/TextInput.h"
#include "core/io/CsvReader.h"

#include <QDate>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTimeZone>

#include <memory>
#include <optional>
#include <set>

namespace gpuplanner::core::actuals::detail {

// Where a reader puts its lines: each is checked (currency, start, basis, an end not before its
// start), put on its own clock, given its billing period, counted and passed to the sink. The
// first problem is kept and stops the reader (CsvInput::next returns false).
class LineOut
{
public:
    LineOut(QString sourceName, SpendSink &sink, BillingReadSummary &summary)
        : m_source(std::move(sourceName)), m_sink(sink), m_summary(summary)
    {
    }

    void append(SpendLine line);
    void setBasis(const QString &basis);
    bool isEmpty() const { return m_summary.lines == 0; }
    bool failed() const { return m_error.has_value(); }
    const std::optional<Error> &error() const { return m_error; }
    // The sorted billing periods, into the summary.
    void finish();

private:
    QString m_source;
    SpendSink &m_sink;
    BillingReadSummary &m_summary;
    std::set<QString> m_periods;
    std::optional<Error> m_error;
};

struct Source
{
    QString name;      // file name for messages
    QString head;      // the text's first characters, for telling variants of a format apart
    TextInput *input;  // the text, streamed
    LineOut *lines;
    FileDates *dates;  // this file's date checks and the order of its slash dates
};

using ParseResult = Status;

// A CSV export read record by record: the header is read first, then next() hands out one record
// at a time (a chunk of them is held), checked against the header's field count.
class CsvInput
{
public:
    QString source;
    ColumnMap columns;

    // The next record; false at the end, on a malformed record (see error()) or once the lines
    // could not be stored.
    bool next(CsvFields &record);
    const std::optional<Error> &error() const { return m_error; }
    // Status of the whole read: the first error, or success.
    Status status() const;
    FileDates &dates() const { return *m_dates; }
    // Hands every cell of current, of the records held and of records read ahead (until one settles
    // the order, kSurveyPieces pieces of text at most) to dates().survey, then ends the survey.
    void surveyDates(const CsvFields &current);

private:
    friend Result<CsvInput> loadCsv(Source &source, int skipLines);
    bool fill();
    // Appends the records of the next piece of text; false at the end (an error then waits in
    // m_endError until the records before it are handed out).
    bool readMore();

    TextInput *m_input = nullptr;
    LineOut *m_lines = nullptr;
    FileDates *m_dates = nullptr;
    std::unique_ptr<CsvRecordReader> m_reader;
    QList<CsvFields> m_pending;
    qsizetype m_nextPending = 0;
    qsizetype m_fields = 0;
    bool m_finished = false;
    std::optional<Error> m_error;
    std::optional<Error> m_endError;
};

// Reads the header of a CSV export; the first skipLines lines (metadata above the header) are
// dropped and the line numbers of the records still count them.
Result<CsvInput> loadCsv(Source &source, int skipLines = 0);

Error rowError(const QString &source, int line, const QString &why);
Error cellError(const QString &source, int line, const QString &column, const QString &value, const QString &why);

// One CSV record with readers that report the column at fault.
class Row
{
public:
    Row(CsvInput &input, const CsvFields &record) : m_in(input), m_rec(record) {}

    int line() const { return m_rec.line; }
    // Trimmed cell text; empty when the column is absent (col < 0) or holds the literal "null".
    QString text(int col) const;
    QString column(int col) const { return m_in.columns.headerName(col); }
    Error bad(int col, const QString &why) const;
    Error problem(const QString &why) const { return rowError(m_in.source, m_rec.line, why); }

    // Money: an empty cell is 0.
    Result<qint64> micros(int col, const DecimalOptions &options = {}) const;
    // Money or nothing: nullopt for an empty cell.
    Result<std::optional<qint64>> optionalMicros(int col, const DecimalOptions &options = {}) const;
    // A quantity (usage amount); empty is 0.
    Result<double> number(int col, bool thousandsSeparators = false) const;
    // Required: an empty cell is an error. So is, by the file's FileDates, a date that cannot be, one
    // outside the plausible years, and a slash date the file does not place (01/05/2024 with no
    // date that shows the order, or a file that writes both orders).
    Result<QDateTime> timestamp(int col, int naiveOffsetSeconds) const;
    Result<QDate> day(int col) const;
    // A billing period ("YYYY-MM"); empty for an empty cell or an absent column.
    Result<QString> month(int col) const;
    // The line's usage window from the start and end columns (end optional, a last-second end made
    // exclusive), or from `fallback` (a payment or transaction time) when the start is empty.
    std::optional<Error> usageWindow(int start, int end, int fallback, int naiveOffsetSeconds, SpendLine &line) const;

private:
    void surveyFor(const QString &text) const;

    CsvInput &m_in;
    const CsvFields &m_rec;
};

// A line that covers one calendar day on a clock of the given offset: [day 00:00, next day 00:00).
void setDayWindow(SpendLine &line, QDate day, int offsetSeconds);

// "USD" from " usd "; empty when the text is not an ISO 4217 code (Currencies.h) in any case.
QString currencyCode(QStringView text);
// Why a currency cell that currencyCode refused is refused: "is empty: every <row> needs its
// currency" or "is not an ISO 4217 currency code".
QString currencyProblem(QStringView text, QStringView row = u"line");
// "aws" from "AWS" / "Amazon Web Services", "azure" from "Microsoft", ... or the text lowercased.
QString normalizeProvider(QStringView text);
// The ColumnMap key of a value, for comparing enumerations ("On Demand" == "OnDemand").
inline QString squash(QStringView text) { return ColumnMap::key(text); }

// Tag "project" (also user:project, user_project, Project) in a JSON object, a braces-less Azure
// EA tag list, or "k:v;k2:v2" / "k=v,k2=v2" / "key:k value:v" pairs; empty when absent.
QString projectFromJsonTags(QStringView text);
QString projectFromObject(const QJsonObject &tags);
QString projectFromPairs(QStringView text);
bool isProjectKey(QStringView key);

// JSON helpers for API responses: a path of keys ("usage", "amount"); an absent key is Undefined.
QJsonValue jsonAt(const QJsonObject &object, std::initializer_list<const char16_t *> path);
QString jsonText(const QJsonObject &object, std::initializer_list<const char16_t *> path);
Error recordError(const QString &source, int record, const QString &field, const QString &value, const QString &why);

// The whole source as text, refused beyond kMaxJsonDocumentBytes with the advice to split it.
Result<QString> wholeText(Source &source);
// The whole source as one JSON document, or an error with the parser's message and offset.
Result<QJsonDocument> loadJson(Source &source);

// A voucher / coupon / free credit paid on line: its own Payment line of -micros (the plan
// compares to the payable amount before vouchers).
SpendLine voucherLine(const SpendLine &paid, qint64 micros, const QString &what);

// Per-file readers (each in its own .cpp).
ParseResult parseAwsCur(Source &source, QStringList &notes);
ParseResult parseAzure(Source &source, QStringList &notes);
ParseResult parseGcp(Source &source, QStringList &notes);
ParseResult parseFocus(Source &source, QStringList &notes);
ParseResult parseAlibaba(Source &source, QStringList &notes);
ParseResult parseTencent(Source &source, QStringList &notes);
ParseResult parseHuawei(Source &source, QStringList &notes);
ParseResult parseGenericCsv(Source &source, QStringList &notes);

} // namespace gpuplanner::core::actuals::detail
