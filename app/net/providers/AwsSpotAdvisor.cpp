#include "net/providers/AwsSpotAdvisor.h"

#include "core/common/Redact.h"
#include "core/cost/SpotRisk.h"

#include "net/providers/ProviderCommon.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace gpuplanner::net {

namespace {

QString adviceKey(const QString &region, const QString &os, const QString &instanceType)
{
    return region + u'|' + os + u'|' + instanceType;
}

core::Error fieldError(const QString &label, const QString &path, const QString &what)
{
    return core::Error{QStringLiteral("%1: %2: %3").arg(label, path, what)};
}

bool isPercent(double value)
{
    return std::isfinite(value) && value >= 0 && value <= 100;
}

core::Result<QList<SpotInterruptionBucket>> parseBuckets(const QJsonArray &ranges, const QString &label)
{
    QList<SpotInterruptionBucket> buckets;
    for (qsizetype i = 0; i < ranges.size(); ++i) {
        const QString path = QStringLiteral("ranges[%1]").arg(i);
        if (!ranges.at(i).isObject())
            return fieldError(label, path, QStringLiteral("expected an object, got %1").arg(jsonTypeName(ranges.at(i))));
        JsonFields f(ranges.at(i).toObject(), path);
        const double index = f.number(QStringLiteral("index"));
        const QString text = f.string(QStringLiteral("label"));
        const double max = f.number(QStringLiteral("max"));
        if (!f.ok())
            return core::Error{label + QStringLiteral(": ") + f.error()};
        if (!(index >= 0 && index <= 1000) || index != std::floor(index))
            return fieldError(label, f.path(QStringLiteral("index")), QStringLiteral("not a small whole number"));
        if (!isPercent(max))
            return fieldError(label, f.path(QStringLiteral("max")), QStringLiteral("not a percentage"));
        for (const SpotInterruptionBucket &b : std::as_const(buckets)) {
            if (b.index == int(index))
                return fieldError(label, f.path(QStringLiteral("index")), QStringLiteral("repeats %1").arg(b.index));
        }
        buckets.append(SpotInterruptionBucket{int(index), text, 0, max});
    }
    if (buckets.isEmpty())
        return fieldError(label, QStringLiteral("ranges"), QStringLiteral("empty"));
    std::sort(buckets.begin(), buckets.end(), [](const auto &a, const auto &b) { return a.index < b.index; });
    // The feed gives only each bucket's upper bound; the lower one is the previous bucket's.
    for (qsizetype i = 1; i < buckets.size(); ++i) {
        buckets[i].minPercent = buckets[i - 1].maxPercent;
        if (buckets[i].maxPercent < buckets[i].minPercent)
            return fieldError(label, QStringLiteral("ranges"),
                              QStringLiteral("max of index %1 is below that of index %2").arg(buckets[i].index).arg(buckets[i - 1].index));
    }
    return buckets;
}

} // namespace

SpotAdvisorData::SpotAdvisorData(QList<SpotInterruptionBucket> buckets, QList<SpotAdvice> advice, QStringList skipped)
    : m_buckets(std::move(buckets)), m_advice(std::move(advice)), m_skipped(std::move(skipped))
{
    std::sort(m_advice.begin(), m_advice.end(), [](const SpotAdvice &a, const SpotAdvice &b) {
        return std::tie(a.region, a.os, a.instanceType) < std::tie(b.region, b.os, b.instanceType);
    });
    for (qsizetype i = 0; i < m_advice.size(); ++i)
        m_index.insert(adviceKey(m_advice[i].region, m_advice[i].os, m_advice[i].instanceType), i);
}

std::optional<SpotAdvice> SpotAdvisorData::find(const QString &region, const QString &instanceType, const QString &os) const
{
    const auto it = m_index.constFind(adviceKey(region, os, instanceType));
    if (it == m_index.constEnd())
        return std::nullopt;
    return m_advice.at(*it);
}

