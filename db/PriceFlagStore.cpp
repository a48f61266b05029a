#include "db/PriceFlagStore.h"

#include "db/OfferRows.h"

namespace gpuplanner::db {

using namespace gpuplanner::core;

namespace {

Result<QList<PriceReference>> references(Database &db)
{
    // In USD at the catalog's latest rates, as offers are compared.
    auto stmt = db.prepare(QStringLiteral(
        "SELECT r.provider_id, r.gpu_id, r.gpu_count, r.price_per_hour / COALESCE(fx.rate, 1.0), r.term_months, "
        "r.source, r.captured "
        "FROM price_references r LEFT JOIN fx_latest fx ON fx.currency = r.currency"));
    if (!stmt)
        return Error{QStringLiteral("%1: %2").arg(db.path(), stmt.errorMessage())};
    QList<PriceReference> list;
    while (stmt.value().step()) {
        const auto &s = stmt.value();
        list.append(PriceReference{s.text(0), s.text(1), s.real(2), s.real(3), int(s.integer(4)), s.text(5), s.text(6)});
    }
    return list;
}

} // namespace

Status recheckPrices(Database &db, const QList<RetiredFamily> &retired)
{
    PriceCheckInput input;
    auto offers = availableOffers(db);
    if (!offers)
        return offers.error();
    input.offers = std::move(offers).value();
    auto refs = references(db);
    if (!refs)
        return refs.error();
    input.references = std::move(refs).value();
    input.retired = retired;
    const QList<PriceFlag> flags = checkPrices(input);

    if (auto s = db.exec(QStringLiteral("DELETE FROM offer_flags")); !s)
        return Error{QStringLiteral("%1: offer_flags: %2").arg(db.path(), s.errorMessage())};
    auto insert = db.prepare(QStringLiteral("INSERT OR REPLACE INTO offer_flags (offer_id, rule, reason) VALUES (?, ?, ?)"));
    if (!insert)
        return Error{QStringLiteral("%1: offer_flags: %2").arg(db.path(), insert.errorMessage())};
    for (const PriceFlag &f : flags) {
        auto &s = insert.value();
        s.reset();
        s.bind(1, f.offerId).bind(2, f.rule).bind(3, f.reason);
        if (auto e = s.exec(); !e)
            return Error{QStringLiteral("%1: offer_flags: %2").arg(db.path(), e.errorMessage())};
    }
    return success();
}

} // namespace gpuplanner::db
