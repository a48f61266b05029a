#include "net/providers/GcpBillingParser.h"

#include "net/providers/ProviderCommon.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("gcp");
const QString kSource = QStringLiteral("GCP Cloud Billing Catalog API");

struct UsageType
{
    const char *id;
    core::Billing billing;
    int termMonths;
};
constexpr UsageType kUsageTypes[] = {
    {"OnDemand", core::Billing::OnDemand, 0},
    {"Preemptible", core::Billing::Spot, 0},
    {"Commit1Yr", core::Billing::Reserved, 12},
    {"Commit3Yr", core::Billing::Reserved, 36},
};

QString priceKey(const QString &part, const QString &key, const QString &usage, const QString &region)
{
    return QStringList{part, key, usage, region}.join(u'|');
}

// a3-megagpu-8g -> {"a3mega", "a3"}: a specialised family price first, then the generic one.
QStringList familyKeys(const QString &machineType)
{
    const QString family = machineType.section(u'-', 0, 0);
    const QString kind = machineType.section(u'-', 1, 1);
    QStringList keys;
    for (const char *variant : {"mega", "ultra", "edge"}) {
        if (kind.startsWith(QLatin1String(variant)))
            keys << family + QLatin1String(variant);
    }
    keys << family;
    return keys;
}

} // namespace

QList<GcpMachineShape> gcpMachineShapes(const core::SeedMetadata &meta, const InstanceShapes &shapes)
{
    QList<GcpMachineShape> machines;
    for (const QString &type : shapes.instanceTypes(kProvider)) {
        const core::GcpHostAccelerator *host = meta.gcpHost(type);
        const InstanceShape *shape = shapes.find(kProvider, type);
        if (!host || (host->allIn && host->count < 1) || !shape || !shape->vcpus || !shape->memoryGib)
            continue;
        machines.append(GcpMachineShape{type, host->accelerator, host->count, *shape->vcpus, *shape->memoryGib});
    }
    return machines;
}

GcpBillingParser::GcpBillingParser(const core::GpuAliasResolver &resolver, QList<GcpMachineShape> machines)
    : m_resolver(resolver), m_machines(std::move(machines))
{
}

namespace {

// "Commitment v1: " and "Spot Preemptible " say how a SKU is billed, not what it prices.
QString withoutBillingPrefix(const QString &description)
{
    static const QRegularExpression re(QStringLiteral("^(?:Commitment v1:\\s*)?(?:Spot Preemptible\\s+)?"));
    return QString(description).remove(re);
}

const QRegularExpression &sliceRe()
{
    static const QRegularExpression re(QStringLiteral("^(A\\d+X?)\\s+Nvidia\\s+(\\S+)\\s+\\(1 gpu slice\\)"),
                                       QRegularExpression::CaseInsensitiveOption);
    return re;
}

} // namespace

QString GcpBillingParser::gpuNameFromDescription(const QString &description)
{
    const QString name = withoutBillingPrefix(description);
    if (const auto slice = sliceRe().match(name); slice.hasMatch())
        return slice.captured(2);
    // Older SKUs say "Nvidia [Tesla] <model> GPU", newer ones drop the prefix ("H200 141GB GPU")
    // or the word GPU too ("RTX 6000 96GB running in").
    static const QRegularExpression re(
        QStringLiteral("^(?:Nvidia\\s+)?(?:Tesla\\s+)?(.+?)(?:\\s+GPU)?\\s+(?:running|attached|in)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(name);
    return m.hasMatch() ? m.captured(1).trimmed() : QString();
}

QString GcpBillingParser::sliceFamilyFromDescription(const QString &description)
{
    const auto m = sliceRe().match(withoutBillingPrefix(description));
    return m.hasMatch() ? m.captured(1).toLower() : QString();
}

QString GcpBillingParser::familyFromDescription(const QString &description)
{
    static const QRegularExpression re(QStringLiteral("\\b(A2|A3|A4|G2|G4)(?:\\s?(Mega|Ultra|Edge))?\\b"));
    const auto m = re.match(description);
    return m.hasMatch() ? (m.captured(1) + m.captured(2)).toLower() : QString();
}

std::optional<QString> GcpBillingParser::gpuKey(const QString &name, const QString &instanceType) const
{
    // Mega machines use their own GPU SKU at a different price than plain H100.
    QString base = name;
    const bool mega = base.contains(u"mega", Qt::CaseInsensitive);
    base.remove(QRegularExpression(QStringLiteral("[\\s-]*mega"), QRegularExpression::CaseInsensitiveOption));
    QString dashed = base;
    dashed.replace(u' ', u'-');
    for (const QString &candidate : {base, dashed}) {
        if (auto r = m_resolver.resolve(candidate, kProvider, instanceType))
            return r->gpuId + (mega ? QStringLiteral("+mega") : QString());
    }
    return std::nullopt;
}

core::Result<QString> GcpBillingParser::addPage(const QByteArray &bytes, const QString &label)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields page(*root, QString());
    const QJsonArray skus = page.array(QStringLiteral("skus"));
    const QString next = page.optionalString(QStringLiteral("nextPageToken")).value_or(QString());
    if (!page.ok())
        return core::Error{label + QStringLiteral(": ") + page.error()};
    int used = 0, skipped = 0;
    for (qsizetype i = 0; i < skus.size(); ++i) {
        const QString path = QStringLiteral("skus[%1]").arg(i);
        if (!skus.at(i).isObject()) {
            m_batch.exclusions.append(notAnObject(kProvider, label, QStringLiteral("SKU"), path, skus.at(i)));
            ++skipped;
            continue;
        }
        m_skuIds.insert(skus.at(i).toObject().value(QStringLiteral("skuId")).toString());
        auto added = addSku(skus.at(i).toObject(), path, label);
        if (!added) {
            // One SKU that cannot be read is left out and named; the rest of the page is used.
            QString why = added.errorMessage();
            if (why.startsWith(label + QStringLiteral(": ")))
                why = why.mid(label.size() + 2);
            m_batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("SKU"), why));
            ++skipped;
            continue;
        }
        used += *added ? 1 : 0;
    }
    m_batch.files.append(core::ImportFileStats{kProvider, label, int(skus.size()), used, skipped});
    m_skusSeen += int(skus.size());
    return next;
}