core::Result<SpotAdvisorData> parseAwsSpotAdvisor(const QByteArray &bytes, const QString &label)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(*root, QString());
    const QJsonArray ranges = top.array(QStringLiteral("ranges"));
    const QJsonObject regions = top.object(QStringLiteral("spot_advisor"));
    if (!top.ok())
        return core::Error{label + QStringLiteral(": ") + top.error()};
    auto buckets = parseBuckets(ranges, label);
    if (!buckets)
        return buckets.error();

    QList<SpotAdvice> advice;
    QStringList skipped;
    for (auto region = regions.constBegin(); region != regions.constEnd(); ++region) {
        const QString regionPath = QStringLiteral("spot_advisor.") + region.key();
        if (!region.value().isObject())
            return fieldError(label, regionPath, QStringLiteral("expected an object, got %1").arg(jsonTypeName(region.value())));
        const QJsonObject systems = region.value().toObject();
        for (auto os = systems.constBegin(); os != systems.constEnd(); ++os) {
            const QString osPath = regionPath + u'.' + os.key();
            if (!os.value().isObject())
                return fieldError(label, osPath, QStringLiteral("expected an object, got %1").arg(jsonTypeName(os.value())));
            const QJsonObject types = os.value().toObject();
            for (auto type = types.constBegin(); type != types.constEnd(); ++type) {
                const QString path = osPath + u'.' + type.key();
                if (!type.value().isObject()) {
                    skipped.append(QStringLiteral("%1: expected an object, got %2").arg(path, jsonTypeName(type.value())));
                    continue;
                }
                JsonFields f(type.value().toObject(), path);
                const double savings = f.number(QStringLiteral("s"));
                const double range = f.number(QStringLiteral("r"));
                if (!f.ok()) {
                    skipped.append(f.error());
                    continue;
                }
                if (!std::isfinite(savings) || savings < -1000 || savings > 100) {
                    skipped.append(QStringLiteral("%1: not a saving in percent").arg(f.path(QStringLiteral("s"))));
                    continue;
                }
                const auto bucket = std::find_if(buckets->cbegin(), buckets->cend(),
                                                 [range](const SpotInterruptionBucket &b) { return b.index == range; });
                if (bucket == buckets->cend()) {
                    skipped.append(QStringLiteral("%1: no range with index %2").arg(f.path(QStringLiteral("r"))).arg(range));
                    continue;
                }
                advice.append(SpotAdvice{region.key(), os.key(), type.key(), int(std::lround(savings)), *bucket});
            }
        }
    }
    return SpotAdvisorData(std::move(buckets).value(), std::move(advice), std::move(skipped));
}

core::Result<SpotAdvisorData> fetchAwsSpotAdvisor(core::HttpClient &http, const QUrl &url, const std::atomic_bool *cancel)
{
    const QString label = core::redactUrl(url);
    if (cancel && cancel->load())
        return cancelledError(label);
    core::HttpRequest request;
    request.url = url;
    request.headers.append({QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")});
    auto response = http.send(request, {}, cancel);
    if (!response)
        return response.error();
    return parseAwsSpotAdvisor(response->body, label);
}

QList<core::SpotInterruption> spotInterruptions(const SpotAdvisorData &data, const QString &source)
{
    QList<core::SpotInterruption> out;
    for (const SpotAdvice &a : data.advice()) {
        if (a.os != u"Linux")
            continue;
        const auto bucket = core::bucketFromId(a.interruption.label);
        // A label this version does not know: the middle of the range the feed states.
        const double rate = bucket ? core::bucketRate(*bucket)
                                   : (a.interruption.minPercent + a.interruption.maxPercent) / 200.0;
        out.append(core::SpotInterruption{QStringLiteral("aws"), a.region, a.instanceType, a.interruption.label,
                                          std::clamp(rate, 0.0, 1.0), a.savingsPercent, source});
    }
    return out;
}

} // namespace gpuplanner::net
