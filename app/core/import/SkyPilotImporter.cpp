#include "core/import/SkyPilotImporter.h"

#include "core/import/GcpUsageTypes.h"
#include "core/import/OfferAggregator.h"
#include "core/refresh/BatchValidation.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace gpuplanner::core {

namespace {

const QString kSource = QStringLiteral("skypilot-catalog snapshot");

// A region as the source writes it, without empty parts: Vast.ai's locations are "state, country,
// continent", and a host with no state reads ", CN, AS", which would be shown as such.
QString regionCode(const QString &text)
{
    QStringList parts = text.split(u',');
    for (QString &p : parts)
        p = p.trimmed();
    parts.removeAll(QString());
    return parts.join(QStringLiteral(", "));
}

struct PriceCheck
{
    std::optional<double> price;
    QString reason;   // why a non-empty cell is not a price
    QString category; // the reason without the value, for counting
    // A refresh keeps the offer's previous price for a refused one, unless the refusal says the
    // source's price is of another kind (the previous one came from the same rows).
    bool keepPrevious = true;
};

PriceCheck checkPrice(const QString &text, double units, bool isTpu, bool allowZero = false)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return {};
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok)
        return {std::nullopt, QStringLiteral("price '%1' is not a number").arg(t), QStringLiteral("price is not a number")};
    if (v < 0)
        return {std::nullopt, QStringLiteral("negative price %1").arg(t), QStringLiteral("negative price")};
    if (v == 0)
        return allowZero ? PriceCheck{0.0, {}, {}}
                         : PriceCheck{std::nullopt, QStringLiteral("price 0.0 is a placeholder"), QStringLiteral("placeholder price")};
    if (isTpu && v == 700.0)
        return {std::nullopt, QStringLiteral("TPU price 700.0 is a placeholder"), QStringLiteral("placeholder price")};
    if (!std::isfinite(v))
        return {std::nullopt, QStringLiteral("price '%1' is not a finite number").arg(t), QStringLiteral("price is not a number")};
    if (units > 0) {
        const double perUnit = v / units;
        if (perUnit < kMinUsdPerGpuHour || perUnit > kMaxUsdPerGpuHour)
            return {std::nullopt, QStringLiteral("implausible price: %1 USD per accelerator-hour").arg(perUnit),
                    implausiblePriceReason()};
    }
    return {v, {}, {}};
}

std::optional<double> number(const QString &text)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

bool isChinaCloud(const QString &provider)
{
    return provider == u"alicloud" || provider == u"tencentcloud";
}

// Works through one file's rows, recording every row as used or left out.
class FileImport
{
public:
    FileImport(const SeedMetadata &meta, const GpuAliasResolver &resolver, QString provider, QString label,
               const CsvTable &table)
        : m_meta(meta), m_resolver(resolver), m_provider(std::move(provider)), m_label(std::move(label)),
          m_table(table)
    {
        m_stats = ImportFileStats{m_provider, m_label, int(table.size()), 0, 0};
        m_spotCopiesOnDemand = spotColumnCopiesOnDemand(table);
    }

    // Every row with both prices has its spot price equal to its on-demand price (RunPod's 28
    // of 28): the column is a copy of on-demand, not spot prices. One zone at the on-demand price
    // among others below it is a real spot price at its cap. Whole dollars per GPU on every such
    // row are placeholders (Mithril's), which the price checks flag on both columns instead.
    static bool spotColumnCopiesOnDemand(const CsvTable &table)
    {
        int both = 0;
        bool allWholeDollars = true;
        for (const CsvRecord &r : table.records()) {
            const QString onDemand = table.field(r, QStringLiteral("Price")).trimmed();
            const QString spot = table.field(r, QStringLiteral("SpotPrice")).trimmed();
            if (onDemand.isEmpty() || spot.isEmpty())
                continue;
            if (onDemand.toDouble() != spot.toDouble())
                return false;
            const double gpus = table.field(r, QStringLiteral("AcceleratorCount")).toDouble();
            const double perGpu = gpus > 0 ? onDemand.toDouble() / gpus : 0.5;
            allWholeDollars = allWholeDollars && perGpu >= 1 && perGpu == std::floor(perGpu);
            ++both;
        }
        return both >= 2 && !allWholeDollars;
    }

    QString field(const CsvRecord &r, const char *column) const
    {
        return m_table.field(r, QString::fromLatin1(column));
    }

