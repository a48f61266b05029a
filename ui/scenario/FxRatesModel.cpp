#include "ui/scenario/FxRatesModel.h"

#include "core/cost/Money.h"
#include "ui/scenario/FieldBindings.h"

#include <QColor>
#include <QDate>

#include <algorithm>
#include <functional>

namespace gpuplanner::ui {

namespace {

const char *const kKeys[FxRatesModel::ColumnCount] = {"currency", "per_usd", "date", "source"};

QString columnTitle(int column)
{
    switch (column) {
    case FxRatesModel::Currency: return FxRatesModel::tr("Currency");
    case FxRatesModel::PerUsd: return FxRatesModel::tr("Units per USD");
    case FxRatesModel::Date: return FxRatesModel::tr("Date");
    case FxRatesModel::Source: return FxRatesModel::tr("Source");
    }
    return {};
}

QString columnTip(int column)
{
    switch (column) {
    case FxRatesModel::Currency: return FxRatesModel::tr("ISO 4217 code of the currency, such as EUR or CNY.");
    case FxRatesModel::PerUsd: return FxRatesModel::tr("How many units of the currency one US dollar buys (EUR: about 0.9).");
    case FxRatesModel::Date: return FxRatesModel::tr("The day the rate applies to (2026-11-27); optional.");
    case FxRatesModel::Source: return FxRatesModel::tr("Where the rate comes from, shown in reports (a bank, your treasury).");
    }
    return {};
}

} // namespace

FxRatesModel::FxRatesModel(QObject *parent) : QAbstractTableModel(parent) {}

void FxRatesModel::setRates(const QJsonArray &rates)
{
    if (rates == m_rates)
        return;
    beginResetModel();
    m_rates = rates;
    endResetModel();
}

int FxRatesModel::appendRate(const QJsonObject &rate)
{
    const int row = int(m_rates.size());
    beginInsertRows(QModelIndex(), row, row);
    m_rates.append(rate);
    endInsertRows();
    Q_EMIT edited(m_rates);
    return row;
}

void FxRatesModel::removeRates(QList<int> rows)
{
    std::sort(rows.begin(), rows.end(), std::greater<>());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    bool removed = false;
    for (int row : std::as_const(rows)) {
        if (row < 0 || row >= rowCount())
            continue;
        beginRemoveRows(QModelIndex(), row, row);
        m_rates.removeAt(row);
        endRemoveRows();
        removed = true;
    }
    if (removed)
        Q_EMIT edited(m_rates);
}

QString FxRatesModel::keyOf(int column)
{
    return column >= 0 && column < ColumnCount ? QLatin1String(kKeys[column]) : QString();
}

int FxRatesModel::columnOfKey(const QString &key)
{
    for (int c = 0; c < ColumnCount; ++c) {
        if (key == QLatin1String(kKeys[c]))
            return c;
    }
    return -1;
}

QString FxRatesModel::cellName(int row, int column)
{
    if (column < 0 || column >= ColumnCount)
        return tr("Row %1").arg(row + 1);
    return tr("Row %1, %2").arg(row + 1).arg(columnTitle(column));
}

QJsonValue FxRatesModel::cell(int row, int column) const
{
    return m_rates.at(row).toObject().value(keyOf(column));
}

QString FxRatesModel::cellProblem(int row, int column) const
{
    const QJsonValue v = cell(row, column);
    const QString text = fieldText(v);
    switch (column) {
    case Currency:
        if (text.isEmpty())
            return tr("missing; type a three-letter ISO code such as EUR");
        if (!v.isString() || !core::isCurrencyCode(text))
            return tr("\"%1\" is not an ISO 4217 code (three capital letters, such as EUR)").arg(text);
        if (text == u"USD")
            return tr("USD is the base of every rate (always 1) and cannot be changed");
        for (int earlier = 0; earlier < row; ++earlier) {
            if (cell(earlier, Currency) == v)
                return tr("%1 is also in row %2; this later row is the one used").arg(text).arg(earlier + 1);
        }
        return {};
    case PerUsd:
        if (v.isUndefined())
            return tr("missing; type how many units of the currency one US dollar buys");
        if (!v.isDouble())
            return tr("\"%1\" is not a number").arg(text);
        if (v.toDouble() <= 0)
            return tr("%1 is not above zero; type how many units of the currency one US dollar buys").arg(text);
        return {};
    case Date:
        if (!v.isUndefined() && !QDate::fromString(text, Qt::ISODate).isValid())
            return tr("\"%1\" is not a date (2026-11-27)").arg(text);
        return {};
    case Source:
        if (text.isEmpty())
            return tr("missing; say where the rate comes from (a bank, your treasury)");
        return {};
    }
    return {};
}

QString FxRatesModel::firstProblem() const
{
    for (int row = 0; row < rowCount(); ++row) {
        for (int column = 0; column < ColumnCount; ++column) {
            const QString problem = cellProblem(row, column);
            if (!problem.isEmpty())
                return tr("%1: %2").arg(cellName(row, column), problem);
        }
    }
    return {};
}

int FxRatesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rates.size());
}

int FxRatesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FxRatesModel::data(const QModelIndex &index, int role) const
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
        return problem.isEmpty() ? columnTip(index.column()) : problem;
    }
    case Qt::BackgroundRole:
        // Translucent, so it reads as "wrong" on light and dark palettes alike.
        if (!cellProblem(index.row(), index.column()).isEmpty())
            return QColor(220, 40, 40, 70);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == PerUsd)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    return {};
}

QVariant FxRatesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return columnTitle(section);
    if (role == Qt::ToolTipRole)
        return columnTip(section);
    return {};
}

Qt::ItemFlags FxRatesModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid));
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

bool FxRatesModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    // Kept as typed: a rate that is not a number stays text, so the loader can name it.
    const QJsonValue typed =
        fieldJson(index.column() == PerUsd ? FieldKind::Number : FieldKind::Text, value.toString());
    QJsonObject rate = m_rates.at(index.row()).toObject();
    const QString key = keyOf(index.column());
    if (rate.value(key) == typed)
        return true;
    if (typed.isUndefined())
        rate.remove(key);
    else
        rate.insert(key, typed);
    m_rates.replace(index.row(), rate);
    // A currency can make another row a duplicate: every row's problems may have changed.
    Q_EMIT dataChanged(this->index(0, 0), this->index(rowCount() - 1, ColumnCount - 1));
    Q_EMIT edited(m_rates);
    return true;
}

} // namespace gpuplanner::ui
