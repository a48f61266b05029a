#include "ui/catalog/CalibrationsDialog.h"

#include "core/io/BoundedFile.h"
#include "ui/catalog/RealityModels.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace gpuplanner::ui {

namespace {

// As the CLI's `calibrate import`: a probe document is small.
constexpr qint64 kMaxProbeDocumentBytes = 16 * 1024 * 1024;

struct Problem
{
    QString path;
    QString message;
    bool offerPick = false; // another GPU model may make it importable
    QString gpuName;        // as the run reports it
};

struct Outcome
{
    QList<core::Calibration> list;
    QString listError;
    QStringList imported; // one sentence per stored run
    QList<Problem> problems;
    QString removeError;
    bool changed = false;
};

// The store speaks to the CLI ("pass --gpu ID"); here the picker below the message does that.
QString withoutCliAdvice(QString message)
{
    static const QRegularExpression advice(QStringLiteral("(;\\s*pass --gpu ID.*$)|(\\s*\\(pass --gpu ID\\))"));
    return message.remove(advice);
}

QString importedSentence(const core::Calibration &c)
{
    const QString file = QFileInfo(c.sourceFile).fileName();
    const QString date = c.probe.startedAt.toString(QStringLiteral("yyyy-MM-dd"));
    if (c.gpuId.isEmpty())
        return CalibrationsDialog::tr("Imported %1: a host-CPU run on %2, measured %3. It calibrates no catalog GPU.")
            .arg(file, c.probe.host, date);
    return CalibrationsDialog::tr("Imported %1: %2 on %3, measured %4. Estimates on %5 now use it; GPUs without a run "
                                  "of their own are scaled from it.")
        .arg(file, c.probe.deviceLabel(), c.probe.host, date, c.gpuId);
}

Outcome runJob(const core::RealityStoreFactory &stores, const QStringList &paths, const QString &gpuOverride,
               qint64 removeId)
{
    Outcome out;
    auto store = stores ? stores() : core::Result<std::unique_ptr<core::RealityStore>>(core::Error{
                                         CalibrationsDialog::tr("no catalog is open")});
    if (!store) {
        out.listError = store.errorMessage();
        for (const QString &path : paths)
            out.problems.append({path, store.errorMessage(), false, {}});
        return out;
    }
    core::RealityStore &s = *store.value();
    if (removeId > 0) {
        if (auto removed = s.removeCalibration(removeId); !removed)
            out.removeError = removed.errorMessage();
        else
            out.changed = true;
    }
    for (const QString &path : paths) {
        const QString name = QFileInfo(path).fileName();
        auto bytes = core::readBoundedFile(path, kMaxProbeDocumentBytes);
        if (!bytes) {
            out.problems.append({path, bytes.errorMessage(), false, {}});
            continue;
        }
        auto stored = s.importCalibration(bytes.value(), name, gpuOverride);
        if (!stored) {
            Problem p{path, stored.errorMessage(), false, {}};
            if (p.message.contains(QLatin1String("pass --gpu ID"))) {
                if (auto probe = core::parseProbeResult(bytes.value(), name); probe && !probe.value().isCpu()) {
                    p.offerPick = true;
                    p.gpuName = probe.value().gpuName;
                }
                p.message = withoutCliAdvice(p.message);
            }
            out.problems.append(p);
            continue;
        }
        out.changed = true;
        out.imported.append(importedSentence(stored.value()));
    }
    auto list = s.calibrations();
    if (!list)
        out.listError = list.errorMessage();
    else
        out.list = std::move(list).value();
    return out;
}

// The catalog id that looks like the reported name ("NVIDIA H100 80GB HBM3": an H100 id).
int likelyGpu(const QStringList &ids, const QString &reported)
{
    const QString name = reported.toUpper();
    for (int i = 0; i < ids.size(); ++i) {
        const QString family = ids.at(i).section(u'-', 0, 0).toUpper();
        if (family.size() >= 2 && name.contains(family))
            return i;
    }
    return 0;
}

} // namespace

