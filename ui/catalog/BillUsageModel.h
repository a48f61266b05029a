#pragma once
// BillUsageModel: a thin table adapter over a bill's repriced GPU usage (core::actuals::BillReprice):
// one row per month, instance, region and billing model, with what was paid and what on-demand,
// spot, the provider's cheapest commitment and the cheapest other provider would have cost. Each
// price's source and date are its cell's tooltip.

#include "core/actuals/BillReprice.h"

#include <QAbstractTableModel>

namespace gpuplanner::ui {

class BillUsageModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Month, Gpu, Provider, Instance, Region, Billing, GpuHours, Paid, OnDemand, Spot, Commitment, Other, ColumnCount };

    explicit BillUsageModel(QObject *parent = nullptr);

    void setRows(QList<core::actuals::RepricedRow> rows);
    const QList<core::actuals::RepricedRow> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<core::actuals::RepricedRow> m_rows;
};

} // namespace gpuplanner::ui
