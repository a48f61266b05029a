#include "ui/catalog/CalibrationsDialog.h"

#include "core/io/BoundedFile.h"
#include "ui/ThemeColors.h"
#include "ui/catalog/DroppedFiles.h"
#include "ui/catalog/RealityModels.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

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
    : QDialog(parent), m_stores(std::move(stores)), m_model(new CalibrationsModel(this)), m_view(new QTableView(this)),
      m_message(new QLabel(this)), m_error(new QLabel(this)), m_progress(new QProgressBar(this)),
      m_picker(new QWidget(this)), m_pickerText(new QLabel(m_picker)), m_gpuCombo(new QComboBox(m_picker)),
      m_retry(new QPushButton(tr("&Retry with this model"), m_picker)),
      m_import(new QPushButton(tr("&Import…"), this)), m_remove(new QPushButton(tr("Re&move"), this))
{
    setWindowTitle(tr("Calibrations"));
    setObjectName(QStringLiteral("calibrationsDialog"));
    setAcceptDrops(true);
    auto *intro = new QLabel(tr("Benchmark-probe runs on your own machines. Estimates on a measured GPU model use the "
                                "measured rates; other GPU models are scaled from the nearest run. Import the probe's "
                                "result files (.json), or drop them here. The probe: gpu-planner-cli probe --script."),
                             this);
    intro->setWordWrap(true);

    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Calibrations"));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->viewport()->setAcceptDrops(true);
    m_view->viewport()->installEventFilter(this);
    m_view->installEventFilter(this);

    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_progress->setAccessibleName(tr("Working"));
    m_progress->hide();
    m_import->setToolTip(tr("Import probe result files (.json)"));
    m_remove->setToolTip(tr("Remove the selected run (Delete)"));

    auto *tools = new QHBoxLayout;
    tools->addWidget(m_import);
    tools->addWidget(m_remove);
    tools->addStretch(1);
    tools->addWidget(m_progress);

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

    for (QLabel *l : {m_message, m_error}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->hide();
    }
    m_error->setObjectName(QStringLiteral("calibrationsError"));
    showAsProblem(m_error, true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(tools);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_error);
    layout->addWidget(m_picker);
    layout->addWidget(m_message);
    layout->addWidget(buttons);

    connect(m_import, &QPushButton::clicked, this, &CalibrationsDialog::chooseFiles);
    connect(m_remove, &QPushButton::clicked, this, &CalibrationsDialog::removeSelected);
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
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &CalibrationsDialog::updateButtons);
    connect(m_model, &QAbstractItemModel::modelReset, this, &CalibrationsDialog::updateButtons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateButtons();
    resize(1040, 440);
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
    start(Job{});
}

void CalibrationsDialog::importFiles(const QStringList &paths, const QString &gpuOverride)
{
    if (!paths.isEmpty())
        start(Job{paths, gpuOverride, 0});
}

void CalibrationsDialog::removeSelected()
{
    const QModelIndexList rows = m_view->selectionModel() ? m_view->selectionModel()->selectedRows() : QModelIndexList();
    if (rows.isEmpty() || m_busy)
        return;
    const core::Calibration c = m_model->calibrations().at(rows.constFirst().row());
    const QString what = c.gpuId.isEmpty() ? tr("the host-CPU run") : c.gpuId;
    auto *box = new QMessageBox(QMessageBox::Question, tr("Remove calibration"),
                                tr("Remove calibration %1 (%2 on %3, measured %4)?")
                                    .arg(c.id)
                                    .arg(c.probe.deviceLabel(), c.probe.host,
                                         c.probe.startedAt.toString(QStringLiteral("yyyy-MM-dd"))),
                                QMessageBox::Yes | QMessageBox::Cancel, this);
    box->setInformativeText(tr("Estimates on %1 go back to the documented defaults, or to the nearest other run.")
                                .arg(what));
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    const qint64 id = c.id;
    connect(box, &QMessageBox::buttonClicked, this, [this, box, id](QAbstractButton *button) {
        if (box->standardButton(button) == QMessageBox::Yes)
            start(Job{{}, {}, id});
    });
    box->open();
}

