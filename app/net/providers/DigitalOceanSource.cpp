#include "net/providers/DigitalOceanSource.h"

#include "core/common/Redact.h"

#include "net/providers/ProviderCommon.h"

#include <QSet>
#include <QUrlQuery>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("digitalocean");
const QString kSource = QStringLiteral("DigitalOcean sizes API");

core::Error fieldError(const QString &label, const JsonFields &fields)
{
    return core::Error{label + QStringLiteral(": ") + fields.error()};
}

} // namespace

QStringList digitalOceanGpuNameCandidates(const QString &model)
{
    QStringList parts = model.trimmed().split(u'_', Qt::SkipEmptyParts);
    QStringList names{model.trimmed()};
    // The first part names the vendor ("nvidia_h100", "amd_mi300x"); the rest is the GPU.
    static const QStringList vendors = {QStringLiteral("nvidia"), QStringLiteral("amd"), QStringLiteral("intel")};
    if (parts.size() > 1 && vendors.contains(parts.first().toLower()))
        parts.removeFirst();
    for (const QString &separator : {QStringLiteral("-"), QStringLiteral(" "), QString()}) {
        const QString name = parts.join(separator);
        if (!name.isEmpty() && !names.contains(name))
            names.append(name);
    }
    return names;
}

core::Result<DigitalOceanSizesPage> parseDigitalOceanSizes(const QByteArray &bytes, const QString &label,
                                                           const core::GpuAliasResolver &resolver)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    JsonFields top(*root, QString());
    const QJsonArray sizes = top.array(QStringLiteral("sizes"));
    if (!top.ok())
        return fieldError(label, top);

    DigitalOceanSizesPage page;
    core::ImportBatch &batch = page.batch;
    int used = 0;
    for (qsizetype i = 0; i < sizes.size(); ++i) {
        const QString path = QStringLiteral("sizes[%1]").arg(i);
        if (!sizes.at(i).isObject())
            return core::Error{QStringLiteral("%1: %2: expected an object, got %3").arg(label, path, jsonTypeName(sizes.at(i)))};
        const QJsonObject size = sizes.at(i).toObject();
        JsonFields s(size, path);
        const QString slug = s.string(QStringLiteral("slug"));
        if (!s.ok())
            return fieldError(label, s);
        page.slugs.append(slug);
        // CPU Droplets carry no gpu_info (or null); they are not what this catalog prices.
        if (!size.value(QStringLiteral("gpu_info")).isObject())
            continue;
        const QJsonObject gpu = s.object(QStringLiteral("gpu_info"));
        const double price = s.number(QStringLiteral("price_hourly"));
        const double vcpus = s.number(QStringLiteral("vcpus"));
        const double memoryMb = s.number(QStringLiteral("memory"));
        const QJsonArray regions = s.array(QStringLiteral("regions"));
        JsonFields g(gpu, s.path(QStringLiteral("gpu_info")));
        const double count = g.number(QStringLiteral("count"));
        const QString model = g.string(QStringLiteral("model"));
        const std::optional<double> vram =
            gpu.value(QStringLiteral("vram")).isObject()
                ? JsonFields(gpu.value(QStringLiteral("vram")).toObject(), g.path(QStringLiteral("vram")))
                      .optionalNumber(QStringLiteral("amount"))
                : std::nullopt;
        for (const JsonFields *f : {&s, &g}) {
            if (!f->ok())
                return fieldError(label, *f);
        }
        if (!(price > 0))
            return core::Error{QStringLiteral("%1: %2.price_hourly: not a positive price").arg(label, path)};
        if (!(count > 0))
            return core::Error{QStringLiteral("%1: %2.gpu_info.count: not a positive GPU count").arg(label, path)};

        std::optional<core::ResolvedGpu> resolved;
        for (const QString &candidate : digitalOceanGpuNameCandidates(model)) {
            if ((resolved = resolver.resolve(candidate, kProvider, slug)))
                break;
        }
        if (!resolved) {
            batch.exclusions.append(unmappedAccelerator(kProvider, label, model, slug));
            continue;
        }
        core::ImportedInstance instance{kProvider, slug, resolved->gpuId, count * resolved->fraction, vcpus,
                                        memoryMb / 1024.0, {}};
        // value_or, not *vram: GCC's -O2 flow analysis calls a checked optional maybe-uninitialized.
        if (const double gib = vram.value_or(0.0); gib > 0)
            instance.listedGpuMemoryGib = gib / count;
        ++used;
        for (qsizetype r = 0; r < regions.size(); ++r) {
            if (!regions.at(r).isString() || regions.at(r).toString().isEmpty())
                return core::Error{QStringLiteral("%1: %2.regions[%3]: expected a region slug, got %4")
                                       .arg(label, path)
                                       .arg(r)
                                       .arg(jsonTypeName(regions.at(r)))};
            batch.offers.append(core::onDemandOrSpot(instance, regions.at(r).toString(), core::Billing::OnDemand, price,
                                                     QStringLiteral("USD"), kSource));
        }
    }
    // links.pages is {} on the last page; next is absent there.
    const QJsonObject pages = root->value(QStringLiteral("links")).toObject().value(QStringLiteral("pages")).toObject();
    if (pages.contains(QStringLiteral("next"))) {
        JsonFields links(pages, QStringLiteral("links.pages"));
        page.next = links.string(QStringLiteral("next"));
        if (!links.ok())
            return fieldError(label, links);
    }
    batch.files.append(core::ImportFileStats{kProvider, label, int(sizes.size()), used, int(batch.exclusions.size())});
    return page;
}

DigitalOceanSource::DigitalOceanSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(reference.resolver())
{
}

QUrl DigitalOceanSource::rebase(const QString &next) const
{
    return rebaseNextLink(m_baseUrl, next);
}

core::Result<core::ImportBatch> DigitalOceanSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    QUrl url = joinUrl(m_baseUrl, sizesPath());
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("per_page"), QString::number(m_pageBound.pageSize));
    url.setQuery(query);
    if (m_apiKey.isEmpty())
        return core::Error{QStringLiteral("%1: no DigitalOcean API token configured").arg(core::redactUrl(url))};

    core::ImportBatch all;
    QSet<QString> seen;
    PagingGuard guard(QStringLiteral("DigitalOcean"), QStringLiteral("GET /v2/sizes"), m_pageBound,
                      QStringLiteral("links.pages.next"));
    guard.startAt(core::redactUrl(url));
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
        request.headers.append({QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer ") + m_apiKey.toUtf8()});
        request.headers.append({QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")});
        reportProgress(context, QStringLiteral("DigitalOcean sizes page %1").arg(guard.pages()), 0, 0);
        auto response = context.http->send(request, {}, context.cancel);
        if (!response)
            return response.error();
        auto page = parseDigitalOceanSizes(response->body, label, m_resolver);
        if (!page)
            return page.error();
        qsizetype fresh = 0;
        for (const QString &slug : std::as_const(page->slugs)) {
            if (!seen.contains(slug)) {
                seen.insert(slug);
                ++fresh;
            }
        }
        all.append(page->batch);
        const QString nextLabel = page->next.isEmpty() ? QString() : core::redactUrl(rebase(page->next));
        if (auto ok = guard.afterPage(fresh, nextLabel); !ok)
            return core::Error{QStringLiteral("%1: %2").arg(label, ok.errorMessage())};
        if (page->next.isEmpty())
            break;
        url = rebase(page->next);
    }
    all.offers = lowestPerOffer(all.offers);
    all.sourceNote = kSource;
    return all;
}

} // namespace gpuplanner::net
