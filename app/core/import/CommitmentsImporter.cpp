#include "core/import/CommitmentsImporter.h"

#include "core/import/SkyPilotImporter.h"
#include "core/io/CsvReader.h"
#include "core/refresh/BatchValidation.h"

#include <QHash>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace gpuplanner::core {

namespace {

constexpr double kHoursPerYear = 8760.0;
// The longest commitment a provider sells: five years (Azure's longest reservations).
constexpr int kMaxTermMonths = 60;
// An all-upfront fee buys the term for less than on-demand would cost over it. Up to this factor
// above that cost the two prices may still be of different dates; beyond it the fee is wrong.
constexpr double kMaxUpfrontOverOnDemandTerm = 1.5;
// An all-upfront row states both its fee and its effective rate (the fee over the term's hours,
// rounded by the source); one that disagrees with the other by more than this was mistyped.
constexpr double kUpfrontRateTolerance = 0.02;

// "2025-11-30", or "2024-12 (valid until 2025-01-01 update)" -> "2024-12".
QString dateOf(const QString &text)
{
    static const QRegularExpression date(QStringLiteral("^\\d{4}-\\d{2}(-\\d{2})?"));
    const auto m = date.match(text);
    return m.hasMatch() ? m.captured(0) : QString();
}


// A term a provider can sell: whole months, 1 to kMaxTermMonths.
std::optional<int> termMonths(const QString &text)
{
    const auto v = csvNumber(text);
    if (!v || *v != std::floor(*v) || *v < 1 || *v > kMaxTermMonths)
        return std::nullopt;
    return int(*v);
}

// "price_per_hour '-2'": the field and the value as the row has them, for an exclusion's detail.
QString fieldValue(const char *column, const QString &value)
{
    return QStringLiteral("%1 '%2'").arg(QLatin1String(column), value.left(40));
}

// "cloud-gpus config: 8x H100 80GB (Virtual Machine)" or "1/6x A10 24GB (...)".
struct AggregateConfig
{
    double count = 0;
    QString gpuName;
};

std::optional<AggregateConfig> parseConfig(const QString &instanceType)
{
    static const QRegularExpression re(
        QStringLiteral("^cloud-gpus config: (\\d+)(?:/(\\d+))?x (.+?)(?: \\(.*\\))?$"));
    const auto m = re.match(instanceType);
    if (!m.hasMatch())
        return std::nullopt;
    double count = m.captured(1).toDouble();
    if (!m.captured(2).isEmpty())
        count /= m.captured(2).toDouble();
    return AggregateConfig{count, m.captured(3)};
}

// The aggregator's product slug in a row's source ("...#cloud-gpus-azure-nvidia-a100-80gb-pcie-83")
// names the GPU's memory and form factor, which its configuration text leaves out.
QString gpuFromSlug(const QString &source)
{
    static const QHash<QString, QString> slugs = {
        {QStringLiteral("nvidia-t4"), QStringLiteral("T4")},
        {QStringLiteral("nvidia-a10"), QStringLiteral("A10")},
        {QStringLiteral("nvidia-l4"), QStringLiteral("L4")},
        {QStringLiteral("nvidia-p100-16gb-pcie"), QStringLiteral("P100-PCIe-16GB")},
        {QStringLiteral("nvidia-v100-16gb-pcie"), QStringLiteral("V100-PCIe-16GB")},
        {QStringLiteral("nvidia-v100-32gb-sxm"), QStringLiteral("V100-SXM2-32GB")},
        {QStringLiteral("nvidia-a100-40gb-sxm"), QStringLiteral("A100-SXM4-40GB")},
        {QStringLiteral("nvidia-a100-80gb-sxm"), QStringLiteral("A100-SXM4-80GB")},
        {QStringLiteral("nvidia-a100-80gb-pcie"), QStringLiteral("A100-PCIe-80GB")},
        {QStringLiteral("nvidia-h100-sxm"), QStringLiteral("H100-SXM5-80GB")},
        {QStringLiteral("nvidia-h100-nvl"), QStringLiteral("H100-NVL-94GB")},
        {QStringLiteral("nvidia-h200-sxm"), QStringLiteral("H200-SXM-141GB")},
        {QStringLiteral("nvidia-hgx-b200"), QStringLiteral("B200")},
        {QStringLiteral("nvidia-rtx-pro-6000-server"), QStringLiteral("RTXPRO6000")},
    };
    static const QRegularExpression slug(QStringLiteral("#cloud-gpus-[a-z]+-(nvidia-[a-z0-9-]+?)-\\d+(?![a-z0-9-])"));
    const auto m = slug.match(source);
    return m.hasMatch() ? slugs.value(m.captured(1)) : QString();
}

QString formatCount(double count)
{
    return count < 1 ? QStringLiteral("1/%1").arg(std::lround(1.0 / count)) : QString::number(count);
}

class Import
{
public:
    Import(const SeedMetadata &meta, const QList<ImportedOffer> &catalog, QString label, const CsvTable &table)
        : m_meta(meta), m_label(std::move(label)), m_table(table)
    {
        for (const ImportedOffer &o : catalog) {
            m_instances.insert(o.instance.provider + u'|' + o.instance.name, o.instance);
            if (o.billing == Billing::OnDemand) {
                m_onDemand.append(&o);
                m_onDemandPrice.insert(onDemandKey(o.instance.provider, o.instance.name, o.region, o.currency), o.price);
            }
        }
        // The data set's own on-demand rows (AWS China's, and the ones the snapshot prices too)
        // where the catalog has none: what an upfront fee is held to.
        for (const CsvRecord &r : table.records()) {
            const auto price = csvNumber(field(r, "price_per_hour"));
            if (field(r, "billing") == u"on_demand" && price && *price > 0) {
                const QString key = onDemandKey(field(r, "provider"), field(r, "instance_type"), field(r, "region"), field(r, "currency"));
                if (!m_onDemandPrice.contains(key))
                    m_onDemandPrice.insert(key, *price);
            }
        }
        // The seed's own rates (see buildSeedCatalog) for the plausibility bounds.
        m_policy.ratePerUsd.insert(QStringLiteral("USD"), 1.0);
        m_policy.ratePerUsd.insert(QStringLiteral("CNY"), 1.0 / SkyPilotImporter::kForkCnyToUsd);
    }

