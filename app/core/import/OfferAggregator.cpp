#include "core/import/OfferAggregator.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gpuplanner::core {

double median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype mid = values.size() / 2;
    // std::midpoint: (a + b) / 2 where that is exact, and no overflow to infinity for two 1e308s.
    return values.size() % 2 ? values.at(mid) : std::midpoint(values.at(mid - 1), values.at(mid));
}

void OfferAggregator::add(const ImportedInstance &instance, const QString &region, Billing billing,
                          double price, const QString &currency, const QString &source)
{
    const QString key = QStringList{instance.name,
                                    instance.gpuId,
                                    QString::number(instance.gpuCount),
                                    QString::number(instance.vcpus.value_or(-1)),
                                    QString::number(instance.memoryGib.value_or(-1)),
                                    region,
                                    billingId(billing)}
                            .join(u'|');
    const auto it = m_index.constFind(key);
    if (it != m_index.constEnd()) {
        // A zone or host without a usable price says nothing of the others'.
        if (std::isfinite(price) && price > 0)
            m_entries[*it].prices.append(price);
        return;
    }
    m_index.insert(key, m_entries.size());
    m_entries.append(Entry{onDemandOrSpot(instance, region, billing, price, currency, source), {price}});
}

QList<ImportedOffer> OfferAggregator::offers() const
{
    QList<ImportedOffer> list;
    list.reserve(m_entries.size());
    for (const Entry &e : m_entries) {
        ImportedOffer offer = e.offer;
        offer.price = *std::min_element(e.prices.cbegin(), e.prices.cend());
        const double mid = median(e.prices);
        if (e.prices.size() > 1 && mid != offer.price)
            offer.medianPrice = mid;
        list.append(offer);
    }
    return list;
}

} // namespace gpuplanner::core
