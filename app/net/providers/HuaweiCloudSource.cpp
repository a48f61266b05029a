#include "net/providers/HuaweiCloudSource.h"

#include "net/providers/CloudApiCall.h"
#include "net/providers/ProviderCommon.h"
#include "net/sign/HuaweiSigner.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("huaweicloud");
const QString kSource = QStringLiteral("Huawei Cloud BSS price inquiry");
constexpr int kProductsPerCall = 10;

CloudApi huaweiApi()
{
    CloudApi api;
    api.provider = QStringLiteral("Huawei Cloud");
    api.credentials = QStringLiteral("GPUPLANNER_HUAWEI_AK, GPUPLANNER_HUAWEI_SK, GPUPLANNER_HUAWEI_PROJECT_ID and "
                                     "GPUPLANNER_HUAWEI_DOMAIN_ID (or Settings ▸ API keys)");
    api.errorOf = [](int status, const QJsonObject &body) -> std::optional<CloudApiError> {
        // {"error_code", "error_msg"}; some services nest {"error": {"code", "message"}}.
        QString code = body.value(QStringLiteral("error_code")).toString();
        QString message = body.value(QStringLiteral("error_msg")).toString();
        const QJsonObject nested = body.value(QStringLiteral("error")).toObject();
        if (code.isEmpty() && !nested.isEmpty()) {
            code = nested.value(QStringLiteral("code")).toString();
            message = nested.value(QStringLiteral("message")).toString();
        }
        if (code.isEmpty())
            return std::nullopt;
        return CloudApiError{code, message, status};
    };
    api.isThrottling = [](const CloudApiError &e) { return classifyCloudError(e) == CloudErrorKind::Throttling; };
    return api;
}

double amountOf(const QJsonValue &v)
{
    if (v.isString()) {
        bool ok = false;
        const double d = v.toString().toDouble(&ok);
        return ok ? d : qQNaN();
    }
    return v.isDouble() ? v.toDouble() : qQNaN();
}

// "nvidia-v100:2" (pci_passthrough:alias) or "2 * NVIDIA V100" (info:gpu:name) -> 2.
double gpuCountOf(const QJsonObject &specs)
{
    const QString alias = specs.value(QStringLiteral("pci_passthrough:alias")).toString();
    if (const qsizetype colon = alias.lastIndexOf(u':'); colon > 0) {
        bool ok = false;
        const double n = alias.mid(colon + 1).toDouble(&ok);
        if (ok && n > 0)
            return n;
    }
    static const QRegularExpression leading(QStringLiteral("^\\s*(\\d+)\\s*\\*"));
    const auto m = leading.match(specs.value(QStringLiteral("info:gpu:name")).toString());
    return m.hasMatch() ? m.captured(1).toDouble() : 0;
}

} // namespace

QList<HuaweiFlavor> parseHuaweiFlavors(const QJsonObject &body, const QString &label, const ChinaGpuFamilies &families,
                                       const core::GpuAliasResolver &resolver, QList<core::ImportExclusion> &exclusions)
{
    QList<HuaweiFlavor> out;
    const QJsonArray flavors = body.value(QStringLiteral("flavors")).toArray();
    for (qsizetype i = 0; i < flavors.size(); ++i) {
        const QJsonObject f = flavors.at(i).toObject();
        const QJsonObject specs = f.value(QStringLiteral("os_extra_specs")).toObject();
        QString kind = specs.value(QStringLiteral("ecs:performancetype")).toString();
        if (kind.isEmpty())
            kind = specs.value(QStringLiteral("hws:performancetype")).toString();
        if (kind != u"gpu" && kind != u"ascend")
            continue;
        const QString status = specs.value(QStringLiteral("cond:operation:status")).toString();
        if (status == u"abandon" || status == u"sellout")
            continue;
        const QString name = f.value(QStringLiteral("id")).toString(f.value(QStringLiteral("name")).toString());
        const QString gpuName = specs.value(kind == u"ascend" ? QStringLiteral("info:ascend:name") : QStringLiteral("info:gpu:name")).toString();
        const QString family = name.section(u'.', 0, 0);
        const QString gpuId = families.gpuId(kProvider, family);
        const std::optional<core::ResolvedGpu> gpu = gpuId.isEmpty() ? std::nullopt : resolver.resolve(gpuId, kProvider, name);
        if (!gpu) {
            exclusions.append(unmappedAccelerator(kProvider, label, gpuName.isEmpty() ? QStringLiteral("family ") + family : gpuName, name));
            continue;
        }
        const double count = gpuCountOf(specs);
        bool cpuOk = false;
        const double vcpus = f.value(QStringLiteral("vcpus")).toString().toDouble(&cpuOk);
        const double ramMb = f.value(QStringLiteral("ram")).toDouble(0);
        if (!(count > 0)) {
            exclusions.append(unusableEntry(kProvider, label, QStringLiteral("flavor"),
                                            QStringLiteral("flavors[%1] %2: no GPU count in pci_passthrough:alias or info:gpu:name").arg(i).arg(name)));
            continue;
        }
        HuaweiFlavor flavor;
        flavor.name = name;
        flavor.instance = core::ImportedInstance{kProvider, name, gpu->gpuId, count,
                                                 cpuOk ? std::optional<double>(vcpus) : std::nullopt,
                                                 ramMb > 0 ? std::optional<double>(ramMb / 1024.0) : std::nullopt, {}};
        out.append(flavor);
    }
    return out;
}