void CalibrationsDialog::chooseFiles()
{
    auto *dialog = new QFileDialog(this, tr("Import probe results"), QString(),
                                   tr("Probe results (*.json);;All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFiles);
    connect(dialog, &QFileDialog::filesSelected, this, [this](const QStringList &files) { importFiles(files); });
    dialog->open();
}

void CalibrationsDialog::start(const Job &job)
{
    if (m_busy) {
        m_queued.append(job);
        return;
    }
    QString what;
    if (!job.paths.isEmpty()) {
        what = job.paths.size() == 1 ? tr("Importing %1…").arg(QFileInfo(job.paths.constFirst()).fileName())
                                     : tr("Importing %1 files…").arg(job.paths.size());
        m_error->clear();
        m_error->hide();
    } else if (job.removeId > 0) {
        what = tr("Removing calibration %1…").arg(job.removeId);
    }
    setBusy(true, what);
    auto *watcher = new QFutureWatcher<Outcome>(this);
    const bool importing = !job.paths.isEmpty();
    const bool removing = job.removeId > 0;
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, importing, removing] {
        watcher->deleteLater();
        const Outcome out = watcher->result();
        setBusy(false);
        if (out.listError.isEmpty())
            m_model->setCalibrations(out.list);
        QStringList errors;
        for (const Problem &p : out.problems) {
            errors.append(tr("Not imported: %1").arg(p.message));
            if (p.offerPick)
                m_pendingPick.append({p.path, p.gpuName});
        }
        if (!out.removeError.isEmpty())
            errors.append(tr("Not removed: %1").arg(out.removeError));
        if (!out.listError.isEmpty() && out.problems.isEmpty())
            errors.append(tr("The stored runs cannot be read: %1").arg(out.listError));
        if (!errors.isEmpty()) {
            // Earlier problems of the same batch stay readable under the new ones.
            const QString before = m_error->text();
            m_error->setText(before.isEmpty() ? errors.join(u'\n') : before + u'\n' + errors.join(u'\n'));
            m_error->show();
        }
        QStringList done = out.imported;
        if (removing && out.removeError.isEmpty())
            done.append(tr("Calibration removed; estimates no longer use it."));
        m_message->setText(done.join(u'\n'));
        m_message->setVisible(!done.isEmpty());
        showPicker();
        if (out.changed)
            Q_EMIT calibrationsChanged();
        if (importing)
            Q_EMIT importFinished(out.problems.isEmpty() && out.changed);
        else if (removing)
            Q_EMIT removeFinished(out.removeError.isEmpty());
        else
            Q_EMIT listLoaded();
        if (!m_queued.isEmpty())
            start(m_queued.takeFirst());
    });
    watcher->setFuture(QtConcurrent::run(runJob, m_stores, job.paths, job.gpuOverride, job.removeId));
}

void CalibrationsDialog::setBusy(bool busy, const QString &what)
{
    m_busy = busy;
    m_progress->setVisible(busy);
    if (busy && !what.isEmpty()) {
        m_message->setText(what);
        m_message->show();
    }
    m_retry->setEnabled(!busy);
    updateButtons();
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
    m_import->setEnabled(true); // while busy, imports queue up
    m_remove->setEnabled(!m_busy && m_view->selectionModel() && m_view->selectionModel()->hasSelection());
}

void CalibrationsDialog::dragEnterEvent(QDragEnterEvent *event)
{
    if (!droppedFiles(event->mimeData(), {QStringLiteral("json")}).isEmpty())
        event->acceptProposedAction();
    else
        event->ignore();
}

void CalibrationsDialog::dragMoveEvent(QDragMoveEvent *event)
{
    if (!droppedFiles(event->mimeData(), {QStringLiteral("json")}).isEmpty())
        event->acceptProposedAction();
    else
        event->ignore();
}

void CalibrationsDialog::dropEvent(QDropEvent *event)
{
    const QStringList files = droppedFiles(event->mimeData(), {QStringLiteral("json")});
    if (files.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    importFiles(files);
}

bool CalibrationsDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport()) {
        switch (event->type()) {
        case QEvent::DragEnter: dragEnterEvent(static_cast<QDragEnterEvent *>(event)); return true;
        case QEvent::DragMove: dragMoveEvent(static_cast<QDragMoveEvent *>(event)); return true;
        case QEvent::Drop: dropEvent(static_cast<QDropEvent *>(event)); return true;
        default: break;
        }
    } else if (watched == m_view && event->type() == QEvent::KeyPress
               && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Delete) {
        removeSelected();
        return true;
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace gpuplanner::ui
