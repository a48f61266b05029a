#pragma once
// CalibrationsDialog: the benchmark-probe runs stored in the catalog (Catalog ▸ Calibrations…):
// lists them, imports probe results (Import… or .json files dropped on it) and removes them,
// all through core::RealityStore on a worker thread. A refused file is named with the store's
// reason; a run whose GPU the catalog does not know can be retried with a catalog GPU model.

#include "core/catalog/RealityStore.h"
#include "ui/catalog/ImportListDialog.h"

class QComboBox;
class QLabel;
class QPushButton;
class QWidget;

namespace gpuplanner::ui {

class CalibrationsModel;

class CalibrationsDialog : public ImportListDialog
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
    void importFiles(const QStringList &paths, const QString &gpuOverride);
    void importFiles(const QStringList &paths) override { importFiles(paths, {}); }

    CalibrationsModel *model() const { return m_model; }
    QWidget *gpuPicker() const { return m_picker; }
    QComboBox *gpuCombo() const { return m_gpuCombo; }
    QPushButton *retryButton() const { return m_retry; }

Q_SIGNALS:
    // Runs were added or removed: the catalog (and the plans) should be reloaded.
    void calibrationsChanged();

protected:
    Removal removal(int row) override;
    void updateButtons() override;

private:
    // Imports these, removes this run (removeId > 0), then re-reads the list.
    Work work(const QStringList &paths, const QString &gpuOverride, qint64 removeId);
    void showPicker();

    core::RealityStoreFactory m_stores;
    CalibrationsModel *m_model;
    QWidget *m_picker;
    QLabel *m_pickerText;
    QComboBox *m_gpuCombo;
    QPushButton *m_retry;
    QStringList m_gpuIds;
    // Files refused for their GPU name, waiting for the user to pick the model: path, reported name.
    QList<std::pair<QString, QString>> m_pendingPick;
};

} // namespace gpuplanner::ui
