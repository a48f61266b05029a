#include "core/catalog/OfferQuery.h"

namespace gpuplanner::core {

QString offerSortId(OfferSort sort)
{
    switch (sort) {
    case OfferSort::Price: return QStringLiteral("price");
    case OfferSort::PricePerGpu: return QStringLiteral("price_per_gpu");
    case OfferSort::GpuMemory: return QStringLiteral("gpu_memory");
    }
    return {};
}

std::optional<OfferSort> offerSortFromId(const QString &id)
{
    for (OfferSort s : {OfferSort::Price, OfferSort::PricePerGpu, OfferSort::GpuMemory}) {
        if (offerSortId(s) == id)
            return s;
    }
    return std::nullopt;
}

} // namespace gpuplanner::core
