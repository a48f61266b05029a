#include "core/io/BoundedFile.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

Result<QByteArray> readRegularFile(const QString &path, qint64 maxBytes)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ELOOP)
            return Error{QStringLiteral("%1: a symbolic link; not read").arg(path)};
        return Error{QStringLiteral("%1: cannot read: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)))};
    }
    struct stat st{};
    QString problem;
    QByteArray data;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        problem = QStringLiteral("not a regular file");
    } else if (st.st_size > maxBytes) {
        problem = QStringLiteral("the file is %1, larger than the %2 limit").arg(sizeText(st.st_size), sizeText(maxBytes));
    } else {
        data = QByteArray(qsizetype(st.st_size), Qt::Uninitialized);
        qsizetype at = 0;
        while (at < data.size()) {
            const ssize_t n = ::read(fd, data.data() + at, std::size_t(data.size() - at));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            at += n;
        }
        if (at != data.size())
            problem = QStringLiteral("changed while it was read");
    }
    ::close(fd);
    if (!problem.isEmpty())
        return Error{QStringLiteral("%1: %2").arg(path, problem)};
    return data;
}

} // namespace gpuplanner::core
