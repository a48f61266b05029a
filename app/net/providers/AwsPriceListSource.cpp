#include "net/providers/AwsPriceListSource.h"

#include "core/common/Redact.h"

#include "net/providers/AwsSavingsPlanSource.h"
#include "net/providers/ProviderCommon.h"

#include <QDate>
#include <QSet>

#include <algorithm>

namespace gpuplanner::net {

core::Result<QList<AwsRegionFile>> parseAwsRegionIndex(const QByteArray &bytes, const QString &label)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(*root, QString());
    const QJsonObject regions = top.object(QStringLiteral("regions"));
    if (!top.ok())
        return core::Error{label + QStringLiteral(": ") + top.error()};
    QList<AwsRegionFile> files;
    for (auto it = regions.constBegin(); it != regions.constEnd(); ++it) {
        const QString path = QStringLiteral("regions.") + it.key();
        if (!it.value().isObject())
            return core::Error{QStringLiteral("%1: %2: expected an object, got %3").arg(label, path, jsonTypeName(it.value()))};
        JsonFields region(it.value().toObject(), path);
        AwsRegionFile file;
        file.regionCode = region.optionalString(QStringLiteral("regionCode")).value_or(it.key());
        file.currentVersionUrl = region.string(QStringLiteral("currentVersionUrl"));
        if (!region.ok())
            return core::Error{label + QStringLiteral(": ") + region.error()};
        files.append(file);
    }
    std::sort(files.begin(), files.end(),
              [](const AwsRegionFile &a, const AwsRegionFile &b) { return a.regionCode < b.regionCode; });
    return files;
}

AwsPriceListSource::AwsPriceListSource(QUrl baseUrl, core::GpuAliasResolver resolver, InstanceShapes shapes)
    : m_baseUrl(std::move(baseUrl)), m_resolver(std::move(resolver)), m_shapes(std::move(shapes))
{
}

core::Result<core::ImportBatch> AwsPriceListSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != u"aws")
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    if (!context.http)
        return core::Error{QStringLiteral("%1: no HTTP client configured").arg(name())};
    // Which partitions the wanted regions are in (all of both when none is named).
    QStringList globalRegions, chinaRegions;
    for (const QString &code : context.regions)
        (!m_chinaBaseUrl.isEmpty() && isChinaRegion(code) ? chinaRegions : globalRegions).append(code);
    const bool readGlobal = context.regions.isEmpty() || !globalRegions.isEmpty();
    const bool readChina = !m_chinaBaseUrl.isEmpty() && (context.regions.isEmpty() || !chinaRegions.isEmpty());
    if (!readChina)
        return fetchGlobal(globalRegions, context);
    if (!readGlobal)
        return fetchChina(chinaRegions, context);

    // Both partitions: separate files on separate hosts, so one failing keeps the other's prices.
    auto global = fetchGlobal(globalRegions, context);
    if (!global && isCancelled(context))
        return global.error();
    auto china = fetchChina(chinaRegions, context);
    if (!china && isCancelled(context))
        return china.error();
    if (!global && !china)
        return core::Error{global.errorMessage() + QStringLiteral("; AWS China: ") + china.errorMessage()};
    core::ImportBatch batch = global ? *global : *china;
    if (global && china)
        batch.append(*china);
    const bool chinaFailed = !china;
    const QString file = chinaFailed ? core::redactUrl(joinUrl(m_chinaBaseUrl, chinaOfferPath()))
                                     : core::redactUrl(joinUrl(m_baseUrl, regionIndexPath()));
    if (!global || !china) {
        batch.exclusions.append(core::ImportExclusion{
            QStringLiteral("aws"), file, 0, QStringLiteral("row"),
            chinaFailed ? QStringLiteral("AWS China price file not refreshed; previous China prices kept")
                        : QStringLiteral("AWS price list not refreshed; previous prices outside China kept"),
            chinaFailed ? china.errorMessage() : global.errorMessage()});
    }
    return batch;
}

core::Result<core::ImportBatch> AwsPriceListSource::fetchGlobal(const QStringList &regionCodes,
                                                                const core::RefreshContext &context)
{
    core::HttpRequest indexRequest;
    indexRequest.url = joinUrl(m_baseUrl, regionIndexPath());
    const QString indexLabel = core::redactUrl(indexRequest.url);
    if (isCancelled(context))
        return cancelledError(indexLabel);
    reportProgress(context, QStringLiteral("AWS region index"), 0, 0);
    auto index = context.http->send(indexRequest, {}, context.cancel);
    if (!index)
        return index.error();
    auto regions = parseAwsRegionIndex(index->body, indexLabel);
    if (!regions)
        return regions.error();

    QList<AwsRegionFile> wanted;
    if (regionCodes.isEmpty()) {
        wanted = *regions;
    } else {
        for (const QString &code : regionCodes) {
            const auto it = std::find_if(regions->cbegin(), regions->cend(),
                                         [&](const AwsRegionFile &f) { return f.regionCode == code; });
            if (it == regions->cend())
                return core::Error{QStringLiteral("%1: region '%2' is not in the region index").arg(indexLabel, code)};
            wanted.append(*it);
        }
    }

    core::ImportBatch batch;
    for (const AwsRegionFile &region : std::as_const(wanted)) {
        auto regionBatch = fetchRegion(region, context);
        if (!regionBatch)
            return regionBatch.error();
        batch.append(*regionBatch);
    }
    if (auto s = addSavingsPlans(batch, wanted, context); !s)
        return s.error();
    addInterruptions(batch, context);
    return batch;
}

