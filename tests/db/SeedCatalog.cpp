#include "db/SeedCatalog.h"

#include "db/seed/CatalogWriter.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace gpuplanner::tests {

QString seedCatalogPath()
{
    static QTemporaryDir dir;
    static const QString path = [] {
        const QString p = dir.filePath(QStringLiteral("seed.sqlite"));
        auto status = db::buildSeedCatalog(QStringLiteral(GPUPLANNER_SEED_DIR), p);
        EXPECT_TRUE(status.ok()) << status.errorMessage().toStdString();
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
