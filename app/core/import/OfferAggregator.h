#pragma once
// OfferAggregator: merges prices of the same instance type, region and billing model
// (AWS zones, marketplace hosts) into one offer with the lowest and the median price.

#include "core/import/ImportBatch.h"

#include <QHash>
#include <QList>

namespace gpuplanner::core {

class OfferAggregator
{
public:
    void add(const ImportedInstance &instance, const QString &region, Billing billing, double price,
             const QString &currency, const QString &source);
    QList<ImportedOffer> offers() const;

private:
    struct Entry
    {
        ImportedOffer offer;
        QList<double> prices;
    };
    QHash<QString, qsizetype> m_index;
    QList<Entry> m_entries;
};

double median(QList<double> values);

} // namespace gpuplanner::core
