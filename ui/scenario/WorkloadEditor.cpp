#include "ui/scenario/WorkloadEditor.h"

#include "ui/catalog/CompletingDelegate.h"
#include "ui/scenario/FieldBindings.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/StackField.h"
#include "ui/scenario/WorkloadNames.h"

#include <QComboBox>
#include <QCompleter>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QStringListModel>

#include <algorithm>

namespace gpuplanner::ui {

WorkloadEditor::WorkloadEditor(ScenarioDocument *doc, QWidget *parent)
    : QWidget(parent), m_doc(doc), m_form(new QFormLayout(this))
{
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::DontWrapRows);

    m_kind = new ChoiceField(doc, QStringLiteral("workload.task"), WorkloadNames::kinds(), QString(), this);
    m_kind->setAliases({{QStringLiteral("lora"), QStringLiteral("finetune")},
                        {QStringLiteral("qlora"), QStringLiteral("finetune")}});
    addFieldRow(m_form, tr("&Kind:"), m_kind,
                tr("What the GPUs will do: train a model from scratch, adapt an existing one, train a vision "
                   "network, serve requests, or run a job whose speed you measured on a GPU of your own."));

    m_method = new ChoiceField(doc, QStringLiteral("workload.task"), WorkloadNames::fineTuneMethods(),
                               QStringLiteral("finetune"), this);
    addFieldRow(m_form, tr("Fine-tune &method:"), m_method,
                tr("Full fine-tuning updates every weight; LoRA trains small adapters; QLoRA also keeps the base "
                   "model in 4 bits, so it needs far less memory."));

    QList<std::pair<QString, QString>> presets;
    for (const core::ModelPreset &p : doc->presets())
        presets.append({p.id, p.name});
    presets.append({QString(), tr("Custom architecture…")});
    m_model = new ChoiceField(doc, QStringLiteral("workload.model"), presets, QString(), this);
    addFieldRow(m_form, tr("Mode&l:"), m_model,
                tr("A published model whose size and shape are known, or a custom architecture described below."));
    addMeasuredRows();

    const int count = int(FieldKind::Count);
    const int number = int(FieldKind::Number);
    const int duration = int(FieldKind::Duration);
    m_custom << line(tr("Para&meters:"), QStringLiteral("params"), count, tr("e.g. 7B"),
                     tr("Total parameter count (7B, 350M). Leave empty to compute it from the shape."))
             << line(tr("Layers:"), QStringLiteral("layers"), number, tr("e.g. 32"), tr("Transformer blocks."))
             << line(tr("Hidden size:"), QStringLiteral("hidden"), number, tr("e.g. 4096"), tr("Model width (d_model)."))
             << line(tr("Attention heads:"), QStringLiteral("heads"), number, tr("e.g. 32"),
                     tr("Attention heads per layer."));
    m_transformer << line(tr("Se&quence length:"), QStringLiteral("seq_len"), number, tr("from the preset"),
                          tr("Tokens per training sequence; overrides the preset's context length."));

    m_tokens = line(tr("&Dataset tokens:"), QStringLiteral("tokens"), count, tr("e.g. 2T, 300B, 51M"),
                    tr("Tokens in one pass over the data. Units: K, M, B (or G) and T."));
    m_training << m_tokens;
    m_vision << line(tr("&Dataset samples:"), QStringLiteral("samples"), count, tr("e.g. 1.28M"),
                     tr("Images (or samples) in one pass over the data."))
             << line(tr("FLOPs per sa&mple:"), QStringLiteral("flops_per_sample"), count, tr("from the preset"),
                     tr("Forward-pass FLOPs of one sample (2 × multiply-adds); presets know it."));
    m_trainingAny << line(tr("Epoch&s:"), QStringLiteral("epochs"), number, tr("1"),
                          tr("Passes over the dataset."));

