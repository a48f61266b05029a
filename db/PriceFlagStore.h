#pragma once
// PriceFlagStore: runs the price checks (core/catalog/PriceChecks) over a whole catalog and
// stores their findings in offer_flags. Run after the seed import and after every refresh:
// peers change when any provider's prices do.

#include "core/catalog/PriceChecks.h"
#include "db/Database.h"

namespace gpuplanner::db {

// Replaces offer_flags with the checks' findings; call inside the caller's transaction.
Status recheckPrices(Database &db, const QList<core::RetiredFamily> &retired);

} // namespace gpuplanner::db
