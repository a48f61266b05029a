#include "core/io/BoundedFile.h"

#include <QFile>
#include <QFileInfo>

namespace gpuplanner::core {

namespace {

QString sizeText(qint64 bytes)
{
    return bytes >= 1024 * 1024 ? QStringLiteral("%1 MiB").arg(bytes / (1024 * 1024))
                                : QStringLiteral("%1 bytes").arg(bytes);
}

} // namespace

Result<QByteArray> readBoundedFile(const QString &path, qint64 maxBytes)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error{QStringLiteral("%1: no such file").arg(path)};
    if (info.isDir())
        return Error{QStringLiteral("%1: a folder, not a file").arg(path)};
    if (info.isFile() && info.size() > maxBytes) {
        return Error{QStringLiteral("%1: the file is %2, larger than the %3 limit")
                         .arg(path, sizeText(info.size()), sizeText(maxBytes))};
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("%1: cannot read: %2").arg(path, file.errorString())};
    // Devices and pipes report no size: read in chunks and stop one byte past the limit.
    QByteArray data;
    while (data.size() <= maxBytes) {
        const QByteArray chunk = file.read(std::min<qint64>(1 << 20, maxBytes + 1 - data.size()));
        if (chunk.isEmpty())
            break;
        data.append(chunk);
    }
    if (file.error() != QFileDevice::NoError && data.size() <= maxBytes)
        return Error{QStringLiteral("%1: cannot read: %2").arg(path, file.errorString())};
    if (data.size() > maxBytes)
        return Error{QStringLiteral("%1: larger than the %2 limit").arg(path, sizeText(maxBytes))};
    return data;
}

} // namespace gpuplanner::core
