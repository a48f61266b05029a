#include "net/providers/RunPodSource.h"

#include "core/common/Redact.h"

#include "core/import/OfferAggregator.h"
#include "net/providers/ProviderCommon.h"

#include <QHash>
#include <QSet>
#include <QUrlQuery>

#include <cmath>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("runpod");
const QString kSource = QStringLiteral("RunPod GraphQL API");
// No RunPod machine holds more; a larger value is a broken response, not a bigger pod.
constexpr double kMaxGpuCount = 64;

const char kGpuTypesQuery[] =
    "query GpuTypes($lowestPriceInput: GpuLowestPriceInput) { gpuTypes { id displayName memoryInGb secureCloud "
    "communityCloud securePrice communityPrice secureSpotPrice communitySpotPrice maxGpuCount "
    "lowestPrice(input: $lowestPriceInput) { minimumBidPrice uninterruptablePrice minVcpu minMemory stockStatus } } }";

core::Error fieldError(const QString &label, const QString &path, const QString &what)
{
    return core::Error{QStringLiteral("%1: %2: %3").arg(label, path, what)};
}

// A price field: absent, null or 0 = not offered; negative or not finite = a broken response.
core::Result<std::optional<double>> optionalPrice(JsonFields &f, const QString &key, const QString &label)
{
    const std::optional<double> value = f.optionalNumber(key);
    if (!f.ok())
        return core::Error{label + QStringLiteral(": ") + f.error()};
    if (!value || *value == 0)
        return std::optional<double>();
    if (!std::isfinite(*value) || *value < 0)
        return fieldError(label, f.path(key), QStringLiteral("not a positive price"));
    return value;
}

// GraphQL reports failures in errors[] (often with HTTP 200 and "data": null); a partial
// answer is refused too, since an atomic refresh prefers the previous prices to half of them.
std::optional<core::Error> graphqlError(const QJsonObject &root, const QString &label)
{
    const QJsonValue errors = root.value(u"errors");
    if (errors.isUndefined() || errors.isNull() || (errors.isArray() && errors.toArray().isEmpty()))
        return std::nullopt;
    if (!errors.isArray())
        return fieldError(label, QStringLiteral("errors"), QStringLiteral("expected an array, got %1").arg(jsonTypeName(errors)));
    const QJsonValue first = errors.toArray().at(0);
    const QString message = first.toObject().value(u"message").toString();
    return fieldError(label, QStringLiteral("errors[0].message"),
                      message.isEmpty() ? QStringLiteral("(no message)") : message);
}

QList<int> gpuCounts(int maxGpuCount)
{
    QList<int> counts;
    for (int n = 1; n <= maxGpuCount; n *= 2)
        counts.append(n);
    if (counts.last() != maxGpuCount)
        counts.append(maxGpuCount);
    return counts;
}

} // namespace

QString runPodRegion(const QString &dataCenterId)
{
    const QStringList parts = dataCenterId.split(u'-');
    // US and Canadian ids name a state or city second; elsewhere the first part is a continent.
    if (parts.first() == u"US" || parts.first() == u"CA")
        return parts.first();
    if (parts.size() >= 2 && parts.at(1).size() == 2)
        return parts.at(1);
    return dataCenterId;
}