    void exclude(const CsvRecord &r, const QString &scope, const QString &reason, const QString &detail = {})
    {
        m_batch.exclusions.append(ImportExclusion{m_provider, m_label, r.line, scope, reason, detail});
        if (scope == u"row")
            ++m_stats.excludedRows;
    }

    void markUsed() { ++m_stats.usedRows; }

    // True (and the row left out) when an identical row was seen before.
    bool isDuplicate(const CsvRecord &r)
    {
        const QString key = r.fields.join(QChar(0x1f));
        const auto it = m_seen.constFind(key);
        if (it != m_seen.constEnd()) {
            exclude(r, QStringLiteral("row"), QStringLiteral("duplicate row"),
                    QStringLiteral("same as line %1").arg(*it));
            return true;
        }
        m_seen.insert(key, r.line);
        return false;
    }

    struct Hardware
    {
        ImportedInstance instance;
        bool isTpu = false;
    };

    // The memory per GPU a row's GpuInfo lists: "'MemoryInfo': {'SizeInMiB': 40960}" (most clouds)
    // or a trailing "16GB" (Alibaba, Tencent). Figures under 1 GiB are a unit mix-up, not read.
    static std::optional<double> listedGpuMemory(const QString &info)
    {
        static const QRegularExpression mib(QStringLiteral("'MemoryInfo':\\s*\\{'SizeInMiB':\\s*(\\d+(?:\\.\\d+)?)"));
        static const QRegularExpression gb(QStringLiteral("(\\d+(?:\\.\\d+)?)\\s*GB$"));
        double gib = 0;
        if (const auto m = mib.match(info); m.hasMatch())
            gib = m.captured(1).toDouble() / 1024.0;
        else if (const auto g = gb.match(info); g.hasMatch())
            gib = g.captured(1).toDouble();
        return gib >= 1.0 ? std::optional<double>(gib) : std::nullopt;
    }

    // Resolves the row's accelerator and count; leaves the row out when it cannot.
    std::optional<Hardware> hardware(const CsvRecord &r, const QString &instanceName, const QString &accelerator,
                                     const QString &countText)
    {
        const auto resolved = m_resolver.resolve(accelerator, m_provider, instanceName);
        if (!resolved) {
            exclude(r, QStringLiteral("row"), QStringLiteral("unmapped accelerator name"), accelerator);
            return std::nullopt;
        }
        double fraction = resolved->fraction;
        const GpuModel *model = m_meta.gpuModel(resolved->gpuId);
        if (m_provider == u"alicloud" && fraction == 1.0 && model && model->memoryGib) {
            // Alibaba lists vGPU slices by their memory ("RTX 5880 24GB" of a 48 GB card).
            static const QRegularExpression memory(QStringLiteral("(\\d+(?:\\.\\d+)?)\\s*GB$"));
            const auto match = memory.match(field(r, "GpuInfo"));
            if (match.hasMatch()) {
                const double listed = match.captured(1).toDouble();
                if (listed > 0 && listed < *model->memoryGib - 0.5)
                    fraction = listed / *model->memoryGib;
            }
        }
        double count = number(countText).value_or(0);
        for (const Correction &c : m_meta.correctionsFor(m_provider, instanceName)) {
            if (c.field == u"AcceleratorCount") {
                count = c.value.toDouble();
                exclude(r, QStringLiteral("correction"), c.note, QStringLiteral("AcceleratorCount %1 -> %2")
                                                                     .arg(countText, c.value));
            }
        }
        count *= fraction * resolved->unitsPerCount;
        if (count <= 0) {
            exclude(r, QStringLiteral("row"), QStringLiteral("no accelerator count"), countText);
            return std::nullopt;
        }
        Hardware hw;
        hw.instance = ImportedInstance{m_provider, instanceName, resolved->gpuId, count, number(field(r, "vCPUs")),
                                       number(field(r, "MemoryGiB")), {}};
        hw.instance.listedGpuMemoryGib = listedGpuMemory(field(r, "GpuInfo"));
        hw.isTpu = model && model->kind == u"tpu";
        return hw;
    }

    // True (and logged) when corrections.csv blanks this price column for the instance type:
    // a placeholder or a copied price is unknown, not a price.
    bool correctedAway(const QString &instanceName, const CsvRecord &r, const char16_t *column, const QString &scope)
    {
        for (const Correction &c : m_meta.correctionsFor(m_provider, instanceName)) {
            if (c.field == QStringView(column) && c.value.isEmpty()) {
                exclude(r, scope, c.note);
                return true;
            }
        }
        return false;
    }

