#include "net/providers/VultrSource.h"

#include "core/common/Redact.h"

#include "net/providers/ProviderCommon.h"

#include <QRegularExpression>
#include <QSet>
#include <QUrlQuery>

namespace gpuplanner::net {

namespace {

const QString kProvider = QStringLiteral("vultr");
const QString kSource = QStringLiteral("Vultr plans API (hourly_cost)");

// Offers of one plan in each of its locations (empty location strings are skipped: gpuhunt saw them).
void addOffers(core::ImportBatch &batch, const core::ImportedInstance &instance, const QJsonArray &locations,
               double price)
{
    for (const QJsonValue &location : locations) {
        const QString region = location.toString().trimmed();
        if (!region.isEmpty())
            batch.offers.append(core::onDemandOrSpot(instance, region, core::Billing::OnDemand, price,
                                                     QStringLiteral("USD"), kSource));
    }
}

} // namespace

std::optional<VultrMetalGpu> vultrMetalGpu(const QString &planId)
{
    // The count is left out when it is one: "vbm-72c-480gb-gh200-gpu" (gpuhunt vultr.py).
    static const QRegularExpression re(QStringLiteral("-(?:(\\d+)-)?([a-z0-9]+)-gpu$"),
                                       QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(planId);
    if (!m.hasMatch())
        return std::nullopt;
    VultrMetalGpu gpu;
    gpu.token = m.captured(2).toLower();
    if (m.hasCaptured(1))
        gpu.count = m.captured(1).toInt();
    return gpu;
}

core::Result<VultrPage> parseVultrPlans(const QByteArray &bytes, const QString &label, VultrListing listing,
                                        const core::GpuAliasResolver &resolver,
                                        const QHash<QString, double> &gpuMemoryGib)
{
    auto root = parseJsonObject(bytes, label);
    if (!root)
        return root.error();
    const bool metal = listing == VultrListing::BareMetal;
    const QString key = metal ? QStringLiteral("plans_metal") : QStringLiteral("plans");
    JsonFields top(*root, QString());
    const QJsonArray plans = top.array(key);
    if (!top.ok())
        return core::Error{label + QStringLiteral(": ") + top.error()};

    VultrPage page;
    // meta.links.next is the cursor of the next page, "" on the last (govultr meta.go).
    const QJsonObject links = root->value(QStringLiteral("meta")).toObject().value(QStringLiteral("links")).toObject();
    page.nextCursor = links.value(QStringLiteral("next")).toString();
    int used = 0;
    core::ImportBatch &batch = page.batch;
    for (qsizetype i = 0; i < plans.size(); ++i) {
        const QString path = QStringLiteral("%1[%2]").arg(key).arg(i);
        if (!plans.at(i).isObject()) {
            batch.exclusions.append(notAnObject(kProvider, label, QStringLiteral("plan"), path, plans.at(i)));
            continue;
        }
        const QJsonObject plan = plans.at(i).toObject();
        JsonFields f(plan, path);
        const QString id = f.string(QStringLiteral("id"));
        const QJsonArray locations = f.array(QStringLiteral("locations"));
        if (!f.ok())
            return core::Error{label + QStringLiteral(": ") + f.error()};
        page.planIds.append(id);

        core::ImportedInstance instance{kProvider, id, {}, 0, {}, {}, {}};
        QString gpuName;
        if (metal) {
            const auto gpu = vultrMetalGpu(id);
            if (!gpu)
                continue; // CPU-only bare metal
            gpuName = gpu->token;
            instance.gpuCount = gpu->count;
            instance.vcpus = f.optionalNumber(QStringLiteral("cpu_threads"));
        } else {
            const std::optional<QString> type = f.optionalString(QStringLiteral("gpu_type"));
            if (!type || type->isEmpty()) {
                if (id.startsWith(u"vcg-")) // a Cloud GPU plan should say which GPU
                    batch.exclusions.append(unusableEntry(kProvider, label, QStringLiteral("plan"),
                                                          QStringLiteral("%1: %2 has no gpu_type; left out").arg(path, id)));
                continue; // CPU-only plans (vc2, vhf, vhp, voc)
            }
            gpuName = *type;
            instance.vcpus = f.optionalNumber(QStringLiteral("vcpu_count"));
        }
        if (const auto ramMb = f.optionalNumber(QStringLiteral("ram")))
            instance.memoryGib = *ramMb / 1024.0;
        const double hourly = f.number(QStringLiteral("hourly_cost"));
        const std::optional<double> vramGb = metal ? std::nullopt : f.optionalNumber(QStringLiteral("gpu_vram_gb"));
        if (!f.ok())
            return core::Error{label + QStringLiteral(": ") + f.error()};
        if (!(hourly > 0))
            continue; // the free plan is priced $0 (gpuhunt vultr.py): nothing to rent by the hour
        const auto resolved = resolver.resolve(gpuName, kProvider, id);
        if (!resolved) {
            batch.exclusions.append(unmappedAccelerator(kProvider, label, gpuName, id));
            continue;
        }
        instance.gpuId = resolved->gpuId;
        if (!metal) {
            // gpu_vram_gb is the plan's whole GPU memory: a vGPU slice of one card (A16 2 GB of
            // 16 GB) or several cards. The count follows from the card's own memory.
            const double perGpu = gpuMemoryGib.value(resolved->gpuId);
            // value_or, not *vramGb: GCC's -O2 flow analysis calls a checked optional maybe-uninitialized.
            const double vram = vramGb.value_or(0.0);
            if (!(vram > 0) || !(perGpu > 0)) {
                batch.exclusions.append(unusableEntry(
                    kProvider, label, QStringLiteral("plan"),
                    QStringLiteral("%1: %2 has no gpu_vram_gb or its GPU %3 no known memory; left out")
                        .arg(path, id, resolved->gpuId)));
                continue;
            }
            instance.gpuCount = vram / perGpu;
            instance.listedGpuMemoryGib = vram / instance.gpuCount;
        }
        instance.gpuCount *= resolved->fraction;
        addOffers(batch, instance, locations, hourly);
        ++used;
    }
    batch.files.append(core::ImportFileStats{kProvider, label, int(plans.size()), used, int(batch.exclusions.size())});
    return page;
}

VultrSource::VultrSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &reference)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(reference.resolver())
{
    for (const core::GpuModel &model : reference.gpuModels) {
        if (model.memoryGib)
            m_gpuMemoryGib.insert(model.id, *model.memoryGib);
    }
}

core::Status VultrSource::fetchListing(VultrListing listing, const core::RefreshContext &context,
                                       core::ImportBatch &batch)
{
    const bool metal = listing == VultrListing::BareMetal;
    const QString what = metal ? QStringLiteral("plans-metal") : QStringLiteral("plans");
    PagingGuard guard(QStringLiteral("Vultr"), what, m_pageBound, QStringLiteral("meta.links.next cursor"));
    QSet<QString> seen;
    QString cursor;
    for (;;) {
        QUrl url = joinUrl(m_baseUrl, metal ? metalPlansPath() : plansPath());
        QUrlQuery query;
        if (!metal)
            query.addQueryItem(QStringLiteral("type"), QStringLiteral("all"));
        query.addQueryItem(QStringLiteral("per_page"), QString::number(kPerPage));
        if (!cursor.isEmpty())
            query.addQueryItem(QStringLiteral("cursor"), cursor);
        url.setQuery(query);
        const QString label = core::redactUrl(url);
        if (auto more = guard.beforePage(); !more)
            return core::Error{QStringLiteral("%1: %2").arg(label, more.errorMessage())};
        core::HttpRequest request;
        request.url = url;
        request.headers.append({QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")});
        if (!context.http)
            return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};
        if (isCancelled(context))
            return cancelledError(label);
        reportProgress(context, QStringLiteral("Vultr %1 page %2").arg(what).arg(guard.pages()), 0, 0);
        auto response = context.http->send(request, {}, context.cancel);
        if (!response)
            return response.error();
        auto page = parseVultrPlans(response->body, label, listing, m_resolver, m_gpuMemoryGib);
        if (!page)
            return page.error();
        qsizetype fresh = 0;
        for (const QString &id : std::as_const(page->planIds)) {
            if (!seen.contains(id)) {
                seen.insert(id);
                ++fresh;
            }
        }
        batch.append(page->batch);
        if (auto ok = guard.afterPage(fresh, page->nextCursor); !ok)
            return core::Error{QStringLiteral("%1: %2").arg(label, ok.errorMessage())};
        if (page->nextCursor.isEmpty())
            return core::success();
        cursor = page->nextCursor;
    }
}

core::Result<core::ImportBatch> VultrSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != kProvider)
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    core::ImportBatch batch;
    // Vultr sells preemptible bare metal too (hourly_cost_preemptible in gpuhunt's sample of
    // /plans-metal), but its terms could not be confirmed in Vultr's docs: no spot offers here.
    for (const VultrListing listing : {VultrListing::Plans, VultrListing::BareMetal}) {
        if (auto ok = fetchListing(listing, context, batch); !ok)
            return ok.error();
    }
    batch.sourceNote = name();
    return batch;
}

} // namespace gpuplanner::net
