#pragma once
// OffersFilterProxy: typed filters (GPU, provider, billing, term, text, GPU slices) and numeric sorting
// over OffersTableModel.

#include "core/catalog/Billing.h"

#include <QSortFilterProxyModel>

#include <optional>

namespace gpuplanner::ui {

class OffersFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit OffersFilterProxy(QObject *parent = nullptr);

    void setGpu(const QString &gpuId);       // empty = any
    void setProvider(const QString &provider); // provider id; empty = any
    void setBilling(std::optional<core::Billing> billing);
    void setTermMonths(int months);          // commitments of this term only; 0 = any
    void setText(const QString &text);       // substring of instance type or region
    // Slices of one GPU (vGPU, fractional shapes) are shown only when asked: sorted by price they
    // would fill the top of the table with offers few plans can use.
    void setShowFractional(bool show);

    QString gpu() const { return m_gpu; }
    QString provider() const { return m_provider; }
    std::optional<core::Billing> billing() const { return m_billing; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString m_gpu;
    QString m_provider;
    std::optional<core::Billing> m_billing;
    int m_termMonths = 0;
    QString m_text;
    bool m_showFractional = false;
};

} // namespace gpuplanner::ui
