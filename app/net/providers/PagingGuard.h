#pragma once
// PagingGuard: the one bound every paged price request runs under. Each request kind gets a page
// limit from the provider's page size and the number of entries the catalog knows it to list;
// the guard stops at that limit, at a page token (link, marker) seen before, and after a few pages
// in a row that add nothing new, each time with an error naming the provider, the request and the
// pages read. A source that gets an error returns it, so the Refresher keeps the previous prices.

#include "core/common/Result.h"

#include <QSet>
#include <QString>

namespace gpuplanner::net {

struct PageBound
{
    int pageSize = 1;        // entries per page the request asks for (the provider's documented size)
    int expectedEntries = 0; // entries the listing is known to hold (from the catalog or the provider)
    int headroom = 10;       // growth the listing may show before it is taken for a runaway pager
    int minPages = 10;       // never fewer, however small the listing
    int maxFruitlessPages = 3; // pages in a row with nothing new that still point onwards

    // max(minPages, ceil(expectedEntries x headroom / pageSize))
    int maxPages() const;
};

class PagingGuard
{
public:
    // provider "Alibaba Cloud", request "DescribeInstanceTypes" (a region may follow), token the
    // provider's name for the next page's pointer ("NextToken", "marker") as the errors say it.
    PagingGuard(QString provider, QString request, const PageBound &bound, QString token);

    // The first page's own pointer (its URL, say), so that a link back to it counts as a repeat.
    void startAt(const QString &first) { m_tokens.insert(first); }
    // Before asking for another page: an error once the bound's pages have been read.
    core::Status beforePage();
    // After a page: the entries it added that no earlier page had, and the token, link or marker
    // it names for the next page (empty: it was the last). An error when that token was seen
    // before or when too many pages in a row added nothing while still pointing onwards.
    core::Status afterPage(qsizetype newEntries, const QString &next);

    int pages() const { return m_pages; }
    int maxPages() const { return m_maxPages; }

private:
    core::Error stopped(const QString &why) const;

    QString m_what;
    QString m_token;
    int m_maxPages = 0;
    int m_maxFruitless = 0;
    int m_pages = 0;
    int m_fruitless = 0;
    QSet<QString> m_tokens;
};

} // namespace gpuplanner::net
