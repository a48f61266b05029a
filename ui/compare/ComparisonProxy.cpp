#include "ui/compare/ComparisonProxy.h"

#include "ui/compare/ComparisonModel.h"

namespace gpuplanner::ui {

ComparisonProxy::ComparisonProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(ComparisonModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void ComparisonProxy::refilter()
{
    // Qt 6.4 has no begin/endFilterChange; invalidateFilter() keeps the sort and the header state.
    invalidateFilter();
}

void ComparisonProxy::setUsableOnly(bool on)
{
    if (m_usableOnly != on) {
        m_usableOnly = on;
        refilter();
    }
}

void ComparisonProxy::setParetoOnly(bool on)
{
    if (m_paretoOnly != on) {
        m_paretoOnly = on;
        refilter();
    }
}

void ComparisonProxy::setProvider(const QString &provider)
{
    if (m_provider != provider) {
        m_provider = provider;
        refilter();
    }
}

void ComparisonProxy::setBilling(std::optional<core::Billing> billing)
{
    if (m_billing != billing) {
        m_billing = billing;
        refilter();
    }
}

void ComparisonProxy::setText(const QString &text)
{
    if (m_text != text) {
        m_text = text;
        refilter();
    }
}

bool ComparisonProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *m = sourceModel();
    const QModelIndex first = m->index(sourceRow, 0, sourceParent);
    if (m_usableOnly && !first.data(ComparisonModel::UsableRole).toBool())
        return false;
    if (m_paretoOnly && !first.data(ComparisonModel::ParetoRole).toBool())
        return false;
    if (!m_provider.isEmpty() && first.data(ComparisonModel::ProviderRole).toString() != m_provider)
        return false;
    if (m_billing && first.data(ComparisonModel::BillingRole).toInt() != int(*m_billing))
        return false;
    if (!m_text.isEmpty()) {
        for (int c : {ComparisonModel::Provider, ComparisonModel::Instance, ComparisonModel::Gpus, ComparisonModel::Region}) {
            if (m->index(sourceRow, c, sourceParent).data().toString().contains(m_text, Qt::CaseInsensitive))
                return true;
        }
        return false;
    }
    return true;
}

bool ComparisonProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (const auto *model = qobject_cast<const ComparisonModel *>(sourceModel())) {
        const auto l = model->numericSortValue(left.row(), left.column());
        const auto r = model->numericSortValue(right.row(), right.column());
        if (l && r)
            return *l < *r; // what the QVariant comparison below gives for numbers
    }
    const QVariant l = left.data(ComparisonModel::SortRole);
    const QVariant r = right.data(ComparisonModel::SortRole);
    if (l.typeId() == QMetaType::QString || r.typeId() == QMetaType::QString)
        return QString::compare(l.toString(), r.toString(), Qt::CaseInsensitive) < 0;
    return l.toDouble() < r.toDouble();
}

} // namespace gpuplanner::ui
