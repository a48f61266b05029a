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

Offer readOffer(const Statement &s)
{
    Offer o;
    o.id = s.integer(0);
    o.provider = s.text(1);
    o.providerName = s.text(2);
    o.instanceType = s.text(3);
    o.region = s.text(4);
    o.regionName = s.text(5);
    o.geography = s.text(6);
    o.gpu = s.text(7);
    o.gpuCount = s.real(8);
    o.gpuMemoryGib = s.real(9);
    o.vcpus = s.optionalReal(10);
    o.memoryGib = s.optionalReal(11);
    o.interconnect = s.text(12);
    o.networkGbps = s.optionalReal(13);
    o.rdma = rdmaFromId(s.text(14)).value_or(RdmaKind::None);
    o.billing = billingFromId(s.text(15)).value_or(Billing::OnDemand);
    o.termMonths = int(s.integer(16));
    o.upfront = s.text(17);
    o.pricePerHour = s.real(18);
    o.medianPricePerHour = s.optionalReal(19);
    o.upfrontFee = s.optionalReal(20);
    o.currency = s.text(21);
    o.pricePerHourUsd = s.real(22);
    o.source = s.text(23);
    o.effectiveDate = s.text(24);
    o.offeringClass = s.text(25);
    o.priceBasis = priceBasisFromId(s.text(26)).value_or(PriceBasis::Recurring);
    o.recurringPerHour = s.optionalReal(27);
    o.minDurationHours = s.optionalReal(28);
    o.maxDurationHours = s.optionalReal(29);
    o.unavailableSince = s.text(30);
    if (!s.isNull(31))
        o.suspectReasons = s.text(31).split(QChar(0x1f));
    o.interruptionBucket = s.text(32);
    o.interruptionRateMonthly = s.optionalReal(33);
    o.interruptionSource = s.text(34);
    o.listedGpuMemoryGib = s.optionalReal(35);
    o.regionNameZh = s.text(36);
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
    while (stmt.value().step())
        list.append(readOffer(stmt.value()));
    if (!stmt.value().error().isEmpty())
        return Error{QStringLiteral("%1: %2").arg(db.path(), stmt.value().error())};
    return list;
}

} // namespace gpuplanner::db
