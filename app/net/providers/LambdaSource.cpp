#include "net/providers/LambdaSource.h"

#include "core/common/Redact.h"

#include "net/providers/ProviderCommon.h"

#include <QRegularExpression>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("lambda");

} // namespace

QStringList lambdaGpuNameCandidates(const QString &gpuDescription)
{
    static const QRegularExpression re(QStringLiteral("^(.*?)\\s*\\((\\d+)\\s*GB\\s*([^)]*)\\)\\s*$"));
    const auto m = re.match(gpuDescription);
    if (!m.hasMatch())
        return {gpuDescription.trimmed()};
    const QString gpu = m.captured(1).trimmed();
    const QString memory = m.captured(2) + QStringLiteral("GB");
    const QString formFactor = m.captured(3).trimmed();
    QStringList names;
    if (!formFactor.isEmpty())
        names << QStringLiteral("%1-%2-%3").arg(gpu, memory, formFactor);
    if (formFactor.compare(u"PCIe", Qt::CaseInsensitive) == 0)
        names << QStringLiteral("%1-%2").arg(gpu, formFactor);
    names << QStringLiteral("%1-%2").arg(gpu, memory) << gpu;
    return names;
}

core::Result<core::ImportBatch> parseLambdaInstanceTypes(const QByteArray &bytes, const QString &label,
                                                         const core::GpuAliasResolver &resolver)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(*root, QString());
    const QJsonObject data = top.object(QStringLiteral("data"));
    if (!top.ok())
        return core::Error{label + QStringLiteral(": ") + top.error()};

    struct Entry
    {
        core::ImportedInstance instance;
        double price = 0;
        QStringList regions;
    };
    QList<Entry> entries;
    QStringList allRegions;
    core::ImportBatch batch;
    for (auto it = data.constBegin(); it != data.constEnd(); ++it) {
        const QString path = QStringLiteral("data.") + it.key();
        if (!it.value().isObject())
            return core::Error{QStringLiteral("%1: %2: expected an object, got %3").arg(label, path, jsonTypeName(it.value()))};
        JsonFields item(it.value().toObject(), path);
        const QJsonObject type = item.object(QStringLiteral("instance_type"));
        const QJsonArray regions = item.array(QStringLiteral("regions_with_capacity_available"));
        JsonFields t(type, path + QStringLiteral(".instance_type"));
        const QString name = t.string(QStringLiteral("name"));
        // The live API leaves gpu_description out on some types; its description ("8x B200 (180 GB
        // SXM6)") names the same GPU after the count. With neither, only that type is left out.
        QString gpuDescription = t.optionalString(QStringLiteral("gpu_description")).value_or(QString());
        const QString description = t.optionalString(QStringLiteral("description")).value_or(QString());
        const double cents = t.number(QStringLiteral("price_cents_per_hour"));
        for (const JsonFields *f : {&item, &t}) {
            if (!f->ok())
                return core::Error{label + QStringLiteral(": ") + f->error()};
        }
        // The live API has sent types without specs: that type is left out by name, and the
        // rest of the answer still prices.
        JsonFields specs(type.value(QStringLiteral("specs")).toObject(), t.path(QStringLiteral("specs")));
        const double gpus = specs.number(QStringLiteral("gpus"));
        const std::optional<double> vcpus = specs.optionalNumber(QStringLiteral("vcpus"));
        const std::optional<double> memory = specs.optionalNumber(QStringLiteral("memory_gib"));
        if (!type.value(QStringLiteral("specs")).isObject() || !specs.ok()) {
            batch.exclusions.append(unusableEntry(
                kProvider, label, QStringLiteral("instance type"),
                QStringLiteral("%1.instance_type.specs: %2 has no GPU count (%3); left out")
                    .arg(path, name,
                         type.value(QStringLiteral("specs")).isObject() ? specs.error() : QStringLiteral("no specs"))));
            continue;
        }
        if (gpus <= 0)
            continue; // CPU-only instance types
        if (gpuDescription.trimmed().isEmpty()) {
            static const QRegularExpression count(QStringLiteral("^\\s*\\d+\\s*x\\s*"));
            gpuDescription = QString(description).remove(count).trimmed();
        }
        if (gpuDescription.isEmpty()) {
            batch.exclusions.append(unusableEntry(
                kProvider, label, QStringLiteral("instance type"),
                QStringLiteral("%1.instance_type: neither gpu_description nor description names the GPU of %2").arg(path, name)));
            continue;
        }
        if (!(cents > 0))
            return core::Error{QStringLiteral("%1: %2.instance_type.price_cents_per_hour: not a positive price").arg(label, path)};
        std::optional<core::ResolvedGpu> resolved;
        for (const QString &candidate : lambdaGpuNameCandidates(gpuDescription)) {
            if ((resolved = resolver.resolve(candidate, kProvider, name)))
                break;
        }
        if (!resolved) {
            batch.exclusions.append(unmappedAccelerator(kProvider, label, gpuDescription, name));
            continue;
        }
        Entry entry;
        entry.instance = core::ImportedInstance{kProvider, name, resolved->gpuId, gpus * resolved->fraction, vcpus, memory, {}};
        entry.price = cents / 100.0;
        for (qsizetype i = 0; i < regions.size(); ++i) {
            JsonFields region(regions.at(i).toObject(), QStringLiteral("%1.regions_with_capacity_available[%2]").arg(path).arg(i));
            const QString code = region.string(QStringLiteral("name"));
            if (!region.ok())
                return core::Error{label + QStringLiteral(": ") + region.error()};
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
                                                     QStringLiteral("USD"), QStringLiteral("Lambda Cloud API")));
        }
    }
    batch.files.append(core::ImportFileStats{kProvider, label, int(data.size()), int(entries.size()),
                                             int(batch.exclusions.size())});
    return batch;
}

LambdaSource::LambdaSource(QUrl baseUrl, QString apiKey, core::GpuAliasResolver resolver)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(std::move(resolver))
{
}

core::Result<core::ImportBatch> LambdaSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    core::HttpRequest request;
    request.url = joinUrl(m_baseUrl, instanceTypesPath());
    if (m_apiKey.isEmpty())
        return core::Error{QStringLiteral("%1: no Lambda API key configured").arg(core::redactUrl(request.url))};
    request.headers.append({QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer ") + m_apiKey.toUtf8()});
    request.headers.append({QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")});
    const QString label = core::redactUrl(request.url);
    if (!context.http)
        return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};
    if (isCancelled(context))
        return cancelledError(label);
    reportProgress(context, QStringLiteral("Lambda instance types"), 0, 0);
    auto response = context.http->send(request, {}, context.cancel);
    if (!response)
        return response.error();
    return parseLambdaInstanceTypes(response->body, label, m_resolver);
}

} // namespace gpuplanner::net