    auto *precision = new ChoiceField(doc, QStringLiteral("workload.precision"), WorkloadNames::precisions(),
                                      QStringLiteral("bf16"), this);
    addFieldRow(m_form, tr("Precisio&n:"), precision,
                tr("Number format of the training math; a measured job scales by the peak at this format. BF16 is "
                   "the usual choice; FP8 needs Hopper or newer."));
    auto *optimizer = new ChoiceField(doc, QStringLiteral("workload.optimizer"),
                                      {{QString(), tr("Default for the kind")},
                                       {QStringLiteral("adamw"), tr("AdamW")},
                                       {QStringLiteral("adam8bit"), tr("8-bit Adam")},
                                       {QStringLiteral("sgd"), tr("SGD with momentum")}},
                                      QString(), this);
    addFieldRow(m_form, tr("Optimi&zer:"), optimizer,
                tr("Decides the optimizer state kept per parameter: AdamW 12 bytes, 8-bit Adam 6, SGD 4."));
    m_precision = precision;
    m_trainingAny << optimizer;
    m_adapter << line(tr("LoRA ra&nk:"), QStringLiteral("lora_rank"), number, tr("16"),
                      tr("Rank of the adapter matrices; higher trains more parameters."));
    addCampaignRows();

    auto *weights = new ChoiceField(doc, QStringLiteral("workload.weights"),
                                    {{QStringLiteral("bf16"), tr("BF16")},
                                     {QStringLiteral("fp8"), tr("FP8")},
                                     {QStringLiteral("int8"), tr("INT8")},
                                     {QStringLiteral("int4"), tr("INT4")}},
                                    QStringLiteral("bf16"), this);
    addFieldRow(m_form, tr("Weight&s:"), weights, tr("Storage precision of the served weights."));
    m_inference << weights
                << line(tr("Prompt tokens:"), QStringLiteral("prompt_tokens"), count, tr("1000"),
                        tr("Average prompt length per request."))
                << line(tr("Output tokens:"), QStringLiteral("output_tokens"), count, tr("250"),
                        tr("Average generated tokens per request."))
                << line(tr("Requests per secon&d:"), QStringLiteral("rps"), count, tr("e.g. 5"),
                        tr("Sustained demand. Give this or output tokens per second."))
                << line(tr("Ti&me to first token:"), QStringLiteral("ttft"), duration, tr("e.g. 2s"),
                        tr("Latency target for the first token (500ms, 2s); empty for none."))
                << line(tr("Time per output token:"), QStringLiteral("tpot"), duration, tr("e.g. 50ms"),
                        tr("Latency target between output tokens; empty for none."));

    connect(doc, &ScenarioDocument::changed, this, &WorkloadEditor::updateRows);
    updateRows();
}

LineField *WorkloadEditor::line(const QString &label, const QString &key, int kind, const QString &placeholder,
                                const QString &tip)
{
    auto *f = new LineField(m_doc, QStringLiteral("workload.") + key, FieldKind(kind), placeholder, this);
    addFieldRow(m_form, label, f, tip);
    return f;
}

