#include "core/import/CustomOffersCsv.h"

#include "core/io/CsvReader.h"
#include "core/refresh/BatchValidation.h"

#include <cmath>

namespace gpuplanner::core {

namespace {

// Longer than any provider's commitment (AWS and Azure go to 5 years); a larger value is a typo.
constexpr int kMaxTermMonths = 120;

} // namespace

bool looksLikeCustomOffersCsv(const QByteArray &head)
{
    const QByteArray firstLine = head.left(head.indexOf('\n')).trimmed();
    return firstLine.split(',').contains("price_per_hour") && firstLine.split(',').contains("instance_type");
}

Result<QMap<QString, ImportBatch>> parseCustomOffersCsv(const QByteArray &csv, const QString &source,
                                                        const GpuAliasResolver &resolver)
{
    auto table = parseCsv(QString::fromUtf8(csv), source);
    if (!table)
        return table.error();
    const CsvTable &t = table.value();
    for (const char *column : {"provider", "instance_type", "region", "gpu", "gpu_count", "billing", "price_per_hour",
                               "currency"}) {
        if (!t.hasColumn(QLatin1String(column)))
            return Error{QStringLiteral("%1: missing column '%2'").arg(source, QLatin1String(column))};
    }
    QMap<QString, ImportBatch> batches;
    for (const CsvRecord &r : t.records()) {
        auto field = [&](const char *column) { return t.field(r, QLatin1String(column)).trimmed(); };
        auto bad = [&](const char *column, const QString &why) {
            return Error{QStringLiteral("%1:%2: column %3 '%4' %5")
                             .arg(source)
                             .arg(r.line)
                             .arg(QLatin1String(column), field(column), why)};
        };
        auto number = [&](const char *column, bool required, double fallback) -> std::optional<double> {
            const QString text = field(column);
            if (text.isEmpty())
                return required ? std::nullopt : std::optional<double>(fallback);
            bool ok = false;
            const double v = text.toDouble(&ok);
            return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
        };

        ImportedOffer o;
        o.instance.provider = field("provider").toLower();
        o.instance.name = field("instance_type");
        o.region = field("region");
        if (o.instance.provider.isEmpty())
            return bad("provider", QStringLiteral("is empty"));
        if (o.instance.name.isEmpty())
            return bad("instance_type", QStringLiteral("is empty"));
        if (o.region.isEmpty())
            return bad("region", QStringLiteral("is empty"));
        const auto gpu = resolver.resolve(field("gpu"), o.instance.provider, o.instance.name);
        if (!gpu)
            return bad("gpu", QStringLiteral("is not a known GPU model"));
        o.instance.gpuId = gpu->gpuId;
        const auto count = number("gpu_count", true, 0);
        if (!count || *count <= 0)
            return bad("gpu_count", QStringLiteral("is not a positive number"));
        o.instance.gpuCount = *count * gpu->fraction;
        const auto billing = billingFromId(field("billing"));
        if (!billing)
            return bad("billing", QStringLiteral("is not one of %1").arg(billingIds().join(QStringLiteral(", "))));
        o.billing = *billing;
        const auto price = number("price_per_hour", true, 0);
        if (!price || *price <= 0)
            return bad("price_per_hour", QStringLiteral("is not a positive number"));
        o.price = *price;
        o.currency = field("currency").toUpper();
        if (!isKnownCurrency(o.currency))
            return bad("currency", QStringLiteral("is not a known currency code"));
        const auto vcpus = number("vcpus", false, -1);
        const auto memory = number("memory_gib", false, -1);
        const auto term = number("term_months", false, 0);
        const auto fee = number("upfront_fee", false, 0);
        if (!vcpus)
            return bad("vcpus", QStringLiteral("is not a number"));
        if (!memory)
            return bad("memory_gib", QStringLiteral("is not a number"));
        if (!term || *term < 0)
            return bad("term_months", QStringLiteral("is not a non-negative number"));
        // 1e300 or nan months would overflow the int conversion below (undefined behaviour).
        if (!(*term <= kMaxTermMonths) || *term != std::floor(*term))
            return bad("term_months", QStringLiteral("is not a whole number of months up to %1").arg(kMaxTermMonths));
        if (!fee || *fee < 0)
            return bad("upfront_fee", QStringLiteral("is not a non-negative number"));
        if (*vcpus >= 0)
            o.instance.vcpus = *vcpus;
        if (*memory >= 0)
            o.instance.memoryGib = *memory;
        o.termMonths = int(*term);
        o.upfrontFee = *fee;
        o.upfront = field("upfront").isEmpty() ? QStringLiteral("none") : field("upfront").toLower();
        if (o.upfront != u"none" && o.upfront != u"partial" && o.upfront != u"all")
            return bad("upfront", QStringLiteral("is not none, partial or all"));
        const bool committed = o.billing == Billing::Reserved || o.billing == Billing::SavingsPlan;
        if (committed && o.termMonths == 0)
            return bad("term_months", QStringLiteral("is needed for reserved and savings-plan prices"));
        o.source = field("source").isEmpty() ? source : field("source");
        batches[o.instance.provider].offers.append(o);
    }
    return batches;
}

} // namespace gpuplanner::core
