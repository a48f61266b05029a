// The snapshot-only catalog for the import-rule tests (see SeedCatalog.h); it runs the
// gpuplanner-seedgen the build made, so only the db tests, which know its path, link it.

#include "db/SeedCatalog.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace gpuplanner::tests {

QString snapshotCatalogPath()
{
    static QTemporaryDir dir;
    static const QString path = [] {
        // The seed directory without its dated sources: a link to every other entry.
        const QDir seed(QStringLiteral(GPUPLANNER_SEED_DIR));
        const QString copy = dir.filePath(QStringLiteral("seed"));
        QDir().mkpath(copy);
        for (const QString &entry : seed.entryList(QDir::AllEntries | QDir::NoDotAndDotDot)) {
            if (entry != u"sources") {
                EXPECT_TRUE(QFile::link(seed.filePath(entry), QDir(copy).filePath(entry))) << entry.toStdString();
            }
        }
        const QString p = dir.filePath(QStringLiteral("snapshot.sqlite"));
        QProcess seedgen;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_HASH_SEED"), QStringLiteral("0"));
        seedgen.setProcessEnvironment(env);
        seedgen.start(QStringLiteral(GPUPLANNER_SEEDGEN_PATH), {copy, p});
        EXPECT_TRUE(seedgen.waitForFinished(-1));
        EXPECT_EQ(seedgen.exitCode(), 0) << seedgen.readAllStandardError().toStdString();
        return p;
    }();
    return path;
}

} // namespace gpuplanner::tests
