#include "net/providers/AzureRetailSource.h"

#include "core/common/Redact.h"

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

QUrl AzureRetailSource::rebase(const QString &nextPageLink) const
{
    const QUrl next(nextPageLink);
    QString pathAndQuery = next.path(QUrl::FullyEncoded);
    if (next.hasQuery())
        pathAndQuery += u'?' + next.query(QUrl::FullyEncoded);
    QUrl url = joinUrl(m_baseUrl, pathAndQuery);
    // joinUrl re-parses the query: keep the server's exact encoding.
    if (next.hasQuery())
        url.setQuery(next.query(QUrl::FullyEncoded), QUrl::StrictMode);
    return url;
}

core::Result<core::ImportBatch> AzureRetailSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != u"azure")
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    AzureRetailParser parser(m_resolver, m_shapes);
    const QStringList regions = context.regions.isEmpty() ? QStringList{QString()} : context.regions;
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
