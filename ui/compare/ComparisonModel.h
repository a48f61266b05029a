#pragma once
// ComparisonModel: one row per planned option (offer x billing model) of the latest plan, as a
// thin adapter over a PlanSnapshot. Sorting and filtering live in ComparisonProxy, which shows the
// rows in the order ComparisonOrder works out (on the plan's worker thread when it can).

#include "ui/compare/PlanRunner.h"

#include <QAbstractTableModel>

#include <optional>

namespace gpuplanner::ui {

class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Rank, // the plan's ranking: 1 is the recommendation, then the plan's order
        Provider,
        Instance,
        Gpus,
        Region,
        Billing,
        PricePerHour,
        Time,
        GpuHours,
        Cost,
        CostP90,
        Fits,
        Bottleneck,
        Commitment, // commitments: everything the term(s) cost, used or not, and the upfront part
        // Optional columns (hidden until chosen under Columns):
        Instances,
        Interconnect, // between GPUs, and RDMA between instances
        TimeP90,
        MeetsDeadline, // the chance of meeting the deadline
        CostPerMillionTokens, // serving: per million output tokens (and input tokens in its tooltip)
        BestCaseGpuHours,     // training: a tuned stack without incidents (GpuHours is the expected campaign)
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers for numeric columns
        OptionIdRole,
        RecommendedRole,
        ParetoRole,
        UsableRole,
        ProviderRole,
        BillingRole,
        RankRole, // position in the plan's ranking
    };

    explicit ComparisonModel(QObject *parent = nullptr);

    void setSnapshot(PlanSnapshotPtr snapshot);
    const PlanSnapshotPtr &snapshot() const { return m_snapshot; }
    const core::PlanOption *option(int row) const;
    int rowOfId(const QString &id) const;
    // SortRole of a numeric column as a number, without a QVariant (the table's order sorts
    // thousands of rows on every plan); nullopt for the text columns.
    static std::optional<double> numericSortValue(const PlanSnapshot &snapshot, int row, int column);
    // What a cell shows (DisplayRole) but for the rank column; safe on any thread.
    static QVariant display(const PlanSnapshot &snapshot, const core::PlanOption &o, int column);
    int recommendedRow() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString columnTitle(int column);
    // One ranking for the table, the bars and the headline: the recommendation is 1, the other
    // usable options follow in the plan's order; 0 for an option that cannot run.
    static int rankOf(const PlanSnapshot &snapshot, int row);
    // The first `limit` usable rows in rank order.
    static QList<int> rankedRows(const PlanSnapshot &snapshot, int limit);
    static QString bottleneckText(core::Bottleneck b);
    static QString issueText(const core::PlanOption &o);
    // 127k, 1.2M: a range's ends where the expected figure is written in full beside them.
    static QString compactNumber(double value);
    // Training: the expected GPU-hours, their P10-P90 and the best case, in words.
    static QString gpuHoursTip(const core::PlanOption &o);
    static bool serving(const PlanSnapshot &s);
    static QString billingText(const core::PlanOption &o);
    // Columns a new table hides (the Columns menu shows them).
    static bool optionalColumn(int column) { return column >= Instances && column < ColumnCount; }
    // Where a spot row's interruption rate comes from: the provider, the scenario or the default.
    QString interruptionTip(const core::PlanOption &o) const;

private:
    QVariant sortValue(const core::PlanOption &o, int column, int row) const;

    PlanSnapshotPtr m_snapshot;
};

} // namespace gpuplanner::ui
