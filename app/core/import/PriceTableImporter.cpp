#include "core/import/PriceTableImporter.h"

#include "core/import/SkyPilotImporter.h"
#include "core/io/CsvReader.h"
#include "core/refresh/BatchValidation.h"

#include <QDate>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace gpuplanner::core {

namespace {

constexpr int kMaxTermMonths = 60;

QString fieldValue(const QString &column, const QString &value)
{
    return QStringLiteral("%1 '%2'").arg(column, value.left(40));
}

class Rows
{
public:
    Rows(const SeedMetadata &meta, const QHash<QString, QList<PriceTableImporter::Shape>> &shapes,
         const CatalogSource &source, const CsvTable &table)
        : m_meta(meta), m_shapes(shapes), m_source(source), m_table(table)
    {
        m_policy.ratePerUsd.insert(QStringLiteral("USD"), 1.0);
        m_policy.ratePerUsd.insert(QStringLiteral("CNY"), 1.0 / SkyPilotImporter::kForkCnyToUsd);
    }

    ImportBatch run()
    {
        for (const CsvRecord &r : m_table.records()) {
            if (row(r))
                ++m_used;
        }
        m_batch.files.append(ImportFileStats{m_source.provider, m_source.catalogPath(), int(m_table.size()), m_used,
                                             int(m_table.size()) - m_used});
        return m_batch;
    }

private:
    QString field(const CsvRecord &r, const char *name) const
    {
        return m_table.field(r, QString::fromLatin1(name)).trimmed();
    }

    bool exclude(const CsvRecord &r, const QString &reason, const QString &detail = {})
    {
        m_batch.exclusions.append(ImportExclusion{m_source.provider, m_source.catalogPath(), r.line,
                                                  QStringLiteral("row"), reason, detail});
        return false;
    }

    // An instance type the catalog does not know, as the row states it.
    std::optional<ImportedInstance> newInstance(const CsvRecord &r, const QString &name)
    {
        ImportedInstance in;
        in.provider = m_source.provider;
        in.name = name;
        in.gpuId = field(r, "gpu");
        const auto count = csvNumber(field(r, "gpu_count"));
        const auto vcpus = csvNumber(field(r, "vcpus"));
        const auto memory = csvNumber(field(r, "memory_gib"));
        // vCPUs and memory may be left empty where no source states them: the catalog then shows them
        // as unknown (and the estimate does not check the host), never as a guess.
        const bool vcpusBad = !field(r, "vcpus").isEmpty() && (!vcpus || *vcpus <= 0);
        const bool memoryBad = !field(r, "memory_gib").isEmpty() && (!memory || *memory <= 0);
        if (in.gpuId.isEmpty() || !count || *count <= 0 || vcpusBad || memoryBad) {
            exclude(r, QStringLiteral("the catalog does not know this instance type: a new one needs gpu and gpu_count "
                                      "(a number > 0), and vcpus and memory_gib as numbers > 0 or empty when unknown"),
                    name);
            return std::nullopt;
        }
        if (!m_meta.gpuModel(in.gpuId)) {
            exclude(r, QStringLiteral("a new instance type needs a gpu from gpu-models.csv"), fieldValue(QStringLiteral("gpu"), in.gpuId));
            return std::nullopt;
        }
        in.gpuCount = *count;
        in.vcpus = vcpus;
        in.memoryGib = memory;
        in.specNote = QStringLiteral("as stated by %1").arg(m_source.catalogPath());
        return in;
    }

