#pragma once
// TextTable: aligned plain-text tables for terminal output.

#include <QList>
#include <QString>
#include <QStringList>

namespace gpuplanner::core {

class TextTable
{
public:
    explicit TextTable(QStringList header, QList<bool> rightAligned = {});
    void addRow(QStringList cells);
    QString render() const;

private:
    QStringList m_header;
    QList<bool> m_right;
    QList<QStringList> m_rows;
};

} // namespace gpuplanner::core
