#include "ui/compare/ComparisonOrder.h"

#include "ui/compare/ComparisonModel.h"

#include <algorithm>

namespace gpuplanner::ui {

namespace {

bool accepted(const PlanSnapshot &s, int row, const ComparisonView &view)
{
    const core::PlanOption &o = s.result.options[std::size_t(row)];
    if (view.usableOnly && !o.usable())
        return false;
    if (view.paretoOnly && !o.pareto)
        return false;
    if (!view.provider.isEmpty() && s.offer(o).provider != view.provider)
        return false;
    if (view.billing && o.billing != *view.billing)
        return false;
    if (view.text.isEmpty())
        return true;
    for (int c : {ComparisonModel::Provider, ComparisonModel::Instance, ComparisonModel::Gpus, ComparisonModel::Region}) {
        if (ComparisonModel::display(s, o, c).toString().contains(view.text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

template <typename Key, typename Less>
void sortRows(std::vector<int> &rows, std::vector<Key> keys, Qt::SortOrder order, Less less)
{
    // keys[i] belongs to rows[i]; sorted together, ties kept in the plan's order.
    std::vector<int> at(rows.size());
    for (std::size_t i = 0; i < at.size(); ++i)
        at[i] = int(i);
    if (order == Qt::AscendingOrder)
        std::stable_sort(at.begin(), at.end(), [&](int a, int b) { return less(keys[std::size_t(a)], keys[std::size_t(b)]); });
    else
        std::stable_sort(at.begin(), at.end(), [&](int a, int b) { return less(keys[std::size_t(b)], keys[std::size_t(a)]); });
    std::vector<int> sorted(rows.size());
    for (std::size_t i = 0; i < at.size(); ++i)
        sorted[i] = rows[std::size_t(at[i])];
    rows.swap(sorted);
}

} // namespace

ComparisonOrder comparisonOrder(const PlanSnapshot &snapshot, const ComparisonView &view)
{
    ComparisonOrder order;
    order.view = view;
    const int count = snapshot.error.isEmpty() ? int(snapshot.result.options.size()) : 0;
    order.rows.reserve(std::size_t(count));
    for (int row = 0; row < count; ++row) {
        if (accepted(snapshot, row, view))
            order.rows.push_back(row);
    }
    const int column = view.sortColumn;
    if (column >= 0 && column < ComparisonModel::ColumnCount && !order.rows.empty()) {
        if (ComparisonModel::numericSortValue(snapshot, order.rows.front(), column)) {
            std::vector<double> keys;
            keys.reserve(order.rows.size());
            for (int row : order.rows)
                keys.push_back(ComparisonModel::numericSortValue(snapshot, row, column).value_or(0));
            sortRows(order.rows, std::move(keys), view.sortOrder, std::less<double>());
        } else {
            std::vector<QString> keys;
            keys.reserve(order.rows.size());
            for (int row : order.rows)
                keys.push_back(ComparisonModel::display(snapshot, snapshot.result.options[std::size_t(row)], column).toString());
            sortRows(order.rows, std::move(keys), view.sortOrder, [](const QString &a, const QString &b) {
                return QString::compare(a, b, Qt::CaseInsensitive) < 0;
            });
        }
    }
    order.shown.assign(std::size_t(count), -1);
    for (std::size_t i = 0; i < order.rows.size(); ++i)
        order.shown[std::size_t(order.rows[i])] = int(i);
    return order;
}

} // namespace gpuplanner::ui
