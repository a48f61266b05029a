#pragma once
// GpuSpecsModel: a thin read-only table over the catalog's GPU models and their published
// specs. SortRole gives raw numbers (unknown specs sort as -1 and show empty, never 0).

#include "core/catalog/GpuModel.h"

#include <QAbstractTableModel>
#include <QList>

namespace gpuplanner::ui {

class GpuSpecsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Id,
        Vendor,
        Kind,
        Architecture,
        FormFactor,
        Memory,
        Bandwidth,
        Fp16,
        Bf16,
        Fp8,
        Fp32,
        Interconnect,
        Tdp,
        Year,
        Source,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;

    explicit GpuSpecsModel(QObject *parent = nullptr);

    void setGpus(QList<core::GpuModel> gpus);
    const core::GpuModel &gpuAt(int row) const { return m_gpus.at(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<core::GpuModel> m_gpus;
};

} // namespace gpuplanner::ui
