#include "ui/catalog/SpendImportsDialog.h"

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
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <map>

namespace gpuplanner::ui {

namespace {

// What the readers take: CSV exports, JSON API responses and NDJSON (BigQuery) exports.
const QStringList kBillingSuffixes{QStringLiteral("csv"), QStringLiteral("tsv"), QStringLiteral("txt"),
                                   QStringLiteral("json"), QStringLiteral("ndjson"), QStringLiteral("jsonl")};

struct FileResult
{
    QString path;
    QString error;
    core::SpendImportSummary summary;
};

struct Outcome
{
    QList<core::SpendImportInfo> list;
    QString listError;
    QList<FileResult> files;
    QString removeError;
    bool changed = false;
};

Outcome runJob(const core::RealityStoreFactory &stores, const QStringList &paths, const QString &formatId,
               const QString &project, qint64 removeId)
{
    Outcome out;
    auto store = stores ? stores() : core::Result<std::unique_ptr<core::RealityStore>>(core::Error{
                                         SpendImportsDialog::tr("no catalog is open")});
    if (!store) {
        out.listError = store.errorMessage();
        for (const QString &path : paths)
            out.files.append({path, store.errorMessage(), {}});
        return out;
    }
    core::RealityStore &s = *store.value();
    if (removeId > 0) {
        if (auto removed = s.removeSpendImport(removeId); !removed)
            out.removeError = removed.errorMessage();
        else
            out.changed = true;
    }
    const core::actuals::BillingFormat format =
        core::actuals::billingFormatFromId(formatId).value_or(core::actuals::BillingFormat::Auto);
    for (const QString &path : paths) {
        FileResult r{path, {}, {}};
        auto bytes = core::readBoundedFile(path, core::actuals::kMaxBillingFileBytes);
        if (!bytes) {
            r.error = bytes.errorMessage();
        } else if (auto summary = s.importSpend(bytes.value(), QFileInfo(path).fileName(), format, project); !summary) {
            r.error = summary.errorMessage();
        } else {
            r.summary = std::move(summary).value();
            out.changed = out.changed || !r.summary.duplicate;
        }
        out.files.append(r);
    }
    auto list = s.spendImports();
    if (!list)
        out.listError = list.errorMessage();
    else
        out.list = std::move(list).value();
    return out;
}

QString chargeWord(core::actuals::ChargeKind kind)
{
    using core::actuals::ChargeKind;
    switch (kind) {
    case ChargeKind::Usage: return SpendImportsDialog::tr("usage");
    case ChargeKind::Commitment: return SpendImportsDialog::tr("commitments");
    case ChargeKind::Credit: return SpendImportsDialog::tr("credits");
    case ChargeKind::Refund: return SpendImportsDialog::tr("refunds");
    case ChargeKind::Tax: return SpendImportsDialog::tr("tax");
    case ChargeKind::Other: return SpendImportsDialog::tr("other");
    }
    return {};
}

QString summaryText(const QString &path, const QString &project, const core::SpendImportSummary &o)
{
    const QString file = QFileInfo(path).fileName();
    if (o.duplicate)
        return SpendImportsDialog::tr("%1: already imported (import %2): counted once, nothing changed.")
            .arg(file)
            .arg(o.importId);
    QStringList lines;
    const QString format = billingFormatName(core::actuals::billingFormatId(o.format));
    const QString periods = o.periods.join(QStringLiteral(", "));
    lines.append(project.isEmpty()
                     ? SpendImportsDialog::tr("Imported %1 as %2 (import %3): %4 lines, periods %5.")
                           .arg(file, format)
                           .arg(o.importId)
                           .arg(o.lines)
                           .arg(periods)
                     : SpendImportsDialog::tr("Imported %1 as %2 (import %3): %4 lines, periods %5, project %6.")
                           .arg(file, format)
                           .arg(o.importId)
                           .arg(o.lines)
                           .arg(periods, project));
    if (o.replacedLines > 0)
        lines.append(SpendImportsDialog::tr("Replaced %1 lines of earlier imports for the restated periods.")
                         .arg(o.replacedLines));
    // Totals per kind and currency, to the cent.
    std::map<std::pair<int, QString>, qint64> totals;
    for (const core::actuals::SpendLine &l : o.parsed)
        totals[{int(l.kind), l.currency}] += l.amountMicros;
    QStringList parts;
    for (const auto &[key, micros] : totals)
        parts.append(SpendImportsDialog::tr("%1 %2 %3")
                         .arg(chargeWord(core::actuals::ChargeKind(key.first)), key.second,
                              QLocale().toString(double(micros) / 1e6, 'f', 2)));
    if (!parts.isEmpty())
        lines.append(SpendImportsDialog::tr("Totals: %1.").arg(parts.join(QStringLiteral("; "))));
    for (const QString &n : o.notes)
        lines.append(SpendImportsDialog::tr("Note: %1").arg(n));
    return lines.join(u'\n');
}

} // namespace

SpendImportsDialog::SpendImportsDialog(core::RealityStoreFactory stores, QWidget *parent)
    : QDialog(parent), m_stores(std::move(stores)), m_model(new SpendImportsModel(this)), m_view(new QTableView(this)),
      m_format(new QComboBox(this)), m_project(new QLineEdit(this)), m_message(new QLabel(this)),
      m_error(new QLabel(this)), m_progress(new QProgressBar(this)), m_import(new QPushButton(tr("&Import…"), this)),
      m_remove(new QPushButton(tr("Re&move"), this))
{
    setWindowTitle(tr("Actual spend"));
    setObjectName(QStringLiteral("spendImportsDialog"));
    setAcceptDrops(true);
    auto *intro = new QLabel(tr("Billing exports from your providers (AWS CUR, Azure cost details, Google Cloud, FOCUS, "
                                "Alibaba, Tencent, Huawei or a simple CSV). The timeline sets what was spent against the "
                                "plan. Import a file or drop it here; a file imported twice counts once, and a restated "
                                "billing period replaces its earlier import."),
                             this);
    intro->setWordWrap(true);

    for (const QString &id : core::actuals::billingFormatIds())
        m_format->addItem(billingFormatName(id), id);
    m_format->setCurrentIndex(m_format->findData(QStringLiteral("auto")));
    m_format->setToolTip(tr("The export's format; detected from its columns unless you pick one."));
    m_project->setPlaceholderText(tr("each line's own project tag"));
    m_project->setToolTip(tr("The project the spend belongs to; empty files each line under its own project tag."));
    m_project->setClearButtonEnabled(true);
    auto *options = new QFormLayout;
    options->addRow(tr("&Format:"), m_format);
    options->addRow(tr("&Project:"), m_project);

    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Billing imports"));
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
    m_import->setToolTip(tr("Import billing export files"));
    m_remove->setToolTip(tr("Remove the selected import (Delete)"));

    auto *tools = new QHBoxLayout;
    tools->addLayout(options);
    tools->addWidget(m_import, 0, Qt::AlignBottom);
    tools->addWidget(m_remove, 0, Qt::AlignBottom);
    tools->addStretch(1);
    tools->addWidget(m_progress, 0, Qt::AlignBottom);

    for (QLabel *l : {m_message, m_error}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->hide();
    }
    m_error->setObjectName(QStringLiteral("spendImportsError"));
    showAsProblem(m_error, true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(tools);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_error);
    layout->addWidget(m_message);
    layout->addWidget(buttons);

    connect(m_import, &QPushButton::clicked, this, &SpendImportsDialog::chooseFiles);
    connect(m_remove, &QPushButton::clicked, this, &SpendImportsDialog::removeSelected);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &SpendImportsDialog::updateButtons);
    connect(m_model, &QAbstractItemModel::modelReset, this, &SpendImportsDialog::updateButtons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateButtons();
    resize(1040, 440);
    reload();
}

void SpendImportsDialog::setProject(const QString &project)
{
    m_project->setText(project);
}

void SpendImportsDialog::reload()
{
    start(Job{});
}

void SpendImportsDialog::importFiles(const QStringList &paths)
{
    if (paths.isEmpty())
        return;
    start(Job{paths, m_format->currentData().toString(), m_project->text().trimmed(), 0});
}

void SpendImportsDialog::removeSelected()
{
    const QModelIndexList rows = m_view->selectionModel() ? m_view->selectionModel()->selectedRows() : QModelIndexList();
    if (rows.isEmpty() || m_busy)
        return;
    const core::SpendImportInfo i = m_model->imports().at(rows.constFirst().row());
    auto *box = new QMessageBox(QMessageBox::Question, tr("Remove billing import"),
                                tr("Remove billing import %1 (%2: %3 lines, periods %4)?")
                                    .arg(i.id)
                                    .arg(i.sourceFile)
                                    .arg(i.lines)
                                    .arg(i.periods.join(QStringLiteral(", "))),
                                QMessageBox::Yes | QMessageBox::Cancel, this);
    box->setInformativeText(tr("Its spend leaves the timeline's actuals; the file itself is not touched."));
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    const qint64 id = i.id;
    connect(box, &QMessageBox::buttonClicked, this, [this, box, id](QAbstractButton *button) {
        if (box->standardButton(button) == QMessageBox::Yes)
            start(Job{{}, {}, {}, id});
    });
    box->open();
}

void SpendImportsDialog::chooseFiles()
{
    auto *dialog = new QFileDialog(this, tr("Import billing exports"), QString(),
                                   tr("Billing exports (*.csv *.tsv *.txt *.json *.ndjson *.jsonl);;All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFiles);
    connect(dialog, &QFileDialog::filesSelected, this, [this](const QStringList &files) { importFiles(files); });
    dialog->open();
}

void SpendImportsDialog::start(const Job &job)
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
        what = tr("Removing billing import %1…").arg(job.removeId);
    }
    setBusy(true, what);
    auto *watcher = new QFutureWatcher<Outcome>(this);
    const bool importing = !job.paths.isEmpty();
    const bool removing = job.removeId > 0;
    const QString project = job.project;
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, importing, removing, project] {
        watcher->deleteLater();
        const Outcome out = watcher->result();
        setBusy(false);
        if (out.listError.isEmpty())
            m_model->setImports(out.list);
        QStringList errors, done;
        bool allOk = true;
        for (const FileResult &f : out.files) {
            if (!f.error.isEmpty()) {
                errors.append(tr("Not imported: %1").arg(f.error));
                allOk = false;
            } else {
                done.append(summaryText(f.path, project, f.summary));
            }
        }
        if (!out.removeError.isEmpty())
            errors.append(tr("Not removed: %1").arg(out.removeError));
        else if (removing)
            done.append(tr("Billing import removed."));
        if (!out.listError.isEmpty() && out.files.isEmpty())
            errors.append(tr("The billing imports cannot be read: %1").arg(out.listError));
        m_error->setText(errors.join(u'\n'));
        m_error->setVisible(!errors.isEmpty());
        m_message->setText(done.join(QStringLiteral("\n\n")));
        m_message->setVisible(!done.isEmpty());
        if (out.changed)
            Q_EMIT spendChanged();
        if (importing)
            Q_EMIT importFinished(allOk);
        else if (removing)
            Q_EMIT removeFinished(out.removeError.isEmpty());
        else
            Q_EMIT listLoaded();
        if (!m_queued.isEmpty())
            start(m_queued.takeFirst());
    });
    watcher->setFuture(
        QtConcurrent::run(runJob, m_stores, job.paths, job.format, job.project, job.removeId));
}

void SpendImportsDialog::setBusy(bool busy, const QString &what)
{
    m_busy = busy;
    m_progress->setVisible(busy);
    if (busy && !what.isEmpty()) {
        m_message->setText(what);
        m_message->show();
    }
    updateButtons();
}

void SpendImportsDialog::updateButtons()
{
    m_remove->setEnabled(!m_busy && m_view->selectionModel() && m_view->selectionModel()->hasSelection());
}

void SpendImportsDialog::dragEnterEvent(QDragEnterEvent *event)
{
    if (!droppedFiles(event->mimeData(), kBillingSuffixes).isEmpty())
        event->acceptProposedAction();
    else
        event->ignore();
}

void SpendImportsDialog::dragMoveEvent(QDragMoveEvent *event)
{
    if (!droppedFiles(event->mimeData(), kBillingSuffixes).isEmpty())
        event->acceptProposedAction();
    else
        event->ignore();
}

void SpendImportsDialog::dropEvent(QDropEvent *event)
{
    const QStringList files = droppedFiles(event->mimeData(), kBillingSuffixes);
    if (files.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    importFiles(files);
}

bool SpendImportsDialog::eventFilter(QObject *watched, QEvent *event)
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
