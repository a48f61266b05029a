#include "net/providers/AlibabaPublicPriceSource.h"

#include "core/common/Redact.h"
#include "net/providers/ProviderCommon.h"

#include <QJsonArray>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("alicloud");

// The price of the entry whose period is "1", or -1 (prices and periods are strings).
double periodOnePrice(const QJsonValue &entries)
{
    for (const QJsonValue &v : entries.toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("period")).toVariant().toString() != u"1")
            continue;
        bool ok = false;
        const double price = e.value(QStringLiteral("price")).toVariant().toString().toDouble(&ok);
        return ok && price > 0 ? price : -1;
    }
    return -1;
}

} // namespace

core::Result<core::ImportBatch> parseAlibabaPublicPrices(const QByteArray &bytes, const QString &label,
                                                         const QList<core::ImportedInstance> &known,
                                                         const QStringList &regions)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(root.value(), QString());
    const QJsonObject pricing = top.object(QStringLiteral("pricingInfo"));
    const QString currency = top.string(QStringLiteral("currency"));
    if (!top.ok())
        return core::Error{label + QStringLiteral(": ") + top.error()};
    QHash<QString, core::ImportedInstance> byName;
    for (const core::ImportedInstance &i : known)
        byName.insert(i.name, i);
    const QString source = QStringLiteral("Alibaba Cloud public price file %1").arg(root->value(QStringLiteral("version")).toString());
    core::ImportBatch batch;
    int used = 0;
    for (auto it = pricing.constBegin(); it != pricing.constEnd(); ++it) {
        const QStringList key = it.key().split(QStringLiteral("::"));
        if (key.size() != 5) {
            batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("price entry"),
                                                  QStringLiteral("pricingInfo.%1: not region::type::network::os::io").arg(it.key())));
            continue;
        }
        const QString &region = key.at(0);
        const QString &type = key.at(1);
        if (key.at(2) != u"vpc" || key.at(3) != u"linux" || key.at(4) != u"optimized")
            continue;
        if (!regions.isEmpty() && !regions.contains(region))
            continue;
        const auto instance = byName.constFind(type);
        if (instance == byName.cend())
            continue; // not a GPU type the catalog knows (the file lists every ECS type)
        const QJsonObject entry = it.value().toObject();
        const int before = int(batch.offers.size());
        if (const double hourly = periodOnePrice(entry.value(QStringLiteral("hours"))); hourly > 0)
            batch.offers.append(core::onDemandOrSpot(*instance, region, core::Billing::OnDemand, hourly, currency, source));
        if (const double month = periodOnePrice(entry.value(QStringLiteral("months"))); month > 0)
            batch.offers.append(prepaidSubscription(*instance, region, 1, month, currency, source + QStringLiteral(" (subscription)")));
        if (const double year = periodOnePrice(entry.value(QStringLiteral("years"))); year > 0)
            batch.offers.append(prepaidSubscription(*instance, region, 12, year, currency, source + QStringLiteral(" (subscription)")));
        if (batch.offers.size() > before)
            ++used;
    }
    batch.files.append(core::ImportFileStats{kProvider, label, int(pricing.size()), used, int(batch.exclusions.size())});
    // The file prices only what it lists: a known type it does not mention is left as it was.
    batch.listedTypesOnly = true;
    return batch;
}

core::Result<core::ImportBatch> AlibabaPublicPriceSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    if (context.knownInstances.isEmpty())
        return core::Error{QStringLiteral("%1: the catalog has no Alibaba instance types to price").arg(name())};
    core::HttpRequest request;
    request.url = m_url;
    request.expectedContentTypes = {"application/json", "text/plain", "application/octet-stream"};
    auto body = fetchJsonObject(context, request, QStringLiteral("Alibaba Cloud public prices"));
    if (!body) {
        return core::Error{body.errorMessage()
                           + QStringLiteral(" — the file moves with each version: pass its current URL with "
                                            "--endpoint alicloud-public=URL, or set GPUPLANNER_ALIBABA_ACCESS_KEY_ID and "
                                            "GPUPLANNER_ALIBABA_ACCESS_KEY_SECRET to use the ECS API")};
    }
    return parseAlibabaPublicPrices(QJsonDocument(body.value()).toJson(QJsonDocument::Compact), core::redactUrl(m_url),
                                    context.knownInstances, context.regions);
}

} // namespace gpuplanner::net
