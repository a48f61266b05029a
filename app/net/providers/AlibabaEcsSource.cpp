#include "net/providers/AlibabaEcsSource.h"

#include "net/providers/CloudApiCall.h"
#include "net/providers/ProviderCommon.h"
#include "net/sign/AliyunSigner.h"

#include <QJsonArray>
#include <QSet>
#include <QUuid>

#include <cmath>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("alicloud");
const QString kSource = QStringLiteral("Alibaba Cloud ECS API");

CloudApi alibabaApi()
{
    CloudApi api;
    api.provider = QStringLiteral("Alibaba Cloud");
    api.credentials = QStringLiteral("GPUPLANNER_ALIBABA_ACCESS_KEY_ID and GPUPLANNER_ALIBABA_ACCESS_KEY_SECRET (or "
                                     "Settings ▸ API keys)");
    api.errorOf = [](int status, const QJsonObject &body) -> std::optional<CloudApiError> {
        const QString code = body.value(QStringLiteral("Code")).toString();
        if (code.isEmpty() || (status < 300 && body.contains(QStringLiteral("PriceInfo"))))
            return std::nullopt;
        return CloudApiError{code, body.value(QStringLiteral("Message")).toString(), status};
    };
    api.isThrottling = [](const CloudApiError &e) { return classifyCloudError(e) == CloudErrorKind::Throttling; };
    return api;
}

struct GpuType
{
    core::ImportedInstance instance;
};

} // namespace

std::optional<AlibabaPrice> parseAlibabaPrice(const QJsonObject &body)
{
    const QJsonObject price = body.value(QStringLiteral("PriceInfo")).toObject().value(QStringLiteral("Price")).toObject();
    const QJsonArray details =
        price.value(QStringLiteral("DetailInfos")).toObject().value(QStringLiteral("DetailInfo")).toArray();
    for (const QJsonValue &v : details) {
        const QJsonObject d = v.toObject();
        const QString resource = d.value(QStringLiteral("Resource")).toString();
        if (resource != u"instanceType" && resource != u"instance")
            continue;
        AlibabaPrice p;
        p.original = d.value(QStringLiteral("OriginalPrice")).toDouble(qQNaN());
        p.trade = d.value(QStringLiteral("TradePrice")).toDouble(qQNaN());
        p.currency = price.value(QStringLiteral("Currency")).toString();
        return p;
    }
    return std::nullopt;
}

AlibabaEcsSource::AlibabaEcsSource(QUrl endpoint, QString accessKeyId, QString accessKeySecret,
                                   core::GpuAliasResolver resolver)
    : m_endpoint(std::move(endpoint)), m_keyId(std::move(accessKeyId)), m_secret(std::move(accessKeySecret)),
      m_resolver(std::move(resolver)), m_clock([] { return QDateTime::currentDateTimeUtc(); })
{
}

