#include "ui/timeline/PhasesModel.h"

#include "ui/ThemeColors.h"
#include "ui/scenario/FieldBindings.h"
#include "ui/scenario/JsonPath.h"
#include "ui/scenario/ScenarioDocument.h"

#include <QDate>
#include <QGuiApplication>
#include <QJsonObject>

namespace gpuplanner::ui {

PhasesModel::PhasesModel(ScenarioDocument *doc, QObject *parent) : QAbstractTableModel(parent), m_doc(doc)
{
    // An error in a phase reads "Project phases (row 2, months): ..." on the Plan tab, not its JSON path.
    doc->setFieldName(QStringLiteral("phases"), tr("Project phases"));
    connect(doc, &ScenarioDocument::changed, this, &PhasesModel::reload);
    reload();
}

void PhasesModel::reload()
{
    const QJsonArray phases = m_doc->value(QStringLiteral("phases")).toArray();
    const bool errorMoved = m_doc->errorPath() != m_errorPath;
    m_errorPath = m_doc->errorPath();
    if (phases == m_phases) {
        if (errorMoved && !m_phases.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(int(m_phases.size()) - 1, ColumnCount - 1),
                               {Qt::ToolTipRole, Qt::BackgroundRole});
        return;
    }
    if (phases.size() == m_phases.size()) {
        m_phases = phases;
        if (!m_phases.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(int(m_phases.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_phases = phases;
    endResetModel();
}

QStringList PhasesModel::loadIds()
{
    return {QStringLiteral("gpu_hours_per_month"), QStringLiteral("gpus"), QStringLiteral("main_run")};
}

QString PhasesModel::loadText(const QString &id)
{
    if (id == u"gpus")
        return tr("GPUs all month");
    if (id == u"main_run")
        return tr("The planned job");
    return tr("GPU-hours per month");
}

QString PhasesModel::loadOf(const QJsonObject &phase)
{
    if (phase.value(QStringLiteral("main_run")).toBool())
        return QStringLiteral("main_run");
    if (phase.contains(QStringLiteral("gpus")))
        return QStringLiteral("gpus");
    return QStringLiteral("gpu_hours_per_month");
}

bool PhasesModel::planAllowsSpot() const
{
    const QJsonArray billing = m_doc->value(QStringLiteral("constraints.billing")).toArray();
    return billing.isEmpty() || billing.contains(QJsonValue(QStringLiteral("spot")));
}

int PhasesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_phases.size());
}

int PhasesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PhasesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_phases.size())
        return {};
    const QJsonObject p = m_phases.at(index.row()).toObject();
    const QString load = loadOf(p);
    if (index.column() == Spot && role == Qt::CheckStateRole) {
        const bool spot = load == u"main_run" ? planAllowsSpot() : p.value(QStringLiteral("spot_allowed")).toBool();
        return spot ? Qt::Checked : Qt::Unchecked;
    }
    if (index.column() == Spot && role == Qt::ToolTipRole && load == u"main_run")
        return planAllowsSpot() ? tr("The planned job runs on spot when the plan chooses spot: spot is one of the "
                                     "billing models in Constraints. Change it there.")
                                : tr("The planned job runs on-demand: spot is not one of the billing models in "
                                     "Constraints. Change it there.");
    if ((role == Qt::ToolTipRole || role == Qt::BackgroundRole) && errorColumn(index.row()) == index.column()) {
        if (role == Qt::BackgroundRole)
            return invalidFieldColor(QGuiApplication::palette());
        return errorReasonOf(m_doc->error());
    }
    if (role == Qt::ToolTipRole && index.column() == Load)
        return tr("GPU-hours per month: a steady amount of experiments; GPUs all month: a standing cluster or "
                  "serving; the planned job: the workload at the size and speed the plan chose.");
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (Column(index.column())) {
    case Name: return p.value(QStringLiteral("name")).toString();
    case Start: return fieldText(p.value(QStringLiteral("start")));
    case Months: return fieldText(p.value(QStringLiteral("months")));
    case Load: return role == Qt::EditRole ? load : loadText(load);
    case Amount:
        if (load == u"main_run")
            return role == Qt::EditRole ? QVariant() : QVariant(tr("from the plan"));
        return fieldText(p.value(load));
    case Spot: return {};
    case ColumnCount: break;
    }
    return {};
}

int PhasesModel::errorColumn(int row) const
{
    const QString prefix = QStringLiteral("phases[%1]").arg(row);
    if (!m_errorPath.startsWith(prefix))
        return -1;
    const QString key = m_errorPath.mid(prefix.size());
    if (key.isEmpty())
        return Load; // the row as a whole: which load it carries
    if (!key.startsWith(u'.'))
        return -1; // phases[1] is not phases[12]
    const QString name = key.mid(1);
    if (name == u"name")
        return Name;
    if (name == u"start")
        return Start;
    if (name == u"months")
        return Months;
    if (name == u"spot_allowed")
        return Spot;
    return loadIds().contains(name) ? Amount : -1;
}

bool PhasesModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.row() >= m_phases.size())
        return false;
    QJsonObject p = m_phases.at(index.row()).toObject();
    const QString load = loadOf(p);
    const QString text = value.toString();
    switch (Column(index.column())) {
    case Name: p.insert(QStringLiteral("name"), text); break;
    case Start: p.insert(QStringLiteral("start"), text.trimmed()); break;
    case Months: p.insert(QStringLiteral("months"), fieldJson(FieldKind::Number, text)); break;
    case Load: {
        if (!loadIds().contains(text) || text == load)
            return false;
        const QJsonValue amount = p.value(load);
        for (const QString &id : loadIds())
            p.remove(id);
        // Keep the number across a change between hours and GPUs; the job needs none.
        p.insert(text, text == u"main_run" ? QJsonValue(true) : (amount.isDouble() ? amount : QJsonValue(1)));
        break;
    }
    case Amount:
        if (load == u"main_run")
            return false;
        p.insert(load, fieldJson(FieldKind::Number, text));
        break;
    case Spot:
        if (role != Qt::CheckStateRole)
            return false;
        p.insert(QStringLiteral("spot_allowed"), Qt::CheckState(value.toInt()) == Qt::Checked);
        break;
    case ColumnCount: return false;
    }
    QJsonArray phases = m_phases;
    phases.replace(index.row(), p);
    m_doc->setValue(QStringLiteral("phases"), phases);
    return true;
}

