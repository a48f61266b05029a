#include "core/io/CsvReader.h"

#include <QFile>

namespace gpuplanner::core {

CsvTable::CsvTable(QStringList header, QList<CsvRecord> records)
    : m_header(std::move(header)), m_records(std::move(records))
{
    for (qsizetype i = 0; i < m_header.size(); ++i)
        m_index.insert(m_header.at(i), i);
}

QString CsvTable::field(const CsvRecord &record, const QString &column) const
{
    const auto it = m_index.constFind(column);
    if (it == m_index.constEnd() || *it >= record.fields.size())
        return {};
    return record.fields.at(*it);
}

Result<CsvTable> parseCsv(const QString &text, const QString &sourceName)
{
    QList<QStringList> rows;
    QList<int> rowLines;
    QStringList current;
    QString field;
    bool inQuotes = false;
    bool fieldStarted = false;
    int line = 1;
    int recordLine = 1;

    auto endField = [&] {
        current.append(field);
        field.clear();
        fieldStarted = false;
    };
    auto endRecord = [&] {
        endField();
        const bool blank = current.size() == 1 && current.constFirst().isEmpty();
        if (!blank) {
            rows.append(current);
            rowLines.append(recordLine);
        }
        current.clear();
    };

    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = text.at(i);
        if (inQuotes) {
            if (c == u'"') {
                if (i + 1 < n && text.at(i + 1) == u'"') {
                    field.append(u'"');
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == u'\n')
                    ++line;
                field.append(c);
            }
            continue;
        }
        if (c == u'"' && !fieldStarted && field.isEmpty()) {
            inQuotes = true;
            fieldStarted = true;
        } else if (c == u',') {
            endField();
        } else if (c == u'\r') {
            // CR of CRLF (or a lone CR) ends the record.
            endRecord();
            if (i + 1 < n && text.at(i + 1) == u'\n')
                ++i;
            ++line;
            recordLine = line;
        } else if (c == u'\n') {
            endRecord();
            ++line;
            recordLine = line;
        } else {
            field.append(c);
            fieldStarted = true;
        }
    }
    if (inQuotes)
        return Error{QStringLiteral("%1:%2: unterminated quoted field").arg(sourceName).arg(recordLine)};
    if (!field.isEmpty() || !current.isEmpty())
        endRecord();

    if (rows.isEmpty())
        return Error{QStringLiteral("%1: empty file, expected a header line").arg(sourceName)};

    QStringList header = rows.takeFirst();
    rowLines.removeFirst();
    QList<CsvRecord> records;
    records.reserve(rows.size());
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (rows.at(i).size() != header.size()) {
            return Error{QStringLiteral("%1:%2: expected %3 fields as in the header, found %4")
                             .arg(sourceName)
                             .arg(rowLines.at(i))
                             .arg(header.size())
                             .arg(rows.at(i).size())};
        }
        records.append(CsvRecord{rowLines.at(i), rows.at(i)});
    }
    return CsvTable(std::move(header), std::move(records));
}

Result<CsvTable> readCsvFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("%1: cannot read: %2").arg(path, file.errorString())};
    return parseCsv(QString::fromUtf8(file.readAll()), path);
}

QString csvEscape(const QString &field)
{
    if (!field.contains(u',') && !field.contains(u'"') && !field.contains(u'\n') && !field.contains(u'\r'))
        return field;
    QString escaped = field;
    escaped.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + escaped + u'"';
}

} // namespace gpuplanner::core
