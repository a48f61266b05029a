#pragma once
// GpuSpecsPanel: browse the catalog's GPU models and their specs, filtered by vendor, memory
// and free text, sortable by any column.

#include "core/catalog/GpuModel.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableView;

namespace gpuplanner::ui {

class GpuSpecsFilterProxy;
class GpuSpecsModel;

class GpuSpecsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit GpuSpecsPanel(QWidget *parent = nullptr);

    void setGpus(const QList<core::GpuModel> &gpus);

    QTableView *view() const { return m_view; }
    GpuSpecsModel *model() const { return m_model; }
    GpuSpecsFilterProxy *proxy() const { return m_proxy; }
    QComboBox *vendorFilter() const { return m_vendor; }
    QSpinBox *memoryFilter() const { return m_memory; }
    QLineEdit *textFilter() const { return m_text; }
    QCheckBox *specsOnlyFilter() const { return m_specsOnly; }

private:
    void updateCount();

    GpuSpecsModel *m_model;
    GpuSpecsFilterProxy *m_proxy;
    QTableView *m_view;
    QComboBox *m_vendor;
    QSpinBox *m_memory;
    QLineEdit *m_text;
    QCheckBox *m_specsOnly;
    QLabel *m_count;
};

} // namespace gpuplanner::ui
