#pragma once
// ConstraintsEditor: the "constraints" section of a scenario (deadline, budget, where and how
// to rent, how many GPUs, spot tolerance) and AssumptionsEditor: the numbers the estimate and
// the costs rest on (efficiency, interruptions, checkpoints, currency, storage and egress).

#include <QWidget>

class QFormLayout;

namespace gpuplanner::ui {

class ChoiceField;
class CommitmentsField;
class FxRatesField;
class LineField;
class ScenarioDocument;

class ConstraintsEditor : public QWidget
{
    Q_OBJECT

public:
    explicit ConstraintsEditor(ScenarioDocument *doc, QWidget *parent = nullptr);
    LineField *deadlineField() const { return m_deadline; }
    LineField *budgetField() const { return m_budget; }
    ChoiceField *spotToleranceField() const { return m_spotTolerance; }
    LineField *gpusField() const { return m_gpus; }
    // The catalog's GPU model ids, completed in the GPU models field.
    void setGpuIds(const QStringList &ids);

private:
    LineField *m_deadline;
    LineField *m_budget;
    ChoiceField *m_spotTolerance;
    LineField *m_gpus = nullptr;
};

class AssumptionsEditor : public QWidget
{
    Q_OBJECT

public:
    explicit AssumptionsEditor(ScenarioDocument *doc, QWidget *parent = nullptr);
    FxRatesField *fxRatesField() const { return m_fxRates; }
    CommitmentsField *commitmentsField() const { return m_commitments; }
    LineField *servingMonthsField() const { return m_servingMonths; }

private:
    // A serving scenario's serving phase sets the months: the field shows them, disabled.
    void showServingPhase(const ScenarioDocument *doc);

    FxRatesField *m_fxRates;
    LineField *m_servingMonths;
    CommitmentsField *m_commitments;
};

} // namespace gpuplanner::ui
