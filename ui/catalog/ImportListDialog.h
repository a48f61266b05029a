#pragma once
// ImportListDialog: what the calibrations and billing-import dialogs share: a table of stored
// items, files imported through Import… or dropped on the dialog, Remove (or Delete) after a
// confirmation, and store jobs run one after another off the GUI thread with a busy indicator.
// Each subclass brings its model, its own controls and all its words, translated in its context.

#include <QDialog>

#include <functional>

class QAbstractItemModel;
class QLabel;
class QLayout;
class QProgressBar;
class QPushButton;
class QTableView;

namespace gpuplanner::ui {

class ImportListDialog : public QDialog
{
    Q_OBJECT

public:
    // Imports the files one after another, off the GUI thread; importFinished reports.
    virtual void importFiles(const QStringList &paths) = 0;
    // Asks, then removes the selected row; removeFinished reports.
    void removeSelected();

    QTableView *view() const { return m_view; }
    QLabel *messageLabel() const { return m_message; }
    QLabel *errorLabel() const { return m_error; }
    QPushButton *importButton() const { return m_import; }
    QPushButton *removeButton() const { return m_remove; }
    // The busy indicator; a percentage while a job reports how far it has read.
    QProgressBar *progressBar() const { return m_progress; }
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    void listLoaded();
    void importFinished(bool ok);
    void removeFinished(bool ok);
    // A job added or removed stored items.
    void contentsChanged();

protected:
    // The subclass's file kinds and words for the shared parts (it calls tr(), so they keep its context).
    struct Setup
    {
        QStringList suffixes; // what a drop may bring: lower case, no dot
        QString chooserTitle, chooserFilter;
        QString importText, importTip, removeText, removeTip;
        QString viewName, workingName;     // accessible names of the table and the busy indicator
        QString importing, importingFiles; // "Importing %1…" (a file name), "Importing %1 files…" (a count)
        QString errorObjectName;
        bool keepBatchErrors = false; // a job's errors add to those shown since the import started
    };
    enum class Kind { List, Import, Remove };
    // What a finished job shows.
    struct Report
    {
        QStringList errors;   // one line each in the error label
        QString message;      // the message label (hidden when empty)
        bool changed = false; // stored items were added or removed
        bool ok = true;       // the import or removal did all it was asked
    };
    // Work runs on a worker thread and must not touch the dialog; the Present it returns runs on
    // the GUI thread, puts the outcome into the model and says what to show.
    using Present = std::function<Report()>;
    using Work = std::function<Present()>;
    struct Removal
    {
        QString title, question, details; // the confirmation
        QString busy;                     // shown while it runs
        Work work;
    };

    ImportListDialog(Setup setup, QWidget *parent);

    // Completes the dialog; the subclass constructor calls it once, after creating its controls
    // (which thus come before Import and Remove in the tab order). options: beside the buttons;
    // belowError: between the error and the message; either may be null.
    void arrange(QAbstractItemModel *model, const QString &intro, QLayout *options, QWidget *belowError);
    // Runs work now or, while busy, after the jobs asked for before it.
    void start(Kind kind, const QString &busy, Work work);
    // For work on the worker thread: reports how far a file has been read, and the busy
    // indicator becomes a bar with its percentage (posted to the GUI thread when it changes).
    std::function<bool(qint64 done, qint64 total)> progressReporter();
    QString importingText(const QStringList &paths) const;
    virtual Removal removal(int row) = 0;
    virtual void updateButtons();

    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Job
    {
        Kind kind;
        QString busy;
        Work work;
    };
    void chooseFiles();
    void setBusy(bool busy, const QString &what = {});
    void showProgress(int percent);
    void finish(Kind kind, const Report &report);

    const Setup m_setup;
    QTableView *m_view;
    QLabel *m_message;
    QLabel *m_error;
    QProgressBar *m_progress;
    QPushButton *m_import = nullptr;
    QPushButton *m_remove = nullptr;
    QList<Job> m_queued; // work asked for while busy
    bool m_busy = false;
};

} // namespace gpuplanner::ui
