#pragma once
// WorkloadEditor: the "workload" section of a scenario as a form: kind, model preset or a
// custom architecture, dataset size with units, precision, optimizer, fine-tune method,
// inference demand, or a throughput measured on a reference GPU. Rows that do not apply to the
// chosen kind are hidden, not cleared.

#include <QWidget>

class QFormLayout;

namespace gpuplanner::ui {

class ChoiceField;
class Field;
class LineField;
class ScenarioDocument;
class StackField;

class WorkloadEditor : public QWidget
{
    Q_OBJECT

public:
    explicit WorkloadEditor(ScenarioDocument *doc, QWidget *parent = nullptr);

    ChoiceField *kindField() const { return m_kind; }
    ChoiceField *modelField() const { return m_model; }
    LineField *tokensField() const { return m_tokens; }
    LineField *measuredRateField() const { return m_measuredRate; }
    LineField *referenceGpuField() const { return m_referenceGpu; }
    // The catalog's GPU model ids, offered as completions for the reference GPU.
    void setGpuIds(const QStringList &ids);
    LineField *itemsField() const { return m_items; }
    // Pre-training: the campaign's stack, with the measured MFU's row (StackField::mfuField).
    StackField *stackField() const { return m_stack; }

private:
    void addMeasuredRows();
    void addCampaignRows();
    void updateRows();
    LineField *line(const QString &label, const QString &key, int kind, const QString &placeholder, const QString &tip);

    ScenarioDocument *m_doc;
    QFormLayout *m_form;
    ChoiceField *m_kind;
    ChoiceField *m_method;
    ChoiceField *m_model;
    LineField *m_tokens;
    LineField *m_measuredRate = nullptr;
    LineField *m_referenceGpu = nullptr;
    LineField *m_items = nullptr;
    StackField *m_stack = nullptr;
    Field *m_precision = nullptr; // training, vision and measured
    QList<Field *> m_transformer; // pre-train, fine-tune and inference
    QList<Field *> m_custom;      // only without a preset
    QList<Field *> m_training;    // pre-train and fine-tune
    QList<Field *> m_campaign;    // pre-train: the campaign terms
    QList<Field *> m_adapter;     // LoRA and QLoRA
    QList<Field *> m_vision;
    QList<Field *> m_trainingAny; // pre-train, fine-tune and vision
    QList<Field *> m_inference;
    QList<Field *> m_measured;
};

} // namespace gpuplanner::ui
