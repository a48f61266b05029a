#include "net/providers/VastSource.h"

#include "core/common/Redact.h"

#include "core/import/OfferAggregator.h"
#include "net/providers/ProviderCommon.h"

#include <QSet>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("vast");
const QString kSource = QStringLiteral("Vast.ai offer search");

} // namespace

QStringList vastGpuNameCandidates(const QString &gpuName)
{
    const QString name = gpuName.simplified();
    QStringList names{name};
    QString joined = name;
    joined.remove(u' ');
    QString dashed = name;
    dashed.replace(u' ', u'-');
    for (const QString &n : {joined, dashed}) {
        if (!names.contains(n))
            names.append(n);
    }
    return names;
}

core::Result<core::ImportBatch> parseVastOffers(const QByteArray &bytes, const QString &label,
                                                const core::GpuAliasResolver &resolver)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(*root, QString());
    const QJsonArray offers = top.array(QStringLiteral("offers"));
    if (!top.ok())
        return core::Error{label + QStringLiteral(": ") + top.error()};

    core::OfferAggregator aggregator;
    core::ImportBatch batch;
    QSet<QString> unmapped;
    int used = 0;
    for (qsizetype i = 0; i < offers.size(); ++i) {
        const QString path = QStringLiteral("offers[%1]").arg(i);
        // Marketplace listings are messy: one unusable host is left out and named, never fatal.
        if (!offers.at(i).isObject()) {
            batch.exclusions.append(notAnObject(kProvider, label, QStringLiteral("offer"), path, offers.at(i)));
            continue;
        }
        JsonFields f(offers.at(i).toObject(), path);
        const QString gpuName = f.string(QStringLiteral("gpu_name"));
        const double count = f.number(QStringLiteral("num_gpus"));
        const std::optional<double> onDemand = f.optionalNumber(QStringLiteral("dph_total"));
        const std::optional<double> minBid = f.optionalNumber(QStringLiteral("min_bid"));
        if (!f.ok()) {
            batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("offer"), f.error()));
            continue;
        }
        if (count <= 0 || !onDemand || !(*onDemand > 0))
            continue; // a host listing no GPU or no price (dph_total null) is not an offer
        std::optional<core::ResolvedGpu> resolved;
        for (const QString &candidate : vastGpuNameCandidates(gpuName)) {
            if ((resolved = resolver.resolve(candidate, kProvider)))
                break;
        }
        if (!resolved) {
            if (!unmapped.contains(gpuName)) {
                unmapped.insert(gpuName);
                batch.exclusions.append(unmappedAccelerator(kProvider, label, gpuName, QStringLiteral("offer search")));
            }
            continue;
        }
        // Hosts differ in CPU and RAM; the offer shape is GPU model x count only.
        QString shapeName = gpuName.simplified();
        shapeName.replace(u' ', u'_');
        const core::ImportedInstance instance{kProvider, QStringLiteral("%1x-%2").arg(count).arg(shapeName),
                                              resolved->gpuId, count * resolved->fraction, std::nullopt,
                                              std::nullopt, {}};
        aggregator.add(instance, vastRegion(), core::Billing::OnDemand, *onDemand, QStringLiteral("USD"), kSource);
        if (minBid && *minBid > 0)
            aggregator.add(instance, vastRegion(), core::Billing::Spot, *minBid, QStringLiteral("USD"), kSource);
        ++used;
    }
    batch.offers = aggregator.offers();
    batch.files.append(core::ImportFileStats{kProvider, label, int(offers.size()), used, int(offers.size()) - used});
    return batch;
}

VastSource::VastSource(QUrl baseUrl, QString apiKey, core::GpuAliasResolver resolver)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(std::move(resolver))
{
}

QByteArray VastSource::searchBody()
{
    const QJsonObject q{
        {QStringLiteral("rentable"), QJsonObject{{QStringLiteral("eq"), true}}},
        {QStringLiteral("rented"), QJsonObject{{QStringLiteral("eq"), false}}},
        {QStringLiteral("num_gpus"), QJsonObject{{QStringLiteral("gte"), 1}}},
        {QStringLiteral("reliability2"), QJsonObject{{QStringLiteral("gte"), 0.9}}},
        {QStringLiteral("order"), QJsonArray{QJsonArray{QStringLiteral("dph_total"), QStringLiteral("asc")}}},
        {QStringLiteral("type"), QStringLiteral("on-demand")},
        {QStringLiteral("limit"), kLimit},
    };
    // The official client (vast-ai/vast-cli, `search offers`) POSTs the query itself to /bundles/.
    return QJsonDocument(q).toJson(QJsonDocument::Compact);
}

core::Result<core::ImportBatch> VastSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    core::HttpRequest request;
    request.url = joinUrl(m_baseUrl, bundlesPath());
    request.method = QByteArrayLiteral("POST");
    request.body = searchBody();
    request.headers.append({QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")});
    if (!m_apiKey.isEmpty())
        request.headers.append({QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer ") + m_apiKey.toUtf8()});
    const QString label = core::redactUrl(request.url);
    if (!context.http)
        return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};
    if (isCancelled(context))
        return cancelledError(label);
    reportProgress(context, QStringLiteral("Vast.ai offers"), 0, 0);
    auto response = context.http->send(request, {}, context.cancel);
    if (!response)
        return response.error();
    return parseVastOffers(response->body, label, m_resolver);
}

} // namespace gpuplanner::net