HuaweiCloudSource::HuaweiCloudSource(QUrl endpoint, HuaweiCredentials credentials, ChinaGpuFamilies families,
                                     core::GpuAliasResolver resolver)
    : m_endpoint(std::move(endpoint)), m_credentials(std::move(credentials)), m_families(std::move(families)),
      m_resolver(std::move(resolver)), m_clock([] { return QDateTime::currentDateTimeUtc(); })
{
}

QUrl HuaweiCloudSource::serviceUrl(Service service, const QString &region, const QString &path) const
{
    if (!m_endpoint.isEmpty())
        return joinUrl(m_endpoint, path);
    switch (service) {
    case Service::Iam:
        return QUrl(QStringLiteral("https://iam.myhuaweicloud.com") + path);
    case Service::Ecs:
        return QUrl(QStringLiteral("https://ecs.%1.myhuaweicloud.com").arg(region) + path);
    case Service::Bss:
        break;
    }
    return QUrl(QStringLiteral("https://bss.myhuaweicloud.com") + path);
}

core::HttpRequest HuaweiCloudSource::request(Service service, const QString &region, const QByteArray &method,
                                             const QString &path, const QList<QPair<QByteArray, QByteArray>> &query,
                                             const QByteArray &body, const QString &projectHeader) const
{
    core::HttpRequest r;
    r.url = serviceUrl(service, region, path);
    QByteArray encodedQuery;
    for (const auto &[k, v] : query)
        encodedQuery += (encodedQuery.isEmpty() ? "" : "&") + sign::percentEncode(k) + '=' + sign::percentEncode(v);
    if (!encodedQuery.isEmpty())
        r.url.setQuery(QString::fromLatin1(encodedQuery), QUrl::StrictMode);
    r.method = method;
    r.body = body;
    QByteArray host = r.url.host().toUtf8();
    if (r.url.port() != -1)
        host += ':' + QByteArray::number(r.url.port());
    QList<sign::Pair> headers = {{"Content-Type", "application/json;charset=UTF-8"},
                                 {"Host", host},
                                 {"X-Sdk-Date", m_clock().toString(QStringLiteral("yyyyMMddTHHmmssZ")).toLatin1()}};
    if (service == Service::Ecs)
        headers.append({"X-Project-Id", projectHeader.toUtf8()});
    else
        headers.append({"X-Domain-Id", m_credentials.domainId.toUtf8()});
    const sign::Signature s = sign::huaweiSdkSign(method, r.url.path(QUrl::FullyEncoded).toUtf8(), query, headers, body,
                                                  m_credentials.ak.toUtf8(), m_credentials.sk.toUtf8());
    for (const sign::Pair &h : std::as_const(headers)) {
        if (h.first != "Host")
            r.headers.append(h);
    }
    r.headers.append({"Authorization", s.authorization});
    return r;
}

