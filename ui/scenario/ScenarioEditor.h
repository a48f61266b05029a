#pragma once
// ScenarioEditor: the workload, constraints and assumptions forms in tabs, with a banner that
// names the current problem (the field itself shows it too) and says the plan shows the last
// valid scenario until it is fixed.

#include <QWidget>

class QLabel;
class QTabWidget;

namespace gpuplanner::ui {

class AssumptionsEditor;
class ConstraintsEditor;
class ScenarioDocument;
class WorkloadEditor;

class ScenarioEditor : public QWidget
{
    Q_OBJECT

public:
    explicit ScenarioEditor(ScenarioDocument *doc, QWidget *parent = nullptr);

    WorkloadEditor *workload() const { return m_workload; }
    ConstraintsEditor *constraints() const { return m_constraints; }
    AssumptionsEditor *assumptions() const { return m_assumptions; }
    // A problem only planning finds (a reference GPU the catalog lacks, a currency without a
    // rate): shown in the banner like a problem in the file, empty to clear.
    void setPlanError(const QString &error);
    QTabWidget *tabs() const { return m_tabs; }
    QLabel *banner() const { return m_banner; }

private:
    void updateBanner();

    ScenarioDocument *m_doc;
    QString m_planError;
    QLabel *m_banner;
    QTabWidget *m_tabs;
    WorkloadEditor *m_workload;
    ConstraintsEditor *m_constraints;
    AssumptionsEditor *m_assumptions;
};

} // namespace gpuplanner::ui
