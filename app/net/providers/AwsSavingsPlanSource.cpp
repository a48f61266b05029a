#include "net/providers/AwsSavingsPlanSource.h"

#include "core/common/Redact.h"
#include "net/providers/AwsSavingsPlanParser.h"
#include "net/providers/ProviderCommon.h"

#include <QJsonArray>

namespace gpuplanner::net {

QString awsSavingsPlanIndexPath()
{
    return QStringLiteral("/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json");
}

core::Result<QList<AwsSavingsPlanRegion>> parseAwsSavingsPlanIndex(const QByteArray &bytes, const QString &label)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(*root, QString());
    const QJsonArray regions = top.array(QStringLiteral("regions"));
    if (!top.ok())
        return core::Error{label + QStringLiteral(": ") + top.error()};
    QList<AwsSavingsPlanRegion> out;
    for (qsizetype i = 0; i < regions.size(); ++i) {
        const QString path = QStringLiteral("regions[%1]").arg(i);
        if (!regions.at(i).isObject())
            return core::Error{QStringLiteral("%1: %2: expected an object, got %3").arg(label, path, jsonTypeName(regions.at(i)))};
        JsonFields region(regions.at(i).toObject(), path);
        AwsSavingsPlanRegion r{region.string(QStringLiteral("regionCode")), region.string(QStringLiteral("versionUrl"))};
        if (!region.ok())
            return core::Error{label + QStringLiteral(": ") + region.error()};
        out.append(r);
    }
    return out;
}

namespace {

core::Result<core::ImportBatch> fetchRegion(const QUrl &baseUrl, const AwsSavingsPlanRegion &region,
                                            const QHash<QString, core::ImportedInstance> &instances,
                                            const core::RefreshContext &context)
{
    core::HttpRequest request;
    request.url = joinUrl(baseUrl, region.versionUrl);
    const QString label = core::redactUrl(request.url);
    AwsSavingsPlanOptions options;
    options.fileLabel = label;
    options.fallbackRegion = region.regionCode;
    options.instances = instances;
    AwsSavingsPlanParser parser(std::move(options));
    if (auto streamed = streamInto(parser, context, request, label,
                                   QStringLiteral("AWS savings plans %1").arg(region.regionCode));
        !streamed)
        return streamed.error();
    return parser.finish();
}

} // namespace

core::Result<core::ImportBatch> fetchAwsSavingsPlans(const QUrl &baseUrl, const QStringList &regions,
                                                     const QHash<QString, core::ImportedInstance> &instances,
                                                     const core::RefreshContext &context)
{
    core::HttpRequest indexRequest;
    indexRequest.url = joinUrl(baseUrl, awsSavingsPlanIndexPath());
    const QString indexLabel = core::redactUrl(indexRequest.url);
    if (isCancelled(context))
        return cancelledError(indexLabel);
    reportProgress(context, QStringLiteral("AWS savings-plan index"), 0, 0);
    auto index = context.http->send(indexRequest, {}, context.cancel);
    if (!index)
        return index.error();
    auto listed = parseAwsSavingsPlanIndex(index->body, indexLabel);
    if (!listed)
        return listed.error();
    core::ImportBatch batch;
    for (const QString &code : regions) {
        const auto it = std::find_if(listed->cbegin(), listed->cend(),
                                     [&](const AwsSavingsPlanRegion &r) { return r.regionCode == code; });
        if (it == listed->cend())
            continue; // a region without savings plans: its on-demand prices stand alone
        auto regionBatch = fetchRegion(baseUrl, *it, instances, context);
        if (!regionBatch)
            return regionBatch.error();
        batch.append(*regionBatch);
    }
    return batch;
}

} // namespace gpuplanner::net
