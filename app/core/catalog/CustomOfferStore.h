#pragma once
// CustomOfferStore: the port through which the desktop app writes a user's own offers
// (negotiated or on-premise prices). They are written like a refresh writes a provider: through
// core::OfferStore::replaceOffers, one transaction per provider, so a failed save changes
// nothing. gpuplanner_db implements it (db::SqliteOfferStore); custom offers use provider ids
// of their own, never a catalog provider's (that would replace the provider's public prices).

#include "core/refresh/OfferStore.h"

#include <functional>
#include <memory>

namespace gpuplanner::core {

// Opens a store on the calling (worker) thread.
using CustomOfferStoreFactory = std::function<Result<std::unique_ptr<OfferStore>>()>;

} // namespace gpuplanner::core
