#pragma once
// OfferRows: the one SELECT that reads catalog offers with their instance type, region, FX
// conversion, price-check flags and spot interruption figure, shared by the repository and the
// price checks.

#include "core/catalog/Offer.h"
#include "db/Database.h"

#include <QString>

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace gpuplanner::db {

// Ends with the FROM/JOIN clauses: callers append WHERE and ORDER BY.
const QString &offerSelect();

// One QString per distinct text of a read: offers repeat a few hundred providers, regions, GPU
// ids, currencies, sources and dates over thousands of rows, so a read of the whole catalog
// shares them instead of converting and allocating each one again.
class TextPool
{
public:
    QString text(const Statement &row, int column);

private:
    struct Hash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>()(s); }
    };
    std::unordered_map<std::string, QString, Hash, std::equal_to<>> m_texts;
    // Per column, the last text returned: rows come in catalog order, where neighbours mostly
    // share their provider, region, GPU, currency, source and date, so most reads stop here.
    std::vector<std::pair<std::string, QString>> m_last;
};

core::Offer readOffer(const Statement &row);
core::Offer readOffer(const Statement &row, TextPool &pool);
// The same into a default-constructed offer (no temporary to move: a catalog is many rows).
void readOffer(const Statement &row, TextPool &pool, core::Offer &into);

// The order of "ORDER BY usd, p.id, it.name, r.code, o.billing, o.term_months, o.upfront,
// o.offering_class" (texts in SQLite's BINARY order, that is by code point), in memory.
void sortOffersByPrice(QList<core::Offer> &offers);

// Every offer still offered (unavailable_since IS NULL), in id order.
Result<QList<core::Offer>> availableOffers(Database &db);

} // namespace gpuplanner::db