CalibrationsDialog::CalibrationsDialog(core::RealityStoreFactory stores, QWidget *parent)
    : ImportListDialog({.suffixes = {QStringLiteral("json")},
                        .chooserTitle = tr("Import probe results"),
                        .chooserFilter = tr("Probe results (*.json);;All files (*)"),
                        .importText = tr("&Import…"),
                        .importTip = tr("Import probe result files (.json)"),
                        .removeText = tr("Re&move"),
                        .removeTip = tr("Remove the selected run (Delete)"),
                        .viewName = tr("Calibrations"),
                        .workingName = tr("Working"),
                        .importing = tr("Importing %1…"),
                        .importingFiles = tr("Importing %1 files…"),
                        .errorObjectName = QStringLiteral("calibrationsError"),
                        .keepBatchErrors = true},
                       parent),
      m_stores(std::move(stores)), m_model(new CalibrationsModel(this)), m_picker(new QWidget(this)),
      m_pickerText(new QLabel(m_picker)), m_gpuCombo(new QComboBox(m_picker)),
      m_retry(new QPushButton(tr("&Retry with this model"), m_picker))
{
    setWindowTitle(tr("Calibrations"));
    setObjectName(QStringLiteral("calibrationsDialog"));

    m_pickerText->setWordWrap(true);
    auto *gpuLabel = new QLabel(tr("&GPU model:"), m_picker);
    gpuLabel->setBuddy(m_gpuCombo);
    m_gpuCombo->setAccessibleName(tr("Catalog GPU model the run was on"));
    m_gpuCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *skip = new QPushButton(tr("&Skip"), m_picker);
    auto *pickerRow = new QHBoxLayout;
    pickerRow->addWidget(gpuLabel);
    pickerRow->addWidget(m_gpuCombo);
    pickerRow->addWidget(m_retry);
    pickerRow->addWidget(skip);
    pickerRow->addStretch(1);
    auto *pickerLayout = new QVBoxLayout(m_picker);
    pickerLayout->setContentsMargins(0, 0, 0, 0);
    pickerLayout->addWidget(m_pickerText);
    pickerLayout->addLayout(pickerRow);
    m_picker->hide();

    arrange(m_model,
            tr("Benchmark-probe runs on your own machines. Estimates on a measured GPU model use the "
               "measured rates; other GPU models are scaled from the nearest run. Import the probe's "
               "result files (.json), or drop them here. The probe: gpu-planner-cli probe --script."),
            nullptr, m_picker);
    connect(this, &ImportListDialog::contentsChanged, this, &CalibrationsDialog::calibrationsChanged);
    connect(m_retry, &QPushButton::clicked, this, [this] {
        if (m_pendingPick.isEmpty() || m_gpuCombo->currentIndex() < 0)
            return;
        const QString path = m_pendingPick.takeFirst().first;
        showPicker();
        importFiles({path}, m_gpuCombo->currentText());
    });
    connect(skip, &QPushButton::clicked, this, [this] {
        if (!m_pendingPick.isEmpty())
            m_pendingPick.removeFirst();
        showPicker();
    });
    reload();
}

void CalibrationsDialog::setGpuIds(const QStringList &ids)
{
    m_gpuIds = ids;
    const QString current = m_gpuCombo->currentText();
    m_gpuCombo->clear();
    m_gpuCombo->addItems(ids);
    if (const int i = m_gpuCombo->findText(current); i >= 0)
        m_gpuCombo->setCurrentIndex(i);
    showPicker();
}

void CalibrationsDialog::reload()
{
    start(Kind::List, {}, work({}, {}, 0));
}

void CalibrationsDialog::importFiles(const QStringList &paths, const QString &gpuOverride)
{
    if (!paths.isEmpty())
        start(Kind::Import, importingText(paths), work(paths, gpuOverride, 0));
}

ImportListDialog::Removal CalibrationsDialog::removal(int row)
{
    const core::Calibration c = m_model->calibrations().at(row);
    const QString what = c.gpuId.isEmpty() ? tr("the host-CPU run") : c.gpuId;
    return {tr("Remove calibration"),
            tr("Remove calibration %1 (%2 on %3, measured %4)?")
                .arg(c.id)
                .arg(c.probe.deviceLabel(), c.probe.host, c.probe.startedAt.toString(QStringLiteral("yyyy-MM-dd"))),
            tr("Estimates on %1 go back to the documented defaults, or to the nearest other run.").arg(what),
            tr("Removing calibration %1…").arg(c.id), work({}, {}, c.id)};
}

ImportListDialog::Work CalibrationsDialog::work(const QStringList &paths, const QString &gpuOverride, qint64 removeId)
{
    return [this, stores = m_stores, paths, gpuOverride, removeId]() -> Present {
        return [this, removeId, out = runJob(stores, paths, gpuOverride, removeId)] {
            if (out.listError.isEmpty())
                m_model->setCalibrations(out.list);
            Report report;
            for (const Problem &p : out.problems) {
                report.errors.append(tr("Not imported: %1").arg(p.message));
                if (p.offerPick)
                    m_pendingPick.append({p.path, p.gpuName});
            }
            if (!out.removeError.isEmpty())
                report.errors.append(tr("Not removed: %1").arg(out.removeError));
            if (!out.listError.isEmpty() && out.problems.isEmpty())
                report.errors.append(tr("The stored runs cannot be read: %1").arg(out.listError));
            QStringList done = out.imported;
            if (removeId > 0 && out.removeError.isEmpty())
                done.append(tr("Calibration removed; estimates no longer use it."));
            report.message = done.join(u'\n');
            report.changed = out.changed;
            report.ok = removeId > 0 ? out.removeError.isEmpty() : out.problems.isEmpty() && out.changed;
            showPicker();
            return report;
        };
    };
}

void CalibrationsDialog::showPicker()
{
    if (m_pendingPick.isEmpty() || m_gpuIds.isEmpty()) {
        m_picker->hide();
        return;
    }
    const auto &[path, reported] = m_pendingPick.constFirst();
    m_pickerText->setText(tr("%1 reports the GPU \"%2\". If the catalog has it under another name, pick the catalog "
                             "GPU model the run was on and retry.")
                              .arg(QFileInfo(path).fileName(), reported));
    m_gpuCombo->setCurrentIndex(likelyGpu(m_gpuIds, reported));
    m_picker->show();
}

void CalibrationsDialog::updateButtons()
{
    ImportListDialog::updateButtons();
    m_retry->setEnabled(!isBusy());
}

} // namespace gpuplanner::ui
