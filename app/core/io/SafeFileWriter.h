#pragma once
// SafeFileWriter: the one way the product writes a file. The bytes go to a temporary file in the
// target's folder (every write and the flush checked, then fsync), which replaces the target by
// rename, so a full disk, a crash or a kill leaves the old file whole. It keeps an existing file's
// mode and owner, refuses a file changed since it was read, and never writes through a symbolic
// link, a FIFO or a device unless the user named that path.

#include "core/common/Result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

namespace gpuplanner::core {

struct SafeWriteOptions
{
    // The user typed this path (Save As, report -o, export): a symbolic link is followed to the
    // file it names and a FIFO or device is written into as it is. Otherwise (caches, records,
    // metadata) anything at the path but a regular file is refused.
    bool namedByUser = false;
    // The SHA-256 of what the file held when it was read; the write is refused when the file
    // holds something else (or is gone) just before it would be replaced. An empty value asks
    // for the file not to exist.
    std::optional<QByteArray> expectedSha256;
    // Permission bits of a new file, less the umask (an existing file keeps its own).
    unsigned newFileMode = 0600;
};

class SafeFileWriter
{
public:
    explicit SafeFileWriter(QString path, SafeWriteOptions options = {});
    ~SafeFileWriter(); // an uncommitted temporary file is removed
    SafeFileWriter(const SafeFileWriter &) = delete;
    SafeFileWriter &operator=(const SafeFileWriter &) = delete;

    Status open();
    Status write(QByteArrayView bytes);
    // Flushes, syncs, checks the target is still what was expected and renames over it.
    Status commit();
    // Drops what was written; the target is left as it was.
    void cancel();

    const QString &path() const { return m_path; }

private:
    Status fail(const QString &what, int error);
    Status openTarget();
    Status checkExpected() const;

    QString m_path;
    QString m_target; // m_path, or the file a user-named link points to
    QString m_temporary;
    SafeWriteOptions m_options;
    int m_fd = -1;
    bool m_direct = false; // a user-named FIFO or device: written into, never replaced
    bool m_failed = false;
};

// Writes bytes to path through a SafeFileWriter.
Status writeFileSafely(const QString &path, QByteArrayView bytes, const SafeWriteOptions &options = {});

// The SHA-256 of a file's bytes as SafeWriteOptions::expectedSha256 wants it (empty when the file
// does not exist); an error for anything but a regular file.
Result<QByteArray> sha256OfFile(const QString &path);

// Removes the temporary files a writer left in folder when its process died (its pid no longer
// runs); returns how many. Called on start for the folders the product writes.
int removeStaleTemporaryFiles(const QString &folder);

} // namespace gpuplanner::core