// What a team can say about a pre-training campaign (issue 46; core/estimate/CampaignTerms.h).
// Each unstated term shows the default the estimate takes, named as a default.
void WorkloadEditor::addCampaignRows()
{
    auto *stack = new StackField(m_doc, QStringLiteral("workload.stack"),
                                 {{QString(), tr("Generic (default)")},
                                  {QStringLiteral("tuned"), tr("Tuned at this scale")},
                                  {QStringLiteral("generic"), tr("Generic")}},
                                 tr("Measured MFU"), this);
    // No underlined letters here or on the measured MFU's row: the pre-training form uses all 26,
    // and Alt+M is Parameters' on a custom model. Tab goes from the choice to the value.
    addFieldRow(m_form, tr("Stack maturity:"), stack,
                tr("A stack already run at this scale (Megatron-Core, NeMo, torchtitan, llm-foundry, MaxText class) "
                   "reaches the tuned throughput; a generic stack, or a first time at this scale, took about a third "
                   "more GPU-hours in published campaigns. Choose Measured MFU to give the MFU your own runs of this "
                   "stack reached instead."));
    // The measured value's row: not addFieldRow, which would rename workload.stack in undo labels
    // and the banner ("Stack maturity" names the key whichever row edits it).
    MeasuredMfuField *mfu = stack->mfuField();
    auto *mfuLabel = new QLabel(tr("Measured MFU:"), this);
    mfuLabel->setBuddy(mfu->edit());
    const QString mfuTip =
        tr("Model FLOPs utilization your stack reached on comparable runs, in % of the GPUs' peak (42 %, 42 or "
           "0.42). It replaces the stack factor: the estimate runs at this rate instead of the tuned one. The "
           "scenario file keeps it as \"stack\": \"mfu=0.42\".");
    mfuLabel->setToolTip(mfuTip);
    mfu->setToolTip(mfuTip);
    mfu->edit()->setToolTip(mfuTip);
    mfu->edit()->setAccessibleName(accessibleLabelText(mfuLabel->text()));
    m_form->addRow(mfuLabel, mfu);
    connect(stack, &StackField::measuredChosenChanged, this, &WorkloadEditor::updateRows);
    m_stack = stack;
    auto *failure = new ChoiceField(m_doc, QStringLiteral("workload.failure_handling"),
                                    {{QString(), tr("Manual (default)")},
                                     {QStringLiteral("automatic"), tr("Automatic restart")},
                                     {QStringLiteral("manual"), tr("Manual")}},
                                    QString(), this);
    addFieldRow(m_form, tr("Failure reco&very:"), failure,
                tr("Whether failures are found and the job restarted by tooling. Campaigns restarted by hand trained "
                   "for 59-87 % of their wall-clock (OPT-175B, GLM-130B, BLOOM), automated ones over 90 %."));
    auto *firstRun = new ChoiceField(m_doc, QStringLiteral("workload.first_run"),
                                     {{QString(), tr("Yes (default)")},
                                      {QStringLiteral("yes"), tr("Yes")},
                                      {QStringLiteral("no"), tr("No")}},
                                     QString(), this);
    addFieldRow(m_form, tr("First run at this scale:"), firstRun,
                tr("Yes unless the team has trained this architecture with this stack at a quarter of this size or "
                   "more: first runs lose time to divergence and rewinds (OPT-175B about 10 %, GLM-130B about 7 %)."));
    auto *spare = line(tr("Stand&by capacity (%):"), QStringLiteral("spare_capacity"), int(FieldKind::Number),
                       tr("0 (default)"),
                       tr("Spare GPUs paid for the whole run, in % of those training (BLOOM reserved 8.3 %, OPT-175B "
                          "up to 15 %). They add to the GPU-hours paid, not to the time."));
    m_campaign << stack << failure << firstRun << spare;
}

void WorkloadEditor::addMeasuredRows()
{
    const int count = int(FieldKind::Count);
    m_measuredRate = line(tr("&Measured rate:"), QStringLiteral("measured_throughput"), count, tr("e.g. 3100"),
                          tr("Items (tokens or samples) per second your job reached on the reference GPUs, all of "
                             "them together (3100, 3.1K)."));
    m_referenceGpu = line(tr("Reference GPU:"), QStringLiteral("measured_gpu"), int(FieldKind::Text),
                          tr("e.g. A100-80GB"),
                          tr("The GPU the rate was measured on: a catalog id or a name such as A100-80GB, H100 or "
                             "NVIDIA A100 80GB. The Catalog tab lists the GPU models."));
    LineField *gpus = line(tr("Reference GPU count:"), QStringLiteral("measured_gpus"), int(FieldKind::Number),
                           tr("1"), tr("How many of the reference GPUs the measured rate used."));
    auto *bound = new ChoiceField(m_doc, QStringLiteral("workload.bound"),
                                  {{QStringLiteral("compute"), tr("Compute (peak FLOPS)")},
                                   {QStringLiteral("memory"), tr("Memory bandwidth")}},
                                  QStringLiteral("compute"), this);
    addFieldRow(m_form, tr("&Bound by:"), bound,
                tr("What limits the job: compute scales the rate by each GPU's peak FLOPS at the chosen precision, "
                   "memory by its memory bandwidth."));
    m_items = line(tr("Items to proce&ss:"), QStringLiteral("items"), count, tr("e.g. 2B"),
                   tr("Total tokens or samples the job has to get through. Units: K, M, B (or G) and T."));
    auto *unit = new ChoiceField(m_doc, QStringLiteral("workload.item_unit"),
                                 {{QStringLiteral("tokens"), tr("Tokens")}, {QStringLiteral("samples"), tr("Samples")}},
                                 QStringLiteral("tokens"), this);
    addFieldRow(m_form, tr("Item unit:"), unit, tr("Whether the rate and the total count tokens or samples."));
    m_measured << m_measuredRate << m_referenceGpu << gpus << bound << m_items << unit;
}

