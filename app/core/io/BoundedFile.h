#pragma once
// BoundedFile: reads a user's file (scenario, CSV, snapshot) with a size limit checked
// before and while reading, so /dev/zero, a FIFO or a 50 GB file is an error, not a hang
// or an out-of-memory abort.

#include "core/common/Result.h"

#include <QByteArray>
#include <QString>

namespace gpuplanner::core {

inline constexpr qint64 kMaxScenarioBytes = qint64(16) * 1024 * 1024;
inline constexpr qint64 kMaxImportBytes = qint64(512) * 1024 * 1024;

// The whole file, or an error naming it: missing, unreadable, a directory, or over maxBytes.
Result<QByteArray> readBoundedFile(const QString &path, qint64 maxBytes);

// A file the product wrote for itself (a cache, its metadata): read whole only when the path is a
// regular file, not a symbolic link, and at most maxBytes; a FIFO or device is refused at once
// instead of blocking. Read with read(), never mapped, so a file rewritten meanwhile cannot fault.
Result<QByteArray> readRegularFile(const QString &path, qint64 maxBytes);

} // namespace gpuplanner::core
