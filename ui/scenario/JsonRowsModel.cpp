#include "ui/scenario/JsonRowsModel.h"

#include <QColor>

#include <algorithm>
#include <functional>

namespace gpuplanner::ui {

JsonRowsModel::JsonRowsModel(QList<Column> columns, QObject *parent)
    : QAbstractTableModel(parent), m_columns(std::move(columns))
{
}

void JsonRowsModel::setRows(const QJsonArray &rows)
{
    if (rows == m_rows)
        return;
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int JsonRowsModel::appendRow(const QJsonObject &row)
{
    const int at = int(m_rows.size());
    beginInsertRows(QModelIndex(), at, at);
    m_rows.append(row);
    endInsertRows();
    Q_EMIT edited(m_rows);
    return at;
}

void JsonRowsModel::removeRowList(QList<int> rows)
{
    std::sort(rows.begin(), rows.end(), std::greater<>());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    bool removed = false;
    for (int row : std::as_const(rows)) {
        if (row < 0 || row >= rowCount())
            continue;
        beginRemoveRows(QModelIndex(), row, row);
        m_rows.removeAt(row);
        endRemoveRows();
        removed = true;
    }
    if (removed)
        Q_EMIT edited(m_rows);
}

QString JsonRowsModel::keyOf(int column) const
{
    return column >= 0 && column < m_columns.size() ? m_columns.at(column).key : QString();
}

int JsonRowsModel::columnOfKey(const QString &key) const
{
    for (int c = 0; c < m_columns.size(); ++c) {
        if (m_columns.at(c).key == key)
            return c;
    }
    return -1;
}

QString JsonRowsModel::cellName(int row, int column) const
{
    if (column < 0 || column >= m_columns.size())
        return tr("Row %1").arg(row + 1);
    return tr("Row %1, %2").arg(row + 1).arg(m_columns.at(column).title);
}

QJsonValue JsonRowsModel::cell(int row, int column) const
{
    return m_rows.at(row).toObject().value(keyOf(column));
}

void JsonRowsModel::recheck()
{
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

QString JsonRowsModel::firstProblem() const
{
    for (int row = 0; row < rowCount(); ++row) {
        for (int column = 0; column < columnCount(); ++column) {
            const QString problem = cellProblem(row, column);
            if (!problem.isEmpty())
                return tr("%1: %2").arg(cellName(row, column), problem);
        }
    }
    return {};
}

int JsonRowsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int JsonRowsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant JsonRowsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid));
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return fieldText(cell(index.row(), index.column()));
    case Qt::ToolTipRole:
    case Qt::AccessibleDescriptionRole: {
        const QString problem = cellProblem(index.row(), index.column());
        return problem.isEmpty() ? m_columns.at(index.column()).tip : problem;
    }
    case Qt::BackgroundRole:
        // Translucent, so it reads as "wrong" on light and dark palettes alike.
        if (!cellProblem(index.row(), index.column()).isEmpty())
            return QColor(220, 40, 40, 70);
        return {};
    case Qt::TextAlignmentRole:
        if (m_columns.at(index.column()).kind == FieldKind::Number)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    return {};
}

QVariant JsonRowsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return m_columns.at(section).title;
    if (role == Qt::ToolTipRole)
        return m_columns.at(section).tip;
    return {};
}

Qt::ItemFlags JsonRowsModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid));
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

bool JsonRowsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    // Kept as typed: a number that is not one stays text, so the loader can name it.
    const FieldKind kind = m_columns.at(index.column()).kind == FieldKind::Number ? FieldKind::Number : FieldKind::Text;
    const QJsonValue typed = fieldJson(kind, value.toString());
    QJsonObject row = m_rows.at(index.row()).toObject();
    const QString key = keyOf(index.column());
    if (row.value(key) == typed)
        return true;
    if (typed.isUndefined())
        row.remove(key);
    else
        row.insert(key, typed);
    m_rows.replace(index.row(), row);
    // One cell can change another's problem (a duplicate currency, a discount beside a price).
    recheck();
    Q_EMIT edited(m_rows);
    return true;
}

} // namespace gpuplanner::ui
