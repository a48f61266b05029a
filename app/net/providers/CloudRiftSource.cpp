#include "net/providers/CloudRiftSource.h"

#include "core/common/Redact.h"

#include "net/providers/ProviderCommon.h"

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("cloudrift");
const QString kSource = QStringLiteral("CloudRift instance types API (cost_per_hour)");

} // namespace

QStringList cloudRiftGpuNameCandidates(const QString &brandShort, const QString &variantName)
{
    QStringList names;
    if (!brandShort.trimmed().isEmpty())
        names << brandShort.trimmed();
    if (const QString family = variantName.section(u'-', 0, 0).trimmed(); !family.isEmpty() && family != variantName)
        names << family;
    return names;
}

QByteArray CloudRiftSource::requestBody()
{
    const QJsonObject selector{
        {QStringLiteral("ByServiceAndLocation"), QJsonObject{{QStringLiteral("services"), QJsonArray{QStringLiteral("vm")}}}}};
    const QJsonObject body{{QStringLiteral("version"), apiVersion()},
                           {QStringLiteral("data"), QJsonObject{{QStringLiteral("selector"), selector}}}};
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

core::Result<core::ImportBatch> parseCloudRiftInstanceTypes(const QByteArray &bytes, const QString &label,
                                                            const core::GpuAliasResolver &resolver)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(*root, QString());
    JsonFields data(top.object(QStringLiteral("data")), QStringLiteral("data"));
    const QJsonArray types = data.array(QStringLiteral("instance_types"));
    for (const JsonFields *f : {&top, &data}) {
        if (!f->ok())
            return core::Error{label + QStringLiteral(": ") + f->error()};
    }

    core::ImportBatch batch;
    int variants = 0;
    int used = 0;
    for (qsizetype i = 0; i < types.size(); ++i) {
        const QString path = QStringLiteral("data.instance_types[%1]").arg(i);
        if (!types.at(i).isObject()) {
            batch.exclusions.append(notAnObject(kProvider, label, QStringLiteral("instance type"), path, types.at(i)));
            continue;
        }
        JsonFields type(types.at(i).toObject(), path);
        const QString brand = type.optionalString(QStringLiteral("brand_short")).value_or(QString());
        const QJsonArray list = type.array(QStringLiteral("variants"));
        if (!type.ok())
            return core::Error{label + QStringLiteral(": ") + type.error()};
        for (qsizetype v = 0; v < list.size(); ++v) {
            ++variants;
            const QString vpath = QStringLiteral("%1.variants[%2]").arg(path).arg(v);
            JsonFields f(list.at(v).toObject(), vpath);
            const QString name = f.string(QStringLiteral("name"));
            const double gpus = f.optionalNumber(QStringLiteral("gpu_count")).value_or(0);
            const double cents = f.number(QStringLiteral("cost_per_hour"));
            const std::optional<double> cpus = f.optionalNumber(QStringLiteral("cpu_count"));
            const std::optional<double> dram = f.optionalNumber(QStringLiteral("dram"));
            const QJsonObject perDc = f.object(QStringLiteral("nodes_per_dc"));
            if (!list.at(v).isObject() || !f.ok())
                return core::Error{label + QStringLiteral(": ") + (f.ok() ? vpath + QStringLiteral(": expected an object") : f.error())};
            if (!(gpus > 0))
                continue; // CPU-only
            if (!(cents > 0))
                continue; // free: nothing to plan with
            std::optional<core::ResolvedGpu> resolved;
            for (const QString &candidate : cloudRiftGpuNameCandidates(brand, name)) {
                if ((resolved = resolver.resolve(candidate, kProvider, name)))
                    break;
            }
            if (!resolved) {
                batch.exclusions.append(unmappedAccelerator(kProvider, label, brand.isEmpty() ? name : brand, name));
                continue;
            }
            core::ImportedInstance instance{kProvider, name, resolved->gpuId, gpus * resolved->fraction, cpus, {}, {}};
            if (dram && *dram > 0)
                instance.memoryGib = *dram / (1024.0 * 1024.0 * 1024.0);
            // One offer per data centre that hosts the variant, as gpuhunt and SkyPilot write them.
            for (auto dc = perDc.constBegin(); dc != perDc.constEnd(); ++dc) {
                batch.offers.append(core::onDemandOrSpot(instance, dc.key(), core::Billing::OnDemand, cents / 100.0,
                                                         QStringLiteral("USD"), kSource));
            }
            ++used;
        }
    }
    batch.sourceNote = kSource;
    batch.files.append(core::ImportFileStats{kProvider, label, variants, used, int(batch.exclusions.size())});
    return batch;
}

CloudRiftSource::CloudRiftSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(reference.resolver())
{
}

core::Result<core::ImportBatch> CloudRiftSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    core::HttpRequest request;
    request.url = joinUrl(m_baseUrl, listPath());
    request.method = QByteArrayLiteral("POST");
    request.body = requestBody();
    request.conditional = false; // a POST answer is not cached
    request.headers.append({QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")});
    request.headers.append({QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")});
    const QString label = core::redactUrl(request.url);
    if (!context.http)
        return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};
    if (isCancelled(context))
        return cancelledError(label);
    reportProgress(context, QStringLiteral("CloudRift instance types"), 0, 0);
    auto response = context.http->send(request, {}, context.cancel);
    if (!response)
        return response.error();
    return parseCloudRiftInstanceTypes(response->body, label, m_resolver);
}

} // namespace gpuplanner::net
