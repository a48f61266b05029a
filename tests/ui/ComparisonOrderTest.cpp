// The comparison table's order (ComparisonOrder, worked out on the plan's worker) against
// QSortFilterProxyModel doing the same filter and sort the way the table did before: every
// column, both directions, each filter. And the worker's order is the one the table shows.

#include "PlanTestSupport.h"

#include "ui/compare/ComparisonModel.h"
#include "ui/compare/ComparisonOrder.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/compare/ComparisonProxy.h"
#include "ui/scenario/ScenarioDocument.h"

#include "TestWaits.h"

#include <QHeaderView>
#include <QJsonArray>
#include <QSortFilterProxyModel>
#include <QTableView>

#include <gtest/gtest.h>

using namespace gpuplanner;
using ui::ComparisonModel;

namespace {

// The reference: Qt's own sort and filter over the model's roles.
class ReferenceProxy : public QSortFilterProxyModel
{
public:
    ui::ComparisonView view;

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        const QModelIndex first = sourceModel()->index(row, 0, parent);
        if (view.usableOnly && !first.data(ComparisonModel::UsableRole).toBool())
            return false;
        if (view.paretoOnly && !first.data(ComparisonModel::ParetoRole).toBool())
            return false;
        if (!view.provider.isEmpty() && first.data(ComparisonModel::ProviderRole).toString() != view.provider)
            return false;
        if (view.billing && first.data(ComparisonModel::BillingRole).toInt() != int(*view.billing))
            return false;
        if (view.text.isEmpty())
            return true;
        for (int c : {ComparisonModel::Provider, ComparisonModel::Instance, ComparisonModel::Gpus, ComparisonModel::Region}) {
            if (sourceModel()->index(row, c, parent).data().toString().contains(view.text, Qt::CaseInsensitive))
                return true;
        }
        return false;
    }
    bool lessThan(const QModelIndex &l, const QModelIndex &r) const override
    {
        const QVariant a = l.data(ComparisonModel::SortRole);
        const QVariant b = r.data(ComparisonModel::SortRole);
        if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString)
            return QString::compare(a.toString(), b.toString(), Qt::CaseInsensitive) < 0;
        return a.toDouble() < b.toDouble();
    }
};

std::vector<int> referenceRows(ComparisonModel &model, const ui::ComparisonView &view)
{
    ReferenceProxy reference;
    reference.view = view;
    reference.setSourceModel(&model);
    if (view.sortColumn >= 0)
        reference.sort(view.sortColumn, view.sortOrder);
    std::vector<int> rows;
    for (int r = 0; r < reference.rowCount(); ++r)
        rows.push_back(reference.mapToSource(reference.index(r, 0)).row());
    return rows;
}

std::vector<int> proxyRows(ui::ComparisonProxy &proxy)
{
    std::vector<int> rows;
    for (int r = 0; r < proxy.rowCount(); ++r)
        rows.push_back(proxy.mapToSource(proxy.index(r, 0)).row());
    return rows;
}

} // namespace

TEST(ComparisonOrder, EveryColumnAndFilterSortsAsQtsOwnProxyDid)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ComparisonModel model;
    model.setSnapshot(window->planRunner()->latest());
    const ui::PlanSnapshot &s = *model.snapshot();
    ASSERT_GT(s.result.options.size(), 100u);
    ASSERT_GT(s.result.usable, 10);
    ASSERT_LT(std::size_t(s.result.usable), s.result.options.size()) << "the plan should hold unusable options too";

    QList<ui::ComparisonView> views;
    ui::ComparisonView all;
    all.usableOnly = false;
    views << ui::ComparisonView{} << all;
    ui::ComparisonView pareto;
    pareto.paretoOnly = true;
    ui::ComparisonView spot = all;
    spot.billing = core::Billing::Spot;
    ui::ComparisonView text = all;
    text.text = QStringLiteral("h100");
    ui::ComparisonView provider;
    provider.provider = s.offer(s.result.options.front()).provider;
    views << pareto << spot << text << provider;

    int compared = 0;
    for (const ui::ComparisonView &filter : views) {
        for (int column = -1; column < ComparisonModel::ColumnCount; ++column) {
            for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                ui::ComparisonView view = filter;
                view.sortColumn = column;
                view.sortOrder = order;
                const ui::ComparisonOrder got = ui::comparisonOrder(s, view);
                const std::vector<int> want = referenceRows(model, view);
                ASSERT_FALSE(want.empty()) << "column " << column << " text " << view.text.toStdString();
                EXPECT_EQ(got.rows, want) << "column " << column << " order " << int(order) << " text "
                                          << view.text.toStdString() << " billing " << view.billing.has_value();
                for (std::size_t i = 0; i < got.rows.size(); ++i)
                    ASSERT_EQ(got.shown[std::size_t(got.rows[i])], int(i));
                ++compared;
            }
        }
    }
    EXPECT_EQ(compared, views.size() * (int(ComparisonModel::ColumnCount) + 1) * 2);
}

TEST(ComparisonOrder, TheTableShowsTheOrderThePlanBroughtAndAResortReachesTheNextPlan)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    ui::ComparisonPanel *panel = window->comparison();
    QTableView *table = panel->findChild<QTableView *>();
    ASSERT_TRUE(table);
    // A person clicks the Cost header: the table sorts by cost at once.
    table->horizontalHeader()->setSortIndicator(ComparisonModel::Cost, Qt::DescendingOrder);
    ASSERT_EQ(panel->proxy()->view().sortColumn, int(ComparisonModel::Cost));
    const quint64 generation = tests::planGeneration(*window);
    window->document()->setValue(QStringLiteral("workload.tokens"), QStringLiteral("3B"));
    ASSERT_TRUE(tests::waitForPlan(*window, generation));
    const ui::PlanSnapshotPtr &latest = window->planRunner()->latest();
    // The re-plan came already in that order, and the table shows it as the reference sorts it.
    ASSERT_TRUE(latest->order);
    EXPECT_EQ(latest->order->view, panel->proxy()->view());
    ComparisonModel model;
    model.setSnapshot(latest);
    const std::vector<int> shown = proxyRows(*panel->proxy());
    EXPECT_EQ(shown, referenceRows(model, panel->proxy()->view()));
    ASSERT_GT(shown.size(), 2u);
    const auto cost = [&](int row) { return latest->result.options[std::size_t(row)].cost; };
    EXPECT_GE(cost(shown.front()), cost(shown.back()));
    // The top row a person reads is the dearest usable option.
    EXPECT_EQ(panel->proxy()->index(0, ComparisonModel::Cost).data().toString(),
              model.index(shown.front(), ComparisonModel::Cost).data().toString());
}
