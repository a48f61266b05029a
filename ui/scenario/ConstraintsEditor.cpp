#include "ui/scenario/ConstraintsEditor.h"

#include "core/catalog/Billing.h"
#include "ui/catalog/BillingNames.h"
#include "ui/catalog/CompletingDelegate.h"
#include "ui/scenario/CommitmentsField.h"
#include "ui/scenario/FieldBindings.h"
#include "ui/scenario/FxRatesField.h"
#include "ui/scenario/ScenarioDocument.h"

#include <QCheckBox>
#include <QCompleter>
#include <QFormLayout>
#include <QGridLayout>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStringListModel>

namespace gpuplanner::ui {

namespace {

// Allowed billing models as check boxes; all unchecked means "any", as in the file.
class BillingField : public Field
{
public:
    BillingField(ScenarioDocument *doc, QWidget *parent) : Field(doc, QStringLiteral("constraints.billing"), parent)
    {
        auto *row = new QWidget(this);
        // Two to a line: five billing models in one line are wider than the form on a laptop.
        auto *layout = new QGridLayout(row);
        layout->setContentsMargins(0, 0, 0, 0);
        constexpr int kPerLine = 2;
        for (core::Billing billing : core::kBillings) {
            auto *box = new QCheckBox(BillingNames::billing(billing), row);
            box->setProperty("billingId", core::billingId(billing));
            layout->addWidget(box, int(m_boxes.size()) / kPerLine, int(m_boxes.size()) % kPerLine);
            m_boxes.append(box);
            connect(box, &QCheckBox::toggled, this, [this] { write(); });
        }
        layout->setColumnStretch(kPerLine, 1);
        setEditor(row);
        setFocusProxy(m_boxes.constFirst());
        refresh();
    }

protected:
    void showValue(const QJsonValue &value) override
    {
        const QJsonArray ids = value.toArray();
        for (QCheckBox *box : std::as_const(m_boxes)) {
            const QSignalBlocker block(box);
            box->setChecked(ids.isEmpty() || ids.contains(box->property("billingId").toString()));
        }
    }

private:
    void write()
    {
        QJsonArray ids;
        for (QCheckBox *box : std::as_const(m_boxes)) {
            if (box->isChecked())
                ids.append(box->property("billingId").toString());
        }
        // Everything allowed is the same as no restriction; keep the file free of it.
        m_doc->setValue(m_path, ids.size() == m_boxes.size() || ids.isEmpty() ? QJsonValue(QJsonValue::Undefined)
                                                                              : QJsonValue(ids));
    }

