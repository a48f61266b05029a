#include "net/providers/OciPriceListSource.h"

#include "core/common/Redact.h"
#include "core/io/CsvReader.h"

#include "net/providers/ProviderCommon.h"

#include <QFile>
#include <QSet>
#include <QUrlQuery>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("oci");
const QString kSource = QStringLiteral("Oracle Cloud price list API");
const QString kGpuPerHour = QStringLiteral("GPU Per Hour");

core::Error fieldError(const QString &label, const JsonFields &fields)
{
    return core::Error{label + QStringLiteral(": ") + fields.error()};
}

bool isMapped(const QString &partNumber)
{
    for (const OciGpuPart &part : ociGpuParts()) {
        if (part.partNumber == partNumber)
            return true;
    }
    return false;
}

// The USD pay-as-you-go value of one mapped item; errors name the field.
core::Result<std::optional<double>> payAsYouGoUsd(const QJsonArray &localizations, const QString &path)
{
    for (qsizetype i = 0; i < localizations.size(); ++i) {
        const QString where = QStringLiteral("%1.currencyCodeLocalizations[%2]").arg(path).arg(i);
        if (!localizations.at(i).isObject())
            return core::Error{QStringLiteral("%1: expected an object, got %2").arg(where, jsonTypeName(localizations.at(i)))};
        JsonFields l(localizations.at(i).toObject(), where);
        const QString currency = l.string(QStringLiteral("currencyCode"));
        const QJsonArray prices = l.array(QStringLiteral("prices"));
        if (!l.ok())
            return core::Error{l.error()};
        if (currency != u"USD")
            continue;
        for (qsizetype p = 0; p < prices.size(); ++p) {
            JsonFields price(prices.at(p).toObject(), QStringLiteral("%1.prices[%2]").arg(where).arg(p));
            const QString model = price.string(QStringLiteral("model"));
            if (!prices.at(p).isObject() || !price.ok())
                return core::Error{prices.at(p).isObject() ? price.error()
                                                            : price.where() + QStringLiteral(": expected an object")};
            if (model != u"PAY_AS_YOU_GO")
                continue;
            const double value = price.number(QStringLiteral("value"));
            if (!price.ok())
                return core::Error{price.error()};
            return std::optional<double>(value);
        }
    }
    return std::optional<double>();
}

} // namespace

const QList<OciGpuPart> &ociGpuParts()
{
    // Part numbers of the GPU-hour rates and the shapes they price. H100, H200, A100-v2, L40S,
    // MI300X, B200 and B300: ewyluda/gpu-price-index src/gpu_index/sources/oracle.py @ 1e77fb70
    // (PARTS). A10: the part is named "Compute - GPU - A10" and the catalog's three A10 shapes
    // cost 1, 2 and 4 times its rate (SkyPilot's OCI catalog, 2026). Not mapped, so left as the
    // catalog has them: BM.GPU4.8 (two parts at its rate, "GPU - E3" and "GPU - E4", and no
    // source says which), the P100 and V100 shapes (their parts name no GPU).
    static const QList<OciGpuPart> parts = {
        {QStringLiteral("B95909"), QStringLiteral("A10"),
         {{QStringLiteral("VM.GPU.A10.1"), 1}, {QStringLiteral("VM.GPU.A10.2"), 2}, {QStringLiteral("BM.GPU.A10.4"), 4}}},
        {QStringLiteral("B95907"), QStringLiteral("A100-80GB"), {{QStringLiteral("BM.GPU.A100-v2.8"), 8}}},
        {QStringLiteral("B98415"), QStringLiteral("H100"), {{QStringLiteral("BM.GPU.H100.8"), 8}}},
        {QStringLiteral("B110519"), QStringLiteral("H200"), {{QStringLiteral("BM.GPU.H200.8"), 8}}},
        {QStringLiteral("B109479"), QStringLiteral("L40S"), {{QStringLiteral("BM.GPU.L40S.4"), 4}}},
        {QStringLiteral("B109485"), QStringLiteral("MI300X"), {{QStringLiteral("BM.GPU.MI300X.8"), 8}}},
        {QStringLiteral("B110978"), QStringLiteral("B200"), {{QStringLiteral("BM.GPU.B200.8"), 8}}},
        {QStringLiteral("B112237"), QStringLiteral("B300"), {{QStringLiteral("BM.GPU.B300.8"), 8}}},
    };
    return parts;
}