core::Result<bool> GcpBillingParser::addSku(const QJsonObject &sku, const QString &path, const QString &label)
{
    JsonFields f(sku, path);
    const QString description = f.string(QStringLiteral("description"));
    JsonFields category(f.object(QStringLiteral("category")), f.path(QStringLiteral("category")));
    const QString group = category.string(QStringLiteral("resourceGroup"));
    const QString filedUsage = category.string(QStringLiteral("usageType"));
    const QJsonArray regions = f.array(QStringLiteral("serviceRegions"));
    const QJsonArray pricing = f.array(QStringLiteral("pricingInfo"));
    for (const JsonFields *fields : {&f, &category}) {
        if (!fields->ok())
            return core::Error{label + QStringLiteral(": ") + fields->error()};
    }
    // A spot SKU is sometimes filed under OnDemand ("Spot Preemptible A4 Nvidia B200 ...").
    const QString usage = description.startsWith(u"Spot Preemptible") ? QStringLiteral("Preemptible") : filedUsage;
    const bool known = std::any_of(std::begin(kUsageTypes), std::end(kUsageTypes),
                                   [&](const UsageType &u) { return usage == QLatin1String(u.id); });
    // Dynamic Workload Scheduler and calendar-mode SKUs share usage types but not prices, and a
    // "Reserved ..." SKU bills capacity reservations, not the usage type it is filed under.
    if (!known || description.contains(u"DWS") || description.contains(u"Dynamic Workload")
        || description.contains(u"Calendar") || description.startsWith(u"Reserved"))
        return false;

    QString part, key;
    if (group == u"GPU") {
        const QString name = gpuNameFromDescription(description);
        const auto gpu = name.isEmpty() ? std::nullopt : gpuKey(name, QString());
        if (!gpu) {
            if (!m_reported.contains(description)) {
                m_reported.insert(description);
                m_batch.exclusions.append(unmappedAccelerator(kProvider, label, description, QStringLiteral("GPU SKU")));
            }
            return false;
        }
        const QString sliceFamily = sliceFamilyFromDescription(description);
        part = sliceFamily.isEmpty() ? QStringLiteral("gpu") : QStringLiteral("slice");
        key = sliceFamily.isEmpty() ? *gpu : *gpu + u'@' + sliceFamily;
    } else if (group == u"CPU" || group == u"RAM") {
        key = familyFromDescription(description);
        if (key.isEmpty())
            return false; // another machine family's cores or memory
        part = group == u"CPU" ? QStringLiteral("cpu") : QStringLiteral("ram");
    } else {
        return false;
    }

    if (pricing.isEmpty())
        return core::Error{QStringLiteral("%1: %2.pricingInfo: empty").arg(label, path)};
    const QString exprPath = path + QStringLiteral(".pricingInfo[0].pricingExpression");
    JsonFields info(pricing.first().toObject(), path + QStringLiteral(".pricingInfo[0]"));
    JsonFields expr(info.object(QStringLiteral("pricingExpression")), exprPath);
    const QString unit = expr.string(QStringLiteral("usageUnit"));
    const QJsonArray tiers = expr.array(QStringLiteral("tieredRates"));
    for (const JsonFields *fields : {&info, &expr}) {
        if (!fields->ok())
            return core::Error{label + QStringLiteral(": ") + fields->error()};
    }
    const QString wantedUnit = part == u"ram" ? QStringLiteral("GiBy.h") : QStringLiteral("h");
    if (unit != wantedUnit)
        return core::Error{QStringLiteral("%1: %2.usageUnit: expected '%3', got '%4'").arg(label, exprPath, wantedUnit, unit)};
    if (tiers.isEmpty())
        return core::Error{QStringLiteral("%1: %2.tieredRates: empty").arg(label, exprPath)};
    // The hourly rate is the last tier starting at 0 (a VM's first hour).
    qsizetype tierIndex = 0;
    for (qsizetype t = 0; t < tiers.size(); ++t) {
        if (tiers.at(t).toObject().value(u"startUsageAmount").toDouble() <= 0)
            tierIndex = t;
    }
    const QString tierPath = exprPath + QStringLiteral(".tieredRates[%1]").arg(tierIndex);
    JsonFields tier(tiers.at(tierIndex).toObject(), tierPath);
    JsonFields unitPrice(tier.object(QStringLiteral("unitPrice")), tier.path(QStringLiteral("unitPrice")));
    const QString currency = unitPrice.string(QStringLiteral("currencyCode"));
    // units is an int64 sent as a string; nanos a number of 1e-9 units.
    const QString unitsText = unitPrice.string(QStringLiteral("units"));
    const double nanos = unitPrice.optionalNumber(QStringLiteral("nanos")).value_or(0);
    for (const JsonFields *fields : {&tier, &unitPrice}) {
        if (!fields->ok())
            return core::Error{label + QStringLiteral(": ") + fields->error()};
    }
    bool ok = false;
    const qlonglong units = unitsText.toLongLong(&ok);
    if (!ok)
        return core::Error{QStringLiteral("%1: %2.units: '%3' is not an integer").arg(label, unitPrice.where(), unitsText)};
    const double price = double(units) + nanos / 1e9;
    if (!(price >= 0))
        return core::Error{QStringLiteral("%1: %2: negative price").arg(label, unitPrice.where())};
    for (const QJsonValue &region : regions) {
        const QString code = region.toString();
        if (code.isEmpty())
            continue;
        m_regions.insert(code);
        const QString k = priceKey(part, key, usage, code);
        if (!m_prices.contains(k))
            m_prices.insert(k, Price{price, currency});
    }
    return true;
}