core::Result<core::ImportBatch> AwsPriceListSource::fetchChina(const QStringList &regions,
                                                               const core::RefreshContext &context)
{
    core::HttpRequest request;
    request.url = joinUrl(m_chinaBaseUrl, chinaOfferPath());
    const QString label = core::redactUrl(request.url);
    if (isCancelled(context))
        return cancelledError(label);
    AwsOfferFileOptions options;
    options.fileLabel = label;
    options.sourceName = QStringLiteral("AWS China Price List API");
    // Prices stay in the currency the file states (CNY); nothing is converted here.
    AwsOfferFileParser parser(m_resolver, m_shapes, options);
    if (auto streamed = streamInto(parser, context, request, label, QStringLiteral("AWS China price file")); !streamed)
        return streamed.error();
    auto batch = parser.finish();
    if (!batch || regions.isEmpty())
        return batch;
    // The file holds both China regions; a region-scoped refresh keeps the named ones.
    core::ImportBatch kept = *batch;
    kept.offers.clear();
    for (const core::ImportedOffer &o : std::as_const(batch->offers)) {
        if (regions.contains(o.region))
            kept.offers.append(o);
    }
    return kept;
}

core::Status AwsPriceListSource::addSavingsPlans(core::ImportBatch &batch, const QList<AwsRegionFile> &regions,
                                                 const core::RefreshContext &context) const
{
    QHash<QString, core::ImportedInstance> instances;
    for (const core::ImportedOffer &o : std::as_const(batch.offers))
        instances.insert(o.instance.name, o.instance);
    if (instances.isEmpty())
        return core::success();
    QStringList codes;
    for (const AwsRegionFile &r : regions)
        codes.append(r.regionCode);
    auto plans = fetchAwsSavingsPlans(m_baseUrl, codes, instances, context);
    if (!plans) {
        if (isCancelled(context))
            return plans.error();
        // On-demand and reserved prices stand on their own: the stored savings-plan rates stay.
        batch.exclusions.append(core::ImportExclusion{QStringLiteral("aws"), core::redactUrl(joinUrl(m_baseUrl, awsSavingsPlanIndexPath())),
                                                      0, QStringLiteral("row"),
                                                      QStringLiteral("savings-plan rates not refreshed; previous rates kept"),
                                                      plans.errorMessage()});
        return core::success();
    }
    batch.append(*plans);
    return core::success();
}

void AwsPriceListSource::addInterruptions(core::ImportBatch &batch, const core::RefreshContext &context) const
{
    if (batch.offers.isEmpty())
        return;
    reportProgress(context, QStringLiteral("AWS Spot Advisor"), 0, 0);
    auto feed = fetchAwsSpotAdvisor(*context.http, m_spotAdvisorUrl, context.cancel);
    if (!feed) {
        // Prices stand on their own: the stored interruption figures stay, and the log says why.
        batch.exclusions.append(core::ImportExclusion{QStringLiteral("aws"), core::redactUrl(m_spotAdvisorUrl), 0,
                                                      QStringLiteral("interruption"),
                                                      QStringLiteral("Spot Advisor feed not refreshed; previous figures kept"),
                                                      feed.errorMessage()});
        return;
    }
    QSet<QString> priced;
    for (const core::ImportedOffer &o : std::as_const(batch.offers))
        priced.insert(o.instance.name);
    const QString source = QStringLiteral("AWS Spot Instance Advisor feed fetched %1")
                               .arg(QDate::currentDate().toString(Qt::ISODate));
    for (const core::SpotInterruption &i : spotInterruptions(*feed, source)) {
        if (priced.contains(i.instanceType))
            batch.interruptions.append(i);
    }
}

core::Result<core::ImportBatch> AwsPriceListSource::fetchRegion(const AwsRegionFile &region,
                                                                const core::RefreshContext &context)
{
    core::HttpRequest request;
    request.url = joinUrl(m_baseUrl, region.currentVersionUrl);
    const QString label = core::redactUrl(request.url);
    if (isCancelled(context))
        return cancelledError(label);

    AwsOfferFileOptions options;
    options.fileLabel = label;
    options.fallbackRegion = region.regionCode;
    AwsOfferFileParser parser(m_resolver, m_shapes, options);
    if (auto streamed = streamInto(parser, context, request, label, QStringLiteral("AWS %1").arg(region.regionCode));
        !streamed)
        return streamed.error();
    return parser.finish();
}

} // namespace gpuplanner::net