core::Result<QHash<QString, double>> HuaweiCloudSource::rate(const core::RefreshContext &context, const QString &region,
                                                             const QList<HuaweiFlavor> &flavors, int periodType,
                                                             int periodNum, QList<core::ImportExclusion> &exclusions)
{
    const bool onDemand = periodType == 0;
    const QString path = onDemand ? QStringLiteral("/v2/bills/ratings/on-demand-resources")
                                  : QStringLiteral("/v2/bills/ratings/period-resources/subscribe-rate");
    const QString action = onDemand ? QStringLiteral("ListOnDemandResourceRatings %1").arg(region)
                                    : QStringLiteral("ListRateOnPeriodDetail %1 (%2 %3)")
                                          .arg(region)
                                          .arg(periodNum)
                                          .arg(periodType == 2 ? QStringLiteral("month") : QStringLiteral("year"));
    auto body = [&](const QList<HuaweiFlavor> &batch) {
        QJsonArray products;
        for (qsizetype i = 0; i < batch.size(); ++i) {
            QJsonObject p{{QStringLiteral("id"), QString::number(i + 1)},
                          {QStringLiteral("cloud_service_type"), QStringLiteral("hws.service.type.ec2")},
                          {QStringLiteral("resource_type"), QStringLiteral("hws.resource.type.vm")},
                          {QStringLiteral("resource_spec"), batch.at(i).name + QStringLiteral(".linux")},
                          {QStringLiteral("region"), region},
                          {QStringLiteral("subscription_num"), 1}};
            if (onDemand) {
                p.insert(QStringLiteral("usage_factor"), QStringLiteral("Duration"));
                p.insert(QStringLiteral("usage_measure_id"), 4); // hours
                p.insert(QStringLiteral("usage_value"), 1);
            } else {
                p.insert(QStringLiteral("period_type"), periodType); // 2 month, 3 year
                p.insert(QStringLiteral("period_num"), periodNum);
            }
            products.append(p);
        }
        QJsonObject root{{QStringLiteral("project_id"), m_credentials.projectId}, {QStringLiteral("product_infos"), products}};
        if (onDemand)
            root.insert(QStringLiteral("inquiry_precision"), 1);
        return QJsonDocument(root).toJson(QJsonDocument::Compact);
    };
    const CloudApi api = huaweiApi();
    QHash<QString, double> amounts;
    auto priceBatch = [&](const QList<HuaweiFlavor> &batch, std::optional<CloudApiError> *error) -> core::Status {
        const QByteArray payload = body(batch);
        auto result = callCloudApi(api, context, action, [&] { return request(Service::Bss, region, "POST", path, {}, payload); }, error);
        if (!result)
            return result.error();
        if (const QString cur = result->value(QStringLiteral("currency")).toString(); !cur.isEmpty())
            m_currency = cur;
        const QJsonObject root = onDemand ? result.value()
                                          : result->value(QStringLiteral("official_website_rating_result")).toObject();
        for (const QJsonValue &v : root.value(QStringLiteral("product_rating_results")).toArray()) {
            const QJsonObject r = v.toObject();
            const int index = r.value(QStringLiteral("id")).toString().toInt() - 1;
            const double amount = amountOf(r.value(QStringLiteral("official_website_amount")));
            // A negative or absurd amount goes on as it came: the refresh's checks keep that
            // offer's previous price and name the reason.
            if (index >= 0 && index < batch.size() && !std::isnan(amount) && amount != 0)
                amounts.insert(batch.at(index).name, amount);
        }
        return core::success();
    };
    for (qsizetype start = 0; start < flavors.size(); start += kProductsPerCall) {
        const QList<HuaweiFlavor> batch = flavors.mid(start, kProductsPerCall);
        std::optional<CloudApiError> error;
        const core::Status s = priceBatch(batch, &error);
        if (s)
            continue;
        // One flavor not sold in the region fails the whole inquiry: price the batch one by one.
        const CloudErrorKind kind = error ? classifyCloudError(*error) : CloudErrorKind::Other;
        if (!error || (kind != CloudErrorKind::Other && kind != CloudErrorKind::NotSoldHere) || batch.size() == 1)
            return s.error();
        for (const HuaweiFlavor &one : batch) {
            std::optional<CloudApiError> single;
            if (const core::Status s1 = priceBatch({one}, &single); !s1) {
                const CloudErrorKind k = single ? classifyCloudError(*single) : CloudErrorKind::Other;
                if (k != CloudErrorKind::Other && k != CloudErrorKind::NotSoldHere)
                    return s1.error();
                exclusions.append(unusableEntry(kProvider, action, QStringLiteral("price"),
                                                QStringLiteral("%1: %2").arg(one.name, s1.errorMessage())));
            }
        }
    }
    return amounts;
}

