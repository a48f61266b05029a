#pragma once
// CsvReader: RFC 4180 CSV parsing (quoted fields, doubled quotes, CRLF or LF) into rows
// addressed by header name, with the 1-based line number of each record for error messages.
// CsvRecordReader reads the same grammar from text fed in pieces of any size (a file streamed in
// chunks), so a reader of a large export holds one chunk and its records, never the file.

#include "core/common/Result.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gpuplanner::core {

// A cell read as a number: finite, surrounding spaces ignored; nullopt for text, empty, inf or nan.
std::optional<double> csvNumber(const QString &cell);

struct CsvRecord
{
    int line = 0; // line where the record starts (header is line 1)
    QStringList fields;
};

// One record as its fields' text end to end, unescaped, and where each field ends: two
// allocations a record however many fields it has (a CUR has about a hundred, and a reader
// looks at a fifth of them).
struct CsvFields
{
    int line = 0;
    QString text;
    QList<qsizetype> ends;

    qsizetype size() const { return ends.size(); }
    QStringView at(qsizetype i) const
    {
        const qsizetype from = i == 0 ? 0 : ends.at(i - 1);
        return QStringView(text).mid(from, ends.at(i) - from);
    }
    QStringList toList() const;
};

class CsvTable
{
public:
    CsvTable() = default;
    CsvTable(QStringList header, QList<CsvRecord> records);

    const QStringList &header() const { return m_header; }
    const QList<CsvRecord> &records() const { return m_records; }
    qsizetype size() const { return m_records.size(); }
    bool hasColumn(const QString &name) const { return m_index.contains(name); }

    // Field of record by column name; empty when the column is absent.
    QString field(const CsvRecord &record, const QString &column) const;

private:
    QStringList m_header;
    QList<CsvRecord> m_records;
    QHash<QString, qsizetype> m_index;
};

// Splits text fed in pieces into records. A quote, a doubled quote or a CRLF may straddle two
// pieces. Blank lines are skipped; the line of a record counts every line before it.
class CsvRecordReader
{
public:
    explicit CsvRecordReader(int firstLine = 1) : m_line(firstLine), m_recordLine(firstLine) {}

    // Adds text; the records it completes are appended to out.
    void feed(QStringView text, QList<CsvFields> &out);
    // The end of the text: the last record, when it has no line break after it. False (with the
    // record's line in errorLine) when a quoted field is still open.
    bool finish(QList<CsvFields> &out);
    int errorLine() const { return m_recordLine; }

private:
    void endField();
    void endRecord(QList<CsvFields> &out);

    CsvFields m_current;
    bool m_inQuotes = false;
    bool m_quoteInQuotes = false; // a quote seen inside quotes: closes, or starts a doubled quote
    bool m_afterCr = false;       // the last character ended a record with CR (an LF may follow)
    bool m_fieldStarted = false;
    int m_line;
    int m_recordLine;
};

// Parses text; fails on an unterminated quote or a record whose field count differs
// from the header's, naming sourceName and the line.
Result<CsvTable> parseCsv(const QString &text, const QString &sourceName);
// Reads and parses a file (also Qt resource paths such as ":/catalog/x.csv").
Result<CsvTable> readCsvFile(const QString &path);

// One CSV cell: quoted when it holds a comma, quote or line break; text that a spreadsheet would
// run as a formula (beginning with = + - @) gets a leading apostrophe. Numbers are left as written.
QString csvEscape(const QString &field);

} // namespace gpuplanner::core
