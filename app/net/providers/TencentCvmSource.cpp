#include "net/providers/TencentCvmSource.h"

#include "net/providers/CloudApiCall.h"
#include "net/providers/ProviderCommon.h"
#include "net/sign/Tc3Signer.h"

#include <QDateTime>
#include <QJsonArray>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("tencentcloud");
const QString kSource = QStringLiteral("Tencent Cloud CVM API");

CloudApi tencentApi()
{
    CloudApi api;
    api.provider = QStringLiteral("Tencent Cloud");
    api.credentials = QStringLiteral("GPUPLANNER_TENCENT_SECRET_ID and GPUPLANNER_TENCENT_SECRET_KEY (or Settings ▸ API keys)");
    api.errorOf = [](int status, const QJsonObject &body) -> std::optional<CloudApiError> {
        const QJsonObject error = body.value(QStringLiteral("Response")).toObject().value(QStringLiteral("Error")).toObject();
        if (error.isEmpty())
            return std::nullopt;
        return CloudApiError{error.value(QStringLiteral("Code")).toString(), error.value(QStringLiteral("Message")).toString(),
                             status};
    };
    api.isThrottling = [](const CloudApiError &e) { return classifyCloudError(e) == CloudErrorKind::Throttling; };
    return api;
}

// The price in key, 0 when absent (a term not sold). A negative or absurd figure is passed on as
// it came: the refresh's checks keep that offer's previous price and say why.
double positive(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? v.toDouble() : 0;
}

} // namespace

core::Result<core::ImportBatch> parseTencentZoneInstanceConfigs(const QByteArray &bytes, const QString &region,
                                                                const QString &currency, const QString &label,
                                                                const ChinaGpuFamilies &families,
                                                                const core::GpuAliasResolver &resolver)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    return parseTencentZoneInstanceConfigs(root.value(), region, currency, label, families, resolver);
}

core::Result<core::ImportBatch> parseTencentZoneInstanceConfigs(const QJsonObject &root, const QString &region,
                                                                const QString &currency, const QString &label,
                                                                const ChinaGpuFamilies &families,
                                                                const core::GpuAliasResolver &resolver)
{
    JsonFields response(root.value(QStringLiteral("Response")).toObject(), QStringLiteral("Response"));
    const QJsonArray items = response.array(QStringLiteral("InstanceTypeQuotaSet"));
    if (!response.ok())
        return core::Error{label + QStringLiteral(": ") + response.error()};
    core::ImportBatch batch;
    int used = 0;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString path = QStringLiteral("Response.InstanceTypeQuotaSet[%1]").arg(i);
        if (!items.at(i).isObject()) {
            batch.exclusions.append(notAnObject(kProvider, label, QStringLiteral("instance type"), path, items.at(i)));
            continue;
        }
        const QJsonObject item = items.at(i).toObject();
        JsonFields f(item, path);
        const QString type = f.string(QStringLiteral("InstanceType"));
        const QString charge = f.string(QStringLiteral("InstanceChargeType"));
        const QString family = f.optionalString(QStringLiteral("InstanceFamily")).value_or(QString());
        const double gpus = f.optionalNumber(QStringLiteral("GpuCount")).value_or(0);
        const std::optional<double> cpu = f.optionalNumber(QStringLiteral("Cpu"));
        const std::optional<double> memory = f.optionalNumber(QStringLiteral("Memory"));
        const QJsonObject price = item.value(QStringLiteral("Price")).toObject();
        if (!f.ok()) {
            batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("instance type"), f.error()));
            continue;
        }
        if (!(gpus > 0))
            continue; // a CPU-only type
        if (item.value(QStringLiteral("Status")).toString() == u"SOLD_OUT")
            continue; // no stock in this zone; the zone's price is not offered
        const QString gpuId = families.gpuId(kProvider, family);
        const std::optional<core::ResolvedGpu> gpu = gpuId.isEmpty() ? std::nullopt : resolver.resolve(gpuId, kProvider, type);
        if (!gpu) {
            const QString typeName = item.value(QStringLiteral("TypeName")).toString();
            batch.exclusions.append(unmappedAccelerator(
                kProvider, label, QStringLiteral("family %1%2").arg(family, typeName.isEmpty() ? QString() : QStringLiteral(" (") + typeName + u')'),
                type));
            continue;
        }
        const core::ImportedInstance instance{kProvider, type, gpu->gpuId, gpus, cpu, memory, {}};
        const int before = int(batch.offers.size());
        if (charge == u"POSTPAID_BY_HOUR") {
            if (const double p = positive(price, "UnitPrice"))
                batch.offers.append(core::onDemandOrSpot(instance, region, core::Billing::OnDemand, p, currency, kSource));
        } else if (charge == u"SPOTPAID") {
            if (const double p = positive(price, "UnitPriceDiscount"))
                batch.offers.append(core::onDemandOrSpot(instance, region, core::Billing::Spot, p, currency, kSource));
        } else if (charge == u"PREPAID") {
            // What a buyer pays: the total after Tencent's duration discount (DiscountPrice*), the
            // list total (OriginalPrice*) only where the answer has no discounted one. Tencent's own
            // example prices S2.SMALL1 at OriginalPriceOneYear 708.0, DiscountPriceOneYear 587.64.
            const struct
            {
                const char *discounted;
                const char *list;
                int months;
            } terms[] = {{"DiscountPrice", "OriginalPrice", 1},
                         {"DiscountPriceOneYear", "OriginalPriceOneYear", 12},
                         {"DiscountPriceThreeYear", "OriginalPriceThreeYear", 36}};
            for (const auto &t : terms) {
                if (const double total = positive(price, t.discounted))
                    batch.offers.append(prepaidSubscription(
                        instance, region, t.months, total, currency,
                        kSource + QStringLiteral(" (prepaid price after Tencent's duration discount, %1)")
                                      .arg(QLatin1String(t.discounted))));
                else if (const double list = positive(price, t.list))
                    batch.offers.append(prepaidSubscription(instance, region, t.months, list, currency,
                                                            kSource + QStringLiteral(" (prepaid list price, %1)")
                                                                          .arg(QLatin1String(t.list))));
            }
        }
        if (batch.offers.size() > before)
            ++used;
    }
    batch.offers = lowestPerOffer(batch.offers);
    batch.files.append(core::ImportFileStats{kProvider, label, int(items.size()), used, int(batch.exclusions.size())});
    return batch;
}

