#include "net/http/HttpCache.h"

#include "core/common/Redact.h"
#include "core/io/BoundedFile.h"
#include "core/io/SafeFileWriter.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace gpuplanner::net {

namespace {

constexpr QFileDevice::Permissions kOwnerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

} // namespace

// Keys and stored URLs never hold a credential: the key is a hash of the redacted URL.
QString HttpCache::key(const QUrl &url) const
{
    return QString::fromLatin1(
        QCryptographicHash::hash(core::redactedUrl(url).toString(QUrl::FullyEncoded).toUtf8(), QCryptographicHash::Sha256)
            .toHex());
}

bool HttpCache::prepareDirectory() const
{
    if (!QDir().mkpath(m_dir))
        return false;
    return QFile::setPermissions(m_dir, kOwnerOnly | QFileDevice::ExeOwner);
}

QString HttpCache::bodyPath(const QUrl &url) const
{
    return QDir(m_dir).filePath(key(url) + QStringLiteral(".body"));
}

std::optional<CachedEntry> HttpCache::lookup(const QUrl &url) const
{
    if (!enabled())
        return std::nullopt;
    // Only regular files of ours: a link or FIFO planted in the cache folder is no entry.
    const auto meta = core::readRegularFile(QDir(m_dir).filePath(key(url) + QStringLiteral(".json")), 64 * 1024);
    const QFileInfo body(bodyPath(url));
    if (!meta || !body.isFile() || body.isSymLink())
        return std::nullopt;
    const QJsonObject obj = QJsonDocument::fromJson(meta.value()).object();
    CachedEntry entry{obj.value(QStringLiteral("etag")).toString().toLatin1(),
                      obj.value(QStringLiteral("last_modified")).toString().toLatin1(), bodyPath(url)};
    if (entry.etag.isEmpty() && entry.lastModified.isEmpty())
        return std::nullopt;
    return entry;
}

bool HttpCache::storeHeaders(const QUrl &url, const QByteArray &etag, const QByteArray &lastModified) const
{
    if (!prepareDirectory())
        return false;
    const QJsonObject obj{{QStringLiteral("url"), core::redactUrl(url)},
                          {QStringLiteral("etag"), QString::fromLatin1(etag)},
                          {QStringLiteral("last_modified"), QString::fromLatin1(lastModified)}};
    return core::writeFileSafely(QDir(m_dir).filePath(key(url) + QStringLiteral(".json")),
                                 QJsonDocument(obj).toJson(QJsonDocument::Compact))
        .ok();
}

bool HttpCache::store(const QUrl &url, const QByteArray &etag, const QByteArray &lastModified,
                      const QByteArray &body) const
{
    if (!enabled() || (etag.isEmpty() && lastModified.isEmpty()))
        return false;
    if (!prepareDirectory())
        return false;
    if (!core::writeFileSafely(bodyPath(url), body))
        return false;
    return storeHeaders(url, etag, lastModified);
}

} // namespace gpuplanner::net
