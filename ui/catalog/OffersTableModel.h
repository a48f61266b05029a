#pragma once
// OffersTableModel: a thin read-only table over a list of core::Offer.
// Qt::UserRole on any cell gives the raw value for sorting (numbers stay numbers).

#include "core/catalog/Offer.h"

#include <QAbstractTableModel>
#include <QList>

namespace gpuplanner::ui {

class OffersTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Provider,
        InstanceType,
        Region,
        Geography,
        Gpu,
        GpuCount,
        GpuMemory,
        Vcpus,
        Billing,
        PricePerHour,
        PricePerGpuHour,
        Currency,
        PriceUsd,
        Interconnect,
        Network,
        Source,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;

    explicit OffersTableModel(QObject *parent = nullptr);

    void setOffers(QList<core::Offer> offers);
    const QList<core::Offer> &offers() const { return m_offers; }
    const core::Offer &offerAt(int row) const { return m_offers.at(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant displayValue(const core::Offer &offer, int column) const;
    QVariant sortValue(const core::Offer &offer, int column) const;

    QList<core::Offer> m_offers;
};

} // namespace gpuplanner::ui
