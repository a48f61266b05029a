#pragma once
// SpendImportsDialog: the billing exports imported into the catalog (Catalog ▸ Actual spend…):
// lists them, imports exports (Import… or files dropped on it) in a chosen format under a
// project, and removes them, through core::RealityStore on a worker thread. After an import it
// says what the file held: lines, billing periods, restated periods replaced, a file seen before.

#include "core/catalog/RealityStore.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace gpuplanner::ui {

class SpendImportsModel;

class SpendImportsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SpendImportsDialog(core::RealityStoreFactory stores, QWidget *parent = nullptr);

    // The project new imports are filed under (the scenario's billing project).
    void setProject(const QString &project);
    void reload();
    // Imports the files one after another with the format and project chosen in the dialog.
    void importFiles(const QStringList &paths);
    // Asks, then removes the selected import.
    void removeSelected();

    SpendImportsModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QComboBox *formatCombo() const { return m_format; }
    QLineEdit *projectEdit() const { return m_project; }
    QLabel *messageLabel() const { return m_message; }
    QLabel *errorLabel() const { return m_error; }
    QPushButton *importButton() const { return m_import; }
    QPushButton *removeButton() const { return m_remove; }
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    void listLoaded();
    void importFinished(bool ok);
    void removeFinished(bool ok);
    // Spend was added or removed: the catalog (and the timeline's actuals) should be reloaded.
    void spendChanged();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Job
    {
        QStringList paths;
        QString format = QStringLiteral("auto");
        QString project;
        qint64 removeId = 0;
    };
    void chooseFiles();
    void start(const Job &job);
    void setBusy(bool busy, const QString &what = {});
    void updateButtons();

    core::RealityStoreFactory m_stores;
    SpendImportsModel *m_model;
    QTableView *m_view;
    QComboBox *m_format;
    QLineEdit *m_project;
    QLabel *m_message;
    QLabel *m_error;
    QProgressBar *m_progress;
    QPushButton *m_import;
    QPushButton *m_remove;
    QList<Job> m_queued;
    bool m_busy = false;
};

} // namespace gpuplanner::ui