    // The (instance, region) pairs a row prices. A name the catalog knows in several shapes (a
    // provider's region-specific sizes) takes the one the catalog lists in the row's region; '*'
    // takes every region of every shape. Empty, with the exclusion, when the row cannot say.
    QList<std::pair<ImportedInstance, QString>> placesOf(const CsvRecord &r)
    {
        const QString name = field(r, "instance_type");
        const QString region = field(r, "region");
        if (name.isEmpty() || region.isEmpty()) {
            exclude(r, name.isEmpty() ? QStringLiteral("instance_type is empty") : QStringLiteral("region is empty"));
            return {};
        }
        const QList<PriceTableImporter::Shape> shapes = m_shapes.value(m_source.provider + u'|' + name);
        QList<std::pair<ImportedInstance, QString>> out;
        if (shapes.isEmpty()) {
            if (region == u"*") {
                exclude(r, QStringLiteral("region '*' but the catalog lists this instance type in no region"), name);
                return {};
            }
            if (const auto in = newInstance(r, name))
                out.append({*in, region});
            return out;
        }
        if (region == u"*") {
            for (const PriceTableImporter::Shape &shape : shapes) {
                for (const QString &code : shape.regions)
                    out.append({shape.instance, code});
            }
            return out;
        }
        QList<const PriceTableImporter::Shape *> here;
        for (const PriceTableImporter::Shape &shape : shapes) {
            if (shape.regions.contains(region))
                here.append(&shape);
        }
        if (here.size() == 1)
            out.append({here.first()->instance, region});
        else if (here.isEmpty() && shapes.size() == 1)
            out.append({shapes.first().instance, region});
        else
            exclude(r, QStringLiteral("the catalog has %1 shapes named %2 (%3 of them in this region): the row cannot say "
                                      "which it prices")
                           .arg(shapes.size()).arg(name).arg(here.size()),
                    region);
        return out;
    }

    bool row(const CsvRecord &r)
    {
        const auto billing = billingFromId(field(r, "billing"));
        if (!billing)
            return exclude(r, QStringLiteral("billing is not on_demand, spot, reserved, savings_plan or capacity_block"),
                           fieldValue(QStringLiteral("billing"), field(r, "billing")));
        const QString termText = field(r, "term_months");
        const auto term = termText.isEmpty() ? std::optional<double>(0) : csvNumber(termText);
        const bool termed = *billing == Billing::Reserved || *billing == Billing::SavingsPlan;
        if (!term || *term != std::floor(*term) || *term < 0 || *term > kMaxTermMonths || (termed != (*term > 0)))
            return exclude(r, termed ? QStringLiteral("a commitment needs term_months of 1 to 60")
                                     : QStringLiteral("term_months must be 0 or empty for this billing"),
                           fieldValue(QStringLiteral("term_months"), termText));
        const QString upfront = field(r, "upfront");
        if (termed ? !QStringList{QStringLiteral("none"), QStringLiteral("partial"), QStringLiteral("all")}.contains(upfront)
                   : !upfront.isEmpty())
            return exclude(r, termed ? QStringLiteral("upfront must be none, partial or all")
                                     : QStringLiteral("upfront must be empty for this billing"),
                           fieldValue(QStringLiteral("upfront"), upfront));
        const QString offeringClass = field(r, "offering_class");
        if (!QStringList{QString(), QStringLiteral("standard"), QStringLiteral("convertible"), QStringLiteral("compute"),
                         QStringLiteral("instance")}.contains(offeringClass))
            return exclude(r, QStringLiteral("offering_class is not standard, convertible, compute, instance or empty"),
                           fieldValue(QStringLiteral("offering_class"), offeringClass));
        const QString priceText = field(r, "price_per_hour");
        const auto price = csvNumber(priceText);
        if (!price || *price <= 0)
            return exclude(r, QStringLiteral("price_per_hour is not a number above 0"),
                           fieldValue(QStringLiteral("price_per_hour"), priceText));
        const QString feeText = field(r, "upfront_fee");
        const auto fee = feeText.isEmpty() ? std::optional<double>() : csvNumber(feeText);
        if (!feeText.isEmpty() && (!fee || *fee < 0))
            return exclude(r, QStringLiteral("upfront_fee is not a number >= 0"), fieldValue(QStringLiteral("upfront_fee"), feeText));
        const QString currency = field(r, "currency");
        static const QRegularExpression iso(QStringLiteral("^[A-Z]{3}$"));
        if (!iso.match(currency).hasMatch())
            return exclude(r, QStringLiteral("currency is not an ISO 4217 code"), fieldValue(QStringLiteral("currency"), currency));
        const QString date = field(r, "effective_date");
        if (!date.isEmpty() && !QDate::fromString(date.left(10), Qt::ISODate).isValid())
            return exclude(r, QStringLiteral("effective_date is not a date"), fieldValue(QStringLiteral("effective_date"), date));
        if (!date.isEmpty() && date.left(10) > m_source.observedOn)
            return exclude(r, QStringLiteral("effective_date is after the source was observed"), date);
        const auto targets = placesOf(r);
        if (targets.isEmpty())
            return false;

        ImportedOffer o;
        o.billing = *billing;
        o.termMonths = int(*term);
        o.upfront = termed ? upfront : QStringLiteral("none");
        o.offeringClass = offeringClass;
        o.price = *price;
        o.currency = currency;
        o.effectiveDate = date.left(10);
        if (termed) {
            // The table states the effective rate: the whole term's cost over its hours.
            o.priceBasis = PriceBasis::Effective;
            o.upfrontFee = upfront == u"none" ? std::optional<double>(0.0) : fee;
            if (upfront == u"none")
                o.recurringPerHour = *price;
            else if (upfront == u"all")
                o.recurringPerHour = 0.0;
        } else if (*billing == Billing::CapacityBlock) {
            // Paid up front for every booked hour (as CommitmentsImporter takes AWS's blocks).
            o.upfront = QStringLiteral("all");
            o.priceBasis = PriceBasis::Effective;
            o.minDurationHours = 24;
            o.maxDurationHours = 182 * 24;
        }
        o.source = m_source.offerSource();

        bool any = false;
        for (const auto &[instance, code] : targets) {
            o.instance = instance;
            o.region = code;
            if (const QString problem = offerProblem(o, m_policy); !problem.isEmpty()) {
                exclude(r, problem, QStringLiteral("%1 %2").arg(o.instance.name, code));
                continue;
            }
            m_batch.offers.append(o);
            any = true;
        }
        return any;
    }

