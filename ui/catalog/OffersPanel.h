#pragma once
// OffersPanel: the catalog's offers in a sortable table with filters for GPU, provider,
// billing model and free text. First brick of the catalog view. The table is filled when the
// panel is first shown (or first asked for), not when the catalog arrives: sorting every offer
// would otherwise hold the GUI thread at launch, before the plan a user sees first.

#include "core/catalog/CatalogInfo.h"
#include "core/catalog/GpuModel.h"
#include "core/catalog/Offer.h"

#include <QWidget>

#include <optional>

class QCheckBox;
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

    QTableView *view() const { return filled()->m_view; }
    OffersTableModel *model() const { return filled()->m_model; }
    OffersFilterProxy *proxy() const { return filled()->m_proxy; }
    QComboBox *gpuFilter() const { return filled()->m_gpu; }
    QComboBox *providerFilter() const { return filled()->m_provider; }
    QComboBox *billingFilter() const { return filled()->m_billing; }
    QComboBox *termFilter() const { return filled()->m_term; }
    QLineEdit *textFilter() const { return filled()->m_text; }
    QCheckBox *fractionalFilter() const { return filled()->m_fractional; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    struct PendingCatalog
    {
        QList<core::Offer> offers;
        QList<core::GpuModel> gpus;
        core::CatalogInfo info;
    };
    // The panel with a catalog that arrived while it was hidden put in its table.
    const OffersPanel *filled() const;
    void fill(const PendingCatalog &catalog);
    void applyFilters();
    void updateCount();

    std::optional<PendingCatalog> m_pending;

    OffersTableModel *m_model;
    OffersFilterProxy *m_proxy;
    QTableView *m_view;
    QComboBox *m_gpu;
    QComboBox *m_provider;
    QComboBox *m_billing;
    QComboBox *m_term;
    QLineEdit *m_text;
    QLabel *m_count;
    QCheckBox *m_fractional;
};

} // namespace gpuplanner::ui