core::ImportBatch GcpBillingParser::finish() const
{
    core::ImportBatch batch = m_batch;
    // Only the GPU machine types composed here are priced; TPUs and the rest stay as they were.
    batch.listedTypesOnly = true;
    QStringList regions(m_regions.cbegin(), m_regions.cend());
    regions.sort();
    for (const GcpMachineShape &machine : m_machines) {
        const auto gpu = gpuKey(machine.accelerator, machine.machineType);
        if (!gpu) {
            batch.exclusions.append(unmappedAccelerator(kProvider, QStringLiteral("gcp-host-accelerators.csv"),
                                                        machine.accelerator, machine.machineType));
            continue;
        }
        const core::ResolvedGpu resolved = *m_resolver.resolve(QString(*gpu).remove(QStringLiteral("+mega")));
        for (const UsageType &usage : kUsageTypes) {
            const QString usageId = QLatin1String(usage.id);
            for (const QString &region : regions) {
                const QString family = machine.machineType.section(u'-', 0, 0);
                const auto slice = m_prices.constFind(priceKey(QStringLiteral("slice"), *gpu + u'@' + family, usageId, region));
                std::optional<double> price;
                QString currency;
                if (slice != m_prices.constEnd()) {
                    // One slice is one GPU's share of the whole machine, cores and memory included.
                    price = slice->value * machine.gpuCount;
                    currency = slice->currency;
                } else {
                    const auto gpuPrice = m_prices.constFind(priceKey(QStringLiteral("gpu"), *gpu, usageId, region));
                    if (gpuPrice == m_prices.constEnd())
                        continue;
                    std::optional<Price> cpu, ram;
                    for (const QString &key : familyKeys(machine.machineType)) {
                        const auto c = m_prices.constFind(priceKey(QStringLiteral("cpu"), key, usageId, region));
                        const auto r = m_prices.constFind(priceKey(QStringLiteral("ram"), key, usageId, region));
                        if (c != m_prices.constEnd() && r != m_prices.constEnd()) {
                            cpu = *c;
                            ram = *r;
                            break;
                        }
                    }
                    if (!cpu || cpu->currency != gpuPrice->currency || ram->currency != gpuPrice->currency)
                        continue;
                    price = gpuPrice->value * machine.gpuCount + cpu->value * machine.vcpus + ram->value * machine.memoryGib;
                    currency = gpuPrice->currency;
                }
                core::ImportedOffer offer;
                offer.instance = core::ImportedInstance{kProvider, machine.machineType, resolved.gpuId,
                                                        machine.gpuCount * resolved.fraction, machine.vcpus,
                                                        machine.memoryGib, {}};
                offer.region = region;
                offer.billing = usage.billing;
                offer.termMonths = usage.termMonths;
                offer.price = *price;
                offer.currency = currency;
                offer.source = kSource;
                if (core::isCommitment(offer.billing)) {
                    // Committed use is billed monthly for the term at the hourly rate: nothing up front.
                    offer.upfrontFee = 0.0;
                    offer.recurringPerHour = offer.price;
                }
                batch.offers.append(offer);
            }
        }
    }
    return batch;
}

} // namespace gpuplanner::net
