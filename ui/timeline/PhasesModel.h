#pragma once
// PhasesModel: the scenario's project phases as an editable table, a thin adapter over the
// "phases" array of the ScenarioDocument; every edit is one undoable document command.

#include <QAbstractTableModel>
#include <QJsonArray>

namespace gpuplanner::ui {

class ScenarioDocument;

class PhasesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Name, Start, Months, Load, Amount, Spot, ColumnCount };

    explicit PhasesModel(ScenarioDocument *doc, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void addPhase();
    void removePhase(int row);

    static QStringList loadIds(); // gpu_hours_per_month, gpus, main_run
    static QString loadText(const QString &id);

    // The column the document's error points at in this row ("phases[2].months": Months), or -1:
    // the table shows the loader's words on that cell, where the value was typed.
    int errorColumn(int row) const;
    // constraints.billing allows spot (or names no billing model at all).
    bool planAllowsSpot() const;

private:
    void reload();
    static QString loadOf(const QJsonObject &phase);

    ScenarioDocument *m_doc;
    QJsonArray m_phases;
    QString m_errorPath; // the document's, as last shown
};

} // namespace gpuplanner::ui
