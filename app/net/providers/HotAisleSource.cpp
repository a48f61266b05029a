#include "net/providers/HotAisleSource.h"

#include "core/common/Redact.h"

#include "net/providers/ProviderCommon.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("hotaisle");
const QString kSource = QStringLiteral("Hot Aisle API");

core::Error fieldError(const QString &label, const JsonFields &fields)
{
    return core::Error{label + QStringLiteral(": ") + fields.error()};
}

QString number(double value)
{
    return QString::number(value, 'g', 10);
}

} // namespace

core::Result<QString> parseHotAisleTeam(const QByteArray &bytes, const QString &label)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields user(*root, QString());
    const QJsonArray teams = user.array(QStringLiteral("teams"));
    if (!user.ok())
        return fieldError(label, user);
    if (teams.isEmpty())
        return core::Error{QStringLiteral("%1: teams: the key's user belongs to no team, and Hot Aisle lists machines "
                                          "per team")
                               .arg(label)};
    JsonFields team(teams.first().toObject(), QStringLiteral("teams[0]"));
    const QString handle = team.string(QStringLiteral("handle"));
    if (!teams.first().isObject() || !team.ok())
        return core::Error{QStringLiteral("%1: teams[0].handle: %2")
                               .arg(label, teams.first().isObject() ? team.error() : QStringLiteral("expected an object"))};
    if (handle.trimmed().isEmpty())
        return core::Error{QStringLiteral("%1: teams[0].handle: empty").arg(label)};
    return handle;
}

core::Result<core::ImportBatch> parseHotAisleAvailable(const QByteArray &bytes, const QString &label,
                                                       const core::GpuAliasResolver &resolver)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return core::Error{QStringLiteral("%1: invalid JSON at byte %2: %3").arg(label).arg(error.offset).arg(error.errorString())};
    if (!doc.isArray())
        return core::Error{QStringLiteral("%1: expected a JSON array of machine configurations at the top level").arg(label)};
    const QJsonArray items = doc.array();

    core::ImportBatch batch;
    int used = 0;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString path = QStringLiteral("[%1]").arg(i);
        if (!items.at(i).isObject())
            return core::Error{QStringLiteral("%1: %2: expected an object, got %3").arg(label, path, jsonTypeName(items.at(i)))};
        JsonFields item(items.at(i).toObject(), path);
        const double cents = item.number(QStringLiteral("OnDemandPrice"));
        const QJsonObject specsObject = item.object(QStringLiteral("Specs"));
        if (!item.ok())
            return fieldError(label, item);
        JsonFields specs(specsObject, item.path(QStringLiteral("Specs")));
        const double cores = specs.number(QStringLiteral("cpu_cores"));
        const double ramBytes = specs.number(QStringLiteral("ram_capacity"));
        const QJsonArray gpus = specs.array(QStringLiteral("gpus"));
        if (!specs.ok())
            return fieldError(label, specs);
        if (gpus.isEmpty())
            continue; // a CPU-only machine
        if (gpus.size() > 1) {
            batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("machine"),
                                                  QStringLiteral("%1.gpus: %2 GPU kinds in one machine; left out")
                                                      .arg(specs.where())
                                                      .arg(gpus.size())));
            continue;
        }
        JsonFields gpu(gpus.first().toObject(), specs.path(QStringLiteral("gpus[0]")));
        const double count = gpu.number(QStringLiteral("count"));
        const QString model = gpu.string(QStringLiteral("model"));
        if (!gpus.first().isObject() || !gpu.ok())
            return core::Error{QStringLiteral("%1: %2").arg(label, gpus.first().isObject()
                                                                      ? gpu.error()
                                                                      : gpu.where() + QStringLiteral(": expected an object"))};
        if (!(cents > 0))
            return core::Error{QStringLiteral("%1: %2.OnDemandPrice: not a positive price").arg(label, path)};
        if (!(count > 0))
            return core::Error{QStringLiteral("%1: %2.count: not a positive GPU count").arg(label, gpu.where())};

        const double ramGib = ramBytes / (1024.0 * 1024.0 * 1024.0);
        const QString name = QStringLiteral("%1x-%2-%3c-%4g").arg(number(count), model, number(cores), number(std::round(ramGib)));
        const auto resolved = resolver.resolve(model, kProvider, name);
        if (!resolved) {
            batch.exclusions.append(unmappedAccelerator(kProvider, label, model, name));
            continue;
        }
        ++used;
        const core::ImportedInstance instance{kProvider, name, resolved->gpuId, count * resolved->fraction, cores, ramGib, {}};
        batch.offers.append(core::onDemandOrSpot(instance, hotAisleRegion(), core::Billing::OnDemand, cents / 100.0,
                                                 QStringLiteral("USD"), kSource));
    }
    // The same configuration may be listed once per free machine: one offer, its lowest price.
    batch.offers = lowestPerOffer(batch.offers);
    batch.files.append(core::ImportFileStats{kProvider, label, int(items.size()), used, int(batch.exclusions.size())});
    batch.sourceNote = kSource;
    return batch;
}

QString HotAisleSource::availablePath(const QString &team)
{
    return QStringLiteral("/api/teams/%1/virtual_machines/available/")
        .arg(QString::fromLatin1(QUrl::toPercentEncoding(team)));
}

HotAisleSource::HotAisleSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(reference.resolver())
{
}

core::Result<QByteArray> HotAisleSource::get(const core::RefreshContext &context, const QString &path,
                                             const QString &status) const
{
    core::HttpRequest request;
    request.url = joinUrl(m_baseUrl, path);
    const QString label = core::redactUrl(request.url);
    if (m_apiKey.isEmpty())
        return core::Error{QStringLiteral("%1: no Hot Aisle API key configured").arg(label)};
    if (!context.http)
        return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};
    if (isCancelled(context))
        return cancelledError(label);
    request.headers.append({QByteArrayLiteral("Authorization"), QByteArrayLiteral("Token ") + m_apiKey.toUtf8()});
    request.headers.append({QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")});
    reportProgress(context, status, 0, 0);
    auto response = context.http->send(request, {}, context.cancel);
    if (!response)
        return response.error();
    return response->body;
}

core::Result<core::ImportBatch> HotAisleSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    // The machine list is per team; the key's first team is the one asked for.
    auto user = get(context, userPath(), QStringLiteral("Hot Aisle team"));
    if (!user)
        return user.error();
    auto team = parseHotAisleTeam(*user, core::redactUrl(joinUrl(m_baseUrl, userPath())));
    if (!team)
        return team.error();
    const QString path = availablePath(*team);
    auto available = get(context, path, QStringLiteral("Hot Aisle machines"));
    if (!available)
        return available.error();
    return parseHotAisleAvailable(*available, core::redactUrl(joinUrl(m_baseUrl, path)), m_resolver);
}

} // namespace gpuplanner::net
