#pragma once
// CalibrationsModel and SpendImportsModel: thin table adapters over the stored probe runs and
// billing imports (core::RealityStore's lists) for the Catalog menu's dialogs.

#include "core/catalog/RealityStore.h"

#include <QAbstractTableModel>

namespace gpuplanner::ui {

class CalibrationsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Id, Gpu, Device, Host, Measured, Bf16, Fp16, MemoryBandwidth, TrainingTokens, ColumnCount };

    explicit CalibrationsModel(QObject *parent = nullptr);

    void setCalibrations(QList<core::Calibration> calibrations);
    const QList<core::Calibration> &calibrations() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<core::Calibration> m_rows;
};

class SpendImportsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Id, File, Format, Project, Lines, Periods, ImportedAt, ColumnCount };

    explicit SpendImportsModel(QObject *parent = nullptr);

    void setImports(QList<core::SpendImportInfo> imports);
    const QList<core::SpendImportInfo> &imports() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<core::SpendImportInfo> m_rows;
};

// The words for a billing export format id (aws-cur: "AWS Cost and Usage Report").
QString billingFormatName(const QString &id);

} // namespace gpuplanner::ui
