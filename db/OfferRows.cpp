#include "db/OfferRows.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace gpuplanner::db {

using namespace gpuplanner::core;

namespace {

// usd: the effective rate per hour (any upfront fee spread over the term) at the latest FX rate.
// The latest rates and the flags are gathered once per read (materialised), not once per row:
// fx_latest is a view with a correlated MAX per rate. Each offer's flags keep the order they had
// as a per-row subquery: the primary key's, by rule.
const QString kOfferSelect = QStringLiteral(R"(
WITH fx_now AS MATERIALIZED (SELECT currency, rate FROM fx_latest),
     flags AS MATERIALIZED (SELECT offer_id, group_concat(rule || ': ' || reason, char(31)) AS reasons
                            FROM offer_flags GROUP BY offer_id)
SELECT o.id, p.id, p.name, it.name, r.code, r.name, r.geography, it.gpu_id, it.gpu_count,
       it.gpu_memory_gib, it.vcpus, it.memory_gib, it.interconnect, it.network_gbps, it.rdma,
       o.billing, o.term_months, o.upfront, o.hourly_price, o.hourly_price_median, o.upfront_fee,
       o.currency,
       (o.hourly_price + CASE WHEN o.price_basis = 'recurring' AND o.term_months > 0
                              THEN COALESCE(o.upfront_fee, 0) / (o.term_months * 730.0) ELSE 0 END)
           / COALESCE(fx.rate, 1.0) AS usd,
       o.source, o.effective_date,
       o.offering_class, o.price_basis, o.recurring_per_hour, o.min_duration_hours, o.max_duration_hours,
       o.unavailable_since,
       fl.reasons,
       si.bucket, si.rate_monthly, si.source, it.listed_gpu_memory_gib, r.name_zh,
       o.fetched_at, o.source_file
FROM offers o
JOIN instance_types it ON it.id = o.instance_type_id
JOIN regions r ON r.id = o.region_id
JOIN providers p ON p.id = it.provider_id
LEFT JOIN fx_now fx ON fx.currency = o.currency
LEFT JOIN flags fl ON fl.offer_id = o.id
LEFT JOIN spot_interruptions si ON o.billing = 'spot' AND si.provider_id = p.id AND si.region_code = r.code
                               AND si.instance_name = it.name
)");

} // namespace

QString TextPool::text(const Statement &row, int column)
{
    const std::string_view bytes = row.utf8(column);
    if (bytes.data() == nullptr)
        return QString(); // NULL
    if (std::size_t(column) >= m_last.size())
        m_last.resize(std::size_t(column) + 1);
    auto &last = m_last[std::size_t(column)];
    if (!last.second.isNull() && last.first == bytes)
        return last.second;
    auto it = m_texts.find(bytes);
    if (it == m_texts.end())
        it = m_texts.emplace(std::string(bytes), QString::fromUtf8(bytes.data(), qsizetype(bytes.size()))).first;
    last = {it->first, it->second};
    return it->second;
}

Offer readOffer(const Statement &s)
{
    TextPool pool;
    return readOffer(s, pool);
}

Offer readOffer(const Statement &s, TextPool &pool)
{
    Offer o;
    readOffer(s, pool, o);
    return o;
}

void readOffer(const Statement &s, TextPool &pool, Offer &o)
{
    o.id = s.integer(0);
    o.provider = pool.text(s, 1);
    o.providerName = pool.text(s, 2);
    o.instanceType = pool.text(s, 3);
    o.region = pool.text(s, 4);
    o.regionName = pool.text(s, 5);
    o.geography = pool.text(s, 6);
    o.gpu = pool.text(s, 7);
    o.gpuCount = s.real(8);
    o.gpuMemoryGib = s.real(9);
    o.vcpus = s.optionalReal(10);
    o.memoryGib = s.optionalReal(11);
    o.interconnect = pool.text(s, 12);
    o.networkGbps = s.optionalReal(13);
    o.rdma = rdmaFromId(pool.text(s, 14)).value_or(RdmaKind::None);
    o.billing = billingFromId(pool.text(s, 15)).value_or(Billing::OnDemand);
    o.termMonths = int(s.integer(16));
    o.upfront = pool.text(s, 17);
    o.pricePerHour = s.real(18);
    o.medianPricePerHour = s.optionalReal(19);
    o.upfrontFee = s.optionalReal(20);
    o.currency = pool.text(s, 21);
    o.pricePerHourUsd = s.real(22);
    o.source = pool.text(s, 23);
    o.effectiveDate = pool.text(s, 24);
    o.offeringClass = pool.text(s, 25);
    o.priceBasis = priceBasisFromId(pool.text(s, 26)).value_or(PriceBasis::Recurring);
    o.recurringPerHour = s.optionalReal(27);
    o.minDurationHours = s.optionalReal(28);
    o.maxDurationHours = s.optionalReal(29);
    o.unavailableSince = pool.text(s, 30);
    if (!s.isNull(31))
        o.suspectReasons = s.text(31).split(QChar(0x1f));
    o.interruptionBucket = pool.text(s, 32);
    o.interruptionRateMonthly = s.optionalReal(33);
    o.interruptionSource = pool.text(s, 34);
    o.listedGpuMemoryGib = s.optionalReal(35);
    o.regionNameZh = pool.text(s, 36);
    o.observedOn = pool.text(s, 37);
    o.sourceFile = pool.text(s, 38);
}

