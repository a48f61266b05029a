#pragma once
// OfferQuery: filters and ordering for listing offers (CLI `offers`, catalog view).

#include "core/catalog/Billing.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace gpuplanner::core {

enum class OfferSort { Price, PricePerGpu, GpuMemory };

QString offerSortId(OfferSort sort);
std::optional<OfferSort> offerSortFromId(const QString &id);

struct OfferQuery
{
    QStringList gpus;              // canonical GPU model ids (a family's variants); empty = any
    double minGpus = 0;
    QStringList providers;         // empty = any
    QString regionGlob;            // shell-style glob on region code; empty = any
    QString geography;             // e.g. "Mainland China"; empty = any
    std::optional<Billing> billing;
    std::optional<int> termMonths; // commitments of this term only
    QString upfront;               // none, partial, all; empty = any
    bool includeSuspect = true;    // offers a price check flagged (marked, not hidden, by default)
    bool includeUnavailable = false; // offers their source no longer lists
    std::optional<double> maxPriceUsd; // per instance-hour, in USD
    double minGpuMemoryGib = 0;    // per GPU
    OfferSort sort = OfferSort::Price;
    int limit = 0;                 // 0 = no limit
};

} // namespace gpuplanner::core
