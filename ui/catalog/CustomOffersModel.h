#pragma once
// CustomOffersModel: the editable rows of the custom offers editor, as typed (strings), in the
// columns of the documented custom-offers CSV. Every edit goes through a QUndoStack, so it can
// be undone; invalid text is kept and its cell marked, never dropped.

#include "core/catalog/Offer.h"

#include <QAbstractTableModel>
#include <QStringList>

class QUndoStack;

namespace gpuplanner::ui {

class CustomOffersModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Provider,
        InstanceType,
        Region,
        Gpu,
        GpuCount,
        Billing,
        PricePerHour,
        Currency,
        TermMonths,
        Upfront,
        UpfrontFee,
        Vcpus,
        MemoryGib,
        ColumnCount
    };
    using Row = QStringList; // ColumnCount fields

    explicit CustomOffersModel(QUndoStack *undo, QObject *parent = nullptr);

    // The CSV header name of a column ("price_per_hour") and back (-1 when unknown).
    static QString csvName(int column);
    static int columnForCsvName(const QString &name);
    static Row rowFromOffer(const core::Offer &offer);
    static Row emptyRow();

    // Replaces everything without undo history (loading the catalog's custom offers).
    void setRows(QList<Row> rows);
    const QList<Row> &rows() const { return m_rows; }
    // The rows as a custom-offers CSV: line n + 1 holds row n (the header is line 1).
    QByteArray toCsv() const;

    // Undoable edits.
    void appendRows(const QList<Row> &rows, const QString &what);
    void removeRowsAt(int row, int count);

    void setError(int row, int column, const QString &message); // row -1 clears
    int errorRow() const { return m_errorRow; }
    int errorColumn() const { return m_errorColumn; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    friend class CustomOfferCommand;
    void applyCell(int row, int column, const QString &value);
    void applyInsert(int row, const QList<Row> &rows);
    void applyRemove(int row, int count);

    QUndoStack *m_undo;
    QList<Row> m_rows;
    int m_errorRow = -1;
    int m_errorColumn = -1;
    QString m_error;
};

} // namespace gpuplanner::ui
