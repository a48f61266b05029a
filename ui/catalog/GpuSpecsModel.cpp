#include "ui/catalog/GpuSpecsModel.h"

#include <QLocale>

namespace gpuplanner::ui {

namespace {

std::optional<double> number(const core::GpuModel &g, int column)
{
    switch (column) {
    case GpuSpecsModel::Memory: return g.memoryGib;
    case GpuSpecsModel::Bandwidth: return g.memoryBandwidthGbs;
    case GpuSpecsModel::Fp16: return g.fp16Tflops;
    case GpuSpecsModel::Bf16: return g.bf16Tflops;
    case GpuSpecsModel::Fp8: return g.fp8Tflops;
    case GpuSpecsModel::Fp32: return g.fp32Tflops;
    case GpuSpecsModel::Tdp: return g.tdpW;
    case GpuSpecsModel::Year:
        return g.releaseYear ? std::optional<double>(*g.releaseYear) : std::nullopt;
    default: return std::nullopt;
    }
}

bool isNumeric(int column)
{
    return column == GpuSpecsModel::Memory || column == GpuSpecsModel::Bandwidth || column == GpuSpecsModel::Fp16
           || column == GpuSpecsModel::Bf16
           || column == GpuSpecsModel::Fp8 || column == GpuSpecsModel::Fp32 || column == GpuSpecsModel::Tdp
           || column == GpuSpecsModel::Year;
}

QString text(const core::GpuModel &g, int column)
{
    switch (column) {
    case GpuSpecsModel::Id: return g.id;
    case GpuSpecsModel::Vendor: return g.vendor;
    case GpuSpecsModel::Kind: return g.kind;
    case GpuSpecsModel::Architecture: return g.architecture;
    case GpuSpecsModel::FormFactor: return g.formFactor;
    case GpuSpecsModel::Interconnect: return g.interconnect;
    case GpuSpecsModel::Source: return g.source;
    default: return {};
    }
}

} // namespace

GpuSpecsModel::GpuSpecsModel(QObject *parent) : QAbstractTableModel(parent) {}

void GpuSpecsModel::setGpus(QList<core::GpuModel> gpus)
{
    beginResetModel();
    m_gpus = std::move(gpus);
    endResetModel();
}

int GpuSpecsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_gpus.size());
}

int GpuSpecsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GpuSpecsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::GpuModel &g = m_gpus.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (isNumeric(column)) {
            const auto v = number(g, column);
            if (!v)
                return QString();
            if (column == Year)
                return QString::number(int(*v));
            return QLocale().toString(*v, 'f', *v >= 100 || *v == int(*v) ? 0 : 1);
        }
        return text(g, column);
    case SortRole:
        if (isNumeric(column))
            return number(g, column).value_or(-1.0);
        return text(g, column);
    case Qt::TextAlignmentRole:
        return isNumeric(column) ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ToolTipRole:
        if (!g.note.isEmpty())
            return tr("%1: %2").arg(g.id, g.note);
        return g.specName.isEmpty() ? tr("No published specs in the catalog for %1").arg(g.id) : QVariant();
    default:
        return {};
    }
}

QVariant GpuSpecsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id: return tr("GPU");
    case Vendor: return tr("Vendor");
    case Kind: return tr("Kind");
    case Architecture: return tr("Architecture");
    case FormFactor: return tr("Form factor");
    case Memory: return tr("Memory (GiB)");
    case Bandwidth: return tr("Bandwidth (GB/s)");
    case Fp16: return tr("FP16 TFLOPS");
    case Bf16: return tr("BF16 TFLOPS");
    case Fp8: return tr("FP8 TFLOPS");
    case Fp32: return tr("FP32 TFLOPS");
    case Interconnect: return tr("Interconnect");
    case Tdp: return tr("TDP (W)");
    case Year: return tr("Year");
    case Source: return tr("Source");
    default: return {};
    }
}

} // namespace gpuplanner::ui