namespace {

// SQLite compares texts as UTF-8 bytes, which is code point order; UTF-16 code units differ from
// it only where a surrogate meets a unit at or above U+E000, which this folds back into place.
int compareAsUtf8(const QString &a, const QString &b)
{
    const qsizetype n = std::min(a.size(), b.size());
    for (qsizetype i = 0; i < n; ++i) {
        char16_t x = a.at(i).unicode();
        char16_t y = b.at(i).unicode();
        if (x == y)
            continue;
        if (x >= 0xD800 && y >= 0xD800) {
            x = x >= 0xE000 ? char16_t(x - 0x800) : char16_t(x + 0x2000);
            y = y >= 0xE000 ? char16_t(y - 0x800) : char16_t(y + 0x2000);
        }
        return x < y ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

bool cheaperFirst(const Offer &a, const Offer &b)
{
    if (a.pricePerHourUsd != b.pricePerHourUsd)
        return a.pricePerHourUsd < b.pricePerHourUsd;
    for (auto [x, y] : {std::pair{&a.provider, &b.provider}, std::pair{&a.instanceType, &b.instanceType},
                        std::pair{&a.region, &b.region}}) {
        if (const int c = compareAsUtf8(*x, *y))
            return c < 0;
    }
    if (a.billing != b.billing)
        return compareAsUtf8(billingId(a.billing), billingId(b.billing)) < 0;
    if (a.termMonths != b.termMonths)
        return a.termMonths < b.termMonths;
    if (const int c = compareAsUtf8(a.upfront, b.upfront))
        return c < 0;
    return compareAsUtf8(a.offeringClass, b.offeringClass) < 0;
}

} // namespace

void sortOffersByPrice(QList<Offer> &offers)
{
    std::vector<qsizetype> order(std::size_t(offers.size()));
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = qsizetype(i);
    std::sort(order.begin(), order.end(),
              [&](qsizetype a, qsizetype b) { return cheaperFirst(offers.at(a), offers.at(b)); });
    // Applied in place, cycle by cycle: swapping offers swaps their strings' pointers, and no
    // second copy of a large catalog is ever held. order[i] = the offer that goes to place i.
    std::vector<bool> placed(order.size(), false);
    for (std::size_t start = 0; start < order.size(); ++start) {
        if (placed[start])
            continue;
        std::size_t at = start;
        while (std::size_t(order[at]) != start) {
            const std::size_t from = std::size_t(order[at]);
            offers.swapItemsAt(qsizetype(at), qsizetype(from));
            placed[at] = true;
            at = from;
        }
        placed[at] = true;
    }
}

const QString &offerSelect()
{
    return kOfferSelect;
}

Result<QList<Offer>> availableOffers(Database &db)
{
    auto stmt = db.prepare(kOfferSelect + QStringLiteral("WHERE o.unavailable_since IS NULL ORDER BY o.id"));
    if (!stmt)
        return Error{QStringLiteral("%1: %2").arg(db.path(), stmt.errorMessage())};
    QList<Offer> list;
    TextPool pool;
    while (stmt.value().step())
        list.append(readOffer(stmt.value(), pool));
    if (!stmt.value().error().isEmpty())
        return Error{QStringLiteral("%1: %2").arg(db.path(), stmt.value().error())};
    return list;
}

} // namespace gpuplanner::db