TencentCvmSource::TencentCvmSource(QUrl baseUrl, QString secretId, QString secretKey, ChinaGpuFamilies families,
                                   core::GpuAliasResolver resolver)
    : m_baseUrl(std::move(baseUrl)), m_secretId(std::move(secretId)), m_secretKey(std::move(secretKey)),
      m_families(std::move(families)), m_resolver(std::move(resolver)),
      m_clock([] { return QDateTime::currentSecsSinceEpoch(); })
{
}

core::HttpRequest TencentCvmSource::request(const QByteArray &action, const QString &region, const QByteArray &payload) const
{
    core::HttpRequest r;
    r.url = m_baseUrl;
    r.method = "POST";
    r.body = payload;
    QByteArray host = m_baseUrl.host().toUtf8();
    if (m_baseUrl.port() != -1)
        host += ':' + QByteArray::number(m_baseUrl.port());
    sign::Tc3Request tc3;
    tc3.service = "cvm";
    tc3.payload = payload;
    tc3.timestamp = m_clock();
    tc3.signedHeaders = {{"Content-Type", "application/json; charset=utf-8"}, {"Host", host}, {"X-TC-Action", action}};
    const sign::Signature s = tc3Sign(tc3, m_secretId.toUtf8(), m_secretKey.toUtf8());
    r.headers = {{"Content-Type", "application/json; charset=utf-8"},
                 {"X-TC-Action", action},
                 {"X-TC-Version", "2017-03-12"},
                 {"X-TC-Timestamp", QByteArray::number(tc3.timestamp)},
                 {"X-TC-Language", "en-US"},
                 {"Authorization", s.authorization}};
    if (!region.isEmpty())
        r.headers.append({"X-TC-Region", region.toUtf8()});
    return r;
}

core::Result<core::ImportBatch> TencentCvmSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    if (m_secretId.isEmpty() || m_secretKey.isEmpty())
        return core::Error{QStringLiteral("Tencent Cloud: no SecretId/SecretKey configured; set GPUPLANNER_TENCENT_SECRET_ID "
                                          "and GPUPLANNER_TENCENT_SECRET_KEY (or store them in Settings)")};
    const CloudApi api = tencentApi();
    reportProgress(context, QStringLiteral("Tencent Cloud regions"), 0, 0);
    auto regions = callCloudApi(api, context, QStringLiteral("DescribeRegions"),
                                [&] { return request("DescribeRegions", QString(), "{}"); });
    if (!regions)
        return regions.error();
    QStringList codes;
    for (const QJsonValue &v : regions->value(QStringLiteral("Response")).toObject().value(QStringLiteral("RegionSet")).toArray()) {
        const QJsonObject r = v.toObject();
        const QString code = r.value(QStringLiteral("Region")).toString();
        if (code.isEmpty() || r.value(QStringLiteral("RegionState")).toString() != u"AVAILABLE")
            continue;
        if (context.regions.isEmpty() || context.regions.contains(code))
            codes.append(code);
    }
    if (codes.isEmpty())
        return core::Error{QStringLiteral("Tencent Cloud DescribeRegions: no available region%1")
                               .arg(context.regions.isEmpty() ? QString() : QStringLiteral(" among ") + context.regions.join(u','))};
    const QString currency = m_baseUrl.host().contains(QStringLiteral(".intl.")) ? QStringLiteral("USD") : QStringLiteral("CNY");
    const QByteArray payload =
        R"({"Filters":[{"Name":"instance-charge-type","Values":["POSTPAID_BY_HOUR","SPOTPAID","PREPAID"]}]})";
    core::ImportBatch batch;
    batch.sourceNote = kSource;
    for (qsizetype i = 0; i < codes.size(); ++i) {
        const QString &region = codes.at(i);
        reportProgress(context, QStringLiteral("Tencent Cloud prices: %1").arg(region), i, codes.size());
        const QString action = QStringLiteral("DescribeZoneInstanceConfigInfos");
        auto body = callCloudApi(api, context, action + u' ' + region,
                                 [&] { return request(action.toUtf8(), region, payload); });
        if (!body)
            return body.error();
        auto parsed = parseTencentZoneInstanceConfigs(body.value(), region, currency, action + u' ' + region, m_families, m_resolver);
        if (!parsed)
            return parsed.error();
        batch.append(parsed.value());
    }
    return batch;
}

} // namespace gpuplanner::net