    ImportBatch run()
    {
        for (const CsvRecord &r : m_table.records())
            row(r);
        addAggregateRatios();
        m_batch.files.append(ImportFileStats{QStringLiteral("*"), m_label, int(m_table.size()), m_used,
                                             int(m_table.size()) - m_used});
        return m_batch;
    }

private:
    QString field(const CsvRecord &r, const char *name) const { return m_table.field(r, QString::fromLatin1(name)); }

    static QString onDemandKey(const QString &provider, const QString &instance, const QString &region, const QString &currency)
    {
        return QStringList{provider, instance, region, currency}.join(u'|');
    }

    // An hourly price the row states: a finite number >= 0, or the row is left out naming it.
    bool priceReadable(const CsvRecord &r)
    {
        const QString text = field(r, "price_per_hour");
        if (const auto v = csvNumber(text); v && *v < 0) {
            exclude(r, QStringLiteral("price_per_hour is negative"), fieldValue("price_per_hour", text));
            return false;
        }
        return true;
    }

    // upfront_fee, when the row states one: a finite number >= 0, or the row is left out naming it.
    bool feeReadable(const CsvRecord &r)
    {
        const QString text = field(r, "upfront_fee").trimmed();
        if (text.isEmpty())
            return true;
        const auto v = csvNumber(text);
        if (!v || *v < 0) {
            exclude(r, QStringLiteral("upfront_fee is not a finite number >= 0"), fieldValue("upfront_fee", text));
            return false;
        }
        return true;
    }

    void exclude(const CsvRecord &r, const QString &reason, const QString &detail = {})
    {
        m_batch.exclusions.append(ImportExclusion{field(r, "provider"), m_label, r.line,
                                                  QStringLiteral("commitment"), reason, detail});
    }

    // The offer passes the same checks a refresh applies, or is left out with the reason.
    bool add(const CsvRecord &r, ImportedOffer o)
    {
        if (const QString problem = offerProblem(o, m_policy); !problem.isEmpty()) {
            exclude(r, problem, QStringLiteral("%1 %2").arg(o.instance.name, o.region));
            return false;
        }
        m_batch.offers.append(o);
        return true;
    }