core::Result<core::ImportBatch> HuaweiCloudSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    const HuaweiCredentials &c = m_credentials;
    if (c.ak.isEmpty() || c.sk.isEmpty() || c.projectId.isEmpty() || c.domainId.isEmpty())
        return core::Error{QStringLiteral("Huawei Cloud: set GPUPLANNER_HUAWEI_AK, GPUPLANNER_HUAWEI_SK, "
                                          "GPUPLANNER_HUAWEI_PROJECT_ID and GPUPLANNER_HUAWEI_DOMAIN_ID (or store them in Settings)")};
    const CloudApi api = huaweiApi();
    reportProgress(context, QStringLiteral("Huawei Cloud projects"), 0, 0);
    auto projects = callCloudApi(api, context, QStringLiteral("KeystoneListProjects"),
                                 [&] { return request(Service::Iam, QString(), "GET", QStringLiteral("/v3/projects"), {}, {}); });
    if (!projects)
        return projects.error();
    static const QRegularExpression regionName(QStringLiteral("^[a-z]{2}-[a-z]+-\\d+$"));
    QList<QPair<QString, QString>> regions; // region, project id
    for (const QJsonValue &v : projects->value(QStringLiteral("projects")).toArray()) {
        const QJsonObject p = v.toObject();
        const QString region = p.value(QStringLiteral("name")).toString();
        if (!regionName.match(region).hasMatch() || !p.value(QStringLiteral("enabled")).toBool(true))
            continue;
        if (context.regions.isEmpty() || context.regions.contains(region))
            regions.append({region, p.value(QStringLiteral("id")).toString()});
    }
    if (regions.isEmpty())
        return core::Error{QStringLiteral("Huawei Cloud KeystoneListProjects: the account has no region project%1")
                               .arg(context.regions.isEmpty() ? QString() : QStringLiteral(" in ") + context.regions.join(u','))};
    core::ImportBatch batch;
    batch.sourceNote = kSource;
    m_currency = QStringLiteral("CNY"); // BSS leaves currency empty for CNY
    for (qsizetype i = 0; i < regions.size(); ++i) {
        const QString region = regions.at(i).first; // named copies: lambdas below capture them
        const QString projectId = regions.at(i).second;
        reportProgress(context, QStringLiteral("Huawei Cloud prices: %1").arg(region), i, regions.size());
        const QString flavorsAction = QStringLiteral("ListFlavors %1").arg(region);
        // Pages of at most m_flavorPage, each after the last id of the one before (limit, marker);
        // a shorter page is the last.
        QList<HuaweiFlavor> flavors;
        QSet<QString> ids;
        QSet<QString> names;
        QByteArray marker;
        PagingGuard guard(QStringLiteral("Huawei Cloud"), flavorsAction, flavorPageBound(), QStringLiteral("marker"));
        for (;;) {
            if (auto more = guard.beforePage(); !more)
                return more.error();
            QList<QPair<QByteArray, QByteArray>> query = {{"limit", QByteArray::number(m_flavorPage)}};
            if (!marker.isEmpty())
                query.append(QPair<QByteArray, QByteArray>("marker", marker));
            auto body = callCloudApi(api, context, flavorsAction, [&] {
                return request(Service::Ecs, region, "GET", QStringLiteral("/v1/%1/cloudservers/flavors").arg(projectId),
                               query, {}, projectId);
            });
            if (!body)
                return body.error();
            for (const HuaweiFlavor &f : parseHuaweiFlavors(body.value(), flavorsAction, m_families, m_resolver, batch.exclusions)) {
                if (!names.contains(f.name)) {
                    names.insert(f.name);
                    flavors.append(f);
                }
            }
            const QJsonArray listed = body->value(QStringLiteral("flavors")).toArray();
            qsizetype fresh = 0;
            for (const QJsonValue &v : listed) {
                const QString id = v.toObject().value(QStringLiteral("id")).toString();
                if (!ids.contains(id)) {
                    ids.insert(id);
                    ++fresh;
                }
            }
            const QByteArray last = listed.isEmpty() ? QByteArray()
                                                     : listed.last().toObject().value(QStringLiteral("id")).toString().toUtf8();
            const bool more = listed.size() >= m_flavorPage && !last.isEmpty();
            if (auto ok = guard.afterPage(fresh, more ? QString::fromUtf8(last) : QString()); !ok)
                return ok.error();
            if (!more)
                break;
            marker = last;
        }
        if (flavors.isEmpty())
            continue;
        const struct
        {
            int type, num, months;
        } prices[] = {{0, 1, 0}, {2, 1, 1}, {3, 1, 12}, {3, 3, 36}};
        for (const auto &p : prices) {
            auto amounts = rate(context, region, flavors, p.type, p.num, batch.exclusions);
            if (!amounts)
                return amounts.error();
            for (const HuaweiFlavor &f : flavors) {
                const auto found = amounts->constFind(f.name);
                if (found == amounts->cend())
                    continue;
                const double amount = *found;
                if (p.months == 0)
                    batch.offers.append(core::onDemandOrSpot(f.instance, region, core::Billing::OnDemand, amount,
                                                             m_currency, kSource));
                else
                    batch.offers.append(prepaidSubscription(
                        f.instance, region, p.months, amount, m_currency,
                        kSource + QStringLiteral(" ListRateOnPeriodDetail period_type %1 period_num %2 (%3-month "
                                                 "subscription list price)")
                                      .arg(p.type)
                                      .arg(p.num)
                                      .arg(p.months)));
            }
        }
        batch.files.append(core::ImportFileStats{kProvider, flavorsAction, int(flavors.size()), int(flavors.size()), 0});
    }
    return batch;
}

} // namespace gpuplanner::net