QByteArray runPodGpuTypesRequest(const RunPodQuery &query)
{
    QJsonObject input{{QStringLiteral("gpuCount"), query.gpuCount}, {QStringLiteral("secureCloud"), query.secureCloud}};
    if (!query.dataCenterId.isEmpty())
        input.insert(QStringLiteral("dataCenterId"), query.dataCenterId);
    const QJsonObject body{
        {QStringLiteral("query"), QString::fromLatin1(kGpuTypesQuery)},
        {QStringLiteral("variables"), QJsonObject{{QStringLiteral("lowestPriceInput"), input}}},
    };
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QStringList runPodGpuNameCandidates(const QString &id, const QString &displayName)
{
    QStringList names;
    auto add = [&names](const QString &name) {
        const QString n = name.simplified();
        if (!n.isEmpty() && !names.contains(n))
            names.append(n);
    };
    add(id);
    QString shortId = id;
    shortId.remove(QStringLiteral("NVIDIA "), Qt::CaseInsensitive).remove(QStringLiteral("GeForce "), Qt::CaseInsensitive);
    add(shortId);
    add(displayName);
    for (const QString &name : {shortId.simplified(), displayName.simplified()}) {
        QString joined = name;
        add(joined.remove(u' '));
        QString dashed = name;
        add(dashed.replace(u' ', u'-'));
    }
    return names;
}

core::Result<core::ImportBatch> parseRunPodGpuTypes(const QByteArray &bytes, const QString &label,
                                                    const RunPodQuery &query, const core::GpuAliasResolver &resolver)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    if (auto error = graphqlError(*root, label))
        return *error;
    JsonFields top(*root, QString());
    JsonFields data(top.object(QStringLiteral("data")), QStringLiteral("data"));
    const QJsonArray types = data.array(QStringLiteral("gpuTypes"));
    for (const JsonFields *f : {&top, &data}) {
        if (!f->ok())
            return core::Error{label + QStringLiteral(": ") + f->error()};
    }

    const QString cloud = query.secureCloud ? QStringLiteral("secure") : QStringLiteral("community");
    const QString suffix = query.secureCloud ? QStringLiteral("SECURE") : QStringLiteral("COMMUNITY");
    const QString region = query.dataCenterId.isEmpty() ? runPodCommunityRegion() : runPodRegion(query.dataCenterId);
    core::ImportBatch batch;
    int used = 0;
    for (qsizetype i = 0; i < types.size(); ++i) {
        const QString path = QStringLiteral("data.gpuTypes[%1]").arg(i);
        if (!types.at(i).isObject())
            return fieldError(label, path, QStringLiteral("expected an object, got %1").arg(jsonTypeName(types.at(i))));
        const QJsonObject type = types.at(i).toObject();
        JsonFields f(type, path);
        const QString id = f.string(QStringLiteral("id"));
        const QString displayName = f.optionalString(QStringLiteral("displayName")).value_or(QString());
        const std::optional<double> maxCount = f.optionalNumber(QStringLiteral("maxGpuCount"));
        const QJsonValue inCloud = type.value(cloud + QStringLiteral("Cloud"));
        const QJsonValue lowest = type.value(u"lowestPrice");
        if (!f.ok())
            return core::Error{label + QStringLiteral(": ") + f.error()};
        if (!inCloud.isUndefined() && !inCloud.isNull() && !inCloud.isBool())
            return fieldError(label, f.path(cloud + QStringLiteral("Cloud")),
                              QStringLiteral("expected a boolean, got %1").arg(jsonTypeName(inCloud)));
        if (!lowest.isUndefined() && !lowest.isNull() && !lowest.isObject())
            return fieldError(label, f.path(QStringLiteral("lowestPrice")),
                              QStringLiteral("expected an object, got %1").arg(jsonTypeName(lowest)));
        if (maxCount && !(*maxCount >= 1 && *maxCount <= kMaxGpuCount))
            return fieldError(label, f.path(QStringLiteral("maxGpuCount")), QStringLiteral("out of range"));
        auto price = optionalPrice(f, cloud + QStringLiteral("Price"), label);
        if (!price)
            return price.error();
        auto listSpot = optionalPrice(f, cloud + QStringLiteral("SpotPrice"), label);
        if (!listSpot)
            return listSpot.error();

        JsonFields lp(lowest.toObject(), f.path(QStringLiteral("lowestPrice")));
        const std::optional<QString> stock = lp.optionalString(QStringLiteral("stockStatus"));
        const std::optional<double> minVcpu = lp.optionalNumber(QStringLiteral("minVcpu"));
        const std::optional<double> minMemory = lp.optionalNumber(QStringLiteral("minMemory"));
        if (!lp.ok())
            return core::Error{label + QStringLiteral(": ") + lp.error()};
        auto bid = optionalPrice(lp, QStringLiteral("minimumBidPrice"), label);
        if (!bid)
            return bid.error();

        if (inCloud == QJsonValue(false) || !stock || !*price)
            continue; // not rented in this cloud, or out of stock where the query asked
        std::optional<core::ResolvedGpu> resolved;
        for (const QString &candidate : runPodGpuNameCandidates(id, displayName)) {
            if ((resolved = resolver.resolve(candidate, kProvider)))
                break;
        }
        if (!resolved) {
            batch.exclusions.append(unmappedAccelerator(kProvider, label, id, QStringLiteral("gpuTypes")));
            continue;
        }
        const std::optional<double> spot = *bid ? *bid : *listSpot;
        for (const int count : gpuCounts(int(maxCount.value_or(1)))) {
            core::ImportedInstance instance{kProvider, QStringLiteral("%1x_%2_%3").arg(count).arg(resolved->gpuId, suffix),
                                            resolved->gpuId, count * resolved->fraction, std::nullopt, std::nullopt, {}};
            // RunPod sizes a pod's vCPUs and RAM per GPU.
            if (minVcpu && *minVcpu > 0)
                instance.vcpus = count * *minVcpu;
            if (minMemory && *minMemory > 0)
                instance.memoryGib = count * *minMemory;
            batch.offers.append(core::onDemandOrSpot(instance, region, core::Billing::OnDemand, count * **price,
                                                     QStringLiteral("USD"), kSource));
            if (spot)
                batch.offers.append(core::onDemandOrSpot(instance, region, core::Billing::Spot, count * *spot,
                                                         QStringLiteral("USD"), kSource));
        }
        ++used;
    }
    batch.files.append(core::ImportFileStats{kProvider, label, int(types.size()), used, int(types.size()) - used});
    return batch;
}