void WorkloadEditor::setGpuIds(const QStringList &ids)
{
    QLineEdit *edit = m_referenceGpu->edit();
    if (!edit->completer()) {
        QCompleter *completer = newIdCompleter(new QStringListModel(edit), edit);
        edit->setCompleter(completer);
        // Picking a completion sets the text without an edit signal: store it here.
        connect(completer, qOverload<const QString &>(&QCompleter::activated), this,
                [this](const QString &id) { m_doc->setValue(QStringLiteral("workload.measured_gpu"), id); });
    }
    static_cast<QStringListModel *>(edit->completer()->model())->setStringList(ids);
}

void WorkloadEditor::updateRows()
{
    const QString task = m_doc->value(QStringLiteral("workload.task")).toString().toLower();
    const bool fineTune = task == u"finetune" || task == u"lora" || task == u"qlora";
    const bool training = task == u"pretrain" || fineTune;
    const bool vision = task == u"vision";
    const bool inference = task == u"inference";
    const bool measured = task == u"measured";
    const bool custom = m_doc->value(QStringLiteral("workload.model")).isUndefined();
    // Hiding a row's label and field collapses it. (QFormLayout::setRowVisible in Qt 6.4.2
    // writes past its row storage in a form this long: seen under valgrind.)
    auto showRow = [this](QWidget *field, bool visible) {
        field->setVisible(visible);
        if (QWidget *label = m_form->labelForField(field))
            label->setVisible(visible);
    };
    auto show = [&showRow](const QList<Field *> &fields, bool visible) {
        for (Field *f : fields)
            showRow(f, visible || f->hasError());
    };
    showRow(m_method, fineTune);
    show({m_model}, !measured);
    // The model list offers the models this kind of work can use (and a custom transformer
    // where one makes sense).
    if (auto *list = qobject_cast<QListView *>(m_model->combo()->view())) {
        const QList<core::ModelPreset> &presets = m_doc->presets();
        for (int i = 0; i < m_model->combo()->count(); ++i) {
            const QString id = m_model->combo()->itemData(i).toString();
            const auto preset = std::find_if(presets.cbegin(), presets.cend(),
                                             [&](const core::ModelPreset &p) { return p.id == id; });
            const bool isVision = preset != presets.cend() && preset->vision;
            const bool usable = preset == presets.cend() ? !vision : isVision == vision;
            list->setRowHidden(i, !usable);
        }
    }
    show(m_transformer, training || inference);
    show(m_custom, custom && !vision && !measured);
    show(m_training, training);
    show(m_campaign, task == u"pretrain");
    MeasuredMfuField *mfu = m_stack->mfuField();
    showRow(mfu, m_stack->measuredChosen() && (task == u"pretrain" || mfu->hasError()));
    show(m_adapter, task == u"lora" || task == u"qlora");
    show(m_vision, vision);
    show(m_trainingAny, training || vision);
    show({m_precision}, training || vision || measured);
    show(m_inference, inference);
    show(m_measured, measured);
}

} // namespace gpuplanner::ui
