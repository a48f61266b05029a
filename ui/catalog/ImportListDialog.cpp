#include "ui/catalog/ImportListDialog.h"

#include "ui/ThemeColors.h"
#include "ui/catalog/DroppedFiles.h"

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
#include <QTableView>
#include <QVBoxLayout>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <memory>

namespace gpuplanner::ui {

ImportListDialog::ImportListDialog(Setup setup, QWidget *parent)
    : QDialog(parent), m_setup(std::move(setup)), m_view(new QTableView(this)), m_message(new QLabel(this)),
      m_error(new QLabel(this)), m_progress(new QProgressBar(this))
{
    setAcceptDrops(true);
    m_view->setAccessibleName(m_setup.viewName);
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
    m_progress->setAccessibleName(m_setup.workingName);
    m_progress->hide();

    for (QLabel *l : {m_message, m_error}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->hide();
    }
    m_error->setObjectName(m_setup.errorObjectName);
    showAsProblem(m_error, true);
}

void ImportListDialog::arrange(QAbstractItemModel *model, const QString &intro, QLayout *options,
                               QWidget *belowError)
{
    auto *introLabel = new QLabel(intro, this);
    introLabel->setWordWrap(true);
    m_view->setModel(model);
    m_import = new QPushButton(m_setup.importText, this);
    m_remove = new QPushButton(m_setup.removeText, this);
    m_import->setToolTip(m_setup.importTip);
    m_remove->setToolTip(m_setup.removeTip);

    auto *tools = new QHBoxLayout;
    // Beside a form of options the buttons line up with its last row.
    const Qt::Alignment align = options ? Qt::AlignBottom : Qt::Alignment();
    if (options)
        tools->addLayout(options);
    tools->addWidget(m_import, 0, align);
    tools->addWidget(m_remove, 0, align);
    tools->addStretch(1);
    tools->addWidget(m_progress, 0, align);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(introLabel);
    layout->addLayout(tools);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_error);
    if (belowError)
        layout->addWidget(belowError);
    layout->addWidget(m_message);
    layout->addWidget(buttons);

    connect(m_import, &QPushButton::clicked, this, &ImportListDialog::chooseFiles);
    connect(m_remove, &QPushButton::clicked, this, &ImportListDialog::removeSelected);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ImportListDialog::updateButtons);
    connect(model, &QAbstractItemModel::modelReset, this, &ImportListDialog::updateButtons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateButtons();
    resize(1040, 440);
}

QString ImportListDialog::importingText(const QStringList &paths) const
{
    return paths.size() == 1 ? m_setup.importing.arg(QFileInfo(paths.constFirst()).fileName())
                             : m_setup.importingFiles.arg(paths.size());
}

void ImportListDialog::removeSelected()
{
    const QModelIndexList rows = m_view->selectionModel() ? m_view->selectionModel()->selectedRows() : QModelIndexList();
    if (rows.isEmpty() || m_busy)
        return;
    const Removal r = removal(rows.constFirst().row());
    auto *box = new QMessageBox(QMessageBox::Question, r.title, r.question, QMessageBox::Yes | QMessageBox::Cancel, this);
    box->setInformativeText(r.details);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, box, r](QAbstractButton *button) {
        if (box->standardButton(button) == QMessageBox::Yes)
            start(Kind::Remove, r.busy, r.work);
    });
    box->open();
}

void ImportListDialog::chooseFiles()
{
    auto *dialog = new QFileDialog(this, m_setup.chooserTitle, QString(), m_setup.chooserFilter);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFiles);
    connect(dialog, &QFileDialog::filesSelected, this, [this](const QStringList &files) { importFiles(files); });
    dialog->open();
}

void ImportListDialog::start(Kind kind, const QString &busy, Work work)
{
    if (m_busy) {
        m_queued.append(Job{kind, busy, std::move(work)});
        return;
    }
    if (kind == Kind::Import) {
        m_error->clear();
        m_error->hide();
    }
    setBusy(true, busy);
    auto *watcher = new QFutureWatcher<Present>(this);
    connect(watcher, &QFutureWatcher<Present>::finished, this, [this, watcher, kind] {
        watcher->deleteLater();
        const Present present = watcher->result();
        setBusy(false);
        finish(kind, present());
        if (!m_queued.isEmpty()) {
            const Job next = m_queued.takeFirst();
            start(next.kind, next.busy, next.work);
        }
    });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

std::function<bool(qint64, qint64)> ImportListDialog::progressReporter()
{
    auto shown = std::make_shared<std::atomic<int>>(-1);
    QPointer<ImportListDialog> dialog(this);
    return [dialog, shown](qint64 done, qint64 total) {
        if (total <= 0)
            return true;
        const int percent = int(std::clamp<qint64>(done * 100 / total, 0, 100));
        if (shown->exchange(percent) != percent && dialog)
            QMetaObject::invokeMethod(dialog, [dialog, percent] {
                if (dialog)
                    dialog->showProgress(percent);
            }, Qt::QueuedConnection);
        return true;
    };
}

void ImportListDialog::showProgress(int percent)
{
    if (!m_busy)
        return;
    m_progress->setTextVisible(true);
    m_progress->setRange(0, 100);
    m_progress->setValue(percent);
}

void ImportListDialog::finish(Kind kind, const Report &report)
{
    if (!report.errors.isEmpty() || !m_setup.keepBatchErrors) {
        QString errors = report.errors.join(u'\n');
        // Earlier problems of the same batch stay readable under the new ones.
        if (m_setup.keepBatchErrors && !m_error->text().isEmpty())
            errors.prepend(m_error->text() + u'\n');
        m_error->setText(errors);
        m_error->setVisible(!errors.isEmpty());
    }
    m_message->setText(report.message);
    m_message->setVisible(!report.message.isEmpty());
    if (report.changed)
        Q_EMIT contentsChanged();
    switch (kind) {
    case Kind::Import: Q_EMIT importFinished(report.ok); break;
    case Kind::Remove: Q_EMIT removeFinished(report.ok); break;
    case Kind::List: Q_EMIT listLoaded(); break;
    }
}

void ImportListDialog::setBusy(bool busy, const QString &what)
{
    m_busy = busy;
    m_progress->setRange(0, 0); // busy, until a job says how far it is
    m_progress->setTextVisible(false);
    m_progress->setVisible(busy);
    if (busy && !what.isEmpty()) {
        m_message->setText(what);
        m_message->show();
    }
    updateButtons();
}

void ImportListDialog::updateButtons()
{
    m_import->setEnabled(true); // while busy, imports queue up
    m_remove->setEnabled(!m_busy && m_view->selectionModel() && m_view->selectionModel()->hasSelection());
}

void ImportListDialog::dragEnterEvent(QDragEnterEvent *event)
{
    dragMoveEvent(event); // a QDragEnterEvent is a QDragMoveEvent; both ask the same
}

void ImportListDialog::dragMoveEvent(QDragMoveEvent *event)
{
    if (!droppedFiles(event->mimeData(), m_setup.suffixes).isEmpty())
        event->acceptProposedAction();
    else
        event->ignore();
}

void ImportListDialog::dropEvent(QDropEvent *event)
{
    const QStringList files = droppedFiles(event->mimeData(), m_setup.suffixes);
    if (files.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    importFiles(files);
}

bool ImportListDialog::eventFilter(QObject *watched, QEvent *event)
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
