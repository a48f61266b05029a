#pragma once
// ComparisonPanel: the plan's options in a sortable, filterable table with a column chooser,
// the recommendation and the reasons for the selected option, and the cost-vs-time and cost
// bars charts. Selection is one option id shared by the table and both charts.

#include "ui/compare/PlanRunner.h"

#include <QTimer>
#include <QWidget>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QTextBrowser;
class QLineEdit;
class QMenu;
class QTableView;
class QToolButton;
class QVBoxLayout;

namespace gpuplanner::ui {

class ColumnFitter;
class ComparisonModel;
class ComparisonProxy;
class CostBarsChart;
class CostTimeChart;

class ComparisonPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonPanel(QWidget *parent = nullptr);

    void setSnapshot(const PlanSnapshotPtr &snapshot);
    void setBusy(bool busy);
    const QString &selectedId() const { return m_selectedId; }
    // The catalog offer of the selected option; nullptr when nothing is selected.
    const core::Offer *selectedOffer() const;
    void selectId(const QString &id);
    // A new or opened scenario starts from a clean view: no filters, the plan's ranking.
    void resetView();

    QTableView *view() const { return m_view; }
    ComparisonModel *model() const { return m_model; }
    ComparisonProxy *proxy() const { return m_proxy; }
    CostTimeChart *scatter() const { return m_scatter; }
    // A notice above the plan's summary (PlanSinceBanner); the panel takes it over.
    void addBanner(QWidget *banner);
    CostBarsChart *bars() const { return m_bars; }
    QLabel *summary() const { return m_summary; }
    // Why the selected option stands where it does and everything behind it.
    QTextBrowser *details() const { return m_details; }
    QLineEdit *textFilter() const { return m_text; }
    QLabel *hiddenLabel() const { return m_hidden; }
    QToolButton *clearFiltersButton() const { return m_clearFilters; }
    QToolButton *rankOrderButton() const { return m_rankOrder; }
    QCheckBox *usableOnly() const { return m_usable; }
    QMenu *columnsMenu() const { return m_columnsMenu; }

    // Points drawn at most in the scatter (the best-ranked ones, plus every Pareto option).
    static constexpr int kScatterPoints = 400;
    static constexpr int kBars = 8;

    // Whether the charts and the details still wait to show the latest plan (see setSnapshot).
    bool planPending() const { return m_showRest.isActive(); }

Q_SIGNALS:
    void selectionChanged(const QString &id);
    // The whole plan is on screen: table, summary, charts and details.
    void planShown();

private:
    QWidget *createFilters();
    void populateProviders();
    void updateScatter();
    void updateBars();
    void updateReasons();
    void showRest();
    void onTableSelection();
    void syncTableSelection();
    // Says how many options the filters hide and whether the table is in the plan's order.
    void updateFilterState();

    ComparisonModel *m_model;
    ComparisonProxy *m_proxy;
    QTableView *m_view;
    CostTimeChart *m_scatter;
    QVBoxLayout *m_topLayout = nullptr;
    CostBarsChart *m_bars;
    QLabel *m_summary;
    QTextBrowser *m_details;
    QTimer m_showRest; // the charts and details of a new plan, once the table has been painted
    int m_restShown = 0; // of showRest's turns
    QCheckBox *m_usable = nullptr;
    QCheckBox *m_pareto = nullptr;
    QComboBox *m_provider = nullptr;
    QComboBox *m_billing = nullptr;
    QLineEdit *m_text = nullptr;
    QToolButton *m_columns = nullptr;
    QLabel *m_hidden = nullptr;       // "120 options hidden by filters"
    QToolButton *m_clearFilters = nullptr;
    QToolButton *m_rankOrder = nullptr; // back to the plan's ranking after a sort on another column
    QAction *m_tokenCostColumn = nullptr;
    bool m_servingShown = false;
    QMenu *m_columnsMenu = nullptr;
    QString m_selectedId;
    bool m_syncing = false;
    bool m_busy = false;
    ColumnFitter *m_columnFitter;
};

} // namespace gpuplanner::ui