    void row(const CsvRecord &r)
    {
        const QString provider = field(r, "provider");
        const QString billing = field(r, "billing");
        const QString region = field(r, "region");
        if (provider == u"aws") {
            awsRow(r, billing, region);
            return;
        }
        if (region == u"multi:cheapest-listed") {
            // Kept for the ratios, applied once every row is read.
            const auto config = parseConfig(field(r, "instance_type"));
            const auto price = csvNumber(field(r, "price_per_hour"));
            if (!config || !price) {
                exclude(r, QStringLiteral("unreadable aggregate configuration or price"), field(r, "instance_type"));
                return;
            }
            // The on-demand listing divides the others, and every listing is a reference price.
            if (*price <= 0) {
                exclude(r, QStringLiteral("price_per_hour is not above 0"), fieldValue("price_per_hour", field(r, "price_per_hour")));
                return;
            }
            if (!feeReadable(r))
                return;
            if (billing == u"spot") {
                exclude(r, QStringLiteral("aggregate spot price: the catalog's own spot prices are used"));
                return;
            }
            m_aggregate[provider + u'|' + field(r, "instance_type")].append(r);
            return;
        }
        if (provider == u"azure" && billing == u"reserved") {
            directAzureReservation(r);
            return;
        }
        exclude(r, QStringLiteral("GPU-only SKU price: it leaves out the host VM the instance is billed with"),
                field(r, "instance_type"));
    }

    const ImportedInstance *instance(const QString &provider, const QString &name) const
    {
        const auto it = m_instances.constFind(provider + u'|' + name);
        return it == m_instances.cend() ? nullptr : &*it;
    }

    ImportedOffer base(const CsvRecord &r, const ImportedInstance &in) const
    {
        ImportedOffer o;
        o.instance = in;
        o.region = field(r, "region");
        o.currency = field(r, "currency");
        o.source = field(r, "source");
        o.effectiveDate = dateOf(field(r, "effective_date"));
        return o;
    }

    void awsRow(const CsvRecord &r, const QString &billing, const QString &region)
    {
        const bool china = region.startsWith(QStringLiteral("cn-"));
        if ((billing == u"on_demand" && !china) || billing.startsWith(QStringLiteral("spot"))) {
            exclude(r, QStringLiteral("the SkyPilot snapshot already prices it"));
            return;
        }
        const ImportedInstance *in = instance(QStringLiteral("aws"), field(r, "instance_type"));
        if (!in) {
            exclude(r, QStringLiteral("instance type not in the catalog"), field(r, "instance_type"));
            return;
        }
        const auto price = csvNumber(field(r, "price_per_hour"));
        if (!price) {
            exclude(r, QStringLiteral("price is not a number"), field(r, "price_per_hour"));
            return;
        }
        if (!priceReadable(r) || !feeReadable(r))
            return;
        ImportedOffer o = base(r, *in);
        o.price = *price;
        if (billing == u"on_demand") {
            o.billing = Billing::OnDemand;
        } else if (billing == u"capacity_block") {
            o.billing = Billing::CapacityBlock;
            o.upfront = QStringLiteral("all");
            o.priceBasis = PriceBasis::Effective;
            o.minDurationHours = CommitmentsImporter::kCapacityBlockMinHours;
            o.maxDurationHours = CommitmentsImporter::kCapacityBlockMaxHours;
        } else if (billing == u"reserved_standard" || billing == u"reserved_convertible"
                   || billing == u"savings_plan_unspecified") {
            if (!commitmentTerms(r, o, billing))
                return;
        } else {
            exclude(r, QStringLiteral("unknown billing"), billing);
            return;
        }
        if (add(r, o))
            ++m_used;
    }

    // The source's rate is effective: the hourly part plus the upfront fee spread over the term.
    bool commitmentTerms(const CsvRecord &r, ImportedOffer &o, const QString &billing)
    {
        const auto term = csvNumber(field(r, "term_months"));
        const QString upfront = field(r, "upfront");
        if (!term || (*term != 12 && *term != 36) || (upfront != u"none" && upfront != u"partial" && upfront != u"all")) {
            exclude(r, QStringLiteral("unknown term or upfront option"),
                    QStringLiteral("%1 / %2").arg(field(r, "term_months"), upfront));
            return false;
        }
        o.billing = billing == u"savings_plan_unspecified" ? Billing::SavingsPlan : Billing::Reserved;
        o.offeringClass = billing == u"reserved_standard" ? QStringLiteral("standard")
            : billing == u"reserved_convertible" ? QStringLiteral("convertible") : QString();
        o.termMonths = int(*term);
        o.upfront = upfront;
        o.priceBasis = PriceBasis::Effective;
        const auto fee = csvNumber(field(r, "upfront_fee")); // readable, or feeReadable left the row out
        if (upfront == u"none") {
            if (fee && *fee != 0) {
                exclude(r, QStringLiteral("upfront_fee on a commitment with no upfront payment"),
                        fieldValue("upfront_fee", field(r, "upfront_fee")));
                return false;
            }
            o.upfrontFee = 0.0;
            o.recurringPerHour = o.price;
        } else if (upfront == u"all") {
            const double termHours = kHoursPerYear * o.termMonths / 12.0;
            o.upfrontFee = fee.value_or(o.price * termHours);
            o.recurringPerHour = 0.0;
            if (!upfrontBelowOnDemand(r, o))
                return false;
            if (fee && std::abs(*fee - o.price * termHours) > kUpfrontRateTolerance * o.price * termHours) {
                exclude(r, QStringLiteral("upfront_fee does not match price_per_hour over the term"),
                        QStringLiteral("%1, price_per_hour %2 x %3 h = %4")
                            .arg(fieldValue("upfront_fee", field(r, "upfront_fee")), field(r, "price_per_hour"))
                            .arg(termHours)
                            .arg(o.price * termHours, 0, 'f', 0));
                return false;
            }
        }
        // Partial upfront: the source cannot separate the two parts; both stay unknown.
        return true;
    }

