#pragma once
// BatchValidation: checks a provider's new prices before they replace the old ones.

#include "core/common/Result.h"
#include "core/import/ImportBatch.h"

namespace gpuplanner::core {

struct ValidationPolicy
{
    int previousOffers = 0; // what the catalog holds for the same scope
    bool force = false;     // accept a collapse of the row count
};

// Every price positive and finite, a known currency, a GPU id and count, consistent terms;
// and, unless forced, the offer count not collapsing below half of the previous count.
Status validateBatch(const QString &provider, const ImportBatch &batch, const ValidationPolicy &policy);

bool isKnownCurrency(const QString &code);

} // namespace gpuplanner::core
