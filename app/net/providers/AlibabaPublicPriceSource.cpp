#include "net/providers/AlibabaPublicPriceSource.h"

#include "core/common/Redact.h"
#include "net/providers/ProviderCommon.h"

#include <QJsonArray>
#include <QMap>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("alicloud");

struct PeriodPrice
{
    int period = 0;
    double total = 0;
};

// Every {period, price} entry of one array (both strings in the file); entries whose period or
// price is not a positive number are left out and named in skipped.
QList<PeriodPrice> periodPrices(const QJsonValue &entries, const QString &path, QStringList &skipped)
{
    QList<PeriodPrice> out;
    const QJsonArray list = entries.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject e = list.at(i).toObject();
        bool periodOk = false, priceOk = false;
        const int period = e.value(QStringLiteral("period")).toVariant().toString().toInt(&periodOk);
        const double price = e.value(QStringLiteral("price")).toVariant().toString().toDouble(&priceOk);
        if (periodOk && priceOk && period > 0 && price > 0)
            out.append(PeriodPrice{period, price});
        else
            skipped.append(QStringLiteral("%1[%2]").arg(path).arg(i));
    }
    return out;
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
        const QString path = QStringLiteral("pricingInfo.%1.").arg(it.key());
        QStringList skipped;
        // hours: the pay-as-you-go rate (period 1 is an hour).
        for (const PeriodPrice &p : periodPrices(entry.value(QStringLiteral("hours")), path + QStringLiteral("hours"), skipped)) {
            if (p.period == 1)
                batch.offers.append(core::onDemandOrSpot(*instance, region, core::Billing::OnDemand, p.total, currency, source));
        }
        // months and years: each period's total, prepaid (N months; N years = 12 N months). A
        // years entry wins over a months entry of the same length (months 12 beside years 1).
        QMap<int, std::pair<double, QString>> byTerm;
        const struct
        {
            const char *key;
            int monthsPerPeriod;
        } terms[] = {{"months", 1}, {"years", 12}};
        for (const auto &t : terms) {
            const QString key = QLatin1String(t.key);
            for (const PeriodPrice &p : periodPrices(entry.value(key), path + key, skipped))
                byTerm.insert(p.period * t.monthsPerPeriod, {p.total, QStringLiteral("%1 %2").arg(key).arg(p.period)});
        }
        for (auto t = byTerm.cbegin(); t != byTerm.cend(); ++t) {
            batch.offers.append(prepaidSubscription(
                *instance, region, t.key(), t->first, currency,
                source + QStringLiteral(" (%1: %2-month subscription)").arg(t->second).arg(t.key())));
        }
        for (const QString &where : std::as_const(skipped))
            batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("price entry"),
                                                  where + QStringLiteral(": period or price is not a positive number")));
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