    // Where the on-demand price of the same instance is at hand, an all-upfront fee is held to
    // what the whole term would cost on demand (the check is skipped without it).
    bool upfrontBelowOnDemand(const CsvRecord &r, const ImportedOffer &o)
    {
        const auto od = m_onDemandPrice.constFind(onDemandKey(o.instance.provider, o.instance.name, o.region, o.currency));
        if (od == m_onDemandPrice.cend() || !o.upfrontFee)
            return true;
        const double termCost = *od * kHoursPerYear * o.termMonths / 12.0;
        if (*o.upfrontFee <= kMaxUpfrontOverOnDemandTerm * termCost)
            return true;
        exclude(r, QStringLiteral("upfront_fee is more than %1 times the whole term at the on-demand price").arg(kMaxUpfrontOverOnDemandTerm),
                QStringLiteral("%1, on demand %2 %3/h x %4 months = %5")
                    .arg(fieldValue("upfront_fee", field(r, "upfront_fee")))
                    .arg(*od)
                    .arg(o.currency)
                    .arg(o.termMonths)
                    .arg(termCost, 0, 'f', 0));
        return false;
    }

    void directAzureReservation(const CsvRecord &r)
    {
        const ImportedInstance *in = instance(QStringLiteral("azure"), field(r, "instance_type"));
        const auto price = csvNumber(field(r, "price_per_hour"));
        if (!in || !price) {
            exclude(r, QStringLiteral("instance type not in the catalog or unreadable price"), field(r, "instance_type"));
            return;
        }
        const auto term = termMonths(field(r, "term_months"));
        if (!term) {
            exclude(r, QStringLiteral("term_months is not a whole number of months from 1 to %1").arg(kMaxTermMonths),
                    fieldValue("term_months", field(r, "term_months")));
            return;
        }
        if (!priceReadable(r) || !feeReadable(r))
            return;
        ImportedOffer o = base(r, *in);
        o.billing = Billing::Reserved;
        o.termMonths = *term;
        o.price = *price;
        o.priceBasis = PriceBasis::Effective;
        o.upfrontFee = 0.0; // Azure: paid monthly or up front, the same total
        o.recurringPerHour = *price;
        if (add(r, o)) {
            ++m_used;
            m_direct.insert(QStringList{in->name, o.region, QString::number(o.termMonths)}.join(u'|'));
        }
    }