    bool spotCorrectedAway(const QString &instanceName, const CsvRecord &r)
    {
        return correctedAway(instanceName, r, u"SpotPrice", QStringLiteral("spot"));
    }

    // Adds the row's on-demand and spot prices; the row is used when either is a price.
    void addPrices(const CsvRecord &r, const Hardware &hw, const QString &region, const PriceCheck &onDemand,
                   PriceCheck spot)
    {
        if (m_spotCopiesOnDemand && spot.price) {
            exclude(r, QStringLiteral("spot"),
                    QStringLiteral("every spot price in this file equals its row's on-demand price: a copy of "
                                   "on-demand, not spot prices"));
            spot = {};
        }
        // A refused price keeps the offer's previous one (in a refresh) rather than removing it.
        if (!onDemand.reason.isEmpty()) {
            exclude(r, QStringLiteral("on_demand"), onDemand.reason);
            if (onDemand.keepPrevious)
                m_batch.kept.append(KeptOffer{hw.instance.name, region, Billing::OnDemand, 0, QStringLiteral("none"),
                                              {}, onDemand.category});
        }
        if (!spot.reason.isEmpty()) {
            exclude(r, QStringLiteral("spot"), spot.reason);
            if (spot.keepPrevious)
                m_batch.kept.append(KeptOffer{hw.instance.name, region, Billing::Spot, 0, QStringLiteral("none"), {},
                                              spot.category});
        }
        if (!onDemand.price && !spot.price) {
            QString reason = !onDemand.reason.isEmpty() ? onDemand.reason : spot.reason;
            if (reason.isEmpty())
                reason = QStringLiteral("no on-demand or spot price");
            exclude(r, QStringLiteral("row"), reason);
            return;
        }
        const bool cny = isChinaCloud(m_provider);
        const QString currency = cny ? QStringLiteral("CNY") : QStringLiteral("USD");
        auto native = [cny](double usd) { return cny ? usd / SkyPilotImporter::kForkCnyToUsd : usd; };
        const QString source = kSource + QStringLiteral(" (%1)").arg(m_label);
        if (onDemand.price)
            m_offers.add(hw.instance, region, Billing::OnDemand, native(*onDemand.price), currency, source);
        if (spot.price)
            m_offers.add(hw.instance, region, Billing::Spot, native(*spot.price), currency, source);
        markUsed();
    }

    // The generic path: one row = one instance in one zone/region.
    void importRow(const CsvRecord &r)
    {
        if (isDuplicate(r))
            return;
        const QString accelerator = field(r, "AcceleratorName");
        QString instanceName = field(r, "InstanceType");
        if (instanceName.isEmpty())
            instanceName = accelerator; // GCP TPU slices are rented by their accelerator name
        const auto hw = hardware(r, instanceName, accelerator, field(r, "AcceleratorCount"));
        if (!hw)
            return;
        QString region = regionCode(field(r, "Region"));
        if (region.isEmpty())
            region = QStringLiteral("default");
        PriceCheck onDemand = checkPrice(field(r, "Price"), hw->instance.gpuCount, hw->isTpu);
        if (onDemand.price && correctedAway(instanceName, r, u"Price", QStringLiteral("on_demand")))
            onDemand = {};
        PriceCheck spot = checkPrice(field(r, "SpotPrice"), hw->instance.gpuCount, hw->isTpu);
        if (spot.price && spotCorrectedAway(instanceName, r))
            spot = {};
        addPrices(r, *hw, region, onDemand, spot);
    }

    ImportBatch finish()
    {
        m_batch.offers = m_offers.offers();
        m_batch.files.append(m_stats);
        return m_batch;
    }

    OfferAggregator &offers() { return m_offers; }

private:
    const SeedMetadata &m_meta;
    const GpuAliasResolver &m_resolver;
    QString m_provider;
    QString m_label;
    bool m_spotCopiesOnDemand = false;
    const CsvTable &m_table;
    ImportFileStats m_stats;
    ImportBatch m_batch;
    OfferAggregator m_offers;
    QHash<QString, int> m_seen;
};

