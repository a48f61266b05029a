#pragma once
// ScenarioFiles: the File menu's work for scenarios: new, open, save, save as, recent files,
// the unsaved-changes prompt and dropping scenario files on the window. Errors name the file.

#include <QObject>
#include <QStringList>

class QAction;
class QMenu;
class QSettings;
class QWidget;

namespace gpuplanner::ui {

class ScenarioDocument;

class ScenarioFiles : public QObject
{
    Q_OBJECT

public:
    // settings may be null (tests): recent files then live only as long as this object.
    ScenarioFiles(ScenarioDocument *doc, QWidget *window, QSettings *settings);

    QAction *newAction() const { return m_new; }
    QAction *openAction() const { return m_open; }
    QAction *saveAction() const { return m_save; }
    QAction *saveAsAction() const { return m_saveAs; }
    QMenu *recentMenu() const { return m_recentMenu; }
    const QStringList &recentFiles() const { return m_recent; }

    // Every way of replacing the document asks first (maybeSave) when it has unsaved edits:
    // New, Open, an example, the Welcome dialog, a recent file, a dropped file.
    bool newScenario();
    bool open();
    bool openFile(const QString &path);
    bool save();
    bool saveAs();
    bool saveTo(const QString &path);
    // Asks to save unsaved edits; false when the user cancels (the caller then keeps the document).
    bool maybeSave();

    static constexpr int kMaxRecent = 8;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool load(const QString &path); // replaces the document without asking
    void addRecent(const QString &path);
    bool removeRecent(const QString &path); // false when it was not listed
    void rebuildRecentMenu();

    ScenarioDocument *m_doc;
    QWidget *m_window;
    QSettings *m_settings;
    QAction *m_new;
    QAction *m_open;
    QAction *m_save;
    QAction *m_saveAs;
    QMenu *m_recentMenu;
    QStringList m_recent;
};

} // namespace gpuplanner::ui
