#pragma once
// OfferRows: the one SELECT that reads catalog offers with their instance type, region, FX
// conversion, price-check flags and spot interruption figure, shared by the repository and the
// price checks.

#include "core/catalog/Offer.h"
#include "db/Database.h"

#include <QString>

namespace gpuplanner::db {

// Ends with the FROM/JOIN clauses: callers append WHERE and ORDER BY.
const QString &offerSelect();
core::Offer readOffer(const Statement &row);

// Every offer still offered (unavailable_since IS NULL), in id order.
Result<QList<core::Offer>> availableOffers(Database &db);

} // namespace gpuplanner::db
