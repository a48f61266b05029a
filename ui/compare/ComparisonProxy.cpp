#include "ui/compare/ComparisonProxy.h"

#include "ui/compare/ComparisonModel.h"

namespace gpuplanner::ui {

ComparisonProxy::ComparisonProxy(QObject *parent) : QAbstractProxyModel(parent)
{
    qRegisterMetaType<ComparisonView>();
}

void ComparisonProxy::setSourceModel(QAbstractItemModel *source)
{
    beginResetModel();
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = qobject_cast<ComparisonModel *>(source);
    Q_ASSERT(m_model || !source);
    QAbstractProxyModel::setSourceModel(m_model);
    if (m_model) {
        // The model only ever resets: a plan replaces every row.
        connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] { beginResetModel(); });
        connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
            takeOrder();
            endResetModel();
        });
        connect(m_model, &QAbstractItemModel::dataChanged, this,
                [this](const QModelIndex &, const QModelIndex &) {
                    if (rowCount() > 0)
                        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
                });
        connect(m_model, &QAbstractItemModel::headerDataChanged, this, &QAbstractItemModel::headerDataChanged);
    }
    takeOrder();
    endResetModel();
}

void ComparisonProxy::takeOrder()
{
    const PlanSnapshotPtr snapshot = m_model ? m_model->snapshot() : PlanSnapshotPtr();
    if (!snapshot) {
        m_order.reset();
        return;
    }
    if (snapshot->order && snapshot->order->view == m_view)
        m_order = snapshot->order;
    else
        m_order = std::make_shared<ComparisonOrder>(comparisonOrder(*snapshot, m_view));
}

void ComparisonProxy::setView(const ComparisonView &view)
{
    if (view == m_view)
        return;
    // Selections and the current cell follow their rows, as with any sort or filter.
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QModelIndexList sources;
    sources.reserve(before.size());
    for (const QModelIndex &i : before)
        sources.append(mapToSource(i));
    m_view = view;
    takeOrder();
    QModelIndexList after;
    after.reserve(sources.size());
    for (const QModelIndex &s : sources)
        after.append(mapFromSource(s));
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    Q_EMIT viewChanged(m_view);
}

void ComparisonProxy::setUsableOnly(bool on)
{
    ComparisonView v = m_view;
    v.usableOnly = on;
    setView(v);
}

void ComparisonProxy::setParetoOnly(bool on)
{
    ComparisonView v = m_view;
    v.paretoOnly = on;
    setView(v);
}

void ComparisonProxy::setProvider(const QString &provider)
{
    ComparisonView v = m_view;
    v.provider = provider;
    setView(v);
}

void ComparisonProxy::setBilling(std::optional<core::Billing> billing)
{
    ComparisonView v = m_view;
    v.billing = billing;
    setView(v);
}

void ComparisonProxy::setText(const QString &text)
{
    ComparisonView v = m_view;
    v.text = text;
    setView(v);
}

void ComparisonProxy::sort(int column, Qt::SortOrder order)
{
    ComparisonView v = m_view;
    v.sortColumn = column;
    v.sortOrder = order;
    setView(v);
}

QModelIndex ComparisonProxy::mapToSource(const QModelIndex &proxyIndex) const
{
    if (!m_model || !m_order || !proxyIndex.isValid() || proxyIndex.model() != this)
        return {};
    const std::size_t row = std::size_t(proxyIndex.row());
    if (row >= m_order->rows.size())
        return {};
    return m_model->index(m_order->rows[row], proxyIndex.column());
}

QModelIndex ComparisonProxy::mapFromSource(const QModelIndex &sourceIndex) const
{
    if (!m_order || !sourceIndex.isValid() || sourceIndex.model() != m_model)
        return {};
    const std::size_t row = std::size_t(sourceIndex.row());
    if (row >= m_order->shown.size() || m_order->shown[row] < 0)
        return {};
    return createIndex(m_order->shown[row], sourceIndex.column());
}

QModelIndex ComparisonProxy::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || row >= rowCount() || column < 0 || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex ComparisonProxy::parent(const QModelIndex &) const
{
    return {};
}

int ComparisonProxy::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_order ? 0 : int(m_order->rows.size());
}

int ComparisonProxy::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_model ? 0 : m_model->columnCount();
}

} // namespace gpuplanner::ui
