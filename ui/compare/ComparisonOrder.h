#pragma once
// ComparisonOrder: the rows of a plan's comparison that a view shows, in its order. A pure
// function of the plan and the view, so it runs on the plan's worker thread (PlanRunner) and the
// GUI thread only takes the result; the proxy works it out itself when the view changed since.

#include "ui/compare/ComparisonView.h"
#include "ui/compare/PlanRunner.h"

#include <vector>

namespace gpuplanner::ui {

struct ComparisonOrder
{
    ComparisonView view;    // what it was worked out for
    std::vector<int> rows;  // shown row -> option row
    std::vector<int> shown; // option row -> shown row, -1 when filtered out
};

// Filtered and stably sorted as QSortFilterProxyModel did: numbers as numbers, text ignoring case,
// equal rows in the plan's order.
ComparisonOrder comparisonOrder(const PlanSnapshot &snapshot, const ComparisonView &view);

} // namespace gpuplanner::ui
