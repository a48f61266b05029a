#pragma once
// ComparisonProxy: the comparison table's rows filtered by typed keys (usable only, Pareto front
// only, provider, billing model, free text over provider, instance, GPUs and region) and sorted
// by a column. The order comes with the plan when the worker could work it out for the current
// view (a re-plan costs the GUI thread no sort); a changed filter or sort works it out here.

#include "ui/compare/ComparisonOrder.h"
#include "ui/compare/ComparisonView.h"

#include <QAbstractProxyModel>

#include <memory>
#include <optional>

namespace gpuplanner::ui {

class ComparisonModel;

class ComparisonProxy : public QAbstractProxyModel
{
    Q_OBJECT

public:
    explicit ComparisonProxy(QObject *parent = nullptr);

    // The source must be a ComparisonModel.
    void setSourceModel(QAbstractItemModel *source) override;

    void setUsableOnly(bool on);
    void setParetoOnly(bool on);
    void setProvider(const QString &provider); // empty = any
    void setBilling(std::optional<core::Billing> billing);
    void setText(const QString &text);
    bool usableOnly() const { return m_view.usableOnly; }
    const ComparisonView &view() const { return m_view; }

    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;

Q_SIGNALS:
    // The filter or the sort changed: the next plan is put in this order on its worker.
    void viewChanged(const gpuplanner::ui::ComparisonView &view);

private:
    void setView(const ComparisonView &view);
    void takeOrder(); // after the source's reset: the plan's order, or one worked out here

    ComparisonModel *m_model = nullptr;
    ComparisonView m_view;
    std::shared_ptr<const ComparisonOrder> m_order;
};

} // namespace gpuplanner::ui
