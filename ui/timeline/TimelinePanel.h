#pragma once
// TimelinePanel: the project phases editor next to the timeline: monthly and cumulative cost
// per strategy with break-even months and the budget, and cloud against owning the hardware.

#include "ui/compare/PlanRunner.h"

#include <QWidget>

class QComboBox;
class QGridLayout;
class QLabel;
class QTableView;

namespace gpuplanner::ui {

class ActualsChart;
class OwnershipChart;
class PhasesModel;
class ScenarioDocument;
class SeriesLegend;
class TimelineChart;

class TimelinePanel : public QWidget
{
    Q_OBJECT

public:
    explicit TimelinePanel(ScenarioDocument *doc, QWidget *parent = nullptr);

    // Shows the plan's timeline: at once while the panel is on screen, else when it is next shown
    // (a hidden timeline redrawn on every edit would cost each keystroke three charts).
    void setSnapshot(const PlanSnapshotPtr &snapshot);

    PhasesModel *phases() const { return m_phases; }
    QTableView *phasesView() const { return m_view; }
    TimelineChart *monthly() const { return m_monthly; }
    TimelineChart *cumulative() const { return m_cumulative; }
    OwnershipChart *ownership() const { return m_ownership; }
    ActualsChart *actuals() const { return m_actuals; }
    QLabel *actualsSummary() const { return m_actualsSummary; }
    QLabel *notes() const { return m_notes; }
    // The instance the commitment strategies are priced on (first entry: the recommendation).
    QComboBox *pricedOn() const { return m_pricedOn; }
    SeriesLegend *legend() const { return m_legend; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showPlan(const PlanSnapshot &snapshot);
    void showActuals(const PlanSnapshot &snapshot);
    void showChoices(const PlanSnapshot &snapshot);

    PlanSnapshotPtr m_pending; // set while hidden, shown by showEvent

    PhasesModel *m_phases;
    QTableView *m_view;
    TimelineChart *m_monthly;
    TimelineChart *m_cumulative;
    OwnershipChart *m_ownership;
    ActualsChart *m_actuals;
    QLabel *m_actualsSummary;
    SeriesLegend *m_legend;
    QLabel *m_notes;
    QComboBox *m_pricedOn;
    ScenarioDocument *m_doc;
    QGridLayout *m_grid = nullptr;
};

} // namespace gpuplanner::ui
