#pragma once
// OffersPanel: the catalog's offers in a sortable table with filters for GPU, provider,
// billing model and free text. First brick of the catalog view.

#include "core/catalog/CatalogInfo.h"
#include "core/catalog/GpuModel.h"
#include "core/catalog/Offer.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace gpuplanner::ui {

class OffersFilterProxy;
class OffersTableModel;

class OffersPanel : public QWidget
{
    Q_OBJECT

public:
    explicit OffersPanel(QWidget *parent = nullptr);

    void setCatalog(const QList<core::Offer> &offers, const QList<core::GpuModel> &gpus,
                    const core::CatalogInfo &info);

    QTableView *view() const { return m_view; }
    OffersTableModel *model() const { return m_model; }
    OffersFilterProxy *proxy() const { return m_proxy; }
    QComboBox *gpuFilter() const { return m_gpu; }
    QComboBox *providerFilter() const { return m_provider; }
    QComboBox *billingFilter() const { return m_billing; }
    QComboBox *termFilter() const { return m_term; }
    QLineEdit *textFilter() const { return m_text; }

private:
    void applyFilters();
    void updateCount();

    OffersTableModel *m_model;
    OffersFilterProxy *m_proxy;
    QTableView *m_view;
    QComboBox *m_gpu;
    QComboBox *m_provider;
    QComboBox *m_billing;
    QComboBox *m_term;
    QLineEdit *m_text;
    QLabel *m_count;
};

} // namespace gpuplanner::ui
