#include "db/OfferRows.h"

namespace gpuplanner::db {

using namespace gpuplanner::core;

namespace {

// usd: the effective rate per hour (any upfront fee spread over the term) at the latest FX rate.
const QString kOfferSelect = QStringLiteral(R"(
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
       (SELECT group_concat(f.rule || ': ' || f.reason, char(31)) FROM offer_flags f WHERE f.offer_id = o.id),
       si.bucket, si.rate_monthly, si.source, it.listed_gpu_memory_gib, r.name_zh
FROM offers o
JOIN instance_types it ON it.id = o.instance_type_id
JOIN regions r ON r.id = o.region_id
JOIN providers p ON p.id = it.provider_id
LEFT JOIN fx_latest fx ON fx.currency = o.currency
LEFT JOIN spot_interruptions si ON o.billing = 'spot' AND si.provider_id = p.id AND si.region_code = r.code
                               AND si.instance_name = it.name
)");

} // namespace

QString TextPool::text(const Statement &row, int column)
{
    if (row.isNull(column))
        return QString();
    const std::string_view bytes = row.utf8(column);
    const auto it = m_texts.find(bytes);
    if (it != m_texts.end())
        return it->second;
    return m_texts.emplace(std::string(bytes), QString::fromUtf8(bytes.data(), qsizetype(bytes.size()))).first->second;
}

Offer readOffer(const Statement &s)
{
    TextPool pool;
    return readOffer(s, pool);
}

Offer readOffer(const Statement &s, TextPool &pool)
{
    Offer o;
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
    return o;
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
