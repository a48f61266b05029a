#include "ui/catalog/OffersTableModel.h"

#include "ui/catalog/BillingNames.h"

#include "core/catalog/CatalogFormat.h"

#include <QLocale>

namespace gpuplanner::ui {

using core::Offer;

namespace {

QString price(double value)
{
    return QLocale().toString(value, 'f', value < 10 ? 4 : 2);
}

} // namespace

OffersTableModel::OffersTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void OffersTableModel::setOffers(QList<Offer> offers)
{
    beginResetModel();
    m_offers = std::move(offers);
    endResetModel();
}

int OffersTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_offers.size());
}

int OffersTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OffersTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Offer &offer = m_offers.at(index.row());
    switch (role) {
    case Qt::DisplayRole: return displayValue(offer, index.column());
    case SortRole: return sortValue(offer, index.column());
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case GpuCount:
        case GpuMemory:
        case Vcpus:
        case PricePerHour:
        case PricePerGpuHour:
        case PriceUsd:
        case Network: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default: return {};
        }
    case Qt::ToolTipRole:
        if (offer.suspect() && (index.column() == PricePerHour || index.column() == PricePerGpuHour))
            return tr("Suspect price, left out of plans unless suspect offers are included:\n%1")
                .arg(offer.suspectReasons.join(u'\n'));
        if (index.column() == Billing && !offer.interruptionBucket.isEmpty())
            return tr("Interrupted %1 of the time a month (%2)").arg(offer.interruptionBucket, offer.interruptionSource);
        if (index.column() == Source)
            return offer.source;
        if (index.column() == PricePerHour && offer.medianPricePerHour)
            return tr("Lowest of several zones or hosts; median %1 %2")
                .arg(price(*offer.medianPricePerHour), offer.currency);
        if (index.column() == Region)
            return offer.regionNameZh.isEmpty() ? offer.regionName
                                                : QStringLiteral("%1 · %2").arg(offer.regionName, offer.regionNameZh);
        return {};
    default: return {};
    }
}

QVariant OffersTableModel::displayValue(const Offer &o, int column) const
{
    switch (column) {
    case Provider: return o.providerLabel();
    case InstanceType: return o.instanceType;
    case Region: return o.region;
    case Geography: return o.geography;
    case Gpu: return o.gpu;
    case GpuCount: return core::formatNumber(o.gpuCount, 3);
    case GpuMemory: return tr("%1 GiB").arg(core::formatNumber(o.gpuMemoryGib, 1));
    case Vcpus: return o.vcpus ? core::formatNumber(*o.vcpus, 1) : QString();
    case Billing: return BillingNames::offerTerms(o);
    // A suspect price carries a warning mark wherever it is shown.
    case PricePerHour: return o.suspect() ? QStringLiteral("\u26a0 ") + price(o.pricePerHour) : price(o.pricePerHour);
    case PricePerGpuHour: return price(o.pricePerGpuHour());
    case Currency: return o.currency;
    case PriceUsd: return price(o.pricePerHourUsd);
    case Interconnect: return o.interconnect;
    case Network: return o.networkGbps ? tr("%1 Gbps").arg(core::formatNumber(*o.networkGbps, 0)) : QString();
    case Source: return o.effectiveDate;
    default: return {};
    }
}

QVariant OffersTableModel::sortValue(const Offer &o, int column) const
{
    switch (column) {
    case GpuCount: return o.gpuCount;
    case GpuMemory: return o.gpuMemoryGib;
    case Vcpus: return o.vcpus.value_or(0);
    case PricePerHour:
    case PriceUsd: return o.pricePerHourUsd;
    case PricePerGpuHour: return o.gpuCount > 0 ? o.pricePerHourUsd / o.gpuCount : 0.0;
    case Network: return o.networkGbps.value_or(0);
    default: return displayValue(o, column);
    }
}

QVariant OffersTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Provider: return tr("Provider");
    case InstanceType: return tr("Instance type");
    case Region: return tr("Region");
    case Geography: return tr("Geography");
    case Gpu: return tr("GPU");
    case GpuCount: return tr("GPUs");
    case GpuMemory: return tr("GPU memory");
    case Vcpus: return tr("vCPUs");
    case Billing: return tr("Billing");
    case PricePerHour: return tr("Price / h");
    case PricePerGpuHour: return tr("Price / GPU-h");
    case Currency: return tr("Currency");
    case PriceUsd: return tr("USD / h");
    case Interconnect: return tr("Interconnect");
    case Network: return tr("Network");
    case Source: return tr("Prices as of");
    default: return {};
    }
}

} // namespace gpuplanner::ui
