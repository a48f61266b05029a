#pragma once
// CalibrationsDialog: the benchmark-probe runs stored in the catalog (Catalog ▸ Calibrations…):
// lists them, imports probe results (Import… or .json files dropped on it) and removes them,
// all through core::RealityStore on a worker thread. A refused file is named with the store's
// reason; a run whose GPU the catalog does not know can be retried with a catalog GPU model.

#include "core/catalog/RealityStore.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;
class QWidget;

namespace gpuplanner::ui {

class CalibrationsModel;

class CalibrationsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit CalibrationsDialog(core::RealityStoreFactory stores, QWidget *parent = nullptr);

    // The catalog's GPU model ids, offered when a run's GPU is not one of them.
    void setGpuIds(const QStringList &ids);
    // Re-reads the stored runs (asynchronously; listLoaded reports).
    void reload();
    // Imports probe results one after another, off the GUI thread; importFinished reports.
    // gpuOverride: the catalog GPU model the runs were on ('' = from the name they report).
    void importFiles(const QStringList &paths, const QString &gpuOverride = {});
    // Asks, then removes the selected run.
    void removeSelected();

    CalibrationsModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QLabel *messageLabel() const { return m_message; }
    QLabel *errorLabel() const { return m_error; }
    QWidget *gpuPicker() const { return m_picker; }
    QComboBox *gpuCombo() const { return m_gpuCombo; }
    QPushButton *retryButton() const { return m_retry; }
    QPushButton *importButton() const { return m_import; }
    QPushButton *removeButton() const { return m_remove; }
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    void listLoaded();
    void importFinished(bool ok);
    void removeFinished(bool ok);
    // Runs were added or removed: the catalog (and the plans) should be reloaded.
    void calibrationsChanged();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Job
    {
        QStringList paths;   // import these ...
        QString gpuOverride;
        qint64 removeId = 0; // ... or remove this run; neither: only re-read the list
    };
    void chooseFiles();
    void start(const Job &job);
    void setBusy(bool busy, const QString &what = {});
    void showPicker();
    void updateButtons();

    core::RealityStoreFactory m_stores;
    CalibrationsModel *m_model;
    QTableView *m_view;
    QLabel *m_message;
    QLabel *m_error;
    QProgressBar *m_progress;
    QWidget *m_picker;
    QLabel *m_pickerText;
    QComboBox *m_gpuCombo;
    QPushButton *m_retry;
    QPushButton *m_import;
    QPushButton *m_remove;
    QStringList m_gpuIds;
    // Files refused for their GPU name, waiting for the user to pick the model: path, reported name.
    QList<std::pair<QString, QString>> m_pendingPick;
    QList<Job> m_queued; // work asked for while busy
    bool m_busy = false;
};

} // namespace gpuplanner::ui
