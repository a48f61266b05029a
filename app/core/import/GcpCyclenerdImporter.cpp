#include "core/import/GcpCyclenerdImporter.h"

#include "core/io/CsvReader.h"
#include "core/refresh/BatchValidation.h"

#include <cmath>

namespace gpuplanner::core {

namespace {

// month = hour x 730 in the file; a larger gap than this is a copying slip, not rounding.
constexpr double kMonthHourTolerance = 0.001;


const QStringList kColumns{QStringLiteral("machine_type"), QStringLiteral("accelerator"),
                           QStringLiteral("accelerator_count"), QStringLiteral("cpu"),
                           QStringLiteral("ram"), QStringLiteral("region"),
                           QStringLiteral("hour"), QStringLiteral("hour_spot"),
                           QStringLiteral("month"), QStringLiteral("month_1y"),
                           QStringLiteral("month_3y"), QStringLiteral("month_spot")};

} // namespace

GcpCyclenerdImporter::GcpCyclenerdImporter(const QList<ImportedOffer> &catalog)
{
    for (const ImportedOffer &o : catalog) {
        if (o.instance.provider == u"gcp")
            m_instances.insert(o.instance.name, o.instance);
    }
}

Result<ImportBatch> GcpCyclenerdImporter::importTable(const CatalogSource &source, const CsvTable &t) const
{
    for (const QString &column : kColumns) {
        if (!t.hasColumn(column))
            return Error{QStringLiteral("%1: missing column '%2'").arg(source.catalogPath(), column)};
    }
    ImportBatch batch;
    ValidationPolicy policy;
    policy.ratePerUsd.insert(QStringLiteral("USD"), 1.0);
    int used = 0;
    auto exclude = [&](const CsvRecord &r, const QString &reason, const QString &detail) {
        batch.exclusions.append(ImportExclusion{QStringLiteral("gcp"), source.catalogPath(), r.line,
                                                QStringLiteral("row"), reason, detail});
    };
    auto field = [&](const CsvRecord &r, const char *name) { return t.field(r, QString::fromLatin1(name)).trimmed(); };
    for (const CsvRecord &r : t.records()) {
        const QString machine = field(r, "machine_type");
        const QString region = field(r, "region");
        const QString where = QStringLiteral("%1 %2").arg(machine, region);
        const auto it = m_instances.constFind(machine);
        if (it == m_instances.cend()) {
            exclude(r, QStringLiteral("machine type not in the catalog (its GPUs and size are not known)"), where);
            continue;
        }
        // The same machine: a CPU or memory size other than the catalog's is another shape.
        const auto cpu = csvNumber(field(r, "cpu"));
        const auto ram = csvNumber(field(r, "ram"));
        if ((cpu && it->vcpus && *cpu != *it->vcpus) || (ram && it->memoryGib && *ram != *it->memoryGib)) {
            exclude(r, QStringLiteral("cpu or ram differ from the catalog's machine type"), where);
            continue;
        }
        const auto hour = csvNumber(field(r, "hour"));
        const auto month = csvNumber(field(r, "month"));
        const auto spot = csvNumber(field(r, "hour_spot"));
        const auto monthSpot = csvNumber(field(r, "month_spot"));
        if (hour && month && std::abs(*hour * kHoursPerMonth - *month) > kMonthHourTolerance * *month) {
            exclude(r, QStringLiteral("hour and month disagree (month is not hour x 730)"), where);
            continue;
        }
        if (spot && monthSpot && std::abs(*spot * kHoursPerMonth - *monthSpot) > kMonthHourTolerance * *monthSpot) {
            exclude(r, QStringLiteral("hour_spot and month_spot disagree (month_spot is not hour_spot x 730)"), where);
            continue;
        }
        QList<ImportedOffer> offers;
        auto add = [&](Billing billing, double price, int term, const QString &note) {
            ImportedOffer o = onDemandOrSpot(*it, region, billing, price, QStringLiteral("USD"),
                                             source.offerSource() + note);
            if (term > 0) {
                o.termMonths = term;
                o.upfront = QStringLiteral("none");
                o.priceBasis = PriceBasis::Effective;
                o.upfrontFee = 0.0;
                o.recurringPerHour = price;
            }
            offers.append(o);
        };
        if (hour && *hour > 0)
            add(Billing::OnDemand, *hour, 0, QString());
        if (spot && *spot > 0)
            add(Billing::Spot, *spot, 0, QString());
        if (const auto m1 = csvNumber(field(r, "month_1y")); m1 && *m1 > 0)
            add(Billing::Reserved, *m1 / kHoursPerMonth, 12,
                QStringLiteral("; 1-year resource-based committed use: month_1y / 730 h"));
        if (const auto m3 = csvNumber(field(r, "month_3y")); m3 && *m3 > 0)
            add(Billing::Reserved, *m3 / kHoursPerMonth, 36,
                QStringLiteral("; 3-year resource-based committed use: month_3y / 730 h"));
        if (offers.isEmpty()) {
            exclude(r, QStringLiteral("no price"), where);
            continue;
        }
        bool any = false;
        for (const ImportedOffer &o : std::as_const(offers)) {
            if (const QString problem = offerProblem(o, policy); !problem.isEmpty()) {
                exclude(r, problem, where);
                continue;
            }
            batch.offers.append(o);
            any = true;
        }
        used += any ? 1 : 0;
    }
    batch.files.append(ImportFileStats{QStringLiteral("gcp"), source.catalogPath(), int(t.size()), used,
                                       int(t.size()) - used});
    stampSource(batch, source);
    return batch;
}

} // namespace gpuplanner::core
