#include "ui/catalog/BillUsageModel.h"

#include <QLocale>

namespace gpuplanner::ui {

using core::actuals::PriceQuote;
using core::actuals::RepricedRow;

namespace {

QString money(double v)
{
    return QLocale().toString(v, 'f', 2);
}

QString quoteText(const std::optional<PriceQuote> &q)
{
    if (!q)
        return QStringLiteral("–");
    return money(q->cost) + (q->olderThanBill ? QStringLiteral(" *") : QString());
}

QString quoteTip(const std::optional<PriceQuote> &q)
{
    if (!q)
        return BillUsageModel::tr("The catalog has no such price.");
    QString tip = BillUsageModel::tr("%1 %2 in %3, %4: %5 per hour\nSource: %6\nDated %7")
                      .arg(q->provider, q->instanceType, q->region, q->label, money(q->perInstanceHour), q->source, q->date);
    if (q->olderThanBill)
        tip += u'\n' + BillUsageModel::tr("This price is older than the month it prices.");
    if (!q->interruption.isEmpty())
        tip += u'\n' + q->interruption;
    return tip;
}

std::optional<PriceQuote> cheapestCommitment(const RepricedRow &r)
{
    return r.commitments.isEmpty() ? std::nullopt : std::optional<PriceQuote>(r.commitments.first());
}

} // namespace

BillUsageModel::BillUsageModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void BillUsageModel::setRows(QList<RepricedRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int BillUsageModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int BillUsageModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BillUsageModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const RepricedRow &r = m_rows.at(index.row());
    const auto &u = r.usage;
    if (role == Qt::TextAlignmentRole)
        return index.column() >= GpuHours ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case OnDemand:
            return quoteTip(r.onDemand);
        case Spot:
            return quoteTip(r.spot);
        case Commitment:
            return r.commitments.isEmpty() ? tr("The provider sells no commitment for this instance here.")
                                           : quoteTip(cheapestCommitment(r));
        case Other:
            return quoteTip(r.otherProvider);
        case Region:
            return r.note.isEmpty() ? QVariant() : QVariant(r.note);
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Month:
        return u.month;
    case Gpu:
        return tr("%1 × %2").arg(u.gpusPerInstance, 0, 'g', 4).arg(u.gpu);
    case Provider:
        return u.provider;
    case Instance:
        return u.instanceType;
    case Region:
        return u.region.isEmpty() ? tr("(not on the bill)") : u.region;
    case Billing:
        return core::actuals::pricingKindId(u.pricing);
    case GpuHours:
        return QLocale().toString(u.gpuHours, 'f', 1);
    case Paid:
        return QStringLiteral("%1 %2").arg(money(double(u.spendMicros) / 1e6), u.currency);
    case OnDemand:
        return quoteText(r.onDemand);
    case Spot:
        return quoteText(r.spot);
    case Commitment:
        return r.commitments.isEmpty() ? tr("none sold")
                                       : tr("%1 (%2)").arg(quoteText(cheapestCommitment(r)), r.commitments.first().label);
    case Other:
        return r.otherProvider ? tr("%1 (%2)").arg(quoteText(r.otherProvider), r.otherProvider->provider) : QStringLiteral("–");
    default:
        return {};
    }
}

QVariant BillUsageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Month:
        return tr("Month");
    case Gpu:
        return tr("GPUs");
    case Provider:
        return tr("Provider");
    case Instance:
        return tr("Instance");
    case Region:
        return tr("Region");
    case Billing:
        return tr("Billed as");
    case GpuHours:
        return tr("GPU-hours");
    case Paid:
        return tr("Paid");
    case OnDemand:
        return tr("On-demand (USD)");
    case Spot:
        return tr("Spot (USD)");
    case Commitment:
        return tr("Cheapest commitment sold (USD)");
    case Other:
        return tr("Other provider (USD)");
    default:
        return {};
    }
}

} // namespace gpuplanner::ui
