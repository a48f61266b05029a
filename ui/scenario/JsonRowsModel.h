#pragma once
// JsonRowsModel: a JSON array of objects in a scenario (assumptions.fx, assumptions.commitments)
// as a table, one row per object and one column per key. Cells keep what was typed, valid or
// not, and a subclass names what is wrong with each; every edit is reported as the whole new
// array, so the document records it as one undoable change.

#include "ui/scenario/FieldBindings.h"

#include <QAbstractTableModel>
#include <QJsonArray>
#include <QJsonObject>

namespace gpuplanner::ui {

class JsonRowsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    struct Column
    {
        QString key;   // the JSON key the column edits
        FieldKind kind; // how typed text becomes JSON (Number keeps "abc" as text, for the loader to name)
        QString title;
        QString tip;
    };

    JsonRowsModel(QList<Column> columns, QObject *parent);

    const QJsonArray &rows() const { return m_rows; }
    // Shows rows; does nothing when they are what the model already holds (its own edit echoed back).
    void setRows(const QJsonArray &rows);
    // Appends a row and returns its index.
    int appendRow(const QJsonObject &row);
    // Removes these rows (any order, duplicates ignored) and reports one edit.
    void removeRowList(QList<int> rows);

    QString keyOf(int column) const;
    int columnOfKey(const QString &key) const; // -1 when none
    // "Row 2, Units per USD" (row 0-based; an unknown column: "Row 2").
    QString cellName(int row, int column) const;
    // What is wrong with a cell, or empty.
    virtual QString cellProblem(int row, int column) const = 0;
    // "Row 2, Units per USD: -1 is not above zero ...", for the first cell with a problem; or empty.
    QString firstProblem() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

Q_SIGNALS:
    // The user changed the table (a cell, an added or removed row); rows is the new array.
    void edited(const QJsonArray &rows);

protected:
    QJsonValue cell(int row, int column) const;
    // Re-checks every cell, for problems that depend on something outside the rows.
    void recheck();

private:
    QList<Column> m_columns;
    QJsonArray m_rows;
};

} // namespace gpuplanner::ui
