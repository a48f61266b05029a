#include "net/providers/AzureRetailSource.h"

#include "core/common/Redact.h"

#include "net/providers/AzureChinaPriceSheetSource.h"
#include "net/providers/AzureRetailParser.h"
#include "net/providers/ProviderCommon.h"

#include <QUrlQuery>

namespace gpuplanner::net {

AzureRetailSource::AzureRetailSource(QUrl baseUrl, core::GpuAliasResolver resolver, InstanceShapes shapes)
    : m_baseUrl(std::move(baseUrl)), m_resolver(std::move(resolver)), m_shapes(std::move(shapes))
{
}

QUrl AzureRetailSource::firstPageUrl(const QString &region) const
{
    QUrl url = joinUrl(m_baseUrl, pricesPath());
    QString filter = QStringLiteral("serviceName eq 'Virtual Machines'");
    if (!region.isEmpty())
        filter += QStringLiteral(" and armRegionName eq '%1'").arg(region);
    QUrlQuery query;
    // The preview version adds savingsPlan[] to Consumption items.
    query.addQueryItem(QStringLiteral("api-version"), QStringLiteral("2023-01-01-preview"));
    query.addQueryItem(QStringLiteral("$filter"), filter);
    url.setQuery(query);
    return url;
}

QUrl AzureRetailSource::rebase(const QString &next) const
{
    return rebaseNextLink(m_baseUrl, next);
}

core::Result<core::ImportBatch> AzureRetailSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != u"azure")
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    QStringList globalRegions, chinaRegions;
    for (const QString &code : context.regions)
        (!m_chinaBaseUrl.isEmpty() && AzureChinaPriceSheet::isChinaRegion(code) ? chinaRegions : globalRegions).append(code);
    const bool readGlobal = context.regions.isEmpty() || !globalRegions.isEmpty();
    const bool readChina = !m_chinaBaseUrl.isEmpty() && (context.regions.isEmpty() || !chinaRegions.isEmpty());
    auto china = [&] { return AzureChinaPriceSheet::fetch(m_chinaBaseUrl, m_resolver, m_shapes, chinaRegions, context); };
    if (!readChina)
        return fetchGlobal(globalRegions, context);
    if (!readGlobal)
        return china();

    // Both clouds: separate hosts, so one failing keeps the other's prices.
    auto global = fetchGlobal(globalRegions, context);
    if (!global && isCancelled(context))
        return global.error();
    auto sheet = china();
    if (!sheet && isCancelled(context))
        return sheet.error();
    if (!global && !sheet)
        return core::Error{global.errorMessage() + QStringLiteral("; Azure China: ") + sheet.errorMessage()};
    core::ImportBatch batch = global ? *global : *sheet;
    if (global && sheet)
        batch.append(*sheet);
    if (!sheet) {
        batch.exclusions.append(core::ImportExclusion{
            QStringLiteral("azure"), core::redactUrl(joinUrl(m_chinaBaseUrl, AzureChinaPriceSheet::downloadPath())), 0,
            QStringLiteral("row"), QStringLiteral("Azure China price sheet not refreshed; previous China prices kept"),
            sheet.errorMessage()});
    } else if (!global) {
        batch.exclusions.append(core::ImportExclusion{
            QStringLiteral("azure"), core::redactUrl(joinUrl(m_baseUrl, pricesPath())), 0, QStringLiteral("row"),
            QStringLiteral("Azure Retail Prices not refreshed; previous prices outside China kept"), global.errorMessage()});
    }
    return batch;
}

core::Result<core::ImportBatch> AzureRetailSource::fetchGlobal(const QStringList &wanted, const core::RefreshContext &context)
{
    AzureRetailParser parser(m_resolver, m_shapes);
    const QStringList regions = wanted.isEmpty() ? QStringList{QString()} : wanted;
    for (const QString &region : regions) {
        QUrl url = firstPageUrl(region);
        PagingGuard guard(QStringLiteral("Azure Retail Prices"), region.isEmpty() ? QStringLiteral("(every region)") : region,
                          m_pageBound, QStringLiteral("NextPageLink"));
        guard.startAt(core::redactUrl(url));
        for (;;) {
            const QString label = core::redactUrl(url);
            if (auto more = guard.beforePage(); !more)
                return core::Error{QStringLiteral("%1: %2").arg(label, more.errorMessage())};
            core::HttpRequest request;
            request.url = url;
            const QString status = region.isEmpty() ? QStringLiteral("Azure page %1").arg(guard.pages())
                                                    : QStringLiteral("Azure %1 page %2").arg(region).arg(guard.pages());
            if (!context.http)
                return core::Error{QStringLiteral("%1: no HTTP client configured").arg(label)};
            if (isCancelled(context))
                return cancelledError(label);
            reportProgress(context, status, 0, 0);
            auto response = context.http->send(request, {}, context.cancel);
            if (!response)
                return response.error();
            const int itemsBefore = parser.distinctItemsSeen();
            auto next = parser.addPage(response->body, label);
            if (!next)
                return next.error();
            // The link as it will be asked for, so that one page under two hosts is one page.
            const QString nextLabel = next->isEmpty() ? QString() : core::redactUrl(rebase(*next));
            if (auto ok = guard.afterPage(parser.distinctItemsSeen() - itemsBefore, nextLabel); !ok)
                return core::Error{QStringLiteral("%1: %2").arg(label, ok.errorMessage())};
            if (next->isEmpty())
                break;
            url = rebase(*next);
        }
    }
    return parser.finish();
}

} // namespace gpuplanner::net
