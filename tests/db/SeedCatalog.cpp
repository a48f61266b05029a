#include "db/SeedCatalog.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace gpuplanner::tests {

QString seedCatalogPath()
{
    static QTemporaryDir dir;
    // The catalog the build embeds in the executables (gpuplanner-seedgen's own output, Spot
    // Advisor figures and price checks included), copied so no test can change the original.
    static const QString path = [] {
        const QString p = dir.filePath(QStringLiteral("seed.sqlite"));
        EXPECT_TRUE(QFile::copy(QStringLiteral(GPUPLANNER_DEFAULT_CATALOG), p)) << GPUPLANNER_DEFAULT_CATALOG;
        QFile::setPermissions(p, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        return p;
    }();
    return path;
}

QString copySeedCatalog(const QString &dir)
{
    const QString target = QDir(dir).filePath(QStringLiteral("catalog.sqlite"));
    QFile::remove(target);
    QFile::copy(seedCatalogPath(), target);
    QFile::setPermissions(target, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return target;
}

} // namespace gpuplanner::tests
