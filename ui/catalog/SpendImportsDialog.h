#pragma once
// SpendImportsDialog: the billing exports imported into the catalog (Catalog ▸ Actual spend…):
// lists them, imports exports (Import… or files dropped on it) in a chosen format under a
// project, and removes them, through core::RealityStore on a worker thread. After an import it
// says what the file held: lines, billing periods, restated periods replaced, a file seen before.

#include "core/catalog/RealityStore.h"
#include "ui/catalog/ImportListDialog.h"

class QComboBox;
class QLineEdit;
class QPushButton;

namespace gpuplanner::ui {

class SpendImportsModel;

class SpendImportsDialog : public ImportListDialog
{
    Q_OBJECT

public:
    explicit SpendImportsDialog(core::RealityStoreFactory stores, QWidget *parent = nullptr);

    // The project new imports are filed under (the scenario's billing project).
    void setProject(const QString &project);
    void reload();
    // Imports the files one after another with the format and project chosen in the dialog.
    void importFiles(const QStringList &paths) override;

    SpendImportsModel *model() const { return m_model; }
    QComboBox *formatCombo() const { return m_format; }
    QLineEdit *projectEdit() const { return m_project; }
    QPushButton *analyseButton() const { return m_analyse; }

Q_SIGNALS:
    // Spend was added or removed: the catalog (and the timeline's actuals) should be reloaded.
    void spendChanged();
    // "What we ran…": the user picked a billing file to read as usage and reprice (not imported).
    void analyseRequested(const QString &path);

protected:
    Removal removal(int row) override;

private:
    // Imports these in this format under this project, removes this import (removeId > 0), then re-reads the list.
    Work work(const QStringList &paths, const QString &format, const QString &project, qint64 removeId);

    core::RealityStoreFactory m_stores;
    SpendImportsModel *m_model;
    QComboBox *m_format;
    QLineEdit *m_project;
    QPushButton *m_analyse;
};

} // namespace gpuplanner::ui