    void addAggregateRatios()
    {
        for (auto it = m_aggregate.cbegin(); it != m_aggregate.cend(); ++it) {
            const CsvRecord *onDemand = nullptr;
            for (const CsvRecord &r : it.value()) {
                if (field(r, "billing") == u"on_demand")
                    onDemand = &r;
            }
            const QString provider = it.key().section(u'|', 0, 0);
            for (const CsvRecord &r : it.value()) {
                const QString billing = field(r, "billing");
                const auto config = parseConfig(field(r, "instance_type")); // read as the row was kept
                const QString gpu = gpuFromSlug(field(r, "source"));
                // The on-demand listing and the 1-year commitment are figures the price checks use.
                const int referenceTerm = billing == u"on_demand" ? 0 : (field(r, "term_months") == u"12" ? 12 : -1);
                if (referenceTerm >= 0 && !gpu.isEmpty() && field(r, "currency") == u"USD")
                    m_batch.references.append(PriceReference{
                        provider, gpu, config->count, *csvNumber(field(r, "price_per_hour")), referenceTerm,
                        QStringLiteral("the cloud-gpus.com aggregate"), dateOf(field(r, "effective_date"))});
                if (billing == u"on_demand") {
                    ++m_used; // the ratios' denominator
                    continue;
                }
                if (!onDemand) {
                    exclude(r, QStringLiteral("no on-demand price of the same configuration to take a ratio to"));
                    continue;
                }
                if (gpu.isEmpty() || !m_meta.gpuModel(gpu)) {
                    exclude(r, QStringLiteral("unmapped GPU name"), config->gpuName);
                    continue;
                }
                const double ratio = *csvNumber(field(r, "price_per_hour")) / *csvNumber(field(*onDemand, "price_per_hour"));
                const auto term = termMonths(field(r, "term_months"));
                if (!term || (*term != 12 && *term != 36)) {
                    exclude(r, QStringLiteral("term_months is not the aggregate's 12 or 36"),
                            fieldValue("term_months", field(r, "term_months")));
                    continue;
                }
                // The ratio is the discount: 0 to 100 % off on-demand.
                if (!(ratio > 0 && ratio < 1)) {
                    exclude(r, QStringLiteral("ratio to on-demand outside 0-1"), QString::number(ratio, 'f', 3));
                    continue;
                }
                int applied = 0;
                for (const ImportedOffer *od : std::as_const(m_onDemand)) {
                    if (od->instance.provider != provider || od->instance.gpuId != gpu
                        || std::abs(od->instance.gpuCount - config->count) > 1e-6)
                        continue;
                    if (m_direct.contains(QStringList{od->instance.name, od->region, QString::number(int(*term))}
                                              .join(u'|')))
                        continue;
                    ImportedOffer o = *od;
                    o.billing = Billing::Reserved;
                    o.medianPrice.reset();
                    o.termMonths = int(*term);
                    o.upfront = QStringLiteral("none");
                    o.price = od->price * ratio;
                    o.priceBasis = PriceBasis::Effective;
                    o.upfrontFee = 0.0;
                    o.recurringPerHour = o.price;
                    // The price level is the on-demand price's (its date stays); the ratio's source and date are named.
                    o.source = QStringLiteral("%1 x on-demand: the %2-month %3 ratio for %4x %5 in the cloud-gpus.com "
                                              "aggregate of %6 (its cheapest listing, not this region's own price; %7)")
                                   .arg(QString::number(ratio, 'f', 3))
                                   .arg(int(*term))
                                   .arg(provider == u"azure" ? QStringLiteral("reservation")
                                                             : QStringLiteral("committed-use"))
                                   .arg(formatCount(config->count), config->gpuName, dateOf(field(r, "effective_date")),
                                        field(r, "source").section(QStringLiteral(" ["), 0, 0));
                    if (offerProblem(o, m_policy).isEmpty()) {
                        m_batch.offers.append(o);
                        ++applied;
                    }
                }
                if (applied == 0)
                    exclude(r, QStringLiteral("no catalog instance type with this GPU model and count"),
                            field(r, "instance_type"));
                else
                    ++m_used;
            }
        }
    }

    const SeedMetadata &m_meta;
    QString m_label;
    const CsvTable &m_table;
    ValidationPolicy m_policy;
    QHash<QString, ImportedInstance> m_instances;
    QList<const ImportedOffer *> m_onDemand;
    QHash<QString, double> m_onDemandPrice; // provider|instance|region|currency -> on-demand price
    // provider|configuration -> its rows; ordered, so the seed inserts its offers in the same order every build
    QMap<QString, QList<CsvRecord>> m_aggregate;
    QSet<QString> m_direct;                       // instance|region|term priced by a direct row
    ImportBatch m_batch;
    int m_used = 0;
};

} // namespace

CommitmentsImporter::CommitmentsImporter(const SeedMetadata &metadata, const QList<ImportedOffer> &catalog)
    : m_meta(metadata), m_catalog(catalog)
{
}

Result<ImportBatch> CommitmentsImporter::importTable(const QString &fileLabel, const CsvTable &table) const
{
    for (const char *column : {"provider", "instance_type", "region", "billing", "term_months", "upfront",
                               "price_per_hour", "upfront_fee", "currency", "effective_date", "source"}) {
        if (!table.hasColumn(QString::fromLatin1(column)))
            return Error{QStringLiteral("%1: missing column '%2'").arg(fileLabel, QString::fromLatin1(column))};
    }
    return Import(m_meta, m_catalog, fileLabel, table).run();
}

} // namespace gpuplanner::core
