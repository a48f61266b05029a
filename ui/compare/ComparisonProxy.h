#pragma once
// ComparisonProxy: sorts the comparison numerically and filters it by typed keys (usable only,
// Pareto front only, provider, billing model, free text over provider, instance and region).

#include "core/catalog/Billing.h"

#include <QSortFilterProxyModel>

#include <optional>

namespace gpuplanner::ui {

class ComparisonProxy : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit ComparisonProxy(QObject *parent = nullptr);

    void setUsableOnly(bool on);
    void setParetoOnly(bool on);
    void setProvider(const QString &provider); // empty = any
    void setBilling(std::optional<core::Billing> billing);
    void setText(const QString &text);
    bool usableOnly() const { return m_usableOnly; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    void refilter();

    bool m_usableOnly = true;
    bool m_paretoOnly = false;
    QString m_provider;
    std::optional<core::Billing> m_billing;
    QString m_text;
};

} // namespace gpuplanner::ui