core::HttpRequest AlibabaEcsSource::request(const QString &region, const QByteArray &action,
                                            const QList<QPair<QByteArray, QByteArray>> &query) const
{
    core::HttpRequest r;
    r.url = !m_endpoint.isEmpty() ? m_endpoint
            : region.isEmpty()    ? QUrl(QStringLiteral("https://ecs.aliyuncs.com/"))
                                  : QUrl(QStringLiteral("https://ecs.%1.aliyuncs.com/").arg(region));
    if (r.url.path().isEmpty())
        r.url.setPath(QStringLiteral("/"));
    const QByteArray canonical = sign::canonicalQuery(query);
    if (!canonical.isEmpty())
        r.url.setQuery(QString::fromLatin1(canonical), QUrl::StrictMode);
    QByteArray host = r.url.host().toUtf8();
    if (r.url.port() != -1)
        host += ':' + QByteArray::number(r.url.port());
    const QList<sign::Pair> headers = {
        {"host", host},
        {"x-acs-action", action},
        {"x-acs-version", "2014-05-26"},
        {"x-acs-date", m_clock().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ssZ")).toLatin1()},
        {"x-acs-signature-nonce", QUuid::createUuid().toByteArray(QUuid::Id128)}};
    const sign::Signature s = sign::aliyunAcs3Sign("GET", r.url.path(QUrl::FullyEncoded).toUtf8(), query, headers, QByteArray(),
                                                   m_keyId.toUtf8(), m_secret.toUtf8());
    for (const sign::Pair &h : headers) {
        if (h.first != "host")
            r.headers.append(h);
    }
    r.headers.append({"x-acs-content-sha256", sign::sha256Hex(QByteArray())});
    r.headers.append({"Authorization", s.authorization});
    return r;
}

core::Result<core::ImportBatch> AlibabaEcsSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    if (m_keyId.isEmpty() || m_secret.isEmpty())
        return core::Error{QStringLiteral("Alibaba Cloud: no AccessKey configured; set GPUPLANNER_ALIBABA_ACCESS_KEY_ID and "
                                          "GPUPLANNER_ALIBABA_ACCESS_KEY_SECRET (or store them in Settings)")};
    const CloudApi api = alibabaApi();
    reportProgress(context, QStringLiteral("Alibaba Cloud regions"), 0, 0);
    auto regions = callCloudApi(api, context, QStringLiteral("DescribeRegions"),
                                [&] { return request(QString(), "DescribeRegions", {{"AcceptLanguage", "en-US"}}); });
    if (!regions)
        return regions.error();
    QStringList codes;
    for (const QJsonValue &v : regions->value(QStringLiteral("Regions")).toObject().value(QStringLiteral("Region")).toArray()) {
        const QString code = v.toObject().value(QStringLiteral("RegionId")).toString();
        if (!code.isEmpty() && (context.regions.isEmpty() || context.regions.contains(code)))
            codes.append(code);
    }
    if (codes.isEmpty())
        return core::Error{QStringLiteral("Alibaba Cloud DescribeRegions: no region%1")
                               .arg(context.regions.isEmpty() ? QString() : QStringLiteral(" among ") + context.regions.join(u','))};

    core::ImportBatch batch;
    batch.sourceNote = kSource;
    // GPU instance types, every page.
    QList<GpuType> types;
    QByteArray nextToken;
    int listed = 0;
    QSet<QString> ids;
    PagingGuard guard(QStringLiteral("Alibaba Cloud"), QStringLiteral("DescribeInstanceTypes"), m_pageBound,
                      QStringLiteral("NextToken"));
    do {
        if (auto more = guard.beforePage(); !more)
            return more.error();
        reportProgress(context, QStringLiteral("Alibaba Cloud instance types"), types.size(), 0);
        QList<QPair<QByteArray, QByteArray>> query = {{"MinimumGPUAmount", "1"}, {"MaxResults", QByteArray::number(kTypesPageSize)}};
        if (!nextToken.isEmpty())
            query.append(QPair<QByteArray, QByteArray>("NextToken", nextToken));
        auto page = callCloudApi(api, context, QStringLiteral("DescribeInstanceTypes"),
                                 [&] { return request(QString(), "DescribeInstanceTypes", query); });
        if (!page)
            return page.error();
        const QJsonArray items = page->value(QStringLiteral("InstanceTypes")).toObject().value(QStringLiteral("InstanceType")).toArray();
        qsizetype fresh = 0;
        for (qsizetype i = 0; i < items.size(); ++i) {
            const QJsonObject t = items.at(i).toObject();
            const QString id = t.value(QStringLiteral("InstanceTypeId")).toString();
            if (ids.contains(id))
                continue; // a page that repeats an earlier one adds nothing
            ids.insert(id);
            ++listed;
            ++fresh;
            const double amount = t.value(QStringLiteral("GPUAmount")).toDouble(0);
            const QString spec = t.value(QStringLiteral("GPUSpec")).toString();
            if (id.isEmpty() || !(amount > 0))
                continue;
            std::optional<core::ResolvedGpu> gpu = m_resolver.resolve(spec, kProvider, id);
            if (!gpu && spec.startsWith(u"NVIDIA "))
                gpu = m_resolver.resolve(spec.mid(7), kProvider, id);
            if (!gpu) {
                batch.exclusions.append(unmappedAccelerator(kProvider, QStringLiteral("DescribeInstanceTypes"), spec, id));
                continue;
            }
            GpuType type;
            type.instance = core::ImportedInstance{kProvider, id, gpu->gpuId, amount * gpu->fraction,
                                                   t.value(QStringLiteral("CpuCoreCount")).toDouble(0) > 0
                                                       ? std::optional<double>(t.value(QStringLiteral("CpuCoreCount")).toDouble())
                                                       : std::nullopt,
                                                   t.value(QStringLiteral("MemorySize")).toDouble(0) > 0
                                                       ? std::optional<double>(t.value(QStringLiteral("MemorySize")).toDouble())
                                                       : std::nullopt,
                                                   {}};
            // GPUMemorySize is the total for one GPU or a slice and per GPU for several.
            if (const double memory = t.value(QStringLiteral("GPUMemorySize")).toDouble(0); memory > 0 && gpu->fraction == 1.0)
                type.instance.listedGpuMemoryGib = memory;
            types.append(type);
        }
        nextToken = page->value(QStringLiteral("NextToken")).toString().toUtf8();
        if (auto ok = guard.afterPage(fresh, QString::fromUtf8(nextToken)); !ok)
            return ok.error();
    } while (!nextToken.isEmpty());
    batch.files.append(core::ImportFileStats{kProvider, QStringLiteral("DescribeInstanceTypes"), listed, int(types.size()),
                                             int(batch.exclusions.size())});

    const struct
    {
        const char *unit;
        int period;
        int months; // 0 = pay-as-you-go, -1 = spot
    } prices[] = {{"Hour", 1, 0}, {"Hour", 1, -1}, {"Month", 1, 1}, {"Year", 1, 12}, {"Year", 3, 36}};
    qint64 step = 0;
    const qint64 steps = qint64(codes.size()) * types.size();
    for (const QString &region : std::as_const(codes)) {
        for (const GpuType &type : std::as_const(types)) {
            reportProgress(context, QStringLiteral("Alibaba Cloud prices: %1").arg(region), step++, steps);
            for (const auto &p : prices) {
                QList<QPair<QByteArray, QByteArray>> query = {{"RegionId", region.toUtf8()},
                                                              {"ResourceType", "instance"},
                                                              {"InstanceType", type.instance.name.toUtf8()},
                                                              {"PriceUnit", p.unit},
                                                              {"Period", QByteArray::number(p.period)}};
                if (p.months == -1)
                    query.append(QPair<QByteArray, QByteArray>("SpotStrategy", "SpotAsPriceGo"));
                std::optional<CloudApiError> error;
                const QString action = QStringLiteral("DescribePrice %1 %2").arg(region, type.instance.name);
                auto body = callCloudApi(api, context, action, [&] { return request(region, "DescribePrice", query); }, &error);
                if (!body) {
                    const CloudErrorKind kind = error ? classifyCloudError(*error) : CloudErrorKind::Other;
                    if (kind == CloudErrorKind::NotSoldHere && p.months == 0)
                        break; // not sold in this region: no other price either
                    if (kind == CloudErrorKind::NotSoldHere || kind == CloudErrorKind::Other) {
                        batch.exclusions.append(unusableEntry(kProvider, action, QStringLiteral("price"), body.errorMessage()));
                        continue;
                    }
                    return body.error();
                }
                const std::optional<AlibabaPrice> price = parseAlibabaPrice(body.value());
                const double amount = price ? (p.months == -1 ? price->trade : price->original) : qQNaN();
                // A negative or absurd price goes on as it came: the refresh's checks keep that
                // offer's previous price and name the reason.
                if (std::isnan(amount) || amount == 0) {
                    batch.exclusions.append(unusableEntry(kProvider, action, QStringLiteral("price"),
                                                          QStringLiteral("no instance price in PriceInfo.Price.DetailInfos")));
                    continue;
                }
                const QString currency = price->currency.isEmpty() ? QStringLiteral("CNY") : price->currency;
                if (p.months == 0)
                    batch.offers.append(core::onDemandOrSpot(type.instance, region, core::Billing::OnDemand, amount, currency, kSource));
                else if (p.months == -1)
                    batch.offers.append(core::onDemandOrSpot(type.instance, region, core::Billing::Spot, amount, currency, kSource));
                else
                    batch.offers.append(prepaidSubscription(
                        type.instance, region, p.months, amount, currency,
                        kSource + QStringLiteral(" DescribePrice %1 %2 (%3-month subscription list price)")
                                      .arg(QLatin1String(p.unit))
                                      .arg(p.period)
                                      .arg(p.months)));
            }
        }
    }
    return batch;
}

} // namespace gpuplanner::net
