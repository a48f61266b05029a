#include "core/io/SafeFileWriter.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gpuplanner::core {

namespace {

const QString kTemporaryInfix = QStringLiteral(".gpuplanner-");
const QString kTemporarySuffix = QStringLiteral(".tmp");

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

QByteArray nativePath(const QString &path)
{
    return QFile::encodeName(path);
}

int openRetrying(const QByteArray &path, int flags, mode_t mode = 0)
{
    int fd = -1;
    do {
        fd = ::open(path.constData(), flags | O_CLOEXEC, mode);
    } while (fd < 0 && errno == EINTR);
    return fd;
}

void closeQuietly(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

bool writeAll(int fd, const char *data, qsizetype size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, std::size_t(size));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        if (n == 0) {
            errno = EIO;
            return false;
        }
        data += n;
        size -= n;
    }
    return true;
}

bool syncFolder(const QString &folder)
{
    int fd = openRetrying(nativePath(folder), O_RDONLY | O_DIRECTORY);
    if (fd < 0)
        return false;
    const bool synced = ::fsync(fd) == 0 || errno == EINVAL;
    closeQuietly(fd);
    return synced;
}

QString kindOf(mode_t mode)
{
    if (S_ISFIFO(mode))
        return QStringLiteral("a FIFO");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return QStringLiteral("a device");
    if (S_ISDIR(mode))
        return QStringLiteral("a folder");
    if (S_ISSOCK(mode))
        return QStringLiteral("a socket");
    if (S_ISLNK(mode))
        return QStringLiteral("a symbolic link");
    return QStringLiteral("not a regular file");
}

// The temporary file's name: hidden, beside the target, with the writer's pid so that a later
// start can tell a dead writer's leftovers from a live one's.
QString temporaryPathFor(const QString &target)
{
    const QFileInfo info(target);
    return info.absoluteDir().filePath(QStringLiteral(".%1%2%3-%4%5")
                                           .arg(info.fileName(), kTemporaryInfix)
                                           .arg(qint64(::getpid()))
                                           .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'))
                                           .arg(kTemporarySuffix));
}

} // namespace

SafeFileWriter::SafeFileWriter(QString path, SafeWriteOptions options)
    : m_path(std::move(path)), m_options(std::move(options))
{
}

SafeFileWriter::~SafeFileWriter()
{
    cancel();
}

Status SafeFileWriter::fail(const QString &what, int error)
{
    m_failed = true;
    return Error{QStringLiteral("%1: %2: %3").arg(m_path, what, systemError(error))};
}

Status SafeFileWriter::open()
{
    if (m_fd >= 0)
        return Error{QStringLiteral("%1: already open").arg(m_path)};
    m_failed = false;
    m_direct = false;
    m_target = m_path;
    struct stat st{};
    if (::lstat(nativePath(m_path).constData(), &st) == 0 && S_ISLNK(st.st_mode)) {
        if (!m_options.namedByUser)
            return Error{QStringLiteral("%1: a symbolic link; not writing through it").arg(m_path)};
        const QString linked = QFileInfo(m_path).canonicalFilePath();
        if (linked.isEmpty()) {
            return Error{QStringLiteral("%1: a symbolic link to %2, which does not exist")
                             .arg(m_path, QFileInfo(m_path).symLinkTarget())};
        }
        m_target = linked;
    }
    return openTarget();
}

Status SafeFileWriter::openTarget()
{
    const QByteArray target = nativePath(m_target);
    struct stat st{};
    const bool exists = ::lstat(target.constData(), &st) == 0;
    if (!exists && errno != ENOENT)
        return fail(QStringLiteral("cannot inspect"), errno);
    if (exists && !S_ISREG(st.st_mode)) {
        const bool writable = S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode);
        if (!m_options.namedByUser || !writable || m_options.expectedSha256)
            return Error{QStringLiteral("%1: %2, not a regular file; not writing it").arg(m_path, kindOf(st.st_mode))};
        // A FIFO without a reader answers at once (ENXIO) instead of blocking the writer.
        m_fd = openRetrying(target, O_WRONLY | O_NONBLOCK | O_NOCTTY);
        if (m_fd < 0) {
            if (errno == ENXIO)
                return Error{QStringLiteral("%1: a FIFO that nothing is reading").arg(m_path)};
            return fail(QStringLiteral("cannot open"), errno);
        }
        ::fcntl(m_fd, F_SETFL, ::fcntl(m_fd, F_GETFL) & ~O_NONBLOCK);
        m_direct = true;
        return success();
    }
    if (exists && ::access(target.constData(), W_OK) != 0)
        return Error{QStringLiteral("%1: read-only; left as it is").arg(m_path)};
    const QString folder = QFileInfo(m_target).absolutePath();
    if (!QFileInfo(folder).isDir())
        return Error{QStringLiteral("%1: the folder %2 does not exist").arg(m_path, folder)};
    removeStaleTemporaryFiles(folder);

    for (int attempt = 0; attempt < 16 && m_fd < 0; ++attempt) {
        m_temporary = temporaryPathFor(m_target);
        m_fd = openRetrying(nativePath(m_temporary), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW,
                            mode_t(m_options.newFileMode & 0777));
        if (m_fd < 0 && errno != EEXIST) {
            const int error = errno;
            m_temporary.clear();
            return fail(QStringLiteral("cannot create a file in %1").arg(folder), error);
        }
    }
    if (m_fd < 0) {
        m_temporary.clear();
        return fail(QStringLiteral("cannot create a file in %1").arg(folder), EEXIST);
    }
    if (!exists)
        return success();
    // The replacement keeps the file's owner and mode; a file another user owns is refused rather
    // than made ours.
    if (st.st_uid != ::geteuid() || st.st_gid != ::getegid()) {
        if (::fchown(m_fd, st.st_uid, st.st_gid) != 0) {
            if (st.st_uid != ::geteuid()) {
                cancel();
                return Error{QStringLiteral("%1: belongs to another user; replacing it would change its owner")
                                 .arg(m_path)};
            }
            // The group is kept where it can be; a group this user is not in stays the new file's.
            [[maybe_unused]] const int groupKept = ::fchown(m_fd, uid_t(-1), st.st_gid);
        }
    }
    if (::fchmod(m_fd, st.st_mode & 07777) != 0) {
        const int error = errno;
        cancel();
        return fail(QStringLiteral("cannot keep its permissions"), error);
    }
    return success();
}