core::Result<QStringList> loadOciRegions()
{
    const QString path = QStringLiteral(":/net/oci-regions.csv");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return core::Error{QStringLiteral("%1: %2").arg(path, file.errorString())};
    auto table = core::parseCsv(QString::fromUtf8(file.readAll()), path);
    if (!table)
        return table.error();
    QStringList regions;
    for (const core::CsvRecord &r : table.value().records()) {
        if (table.value().field(r, QStringLiteral("realm")) == u"oc1")
            regions.append(table.value().field(r, QStringLiteral("code")));
    }
    if (regions.isEmpty())
        return core::Error{QStringLiteral("%1: no commercial (oc1) region").arg(path)};
    return regions;
}

core::Result<OciPriceListPage> parseOciPriceListPage(const QByteArray &bytes, const QString &label)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(*root, QString());
    const QJsonArray items = top.array(QStringLiteral("items"));
    if (!top.ok())
        return fieldError(label, top);

    OciPriceListPage page;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QJsonObject item = items.at(i).toObject();
        const QString partNumber = item.value(QStringLiteral("partNumber")).toString();
        const QString path = QStringLiteral("items[%1]").arg(i);
        page.partNumbers.append(partNumber);
        if (!isMapped(partNumber)) {
            // Not read strictly, only kept to say which GPU rates price no known shape.
            if (item.value(QStringLiteral("metricName")).toString() == kGpuPerHour) {
                page.parts.insert(partNumber, OciPartPrice{item.value(QStringLiteral("displayName")).toString(), kGpuPerHour,
                                                           item.value(QStringLiteral("serviceCategory")).toString(),
                                                           std::nullopt});
            }
            continue;
        }
        JsonFields f(item, path);
        OciPartPrice price;
        price.displayName = f.string(QStringLiteral("displayName"));
        price.metricName = f.string(QStringLiteral("metricName"));
        price.serviceCategory = f.optionalString(QStringLiteral("serviceCategory")).value_or(QString());
        const QJsonArray localizations = f.array(QStringLiteral("currencyCodeLocalizations"));
        if (!f.ok())
            return fieldError(label, f);
        auto usd = payAsYouGoUsd(localizations, path);
        if (!usd)
            return core::Error{QStringLiteral("%1: %2").arg(label, usd.errorMessage())};
        price.usdPayAsYouGo = *usd;
        page.parts.insert(partNumber, price);
    }
    // Oracle's REST services page with hasMore and links[rel=next]; the price list has answered
    // in one page so far.
    if (root->value(QStringLiteral("hasMore")).toBool()) {
        const QJsonArray links = root->value(QStringLiteral("links")).toArray();
        for (const QJsonValue &link : links) {
            if (link.toObject().value(QStringLiteral("rel")).toString() == u"next")
                page.next = link.toObject().value(QStringLiteral("href")).toString();
        }
        if (page.next.isEmpty())
            return core::Error{QStringLiteral("%1: hasMore is true but links has no rel \"next\" href").arg(label)};
    }
    return page;
}

