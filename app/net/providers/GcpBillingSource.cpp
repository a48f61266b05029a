#include "net/providers/GcpBillingSource.h"

#include "net/providers/ProviderCommon.h"

#include <QSet>
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
    query.addQueryItem(QStringLiteral("pageSize"), QStringLiteral("5000"));
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
    QSet<QString> seen;
    int emptyPages = 0;
    for (int page = 1;; ++page) {
        // Labels never carry the API key.
        const QString label = token.isEmpty() ? base : QStringLiteral("%1 (pageToken %2)").arg(base, token);
        if (page > kMaxPages)
            return core::Error{QStringLiteral("%1: more than %2 pages").arg(label).arg(kMaxPages)};
        if (isCancelled(context))
            return cancelledError(label);
        core::HttpRequest request;
        request.url = pageUrl(token);
        reportProgress(context, QStringLiteral("GCP SKUs page %1").arg(page), 0, 0);
        auto response = context.http->send(request, {}, context.cancel);
        if (!response)
            return core::Error{response.errorMessage().replace(m_apiKey, QStringLiteral("<key>"))};
        const int skusBefore = parser.skusSeen();
        auto next = parser.addPage(response->body, label);
        if (!next)
            return next.error();
        emptyPages = parser.skusSeen() == skusBefore ? emptyPages + 1 : 0;
        if (emptyPages >= kMaxEmptyPages && !next->isEmpty()) {
            return core::Error{QStringLiteral("%1: %2 pages in a row without a SKU but with a nextPageToken; stopped paging")
                                   .arg(label)
                                   .arg(kMaxEmptyPages)};
        }
        if (next->isEmpty())
            break;
        if (seen.contains(*next))
            return core::Error{QStringLiteral("%1: nextPageToken repeats an earlier page").arg(label)};
        seen.insert(*next);
        token = *next;
    }
    return parser.finish();
}

} // namespace gpuplanner::net
