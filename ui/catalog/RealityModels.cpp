#include "ui/catalog/RealityModels.h"

#include <QLocale>

#include <algorithm>

namespace gpuplanner::ui {

namespace {

// decimals for rates of tens and more; a host CPU's fraction of a TFLOP/s keeps its digits.
QString rate(double v, int decimals)
{
    if (v <= 0)
        return QStringLiteral("–");
    return QLocale().toString(v, 'f', v < 1 ? std::max(decimals, 3) : v < 10 ? std::max(decimals, 2) : decimals);
}

QString when(const QDateTime &t)
{
    return t.isValid() ? QLocale().toString(t.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm")) : QString();
}

} // namespace

QString billingFormatName(const QString &id)
{
    if (id == u"auto")
        return SpendImportsModel::tr("Detect from the file");
    if (id == u"aws-cur")
        return SpendImportsModel::tr("AWS Cost and Usage Report");
    if (id == u"azure")
        return SpendImportsModel::tr("Azure cost details");
    if (id == u"gcp")
        return SpendImportsModel::tr("Google Cloud billing export");
    if (id == u"focus")
        return SpendImportsModel::tr("FOCUS");
    if (id == u"alibaba")
        return SpendImportsModel::tr("Alibaba Cloud bill");
    if (id == u"tencent")
        return SpendImportsModel::tr("Tencent Cloud bill");
    if (id == u"huawei")
        return SpendImportsModel::tr("Huawei Cloud bill");
    if (id == u"csv")
        return SpendImportsModel::tr("Simple spend CSV");
    return id;
}

CalibrationsModel::CalibrationsModel(QObject *parent) : QAbstractTableModel(parent) {}

void CalibrationsModel::setCalibrations(QList<core::Calibration> calibrations)
{
    beginResetModel();
    m_rows = std::move(calibrations);
    endResetModel();
}

int CalibrationsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CalibrationsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CalibrationsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::Calibration &c = m_rows.at(index.row());
    const core::ProbeResult &p = c.probe;
    if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() == Id || index.column() >= Bf16;
        return QVariant::fromValue(Qt::Alignment(number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    }
    if (role == Qt::ToolTipRole) {
        QString tip = tr("From %1, imported %2; probe %3").arg(c.sourceFile, when(c.importedAt), p.probeVersion);
        if (!p.warnings.isEmpty())
            tip += u'\n' + p.warnings.join(u'\n');
        return tip;
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Id: return QString::number(c.id);
    case Gpu: return c.gpuId.isEmpty() ? tr("host CPU") : c.gpuId;
    case Device: return p.deviceLabel();
    case Host: return p.host;
    case Measured: return when(p.startedAt);
    case Bf16: return rate(p.matmulTflops(QStringLiteral("bf16")), 1);
    case Fp16: return rate(p.matmulTflops(QStringLiteral("fp16")), 1);
    case MemoryBandwidth: return rate(p.memoryBandwidthGbs, 0);
    case TrainingTokens: return rate(p.training.tokensPerSecond, 0);
    default: return {};
    }
}

QVariant CalibrationsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Id: return tr("ID");
    case Gpu: return tr("GPU model");
    case Device: return tr("Device");
    case Host: return tr("Host");
    case Measured: return tr("Measured");
    case Bf16: return tr("bf16 TFLOP/s");
    case Fp16: return tr("fp16 TFLOP/s");
    case MemoryBandwidth: return tr("Memory GB/s");
    case TrainingTokens: return tr("Training tokens/s");
    default: return {};
    }
}

SpendImportsModel::SpendImportsModel(QObject *parent) : QAbstractTableModel(parent) {}

void SpendImportsModel::setImports(QList<core::SpendImportInfo> imports)
{
    beginResetModel();
    m_rows = std::move(imports);
    endResetModel();
}

int SpendImportsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SpendImportsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SpendImportsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::SpendImportInfo &i = m_rows.at(index.row());
    if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() == Id || index.column() == Lines;
        return QVariant::fromValue(Qt::Alignment(number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    }
    if (role == Qt::ToolTipRole && index.column() == Format)
        return i.format;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Id: return QString::number(i.id);
    case File: return i.sourceFile;
    case Format: return billingFormatName(i.format);
    case Project: return i.project.isEmpty() ? tr("(each line's tag)") : i.project;
    case Lines: return QLocale().toString(i.lines);
    case Periods: return i.periods.join(QStringLiteral(", "));
    case ImportedAt: {
        const QDateTime t = QDateTime::fromString(i.importedAt, Qt::ISODate);
        return t.isValid() ? when(t) : i.importedAt;
    }
    default: return {};
    }
}

QVariant SpendImportsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Id: return tr("ID");
    case File: return tr("File");
    case Format: return tr("Format");
    case Project: return tr("Project");
    case Lines: return tr("Lines");
    case Periods: return tr("Periods");
    case ImportedAt: return tr("Imported at");
    default: return {};
    }
}

} // namespace gpuplanner::ui