    QList<QCheckBox *> m_boxes;
};

} // namespace

ConstraintsEditor::ConstraintsEditor(ScenarioDocument *doc, QWidget *parent) : QWidget(parent)
{
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto line = [&](const QString &label, const char *key, FieldKind kind, const QString &placeholder,
                    const QString &tip) {
        auto *f = new LineField(doc, QStringLiteral("constraints.") + QLatin1String(key), kind, placeholder, this);
        addFieldRow(form, label, f, tip);
        return f;
    };
    m_deadline = line(tr("&Deadline:"), "deadline", FieldKind::Duration, tr("e.g. 30d, 12h; empty for none"),
                      tr("The job must finish within this time (h, d, w). Options get the chance of meeting it."));
    m_budget = line(tr("&Budget:"), "budget", FieldKind::Number, tr("in the display currency; empty for none"),
                    tr("The most the job may cost, in the display currency. Options get the chance of staying within it."));
    line(tr("Co&nfidence:"), "confidence", FieldKind::Number, tr("0.9"),
         tr("How likely (0–1) the deadline and budget must be met for an option to count as meeting them."));
    line(tr("Pro&viders:"), "providers", FieldKind::List, tr("any; e.g. aws, gcp, lambda"),
         tr("Provider ids to consider, separated by commas. Empty allows every provider."));
    line(tr("Regions:"), "regions", FieldKind::List, tr("any; e.g. us-*, europe-west4"),
         tr("Region codes to consider; * matches any text. Empty allows every region."));
    line(tr("Geographie&s:"), "geographies", FieldKind::List, tr("any; e.g. Europe, North America"),
         tr("Geographies the data may go to (data residency). Empty allows all."));
    m_gpus = line(tr("GPU models:"), "gpus", FieldKind::List, tr("any; e.g. H100, A100-80GB"),
                  tr("GPU models to consider, separated by commas: catalog ids or the names people use (H100, "
                     "A100-80GB, NVIDIA L4), completed as you type. A family name (A100, V100, H100) is every "
                     "variant of it: 40 and 80 GB, PCIe and SXM. Empty allows every GPU."));
    auto *billing = new BillingField(doc, this);
    addFieldRow(form, tr("Bi&lling models:"), billing,
                tr("Billing models to price. Allow spot to accept interruptions for a lower price; the spot risk "
                   "(P90 cost and time) is simulated from the interruption rate."));
    auto *spot = m_spotTolerance = new ChoiceField(doc, QStringLiteral("constraints.spot_max_interruptions"),
                                 {{QString(), tr("Any number of interruptions")},
                                  {QStringLiteral("3"), tr("A few: up to 3 expected")},
                                  {QStringLiteral("1"), tr("At most 1 expected")},
                                  {QStringLiteral("0"), tr("None: leave spot out")}},
                                 QString(), this);
    spot->setNumericIds(true);
    addFieldRow(form, tr("Spot tolerance:"), spot,
                tr("How many interruptions a spot run may expect (interruption rate × instances × run time). "
                   "Spot options expecting more are shown as not usable."));
    line(tr("&Max GPUs:"), "max_gpus", FieldKind::Number, tr("no limit"),
         tr("The most GPUs the job may use at once (quota, or what the code scales to)."));
    line(tr("Min GPU memory:"), "min_gpu_memory_gib", FieldKind::Number, tr("GiB per GPU; any"),
         tr("Leave out GPUs with less memory than this, in GiB per GPU."));
    addFieldRow(form, tr("Networ&k:"),
                new CheckField(doc, QStringLiteral("constraints.rdma_for_multi_node"),
                               tr("Require RDMA across instances"), true, this),
                tr("Multi-node training without InfiniBand, EFA or RoCE is usually too slow; uncheck to allow it."));
}

void AssumptionsEditor::showServingPhase(const ScenarioDocument *doc)
{
    QJsonObject phase;
    if (doc->value(QStringLiteral("workload.task")).toString() == u"inference") {
        for (const QJsonValue &v : doc->value(QStringLiteral("phases")).toArray()) {
            if (v.toObject().value(QStringLiteral("main_run")).toBool()) {
                phase = v.toObject();
                break;
            }
        }
    }
    QLineEdit *edit = m_servingMonths->edit();
    m_servingMonths->setEnabled(phase.isEmpty());
    if (phase.isEmpty()) {
        edit->setToolTip(tr("Inference: how many months of serving to price."));
        return;
    }
    const QString months = fieldText(phase.value(QStringLiteral("months")));
    const QString name = phase.value(QStringLiteral("name")).toString();
    // The phase's months, shown where a person looks for them; the field writes nothing.
    const QSignalBlocker quiet(edit);
    edit->setText(months);
    edit->setToolTip(tr("Set by the serving phase \"%1\" on the Timeline tab: %2 month(s). Change the phase's months "
                        "there; the plan and the timeline both use them.")
                         .arg(name, months));
}

void ConstraintsEditor::setGpuIds(const QStringList &ids)
{
    QLineEdit *edit = m_gpus->edit();
    if (!edit->completer()) {
        QCompleter *completer = newIdListCompleter(new QStringListModel(edit), edit);
        edit->setCompleter(completer);
        // Picking a completion sets the text without an edit signal: store it here.
        // The completer's text is the whole list with its last entry completed.
        connect(completer, qOverload<const QString &>(&QCompleter::activated), this, [this](const QString &list) {
            m_gpus->document()->setValue(m_gpus->path(), fieldJson(FieldKind::List, list));
        });
    }
    static_cast<QStringListModel *>(edit->completer()->model())->setStringList(ids);
}

AssumptionsEditor::AssumptionsEditor(ScenarioDocument *doc, QWidget *parent) : QWidget(parent)
{
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto line = [&](const QString &label, const QString &path, FieldKind kind, const QString &placeholder,
                    const QString &tip) {
        auto *f = new LineField(doc, path, kind, placeholder, this);
        addFieldRow(form, label, f, tip);
        return f;
    };
    line(tr("Scenario name:"), QStringLiteral("name"), FieldKind::Text, tr("Untitled scenario"),
         tr("A short name shown in reports and the window title."));
    line(tr("Display currency:"), QStringLiteral("display_currency"), FieldKind::Text, tr("USD"),
         tr("ISO code of the currency costs are shown in (USD, EUR, CNY…); converted with the catalog's FX rates."));
    m_fxRates = new FxRatesField(doc, this);
    addTableRow(form, tr("Exchange rates:"), m_fxRates,
                tr("Rates this scenario uses instead of the catalog's: units of a currency per US dollar, with the "
                   "rate's date and source. Currencies not listed use the catalog's stored rates (the ECB's "
                   "reference rates after a refresh)."));
    addFieldRow(form, tr("Rank &by:"),
                new ChoiceField(doc, QStringLiteral("sort"),
                                {{QStringLiteral("cost"), tr("Cost")},
                                 {QStringLiteral("time"), tr("Time")},
                                 {QStringLiteral("risk"), tr("Risk")}},
                                QStringLiteral("cost"), this),
                tr("What the recommendation optimizes among the options that meet the constraints."));
    addFieldRow(form, tr("Calibration:"),
                new CheckField(doc, QStringLiteral("calibration"), tr("Use my calibrations"), true, this),
                tr("Estimates on a GPU model you measured with the benchmark probe (Catalog ▸ Calibrations…) use the "
                   "measured rates, and other GPU models are scaled from the nearest run. Uncheck to plan with the "
                   "documented defaults."));
    line(tr("Billing pro&ject:"), QStringLiteral("project"), FieldKind::Text, tr("each line's own project tag"),
         tr("The project tag your billing exports carry for this work (Catalog ▸ Actual spend…); the timeline sets "
            "that project's actual spend against the plan."));
    line(tr("Efficiency o&verride:"), QStringLiteral("workload.mfu"), FieldKind::Number, tr("documented default"),
         tr("Fraction of peak FLOPs the job reaches (0–1), e.g. 0.4 from your own measurements."));
    line(tr("Interruption rate:"), QStringLiteral("assumptions.interruption.default_monthly"), FieldKind::Number,
         tr("0.1 = 10% per month"),
         tr("Monthly chance that a spot instance is reclaimed where no provider figure is known (0–0.999)."));
    line(tr("Checkpoint interva&l:"), QStringLiteral("assumptions.checkpoint_interval"), FieldKind::Duration,
         tr("1h"), tr("How often the job saves a checkpoint; work since the last one is lost on interruption."));
    line(tr("Restart overhead:"), QStringLiteral("assumptions.restart_overhead"), FieldKind::Duration, tr("10min"),
         tr("Time to get a replacement instance and resume after an interruption."));
    line(tr("Data &stored:"), QStringLiteral("assumptions.storage.data_gb"), FieldKind::Number, tr("GB; 0"),
         tr("Dataset kept on cloud storage during the job, in GB (priced per GB-month)."));
    line(tr("Chec&kpoints stored:"), QStringLiteral("assumptions.storage.checkpoint_gb"), FieldKind::Number,
         tr("GB; 0"), tr("Checkpoint storage in GB."));
    line(tr("Egress:"), QStringLiteral("assumptions.storage.egress_gb"), FieldKind::Number, tr("GB; 0"),
         tr("Data moved out of the cloud at the end (weights, results), in GB."));
    m_servingMonths = line(tr("Serving &months:"), QStringLiteral("assumptions.serving_months"), FieldKind::Number,
                           tr("1"), tr("Inference: how many months of serving to price."));
    // One place for how long the model is served: a serving phase on the Timeline sets it, and
    // this field then says so instead of taking a second, unused figure.
    connect(doc, &ScenarioDocument::changed, this, [this, doc] { showServingPhase(doc); });
    showServingPhase(doc);
    line(tr("Serving availability:"), QStringLiteral("assumptions.serving_availability"), FieldKind::Number,
         tr("0.999"),
         tr("Inference: share of time (0–1) the replicas the load needs must be up. Spot serving is priced with "
            "the spare replicas this takes when reclaimed ones are being replaced."));
    line(tr("Commitment use:"), QStringLiteral("assumptions.expected_utilization"), FieldKind::Number, tr("1.0"),
         tr("Share (0–1) of a reserved term you expect to use; idle reserved hours still cost."));
    m_commitments = new CommitmentsField(doc, this);
    addTableRow(form, tr("Negotiated terms:"), m_commitments,
                tr("Commitment terms a provider offered you beyond its price list: a discount off its on-demand "
                   "price or a quoted price per instance-hour, for a term in months, with where it comes from."));
}

} // namespace gpuplanner::ui
