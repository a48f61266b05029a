#include "core/io/CsvReader.h"

#include <cmath>

#include <QFile>

namespace gpuplanner::core {

std::optional<double> csvNumber(const QString &cell)
{
    bool ok = false;
    const double v = cell.trimmed().toDouble(&ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

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

QStringList CsvFields::toList() const
{
    QStringList list;
    list.reserve(ends.size());
    for (qsizetype i = 0; i < ends.size(); ++i)
        list.append(at(i).toString());
    return list;
}

void CsvRecordReader::endField()
{
    m_current.ends.append(m_current.text.size());
    m_fieldStarted = false;
}

void CsvRecordReader::endRecord(QList<CsvFields> &out)
{
    endField();
    const bool blank = m_current.ends.size() == 1 && m_current.text.isEmpty();
    const qsizetype fields = m_current.ends.size();
    const qsizetype chars = m_current.text.size();
    if (!blank) {
        m_current.line = m_recordLine;
        out.append(std::move(m_current));
    }
    m_current = CsvFields();
    m_current.ends.reserve(fields);
    m_current.text.reserve(chars + chars / 4);
    ++m_line;
    m_recordLine = m_line;
}

void CsvRecordReader::feed(QStringView text, QList<CsvFields> &out)
{
    const qsizetype n = text.size();
    qsizetype i = 0;
    while (i < n) {
        const QChar c = text.at(i);
        if (m_afterCr) {
            m_afterCr = false;
            if (c == u'\n') {
                ++i;
                continue;
            }
        }
        if (m_quoteInQuotes) {
            m_quoteInQuotes = false;
            if (c == u'"') {
                m_current.text.append(u'"');
                ++i;
                continue;
            }
            m_inQuotes = false; // the quote closed the field; c is read below
        }
        if (m_inQuotes) {
            // Up to the next quote in one append.
            qsizetype j = i;
            while (j < n && text.at(j) != u'"') {
                if (text.at(j) == u'\n')
                    ++m_line;
                ++j;
            }
            m_current.text.append(text.mid(i, j - i));
            if (j < n)
                m_quoteInQuotes = true;
            i = j + 1;
            continue;
        }
        if (c == u'"' && !m_fieldStarted) {
            m_inQuotes = true;
            m_fieldStarted = true;
        } else if (c == u',') {
            endField();
        } else if (c == u'\r') {
            // CR of CRLF (or a lone CR) ends the record.
            endRecord(out);
            m_afterCr = true;
        } else if (c == u'\n') {
            endRecord(out);
        } else {
            // Up to the next delimiter in one append.
            qsizetype j = i + 1;
            while (j < n) {
                const QChar d = text.at(j);
                if (d == u',' || d == u'\r' || d == u'\n')
                    break;
                ++j;
            }
            m_current.text.append(text.mid(i, j - i));
            m_fieldStarted = true;
            i = j;
            continue;
        }
        ++i;
    }
}

bool CsvRecordReader::finish(QList<CsvFields> &out)
{
    if (m_quoteInQuotes) {
        m_quoteInQuotes = false;
        m_inQuotes = false;
    }
    if (m_inQuotes)
        return false;
    // Text since the last field's end, or fields already ended: a record without a line break.
    const qsizetype lastEnd = m_current.ends.isEmpty() ? 0 : m_current.ends.constLast();
    if (m_current.text.size() > lastEnd || !m_current.ends.isEmpty())
        endRecord(out);
    return true;
}

Result<CsvTable> parseCsv(const QString &text, const QString &sourceName)
{
    CsvRecordReader reader;
    QList<CsvFields> fields;
    reader.feed(text, fields);
    if (!reader.finish(fields))
        return Error{QStringLiteral("%1:%2: unterminated quoted field").arg(sourceName).arg(reader.errorLine())};
    if (fields.isEmpty())
        return Error{QStringLiteral("%1: empty file, expected a header line").arg(sourceName)};
    QList<CsvRecord> rows;
    rows.reserve(fields.size());
    for (const CsvFields &f : std::as_const(fields))
        rows.append(CsvRecord{f.line, f.toList()});

    QStringList header = rows.takeFirst().fields;
    for (const CsvRecord &r : std::as_const(rows)) {
        if (r.fields.size() != header.size()) {
            return Error{QStringLiteral("%1:%2: expected %3 fields as in the header, found %4")
                             .arg(sourceName)
                             .arg(r.line)
                             .arg(header.size())
                             .arg(r.fields.size())};
        }
    }
    return CsvTable(std::move(header), std::move(rows));
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
    // A spreadsheet runs a cell that begins with = + - @ (or a tab or carriage return before one)
    // as a formula: text from outside (a provider's name, a region, a reason) is written with a
    // leading apostrophe, which spreadsheets show as text. Numbers, "-12.5" too, stay numbers.
    if (!field.isEmpty() && QStringView(u"=+-@\t\r").contains(field.front())) {
        bool number = false;
        field.toDouble(&number);
        if (!number)
            return csvEscape(u'\'' + field);
    }
    if (!field.contains(u',') && !field.contains(u'"') && !field.contains(u'\n') && !field.contains(u'\r'))
        return field;
    QString escaped = field;
    escaped.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + escaped + u'"';
}

} // namespace gpuplanner::core