QStringList RunPodSource::defaultDataCenters()
{
    return {QStringLiteral("US-KS-2"),  QStringLiteral("US-IL-1"),  QStringLiteral("US-TX-3"),
            QStringLiteral("US-GA-1"),  QStringLiteral("US-CA-2"),  QStringLiteral("CA-MTL-1"),
            QStringLiteral("EU-RO-1"),  QStringLiteral("EU-SE-1"),  QStringLiteral("EU-NL-1"),
            QStringLiteral("EU-CZ-1"),  QStringLiteral("EU-FR-1"),  QStringLiteral("EUR-IS-1"),
            QStringLiteral("EUR-NO-1"), QStringLiteral("AP-JP-1"),  QStringLiteral("OC-AU-1")};
}

RunPodSource::RunPodSource(QUrl baseUrl, QString apiKey, core::GpuAliasResolver resolver, QStringList dataCenters)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(std::move(resolver)),
      m_dataCenters(std::move(dataCenters))
{
}

core::Result<core::ImportBatch> RunPodSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    // The official client (runpod/runpod-python, api/graphql.py) sends the key as ?api_key=;
    // the HTTP layer keeps it out of every message and refuses it over plain http to other hosts.
    QUrl url = joinUrl(m_baseUrl, graphqlPath());
    QUrlQuery keyQuery;
    keyQuery.addQueryItem(QStringLiteral("api_key"), QString::fromLatin1(QUrl::toPercentEncoding(m_apiKey)));
    url.setQuery(keyQuery);
    const QString label = core::redactedUrl(url).toDisplayString(QUrl::RemoveQuery);
    if (m_apiKey.isEmpty())
        return core::Error{QStringLiteral("%1: no RunPod API key configured").arg(label)};
    if (!context.http)
        return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};

    QList<RunPodQuery> queries;
    for (const QString &dc : m_dataCenters) {
        if (context.regions.isEmpty() || context.regions.contains(runPodRegion(dc)))
            queries.append(RunPodQuery{true, dc, 1});
    }
    if (context.regions.isEmpty() || context.regions.contains(runPodCommunityRegion()))
        queries.append(RunPodQuery{false, QString(), 1});
    if (queries.isEmpty())
        return core::Error{QStringLiteral("%1: no RunPod data center in regions %2").arg(label, context.regions.join(u','))};

    QList<core::ImportedOffer> offers;
    core::ImportBatch batch;
    QSet<QString> reported;
    for (qsizetype i = 0; i < queries.size(); ++i) {
        const RunPodQuery &query = queries.at(i);
        const QString where = query.secureCloud ? query.dataCenterId : QStringLiteral("Community Cloud");
        if (isCancelled(context))
            return cancelledError(label);
        reportProgress(context, QStringLiteral("RunPod %1").arg(where), i, queries.size());
        core::HttpRequest request;
        request.url = url;
        request.method = QByteArrayLiteral("POST");
        request.body = runPodGpuTypesRequest(query);
        // Each body differs; a cached answer for one data center must not serve another.
        request.conditional = false;
        request.headers.append({QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")});
        auto response = context.http->send(request, {}, context.cancel);
        if (!response)
            return response.error();
        auto part = parseRunPodGpuTypes(response->body, QStringLiteral("%1 (%2)").arg(label, where), query, m_resolver);
        if (!part)
            return part.error();
        offers.append(part->offers);
        for (const core::ImportExclusion &e : std::as_const(part->exclusions)) {
            if (!reported.contains(e.detail)) {
                reported.insert(e.detail);
                batch.exclusions.append(e);
            }
        }
        batch.files.append(part->files);
    }
    // Data centers differ in the vCPUs and RAM they give per GPU, but one instance name must
    // have one shape: the smallest, which every data center offers at least.
    QHash<QString, core::ImportedInstance> shapes;
    for (const core::ImportedOffer &o : std::as_const(offers)) {
        auto it = shapes.find(o.instance.name);
        if (it == shapes.end()) {
            shapes.insert(o.instance.name, o.instance);
            continue;
        }
        for (auto field : {&core::ImportedInstance::vcpus, &core::ImportedInstance::memoryGib}) {
            const std::optional<double> &seen = o.instance.*field;
            std::optional<double> &kept = (*it).*field;
            if (seen && (!kept || *seen < *kept))
                kept = seen;
        }
    }
    // Data centers in one country become one offer with the lowest and the median price.
    core::OfferAggregator aggregator;
    for (const core::ImportedOffer &o : std::as_const(offers))
        aggregator.add(shapes.value(o.instance.name), o.region, o.billing, o.price, o.currency, o.source);
    batch.offers = aggregator.offers();
    return batch;
}

} // namespace gpuplanner::net
