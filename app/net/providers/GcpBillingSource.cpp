#include "net/providers/GcpBillingSource.h"

#include "net/providers/ProviderCommon.h"

#include <QUrlQuery>

namespace gpuplanner::net {

GcpBillingSource::GcpBillingSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &meta,
                                   const InstanceShapes &shapes)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey)), m_resolver(meta.resolver()),
      m_machines(gcpMachineShapes(meta, shapes))
{
}

QUrl GcpBillingSource::pageUrl(const QString &pageToken) const
{
    QUrl url = joinUrl(m_baseUrl, skusPath());
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("key"), m_apiKey);
    query.addQueryItem(QStringLiteral("currencyCode"), QStringLiteral("USD"));
    query.addQueryItem(QStringLiteral("pageSize"), QString::number(kPageSize));
    if (!pageToken.isEmpty())
        query.addQueryItem(QStringLiteral("pageToken"), pageToken);
    url.setQuery(query);
    return url;
}

core::Result<core::ImportBatch> GcpBillingSource::fetch(const QString &provider, const core::RefreshContext &context)
{
    if (provider != u"gcp")
        return core::Error{QStringLiteral("%1 does not refresh provider '%2'").arg(name(), provider)};
    const QString base = joinUrl(m_baseUrl, skusPath()).toDisplayString();
    if (m_apiKey.isEmpty())
        return core::Error{QStringLiteral("%1: no GCP API key configured").arg(base)};
    if (!context.http)
        return core::Error{QStringLiteral("%1: no HTTP client configured").arg(base)};
    GcpBillingParser parser(m_resolver, m_machines);
    QString token;
    PagingGuard guard(QStringLiteral("GCP Cloud Billing"), QStringLiteral("services.skus.list"), m_pageBound,
                      QStringLiteral("nextPageToken"));
    for (;;) {
        // Labels never carry the API key.
        const QString label = token.isEmpty() ? base : QStringLiteral("%1 (pageToken %2)").arg(base, token);
        if (auto more = guard.beforePage(); !more)
            return core::Error{QStringLiteral("%1: %2").arg(label, more.errorMessage())};
        if (isCancelled(context))
            return cancelledError(label);
        core::HttpRequest request;
        request.url = pageUrl(token);
        reportProgress(context, QStringLiteral("GCP SKUs page %1").arg(guard.pages()), 0, 0);
        auto response = context.http->send(request, {}, context.cancel);
        if (!response)
            return core::Error{response.errorMessage().replace(m_apiKey, QStringLiteral("<key>"))};
        const int skusBefore = parser.distinctSkusSeen();
        auto next = parser.addPage(response->body, label);
        if (!next)
            return next.error();
        if (auto ok = guard.afterPage(parser.distinctSkusSeen() - skusBefore, *next); !ok)
            return core::Error{QStringLiteral("%1: %2").arg(label, ok.errorMessage())};
        if (next->isEmpty())
            break;
        token = *next;
    }
    return parser.finish();
}

} // namespace gpuplanner::net
