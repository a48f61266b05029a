#include "ui/scenario/ScenarioFiles.h"

#include "ui/StandardKeys.h"

#include "ui/scenario/ScenarioDocument.h"

#include <QAction>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>

namespace gpuplanner::ui {

namespace {

const QString kRecentKey = QStringLiteral("scenarios/recentFiles");

QString droppedScenario(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile() && ScenarioDocument::isScenarioFileName(url.toLocalFile()))
            return url.toLocalFile();
    }
    return {};
}

} // namespace

ScenarioFiles::ScenarioFiles(ScenarioDocument *doc, QWidget *window, QSettings *settings)
    : QObject(window), m_doc(doc), m_window(window), m_settings(settings),
      m_new(new QAction(tr("&New"), this)), m_open(new QAction(tr("&Open…"), this)),
      m_save(new QAction(tr("&Save"), this)), m_saveAs(new QAction(tr("Save &As…"), this)),
      m_recentMenu(new QMenu(tr("Open &Recent"), window))
{
    m_new->setShortcut(QKeySequence::New);
    m_open->setShortcut(QKeySequence::Open);
    m_save->setShortcut(QKeySequence::Save);
    m_saveAs->setShortcut(standardKey(QKeySequence::SaveAs, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
    m_new->setStatusTip(tr("Start a new scenario from sensible defaults"));
    m_open->setStatusTip(tr("Open a scenario file (.gpuplan or .json)"));
    m_save->setStatusTip(tr("Save the scenario"));
    m_saveAs->setStatusTip(tr("Save the scenario under a new name"));
    connect(m_new, &QAction::triggered, this, &ScenarioFiles::newScenario);
    connect(m_open, &QAction::triggered, this, &ScenarioFiles::open);
    connect(m_save, &QAction::triggered, this, &ScenarioFiles::save);
    connect(m_saveAs, &QAction::triggered, this, &ScenarioFiles::saveAs);
    if (m_settings)
        m_recent = m_settings->value(kRecentKey).toStringList();
    rebuildRecentMenu();
    window->setAcceptDrops(true);
    window->installEventFilter(this);
}

bool ScenarioFiles::newScenario()
{
    if (!maybeSave())
        return false;
    m_doc->newScenario();
    return true;
}

bool ScenarioFiles::open()
{
    if (!maybeSave())
        return false;
    const QString dir = m_doc->filePath().isEmpty()
                            ? QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
                            : QFileInfo(m_doc->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open scenario"), dir,
                                                      tr("Scenarios (*.gpuplan *.json);;All files (*)"));
    return !path.isEmpty() && load(path);
}

bool ScenarioFiles::openFile(const QString &path)
{
    return maybeSave() && load(path);
}

bool ScenarioFiles::load(const QString &path)
{
    QString error;
    if (!m_doc->open(path, &error)) {
        // A file that cannot be opened is no longer a recent scenario: out of the menu and the
        // settings before the message shows, so it is not offered again.
        if (removeRecent(path))
            error += QStringLiteral("\n\n") + tr("“%1” is removed from Open Recent.").arg(QFileInfo(path).fileName());
        QMessageBox::warning(m_window, tr("Cannot open the scenario"), error);
        return false;
    }
    addRecent(path);
    return true;
}

bool ScenarioFiles::save()
{
    return m_doc->filePath().isEmpty() ? saveAs() : saveTo(m_doc->filePath());
}

bool ScenarioFiles::saveAs()
{
    QString suggested = m_doc->filePath();
    if (suggested.isEmpty()) {
        QString name = m_doc->value(QStringLiteral("name")).toString().trimmed().toLower();
        name.replace(QLatin1Char(' '), QLatin1Char('-'));
        suggested = QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                        .filePath((name.isEmpty() ? QStringLiteral("scenario") : name) + QStringLiteral(".gpuplan"));
    }
    // .gpuplan is the scenario's own type (the desktop opens it on a double click); it is
    // the same JSON, so a .json name stays a scenario too.
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save scenario"), suggested,
                                                tr("GPU Planner scenarios (*.gpuplan);;JSON scenarios (*.json);;All files (*)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".gpuplan");
    return saveTo(path);
}

bool ScenarioFiles::saveTo(const QString &path)
{
    QString error;
    if (!m_doc->save(path, &error)) {
        QMessageBox::warning(m_window, tr("Cannot save the scenario"), error);
        return false;
    }
    addRecent(path);
    return true;
}

bool ScenarioFiles::maybeSave()
{
    m_doc->commitPendingEdits();
    if (!m_doc->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        m_window, tr("Unsaved changes"),
        tr("“%1” has changes that are not saved. Save them first?").arg(m_doc->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void ScenarioFiles::addRecent(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_recent.removeAll(absolute);
    m_recent.prepend(absolute);
    while (m_recent.size() > kMaxRecent)
        m_recent.removeLast();
    if (m_settings)
        m_settings->setValue(kRecentKey, m_recent);
    rebuildRecentMenu();
}

bool ScenarioFiles::removeRecent(const QString &path)
{
    if (m_recent.removeAll(QFileInfo(path).absoluteFilePath()) == 0)
        return false;
    if (m_settings)
        m_settings->setValue(kRecentKey, m_recent);
    rebuildRecentMenu();
    return true;
}

void ScenarioFiles::rebuildRecentMenu()
{
    m_recentMenu->clear();
    for (int i = 0; i < m_recent.size(); ++i) {
        const QString path = m_recent.at(i);
        QAction *a = m_recentMenu->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        a->setStatusTip(path);
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { openFile(path); });
    }
    if (m_recent.isEmpty())
        m_recentMenu->addAction(tr("No recent scenarios"))->setEnabled(false);
    m_recentMenu->setEnabled(true);
}

bool ScenarioFiles::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::DragEnter) {
        auto *e = static_cast<QDragEnterEvent *>(event);
        if (!droppedScenario(e->mimeData()).isEmpty()) {
            e->acceptProposedAction();
            return true;
        }
    } else if (watched == m_window && event->type() == QEvent::Drop) {
        auto *e = static_cast<QDropEvent *>(event);
        const QString path = droppedScenario(e->mimeData());
        if (!path.isEmpty()) {
            e->acceptProposedAction();
            openFile(path);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace gpuplanner::ui
