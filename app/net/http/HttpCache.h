#pragma once
// HttpCache: bodies of earlier responses with their ETag / Last-Modified, one file pair per
// URL, so a 304 Not Modified can reuse the body. Writes are atomic (QSaveFile).

#include <QByteArray>
#include <QString>
#include <QUrl>

#include <optional>

namespace gpuplanner::net {

struct CachedEntry
{
    QByteArray etag;
    QByteArray lastModified;
    QString bodyPath;
};

class HttpCache
{
public:
    explicit HttpCache(QString dir) : m_dir(std::move(dir)) {}

    bool enabled() const { return !m_dir.isEmpty(); }
    std::optional<CachedEntry> lookup(const QUrl &url) const;
    // Stores body for url; returns false (and keeps the old entry) when the disk write fails.
    bool store(const QUrl &url, const QByteArray &etag, const QByteArray &lastModified, const QByteArray &body) const;
    // Starts a streamed store: bytes go to a temporary file committed by finish().
    QString bodyPath(const QUrl &url) const;
    // Creates the cache folder readable by its owner only (0700); files are 0600.
    bool prepareDirectory() const;
    bool storeHeaders(const QUrl &url, const QByteArray &etag, const QByteArray &lastModified) const;

private:
    QString key(const QUrl &url) const;
    QString m_dir;
};

} // namespace gpuplanner::net
