#include "core/io/TextTable.h"

#include <algorithm>

namespace gpuplanner::core {

TextTable::TextTable(QStringList header, QList<bool> rightAligned)
    : m_header(std::move(header)), m_right(std::move(rightAligned))
{
    while (m_right.size() < m_header.size())
        m_right.append(false);
}

void TextTable::addRow(QStringList cells)
{
    while (cells.size() < m_header.size())
        cells.append(QString());
    m_rows.append(std::move(cells));
}

QString TextTable::render() const
{
    QList<qsizetype> widths;
    for (const QString &h : m_header)
        widths.append(h.size());
    for (const QStringList &row : m_rows) {
        for (qsizetype c = 0; c < m_header.size(); ++c)
            widths[c] = std::max(widths[c], row.at(c).size());
    }
    auto renderRow = [&](const QStringList &cells) {
        QString line;
        for (qsizetype c = 0; c < m_header.size(); ++c) {
            if (c > 0)
                line += QStringLiteral("  ");
            const bool last = c + 1 == m_header.size();
            if (m_right.at(c))
                line += cells.at(c).rightJustified(widths[c]);
            else
                line += last ? cells.at(c) : cells.at(c).leftJustified(widths[c]);
        }
        return line + u'\n';
    };
    QString out = renderRow(m_header);
    QStringList rule;
    for (qsizetype w : widths)
        rule.append(QString(w, u'-'));
    out += renderRow(rule);
    for (const QStringList &row : m_rows)
        out += renderRow(row);
    return out;
}

} // namespace gpuplanner::core
