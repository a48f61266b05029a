#include "core/catalog/RealityStore.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>

namespace gpuplanner::core {

Result<SpendImportSummary> RealityStore::importSpendFile(const QString &path, const QString &sourceName,
                                                         actuals::BillingFormat format, const QString &project,
                                                         const SpendImportOptions &options)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error{QStringLiteral("%1: no such file").arg(path)};
    if (info.isDir())
        return Error{QStringLiteral("%1: a folder, not a billing export").arg(path)};
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("%1: cannot read: %2").arg(path, file.errorString())};
    return importSpend(file, sourceName, format, project, options);
}

Result<SpendImportSummary> RealityStore::importSpendBytes(const QByteArray &bytes, const QString &sourceName,
                                                          actuals::BillingFormat format, const QString &project)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    return importSpend(buffer, sourceName, format, project);
}

} // namespace gpuplanner::core