    const SeedMetadata &m_meta;
    const QHash<QString, QList<PriceTableImporter::Shape>> &m_shapes;
    const CatalogSource &m_source;
    const CsvTable &m_table;
    ValidationPolicy m_policy;
    ImportBatch m_batch;
    int m_used = 0;
};

} // namespace

const QStringList &PriceTableImporter::columns()
{
    static const QStringList names{
        QStringLiteral("instance_type"), QStringLiteral("region"),        QStringLiteral("billing"),
        QStringLiteral("term_months"),   QStringLiteral("upfront"),       QStringLiteral("offering_class"),
        QStringLiteral("price_per_hour"), QStringLiteral("upfront_fee"),  QStringLiteral("currency"),
        QStringLiteral("gpu"),           QStringLiteral("gpu_count"),     QStringLiteral("vcpus"),
        QStringLiteral("memory_gib"),    QStringLiteral("effective_date"), QStringLiteral("quote")};
    return names;
}

PriceTableImporter::PriceTableImporter(const SeedMetadata &metadata, const QList<ImportedOffer> &catalog)
    : m_meta(metadata)
{
    for (const ImportedOffer &o : catalog) {
        QList<Shape> &shapes = m_shapes[o.instance.provider + u'|' + o.instance.name];
        auto same = std::find_if(shapes.begin(), shapes.end(), [&](const Shape &s) {
            return s.instance.gpuId == o.instance.gpuId && s.instance.gpuCount == o.instance.gpuCount
                && s.instance.vcpus == o.instance.vcpus && s.instance.memoryGib == o.instance.memoryGib;
        });
        if (same == shapes.end()) {
            shapes.append(Shape{o.instance, {}});
            same = shapes.end() - 1;
        }
        if (!same->regions.contains(o.region))
            same->regions.append(o.region);
    }
}

Result<ImportBatch> PriceTableImporter::importTable(const CatalogSource &source, const CsvTable &table) const
{
    for (const QString &column : columns()) {
        if (!table.hasColumn(column))
            return Error{QStringLiteral("%1: missing column '%2' (a price-table has %3)")
                             .arg(source.catalogPath(), column, columns().join(u','))};
    }
    ImportBatch batch = Rows(m_meta, m_shapes, source, table).run();
    stampSource(batch, source);
    return batch;
}

} // namespace gpuplanner::core
