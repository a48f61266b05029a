#include "net/providers/PagingGuard.h"

#include <algorithm>

namespace gpuplanner::net {

int PageBound::maxPages() const
{
    const qint64 size = std::max(pageSize, 1);
    const qint64 pages = (qint64(std::max(expectedEntries, 0)) * std::max(headroom, 1) + size - 1) / size;
    return int(std::clamp<qint64>(pages, std::max(minPages, 1), 1'000'000));
}

PagingGuard::PagingGuard(QString provider, QString request, const PageBound &bound, QString token)
    : m_what(provider + u' ' + request), m_token(std::move(token)), m_maxPages(bound.maxPages()), m_maxFruitless(std::max(bound.maxFruitlessPages, 1))
{
}

core::Error PagingGuard::stopped(const QString &why) const
{
    return core::Error{QStringLiteral("%1: stopped paging after %2 page%3: %4")
                           .arg(m_what)
                           .arg(m_pages)
                           .arg(m_pages == 1 ? QString() : QStringLiteral("s"), why)};
}

core::Status PagingGuard::beforePage()
{
    if (m_pages >= m_maxPages) {
        return stopped(QStringLiteral("the bound for this request is %1 pages, far more than the listing "
                                      "is known to need, and the server still sends a %2")
                           .arg(m_maxPages)
                           .arg(m_token));
    }
    ++m_pages;
    return core::success();
}

core::Status PagingGuard::afterPage(qsizetype newEntries, const QString &next)
{
    if (next.isEmpty())
        return core::success();
    if (m_tokens.contains(next))
        return stopped(QStringLiteral("%1 repeats an earlier page").arg(m_token));
    m_tokens.insert(next);
    m_fruitless = newEntries > 0 ? 0 : m_fruitless + 1;
    if (m_fruitless >= m_maxFruitless) {
        return stopped(QStringLiteral("%1 pages in a row without a new entry but with a %2")
                           .arg(m_fruitless)
                           .arg(m_token));
    }
    return core::success();
}

} // namespace gpuplanner::net
