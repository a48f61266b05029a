#pragma once
// CsvReader: RFC 4180 CSV parsing (quoted fields, doubled quotes, CRLF or LF) into rows
// addressed by header name, with the 1-based line number of each record for error messages.

#include "core/common/Result.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace gpuplanner::core {

struct CsvRecord
{
    int line = 0; // line where the record starts (header is line 1)
    QStringList fields;
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

// Parses text; fails on an unterminated quote or a record whose field count differs
// from the header's, naming sourceName and the line.
Result<CsvTable> parseCsv(const QString &text, const QString &sourceName);
// Reads and parses a file (also Qt resource paths such as ":/catalog/x.csv").
Result<CsvTable> readCsvFile(const QString &path);

QString csvEscape(const QString &field);

} // namespace gpuplanner::core
