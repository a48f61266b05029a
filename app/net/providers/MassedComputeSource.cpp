#include "net/providers/MassedComputeSource.h"

#include "core/common/Redact.h"

#include "net/providers/ProviderCommon.h"

#include <QRegularExpression>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("massedcompute");
const QString kSource = QStringLiteral("Massed Compute API");

core::Error fieldError(const QString &label, const JsonFields &fields)
{
    return core::Error{label + QStringLiteral(": ") + fields.error()};
}

// "h100_sxm" -> {"h100_sxm", "h100-sxm", "h100 sxm", "h100sxm"}
QStringList gpuNameCandidates(const QString &gpu)
{
    QStringList names{gpu};
    const QStringList parts = gpu.split(u'_', Qt::SkipEmptyParts);
    for (const QString &separator : {QStringLiteral("-"), QStringLiteral(" "), QString()}) {
        const QString name = parts.join(separator);
        if (!name.isEmpty() && !names.contains(name))
            names.append(name);
    }
    return names;
}

} // namespace

std::optional<MassedComputeProduct> parseMassedComputeProductName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^gpu_(\\d+)x_(\\w+)$"), QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(name.trimmed());
    if (!m.hasMatch() || m.captured(1).toInt() <= 0)
        return std::nullopt;
    return MassedComputeProduct{m.captured(1).toInt(), m.captured(2)};
}

core::Result<core::ImportBatch> parseMassedComputeInventory(const QByteArray &bytes, const QString &label,
                                                            const core::GpuAliasResolver &resolver)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(*root, QString());
    const QJsonObject inventory = top.object(QStringLiteral("gpu_inventory"));
    if (!top.ok())
        return fieldError(label, top);

    struct Entry
    {
        core::ImportedInstance instance;
        double price = 0;
        QStringList regions;
    };
    QList<Entry> entries;
    QStringList allRegions;
    core::ImportBatch batch;
    for (auto it = inventory.constBegin(); it != inventory.constEnd(); ++it) {
        const QString path = QStringLiteral("gpu_inventory.") + it.key();
        if (!it.value().isObject())
            return core::Error{QStringLiteral("%1: %2: expected an object, got %3").arg(label, path, jsonTypeName(it.value()))};
        JsonFields item(it.value().toObject(), path);
        const QJsonObject type = item.object(QStringLiteral("instance_type"));
        const QJsonArray regions = item.array(QStringLiteral("regions_with_capacity_available"));
        if (!item.ok())
            return fieldError(label, item);
        JsonFields t(type, item.path(QStringLiteral("instance_type")));
        const QString name = t.string(QStringLiteral("name"));
        const double cents = t.number(QStringLiteral("price_cents_per_hour"));
        const QJsonObject specsObject = t.object(QStringLiteral("specs"));
        if (!t.ok())
            return fieldError(label, t);
        JsonFields specs(specsObject, t.path(QStringLiteral("specs")));
        const std::optional<double> vcpus = specs.optionalNumber(QStringLiteral("vcpu_count"));
        const std::optional<double> memory = specs.optionalNumber(QStringLiteral("memory_gib"));
        if (!specs.ok())
            return fieldError(label, specs);

        if (name.startsWith(QStringLiteral("cpu_"), Qt::CaseInsensitive))
            continue; // a CPU-only machine
        const auto product = parseMassedComputeProductName(name);
        if (!product) {
            batch.exclusions.append(unusableEntry(
                kProvider, label, QStringLiteral("instance type"),
                QStringLiteral("%1.instance_type.name: '%2' does not say its GPUs (gpu_<count>x_<gpu>); left out").arg(path, name)));
            continue;
        }
        if (!(cents > 0))
            return core::Error{QStringLiteral("%1: %2.instance_type.price_cents_per_hour: not a positive price").arg(label, path)};
        std::optional<core::ResolvedGpu> resolved;
        for (const QString &candidate : gpuNameCandidates(product->gpu)) {
            if ((resolved = resolver.resolve(candidate, kProvider, name)))
                break;
        }
        if (!resolved) {
            batch.exclusions.append(unmappedAccelerator(kProvider, label, product->gpu, name));
            continue;
        }
        Entry entry;
        entry.instance = core::ImportedInstance{kProvider, name, resolved->gpuId, product->gpuCount * resolved->fraction,
                                                vcpus, memory, {}};
        entry.price = cents / 100.0;
        for (qsizetype i = 0; i < regions.size(); ++i) {
            JsonFields region(regions.at(i).toObject(),
                              QStringLiteral("%1.regions_with_capacity_available[%2]").arg(path).arg(i));
            const QString code = region.string(QStringLiteral("name"));
            if (!regions.at(i).isObject() || !region.ok())
                return core::Error{QStringLiteral("%1: %2").arg(label, regions.at(i).isObject()
                                                                          ? region.error()
                                                                          : region.where() + QStringLiteral(": expected an object"))};
            entry.regions.append(code);
            if (!allRegions.contains(code))
                allRegions.append(code);
        }
        entries.append(entry);
    }
    allRegions.sort();
    for (const Entry &entry : std::as_const(entries)) {
        for (const QString &region : entry.regions.isEmpty() ? allRegions : entry.regions) {
            batch.offers.append(core::onDemandOrSpot(entry.instance, region, core::Billing::OnDemand, entry.price,
                                                     QStringLiteral("USD"), kSource));
        }
    }
    batch.files.append(core::ImportFileStats{kProvider, label, int(inventory.size()), int(entries.size()),
                                             int(batch.exclusions.size())});
    batch.sourceNote = kSource;
    return batch;
}

MassedComputeSource::MassedComputeSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(reference.resolver())
{
}

core::Result<core::ImportBatch> MassedComputeSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    core::HttpRequest request;
    request.url = joinUrl(m_baseUrl, inventoryPath());
    const QString label = core::redactUrl(request.url);
    if (m_apiKey.isEmpty())
        return core::Error{QStringLiteral("%1: no Massed Compute API token configured").arg(label)};
    if (!context.http)
        return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};
    if (isCancelled(context))
        return cancelledError(label);
    request.headers.append({QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer ") + m_apiKey.toUtf8()});
    request.headers.append({QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")});
    reportProgress(context, QStringLiteral("Massed Compute GPU inventory"), 0, 0);
    auto response = context.http->send(request, {}, context.cancel);
    if (!response)
        return response.error();
    return parseMassedComputeInventory(response->body, label, m_resolver);
}

} // namespace gpuplanner::net
