#pragma once
// ComparisonView: how the comparison table is filtered and sorted, as plain values, so that the
// plan's worker thread can put the rows in that order before the GUI thread shows them.

#include "core/catalog/Billing.h"

#include <QMetaType>
#include <QString>

#include <optional>

namespace gpuplanner::ui {

struct ComparisonView
{
    bool usableOnly = true;
    bool paretoOnly = false;
    QString provider; // provider id; empty = any
    std::optional<core::Billing> billing;
    QString text; // matched, ignoring case, in the provider, instance, GPUs and region
    int sortColumn = -1; // ComparisonModel::Column; -1 = the plan's own order
    Qt::SortOrder sortOrder = Qt::AscendingOrder;

    friend bool operator==(const ComparisonView &a, const ComparisonView &b)
    {
        return a.usableOnly == b.usableOnly && a.paretoOnly == b.paretoOnly && a.provider == b.provider
            && a.billing == b.billing && a.text == b.text && a.sortColumn == b.sortColumn && a.sortOrder == b.sortOrder;
    }
    friend bool operator!=(const ComparisonView &a, const ComparisonView &b) { return !(a == b); }
};

} // namespace gpuplanner::ui

Q_DECLARE_METATYPE(gpuplanner::ui::ComparisonView)
