#include "ui/catalog/CustomOffersModel.h"

#include "core/io/CsvReader.h"

#include <QBrush>
#include <QColor>
#include <QUndoCommand>
#include <QUndoStack>

namespace gpuplanner::ui {

namespace {

const char *const kCsvNames[CustomOffersModel::ColumnCount] = {
    "provider", "instance_type", "region", "gpu", "gpu_count", "billing", "price_per_hour",
    "currency", "term_months", "upfront", "upfront_fee", "vcpus", "memory_gib"};

QString number(double v)
{
    return QString::number(v, 'g', 10);
}

} // namespace

// One undoable change: set a cell, insert rows or remove rows.
class CustomOfferCommand : public QUndoCommand
{
public:
    enum Kind { Cell, Insert, Remove };

    CustomOfferCommand(CustomOffersModel *model, Kind kind, int row, int column, QList<CustomOffersModel::Row> rows,
                       QString before, QString after, const QString &text)
        : QUndoCommand(text), m_model(model), m_kind(kind), m_row(row), m_column(column), m_rows(std::move(rows)),
          m_before(std::move(before)), m_after(std::move(after))
    {
    }

    void redo() override
    {
        switch (m_kind) {
        case Cell: m_model->applyCell(m_row, m_column, m_after); break;
        case Insert: m_model->applyInsert(m_row, m_rows); break;
        case Remove: m_model->applyRemove(m_row, int(m_rows.size())); break;
        }
    }
    void undo() override
    {
        switch (m_kind) {
        case Cell: m_model->applyCell(m_row, m_column, m_before); break;
        case Insert: m_model->applyRemove(m_row, int(m_rows.size())); break;
        case Remove: m_model->applyInsert(m_row, m_rows); break;
        }
    }

private:
    CustomOffersModel *m_model;
    Kind m_kind;
    int m_row;
    int m_column;
    QList<CustomOffersModel::Row> m_rows;
    QString m_before;
    QString m_after;
};

CustomOffersModel::CustomOffersModel(QUndoStack *undo, QObject *parent) : QAbstractTableModel(parent), m_undo(undo) {}

QString CustomOffersModel::csvName(int column)
{
    return column >= 0 && column < ColumnCount ? QString::fromLatin1(kCsvNames[column]) : QString();
}

int CustomOffersModel::columnForCsvName(const QString &name)
{
    for (int c = 0; c < ColumnCount; ++c) {
        if (name == QLatin1String(kCsvNames[c]))
            return c;
    }
    return -1;
}

CustomOffersModel::Row CustomOffersModel::emptyRow()
{
    Row row;
    for (int c = 0; c < ColumnCount; ++c)
        row.append(QString());
    row[Billing] = QStringLiteral("on_demand");
    row[Currency] = QStringLiteral("USD");
    row[GpuCount] = QStringLiteral("1");
    return row;
}

CustomOffersModel::Row CustomOffersModel::rowFromOffer(const core::Offer &o)
{
    Row row = emptyRow();
    row[Provider] = o.provider;
    row[InstanceType] = o.instanceType;
    row[Region] = o.region;
    row[Gpu] = o.gpu;
    row[GpuCount] = number(o.gpuCount);
    row[Billing] = core::billingId(o.billing);
    row[PricePerHour] = number(o.pricePerHour);
    row[Currency] = o.currency;
    row[TermMonths] = o.termMonths > 0 ? QString::number(o.termMonths) : QString();
    row[Upfront] = o.upfront == u"none" ? QString() : o.upfront;
    row[UpfrontFee] = o.upfrontFee.value_or(0) > 0 ? number(*o.upfrontFee) : QString();
    row[Vcpus] = o.vcpus ? number(*o.vcpus) : QString();
    row[MemoryGib] = o.memoryGib ? number(*o.memoryGib) : QString();
    return row;
}

void CustomOffersModel::setRows(QList<Row> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_errorRow = m_errorColumn = -1;
    endResetModel();
    m_undo->clear();
}

QByteArray CustomOffersModel::toCsv() const
{
    QStringList lines;
    QStringList header;
    for (int c = 0; c < ColumnCount; ++c)
        header.append(csvName(c));
    lines.append(header.join(QLatin1Char(',')));
    for (const Row &row : m_rows) {
        QStringList fields;
        for (const QString &f : row)
            fields.append(core::csvEscape(f.simplified())); // one line per row, whatever was typed
        lines.append(fields.join(QLatin1Char(',')));
    }
    return lines.join(QLatin1Char('\n')).toUtf8() + '\n';
}

void CustomOffersModel::appendRows(const QList<Row> &rows, const QString &what)
{
    if (rows.isEmpty())
        return;
    m_undo->push(new CustomOfferCommand(this, CustomOfferCommand::Insert, int(m_rows.size()), -1, rows, {}, {}, what));
}

void CustomOffersModel::removeRowsAt(int row, int count)
{
    if (row < 0 || count <= 0 || row + count > m_rows.size())
        return;
    m_undo->push(new CustomOfferCommand(this, CustomOfferCommand::Remove, row, -1, m_rows.mid(row, count), {}, {},
                                        tr("Remove %1 offers").arg(count)));
}

void CustomOffersModel::setError(int row, int column, const QString &message)
{
    const int oldRow = m_errorRow;
    m_errorRow = row;
    m_errorColumn = column;
    m_error = message;
    for (int r : {oldRow, row}) {
        if (r >= 0 && r < m_rows.size())
            Q_EMIT dataChanged(index(r, 0), index(r, ColumnCount - 1), {Qt::BackgroundRole, Qt::ToolTipRole});
    }
}

void CustomOffersModel::applyCell(int row, int column, const QString &value)
{
    m_rows[row][column] = value;
    const QModelIndex i = index(row, column);
    Q_EMIT dataChanged(i, i, {Qt::DisplayRole, Qt::EditRole});
}

void CustomOffersModel::applyInsert(int row, const QList<Row> &rows)
{
    beginInsertRows({}, row, row + int(rows.size()) - 1);
    for (qsizetype i = 0; i < rows.size(); ++i)
        m_rows.insert(row + i, rows.at(i));
    endInsertRows();
}

void CustomOffersModel::applyRemove(int row, int count)
{
    beginRemoveRows({}, row, row + count - 1);
    m_rows.remove(row, count);
    endRemoveRows();
    if (m_errorRow >= row)
        m_errorRow = m_errorColumn = -1;
}

int CustomOffersModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CustomOffersModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CustomOffersModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const bool isError = index.row() == m_errorRow && index.column() == m_errorColumn;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return m_rows.at(index.row()).at(index.column());
    case Qt::BackgroundRole:
        return isError ? QVariant(QBrush(QColor(0xd3, 0x2f, 0x2f, 90))) : QVariant();
    case Qt::ToolTipRole:
        return isError ? QVariant(m_error) : QVariant();
    default:
        return {};
    }
}

bool CustomOffersModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const QString before = m_rows.at(index.row()).at(index.column());
    const QString after = value.toString();
    if (before == after)
        return true;
    m_undo->push(new CustomOfferCommand(this, CustomOfferCommand::Cell, index.row(), index.column(), {}, before, after,
                                        tr("Edit %1").arg(headerData(index.column(), Qt::Horizontal).toString())));
    return true;
}

Qt::ItemFlags CustomOffersModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

QVariant CustomOffersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    switch (section) {
    case Provider: return tr("Provider");
    case InstanceType: return tr("Instance type");
    case Region: return tr("Region");
    case Gpu: return tr("GPU");
    case GpuCount: return tr("GPUs");
    case Billing: return tr("Billing");
    case PricePerHour: return tr("Price per hour");
    case Currency: return tr("Currency");
    case TermMonths: return tr("Term (months)");
    case Upfront: return tr("Upfront");
    case UpfrontFee: return tr("Upfront fee");
    case Vcpus: return tr("vCPUs");
    case MemoryGib: return tr("Memory (GiB)");
    default: return {};
    }
}

} // namespace gpuplanner::ui