Status SafeFileWriter::write(QByteArrayView bytes)
{
    if (m_fd < 0)
        return Error{QStringLiteral("%1: not open for writing").arg(m_path)};
    if (m_failed)
        return Error{QStringLiteral("%1: an earlier write failed").arg(m_path)};
    if (!writeAll(m_fd, bytes.data(), bytes.size()))
        return fail(QStringLiteral("cannot write"), errno);
    return success();
}

Status SafeFileWriter::checkExpected() const
{
    if (!m_options.expectedSha256)
        return success();
    auto now = sha256OfFile(m_target);
    if (!now)
        return now.error();
    if (now.value() == *m_options.expectedSha256)
        return success();
    if (now.value().isEmpty())
        return Error{QStringLiteral("%1: gone since it was read; nothing written").arg(m_path)};
    if (m_options.expectedSha256->isEmpty())
        return Error{QStringLiteral("%1: created by something else meanwhile; not replaced").arg(m_path)};
    return Error{QStringLiteral("%1: changed on disk since it was read; not replaced").arg(m_path)};
}

Status SafeFileWriter::commit()
{
    if (m_fd < 0)
        return Error{QStringLiteral("%1: not open for writing").arg(m_path)};
    if (m_failed) {
        cancel();
        return Error{QStringLiteral("%1: an earlier write failed; the file is left as it was").arg(m_path)};
    }
    if (m_direct) {
        const int closed = ::close(m_fd);
        const int error = errno;
        m_fd = -1;
        if (closed != 0 && error != EINTR)
            return fail(QStringLiteral("cannot finish writing"), error);
        return success();
    }
    if (::fsync(m_fd) != 0 && errno != EINVAL) {
        const int error = errno;
        cancel();
        return fail(QStringLiteral("cannot write it to disk"), error);
    }
    const int closed = ::close(m_fd);
    const int closeError = errno;
    m_fd = -1;
    if (closed != 0 && closeError != EINTR) {
        cancel();
        return fail(QStringLiteral("cannot finish writing"), closeError);
    }
    if (Status expected = checkExpected(); !expected) {
        cancel();
        return expected;
    }
    if (::rename(nativePath(m_temporary).constData(), nativePath(m_target).constData()) != 0) {
        const int error = errno;
        cancel();
        return fail(QStringLiteral("cannot replace it"), error);
    }
    m_temporary.clear();
    syncFolder(QFileInfo(m_target).absolutePath());
    return success();
}

void SafeFileWriter::cancel()
{
    closeQuietly(m_fd);
    if (!m_temporary.isEmpty())
        ::unlink(nativePath(m_temporary).constData());
    m_temporary.clear();
}

Status writeFileSafely(const QString &path, QByteArrayView bytes, const SafeWriteOptions &options)
{
    SafeFileWriter writer(path, options);
    if (Status opened = writer.open(); !opened)
        return opened;
    if (Status written = writer.write(bytes); !written)
        return written;
    return writer.commit();
}

Result<QByteArray> sha256OfFile(const QString &path)
{
    int fd = openRetrying(nativePath(path), O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        if (errno == ENOENT)
            return QByteArray();
        return Error{QStringLiteral("%1: cannot read: %2").arg(path, systemError(errno))};
    }
    struct stat st{};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        closeQuietly(fd);
        return Error{QStringLiteral("%1: %2, not a regular file").arg(path, kindOf(st.st_mode))};
    }
    QCryptographicHash hash(QCryptographicHash::Sha256);
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            const int error = errno;
            closeQuietly(fd);
            return Error{QStringLiteral("%1: cannot read: %2").arg(path, systemError(error))};
        }
        if (n == 0)
            break;
        hash.addData(QByteArrayView(buffer, n));
    }
    closeQuietly(fd);
    return hash.result();
}

int removeStaleTemporaryFiles(const QString &folder)
{
    const QDir dir(folder);
    int removed = 0;
    const QStringList names = dir.entryList({QStringLiteral(".*") + kTemporaryInfix + QStringLiteral("*") + kTemporarySuffix},
                                            QDir::Files | QDir::Hidden | QDir::System);
    for (const QString &name : names) {
        const qsizetype at = name.lastIndexOf(kTemporaryInfix);
        const QString rest = name.mid(at + kTemporaryInfix.size());
        bool isNumber = false;
        const qint64 pid = rest.section(QLatin1Char('-'), 0, 0).toLongLong(&isNumber);
        if (!isNumber || pid <= 0 || pid == ::getpid())
            continue;
        if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH)
            continue; // its writer still runs (or is another user's)
        const QByteArray path = nativePath(dir.filePath(name));
        struct stat st{};
        if (::lstat(path.constData(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid())
            continue;
        if (::unlink(path.constData()) == 0)
            ++removed;
    }
    return removed;
}

} // namespace gpuplanner::core