core::ImportBatch ociOffers(const QHash<QString, OciPartPrice> &parts, const QString &label,
                            const core::GpuAliasResolver &resolver, const QStringList &regions,
                            const QList<core::ImportedInstance> &known)
{
    core::ImportBatch batch;
    // Every region gets the same price: the list has one rate per part for all of them.
    batch.listedTypesOnly = true;
    int used = 0;
    for (const OciGpuPart &part : ociGpuParts()) {
        const auto it = parts.constFind(part.partNumber);
        if (it == parts.constEnd())
            continue; // not in this list: its shapes keep what the catalog has
        const OciPartPrice &price = *it;
        if (price.metricName != kGpuPerHour || !price.usdPayAsYouGo || !(*price.usdPayAsYouGo > 0)) {
            batch.exclusions.append(unusableEntry(
                kProvider, label, QStringLiteral("price item"),
                QStringLiteral("part %1 (%2): %3; its shapes keep their prices")
                    .arg(part.partNumber, price.displayName,
                         price.metricName != kGpuPerHour
                             ? QStringLiteral("metric is '%1', not '%2'").arg(price.metricName, kGpuPerHour)
                             : QStringLiteral("no positive USD PAY_AS_YOU_GO price"))));
            continue;
        }
        const double rate = *price.usdPayAsYouGo;
        for (const auto &[shape, gpus] : part.shapes) {
            const auto resolved = resolver.resolve(part.gpu, kProvider, shape);
            if (!resolved) {
                batch.exclusions.append(unmappedAccelerator(kProvider, label, part.gpu, shape));
                continue;
            }
            core::ImportedInstance instance{kProvider, shape, resolved->gpuId, gpus * resolved->fraction, std::nullopt,
                                            std::nullopt, {}};
            for (const core::ImportedInstance &k : known) {
                if (k.name == shape && k.gpuId == instance.gpuId && k.gpuCount == instance.gpuCount) {
                    instance.vcpus = k.vcpus;
                    instance.memoryGib = k.memoryGib;
                }
            }
            ++used;
            const QString source = QStringLiteral("%1: part %2 at %3 USD per GPU-hour x %4 GPUs")
                                       .arg(kSource, part.partNumber, QString::number(rate, 'g', 10))
                                       .arg(gpus);
            for (const QString &region : regions) {
                batch.offers.append(core::onDemandOrSpot(instance, region, core::Billing::OnDemand, rate * gpus,
                                                         QStringLiteral("USD"), source));
            }
        }
    }
    // GPU rates this source cannot place on a shape, so that a new GPU shows up in the summary.
    // NVIDIA AI Enterprise is a software licence billed per GPU, not a machine.
    for (auto it = parts.constBegin(); it != parts.constEnd(); ++it) {
        if (isMapped(it.key()) || !it->serviceCategory.startsWith(QStringLiteral("Compute - GPU"))
            || it->displayName.contains(QStringLiteral("AI Enterprise")))
            continue;
        batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("price item"),
                                              QStringLiteral("part %1 (%2): a GPU-hour rate this source maps to no shape")
                                                  .arg(it.key(), it->displayName)));
    }
    batch.files.append(core::ImportFileStats{kProvider, label, int(parts.size()), used, int(batch.exclusions.size())});
    batch.sourceNote = kSource;
    return batch;
}

OciPriceListSource::OciPriceListSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(reference.resolver())
{
}

QUrl OciPriceListSource::rebase(const QString &next) const
{
    return rebaseNextLink(m_baseUrl, next);
}

core::Result<core::ImportBatch> OciPriceListSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    auto regions = loadOciRegions();
    if (!regions)
        return regions.error();
    QUrl url = joinUrl(m_baseUrl, productsPath());
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("currencyCode"), QStringLiteral("USD"));
    url.setQuery(query);
    const QString firstLabel = core::redactUrl(url);

    QHash<QString, OciPartPrice> parts;
    QSet<QString> seen;
    PagingGuard guard(QStringLiteral("Oracle Cloud"), QStringLiteral("price list products"), m_pageBound,
                      QStringLiteral("links[rel=next]"));
    guard.startAt(firstLabel);
    for (;;) {
        const QString label = core::redactUrl(url);
        if (auto more = guard.beforePage(); !more)
            return core::Error{QStringLiteral("%1: %2").arg(label, more.errorMessage())};
        if (!context.http)
            return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};
        if (isCancelled(context))
            return cancelledError(label);
        core::HttpRequest request;
        request.url = url;
        request.headers.append({QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")});
        reportProgress(context, QStringLiteral("Oracle Cloud price list page %1").arg(guard.pages()), 0, 0);
        auto response = context.http->send(request, {}, context.cancel);
        if (!response)
            return response.error();
        auto page = parseOciPriceListPage(response->body, label);
        if (!page)
            return page.error();
        qsizetype fresh = 0;
        for (const QString &partNumber : std::as_const(page->partNumbers)) {
            if (!seen.contains(partNumber)) {
                seen.insert(partNumber);
                ++fresh;
            }
        }
        parts.insert(page->parts);
        const QString nextLabel = page->next.isEmpty() ? QString() : core::redactUrl(rebase(page->next));
        if (auto ok = guard.afterPage(fresh, nextLabel); !ok)
            return core::Error{QStringLiteral("%1: %2").arg(label, ok.errorMessage())};
        if (page->next.isEmpty())
            break;
        url = rebase(page->next);
    }
    return ociOffers(parts, firstLabel, m_resolver, *regions, context.knownInstances);
}

} // namespace gpuplanner::net
