#include "db/CatalogExport.h"

#include <QDateTime>

namespace gpuplanner::db {

using namespace gpuplanner::core;

Result<CatalogSnapshot> readSnapshot(Database &db)
{
    auto fail = [&](const QString &why) { return Error{QStringLiteral("%1: %2").arg(db.path(), why)}; };
    CatalogSnapshot snapshot;
    snapshot.created = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);

    auto providers = db.prepare(
        QStringLiteral("SELECT id, name, kind, home_currency, data_date, data_note FROM providers ORDER BY id"));
    if (!providers)
        return fail(providers.errorMessage());
    while (providers.value().step()) {
        const auto &s = providers.value();
        snapshot.providers.append(SnapshotProvider{s.text(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5)});
        ImportBatch &batch = snapshot.batches[s.text(0)];
        batch.effectiveDate = s.text(4);
        batch.sourceNote = s.text(5);
    }

    auto offers = db.prepare(QStringLiteral(
        "SELECT it.provider_id, it.name, it.gpu_id, it.gpu_count, it.vcpus, it.memory_gib, r.code, o.billing, "
        "o.term_months, o.upfront, o.upfront_fee, o.hourly_price, o.hourly_price_median, o.currency, o.source, "
        "o.offering_class, o.price_basis, o.recurring_per_hour, o.min_duration_hours, o.max_duration_hours "
        "FROM offers o JOIN instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = o.region_id "
        "WHERE o.unavailable_since IS NULL ORDER BY o.id"));
    if (!offers)
        return fail(offers.errorMessage());
    while (offers.value().step()) {
        const auto &s = offers.value();
        ImportedOffer o;
        o.instance = ImportedInstance{s.text(0), s.text(1), s.text(2), s.real(3), s.optionalReal(4), s.optionalReal(5), {}};
        o.region = s.text(6);
        o.billing = billingFromId(s.text(7)).value_or(Billing::OnDemand);
        o.termMonths = int(s.integer(8));
        o.upfront = s.text(9);
        o.upfrontFee = s.optionalReal(10);
        o.price = s.real(11);
        o.medianPrice = s.optionalReal(12);
        o.currency = s.text(13);
        o.source = s.text(14);
        o.offeringClass = s.text(15);
        o.priceBasis = priceBasisFromId(s.text(16)).value_or(PriceBasis::Recurring);
        o.recurringPerHour = s.optionalReal(17);
        o.minDurationHours = s.optionalReal(18);
        o.maxDurationHours = s.optionalReal(19);
        snapshot.batches[o.instance.provider].offers.append(o);
    }
    if (!offers.value().error().isEmpty())
        return fail(offers.value().error());

    auto fx = db.prepare(QStringLiteral("SELECT currency, rate, date, source FROM fx_rates ORDER BY currency, date"));
    if (!fx)
        return fail(fx.errorMessage());
    while (fx.value().step()) {
        const auto &s = fx.value();
        snapshot.fxRates.append(FxRate{s.text(0), s.real(1), s.text(2), s.text(3)});
    }
    return snapshot;
}

} // namespace gpuplanner::db