Qt::ItemFlags PhasesModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == Spot) {
        // The planned job's spot follows the plan's billing models (Constraints), shown, not set here.
        if (index.row() < m_phases.size() && loadOf(m_phases.at(index.row()).toObject()) == u"main_run")
            return Qt::ItemIsSelectable;
        return f | Qt::ItemIsUserCheckable;
    }
    return f | Qt::ItemIsEditable;
}

QVariant PhasesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Name: return tr("Phase");
    case Start: return tr("Start");
    case Months: return tr("Months");
    case Load: return tr("Load");
    case Amount: return tr("Amount");
    case Spot: return tr("Spot");
    case ColumnCount: break;
    }
    return {};
}

void PhasesModel::addPhase()
{
    QString start = QDate::currentDate().addMonths(1).toString(QStringLiteral("yyyy-MM"));
    if (!m_phases.isEmpty()) {
        const QJsonObject last = m_phases.last().toObject();
        const QDate d = QDate::fromString(last.value(QStringLiteral("start")).toString() + QStringLiteral("-01"),
                                          Qt::ISODate);
        if (d.isValid())
            start = d.addMonths(last.value(QStringLiteral("months")).toInt(1)).toString(QStringLiteral("yyyy-MM"));
    }
    QJsonArray phases = m_phases;
    phases.append(QJsonObject{{QStringLiteral("name"), tr("Phase %1").arg(phases.size() + 1)},
                              {QStringLiteral("start"), start},
                              {QStringLiteral("months"), 1},
                              {QStringLiteral("gpu_hours_per_month"), 100}});
    m_doc->setValue(QStringLiteral("phases"), phases);
}

void PhasesModel::removePhase(int row)
{
    if (row < 0 || row >= m_phases.size())
        return;
    QJsonArray phases = m_phases;
    phases.removeAt(row);
    m_doc->setValue(QStringLiteral("phases"), phases.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(phases));
}

} // namespace gpuplanner::ui