// One price per accelerator and zone, in file order (per GPU; a zone's rows for 1 to 8 GPUs
// say the same). TPUs and duplicate rows are not GPU accelerator prices.
QList<GcpAcceleratorPrice> acceleratorPrices(const FileImport &rows, const CsvTable &vms, const QSet<int> &duplicates)
{
    QList<GcpAcceleratorPrice> prices;
    QSet<QString> seen;
    for (const CsvRecord &r : vms.records()) {
        const QString name = rows.field(r, "AcceleratorName");
        const QString zone = rows.field(r, "AvailabilityZone");
        const double count = number(rows.field(r, "AcceleratorCount")).value_or(0);
        if (name.startsWith(u"tpu-") || duplicates.contains(r.line) || !(count > 0) || seen.contains(name + u'|' + zone))
            continue;
        seen.insert(name + u'|' + zone);
        GcpAcceleratorPrice p{name, zone, number(rows.field(r, "Price")).value_or(0) / count, std::nullopt};
        if (const auto spot = number(rows.field(r, "SpotPrice")); spot && *spot > 0)
            p.spotPerGpu = *spot / count;
        prices.append(p);
    }
    return prices;
}

} // namespace

SkyPilotImporter::SkyPilotImporter(const SeedMetadata &metadata) : m_meta(metadata), m_resolver(metadata.resolver()) {}

Result<ImportBatch> SkyPilotImporter::importFile(const QString &provider, const QString &fileLabel,
                                                 const CsvTable &table) const
{
    for (const char *column : {"InstanceType", "AcceleratorName", "AcceleratorCount", "Price", "Region"}) {
        if (!table.hasColumn(QString::fromLatin1(column)))
            return Error{QStringLiteral("%1: not a SkyPilot vms.csv: missing column '%2'")
                             .arg(fileLabel, QString::fromLatin1(column))};
    }
    FileImport import(m_meta, m_resolver, provider, fileLabel, table);
    for (const CsvRecord &r : table.records())
        import.importRow(r);
    return import.finish();
}

Result<ImportBatch> SkyPilotImporter::importGcp(const QString &vmsLabel, const CsvTable &vms,
                                                const QString &hostsLabel, const CsvTable &hosts) const
{
    const QString provider = QStringLiteral("gcp");
    FileImport accelerators(m_meta, m_resolver, provider, vmsLabel, vms);
    FileImport hostRows(m_meta, m_resolver, provider, hostsLabel, hosts);

    // Accelerator rows by zone, name and count; TPU slices stand alone.
    QHash<QString, const CsvRecord *> byZone;
    QSet<int> duplicates;
    QList<const CsvRecord *> tpus;
    for (const CsvRecord &r : vms.records()) {
        if (accelerators.field(r, "AcceleratorName").startsWith(u"tpu-")) {
            tpus.append(&r);
            continue;
        }
        if (accelerators.isDuplicate(r)) {
            duplicates.insert(r.line);
            continue;
        }
        const QString key = accelerators.field(r, "AvailabilityZone") + u'|' + accelerators.field(r, "AcceleratorName")
                            + u'|' + QString::number(number(accelerators.field(r, "AcceleratorCount")).value_or(0));
        byZone.insert(key, &r);
    }

    const GcpUsageVerdict usage = checkGcpUsageTypes(acceleratorPrices(accelerators, vms, duplicates));

    QSet<int> usedAccelerators;
    for (const CsvRecord &host : hosts.records()) {
        if (hostRows.isDuplicate(host))
            continue;
        const QString hostType = hostRows.field(host, "InstanceType");
        const GcpHostAccelerator *mapping = m_meta.gcpHost(hostType);
        if (!mapping) {
            hostRows.exclude(host, QStringLiteral("row"), QStringLiteral("GCP host type with no known accelerator"),
                             hostType);
            continue;
        }
        const QString zone = hostRows.field(host, "AvailabilityZone");
        const QString region = hostRows.field(host, "Region");
        auto hw = hostRows.hardware(host, hostType, mapping->accelerator, QString::number(mapping->count));
        if (!hw)
            continue;
        const PriceCheck hostOnDemand = checkPrice(hostRows.field(host, "Price"), 0, false, true);
        const PriceCheck hostSpot = checkPrice(hostRows.field(host, "SpotPrice"), 0, false, true);
        if (mapping->allIn) {
            hostRows.addPrices(host, *hw, region,
                               checkPrice(hostRows.field(host, "Price"), hw->instance.gpuCount, false),
                               checkPrice(hostRows.field(host, "SpotPrice"), hw->instance.gpuCount, false));
            continue;
        }
        const QString key = zone + u'|' + mapping->accelerator + u'|' + QString::number(mapping->count);
        const CsvRecord *accel = byZone.value(key);
        if (!accel) {
            hostRows.exclude(host, QStringLiteral("row"),
                             QStringLiteral("no accelerator price for this GCP host in its zone"),
                             QStringLiteral("%1 x%2 in %3").arg(mapping->accelerator).arg(mapping->count).arg(zone));
            continue;
        }
        usedAccelerators.insert(accel->line);
        const QString usageKey = GcpUsageVerdict::key(mapping->accelerator, zone);
        auto compose = [&](const PriceCheck &hostPrice, const char *column) -> PriceCheck {
            // Host and accelerator SKUs of the same usage type, or no price.
            const auto &wrongKind = qstrcmp(column, "Price") == 0 ? usage.onDemandUnknown : usage.spotUnknown;
            if (const auto it = wrongKind.constFind(usageKey); it != wrongKind.cend())
                return {std::nullopt, *it, QStringLiteral("price of another usage type"), false};
            const PriceCheck accelPrice = checkPrice(accelerators.field(*accel, column), 0, false);
            if (!hostPrice.reason.isEmpty())
                return {std::nullopt, hostPrice.reason, hostPrice.category};
            if (!accelPrice.reason.isEmpty())
                return {std::nullopt, QStringLiteral("accelerator row: ") + accelPrice.reason, accelPrice.category};
            if (!hostPrice.price || !accelPrice.price)
                return {};
            const double total = *hostPrice.price + *accelPrice.price;
            return checkPrice(QString::number(total, 'g', 12), hw->instance.gpuCount, false);
        };
        PriceCheck onDemand = compose(hostOnDemand, "Price");
        if (onDemand.price && hostRows.correctedAway(hostType, host, u"Price", QStringLiteral("on_demand")))
            onDemand = {};
        hostRows.addPrices(host, *hw, region, onDemand, compose(hostSpot, "SpotPrice"));
    }

    for (const CsvRecord *tpu : tpus)
        accelerators.importRow(*tpu);
    for (const CsvRecord &r : vms.records()) {
        if (accelerators.field(r, "AcceleratorName").startsWith(u"tpu-") || duplicates.contains(r.line))
            continue;
        if (usedAccelerators.contains(r.line)) {
            accelerators.markUsed();
        } else {
            accelerators.exclude(r, QStringLiteral("row"),
                                 QStringLiteral("GCP accelerator with no host VM in the snapshot "
                                                "(n1 hosts are not included), so no whole-VM price"),
                                 accelerators.field(r, "AcceleratorName"));
        }
    }

    ImportBatch batch = hostRows.finish();
    batch.append(accelerators.finish());
    return batch;
}

