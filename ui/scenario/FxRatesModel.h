#pragma once
// FxRatesModel: the scenario's own exchange rates (the JSON array assumptions.fx) as a table
// of currency, units per USD, date and source. Cells keep what was typed, valid or not, and
// name what is wrong with them; every edit is reported as the whole new array.

#include <QAbstractTableModel>
#include <QJsonArray>
#include <QJsonObject>

namespace gpuplanner::ui {

class FxRatesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Currency, PerUsd, Date, Source, ColumnCount };

    explicit FxRatesModel(QObject *parent = nullptr);

    const QJsonArray &rates() const { return m_rates; }
    // Shows rates; does nothing when they are what the model already holds (its own edit echoed back).
    void setRates(const QJsonArray &rates);
    // Appends a row and returns its index.
    int appendRate(const QJsonObject &rate);
    // Removes these rows (any order, duplicates ignored) and reports one edit.
    void removeRates(QList<int> rows);

    // The JSON key a column edits ("per_usd"), and the column of a key (-1 when none).
    static QString keyOf(int column);
    static int columnOfKey(const QString &key);
    // "Row 2, Units per USD" (row 0-based; no column: "Row 2").
    static QString cellName(int row, int column);
    // What is wrong with a cell, or empty. Stricter than the scenario loader (ISO codes, dates),
    // so a rate that could never match a display currency is named before it silently goes unused.
    QString cellProblem(int row, int column) const;
    // "Row 2, Units per USD: -1 is not above zero ...", for the first cell with a problem; or empty.
    QString firstProblem() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

Q_SIGNALS:
    // The user changed the table (a cell, an added or removed row); rates is the new array.
    void edited(const QJsonArray &rates);

private:
    QJsonValue cell(int row, int column) const;

    QJsonArray m_rates;
};

} // namespace gpuplanner::ui
