#include "net/http/HttpCache.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace gpuplanner::net {

QString HttpCache::key(const QUrl &url) const
{
    return QString::fromLatin1(
        QCryptographicHash::hash(url.toString(QUrl::FullyEncoded).toUtf8(), QCryptographicHash::Sha256).toHex());
}

QString HttpCache::bodyPath(const QUrl &url) const
{
    return QDir(m_dir).filePath(key(url) + QStringLiteral(".body"));
}

std::optional<CachedEntry> HttpCache::lookup(const QUrl &url) const
{
    if (!enabled())
        return std::nullopt;
    QFile meta(QDir(m_dir).filePath(key(url) + QStringLiteral(".json")));
    if (!meta.open(QIODevice::ReadOnly) || !QFileInfo::exists(bodyPath(url)))
        return std::nullopt;
    const QJsonObject obj = QJsonDocument::fromJson(meta.readAll()).object();
    CachedEntry entry{obj.value(QStringLiteral("etag")).toString().toLatin1(),
                      obj.value(QStringLiteral("last_modified")).toString().toLatin1(), bodyPath(url)};
    if (entry.etag.isEmpty() && entry.lastModified.isEmpty())
        return std::nullopt;
    return entry;
}

bool HttpCache::storeHeaders(const QUrl &url, const QByteArray &etag, const QByteArray &lastModified) const
{
    QSaveFile meta(QDir(m_dir).filePath(key(url) + QStringLiteral(".json")));
    if (!meta.open(QIODevice::WriteOnly))
        return false;
    const QJsonObject obj{{QStringLiteral("url"), url.toString()},
                          {QStringLiteral("etag"), QString::fromLatin1(etag)},
                          {QStringLiteral("last_modified"), QString::fromLatin1(lastModified)}};
    meta.write(QJsonDocument(obj).toJson(QJsonDocument::Compact));
    return meta.commit();
}

bool HttpCache::store(const QUrl &url, const QByteArray &etag, const QByteArray &lastModified,
                      const QByteArray &body) const
{
    if (!enabled() || (etag.isEmpty() && lastModified.isEmpty()))
        return false;
    if (!QDir().mkpath(m_dir))
        return false;
    QSaveFile file(bodyPath(url));
    if (!file.open(QIODevice::WriteOnly) || file.write(body) != body.size() || !file.commit())
        return false;
    return storeHeaders(url, etag, lastModified);
}

} // namespace gpuplanner::net