namespace {

// The snapshot's offers name their file as the seed's layout has it (skypilot/<cloud>/vms.csv).
void setSourceFile(ImportBatch &batch, const QString &label)
{
    for (ImportedOffer &o : batch.offers)
        o.sourceFile = QStringLiteral("skypilot/") + label;
}

} // namespace

Result<ImportBatch> SkyPilotImporter::importDirectory(const QString &dirPath) const
{
    ImportBatch all;
    const QDir dir(dirPath);
    for (const QString &provider : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (!m_meta.provider(provider))
            return Error{QStringLiteral("%1: provider '%2' is not in providers.csv").arg(dir.filePath(provider), provider)};
        const QDir providerDir(dir.filePath(provider));
        auto label = [&](const QString &file) { return provider + u'/' + file; };
        if (provider == u"gcp") {
            auto vms = readCsvFile(providerDir.filePath(QStringLiteral("vms.csv")));
            if (!vms)
                return vms.error();
            auto hosts = readCsvFile(providerDir.filePath(QStringLiteral("gpu_host_vms.csv")));
            if (!hosts)
                return hosts.error();
            auto batch = importGcp(label(QStringLiteral("vms.csv")), vms.value(),
                                   label(QStringLiteral("gpu_host_vms.csv")), hosts.value());
            if (!batch)
                return batch.error();
            setSourceFile(batch.value(), label(QStringLiteral("vms.csv")));
            all.append(batch.value());
            continue;
        }
        for (const QString &file : providerDir.entryList({QStringLiteral("*.csv")}, QDir::Files, QDir::Name)) {
            auto table = readCsvFile(providerDir.filePath(file));
            if (!table)
                return table.error();
            auto batch = importFile(provider, label(file), table.value());
            if (!batch)
                return batch.error();
            setSourceFile(batch.value(), label(file));
            all.append(batch.value());
        }
    }
    return all;
}

void ImportBatch::append(const ImportBatch &other)
{
    offers.append(other.offers);
    exclusions.append(other.exclusions);
    kept.append(other.kept);
    interruptions.append(other.interruptions);
    references.append(other.references);
    files.append(other.files);
}

} // namespace gpuplanner::core
