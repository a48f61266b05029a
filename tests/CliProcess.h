#pragma once
// CliProcess: runs the real gpu-planner-cli binary with a given environment and collects its
// exit code and output, for the CLI end-to-end suites.

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QString>
#include <QStringList>

#include <gtest/gtest.h>

namespace gpuplanner::tests {

struct CliRun
{
    int code = -1;
    QString out;
    QString err;
};

inline CliRun runCli(const QStringList &args, const QProcessEnvironment &env, int timeoutMs = 120000)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(GPUPLANNER_CLI_PATH), args);
    EXPECT_TRUE(process.waitForFinished(timeoutMs)) << args.join(u' ').toStdString();
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

// A CLI suite on a private, writable copy of the embedded default catalog (imports write to it)
// with its own XDG data folder; run() passes --catalog.
class CatalogCopyCli : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        m_catalog = m_dir.filePath(QStringLiteral("catalog.sqlite"));
        ASSERT_TRUE(QFile::copy(QStringLiteral(GPUPLANNER_DEFAULT_CATALOG), m_catalog));
        QFile::setPermissions(m_catalog, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }

    CliRun run(QStringList args, int timeoutMs = 180000)
    {
        args.prepend(m_catalog);
        args.prepend(QStringLiteral("--catalog"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("home")));
        env.remove(QStringLiteral("DISPLAY"));
        return runCli(args, env, timeoutMs);
    }

    // Writes bytes to a file in the suite's folder; returns its path.
    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
        f.write(bytes);
        return path;
    }

    QTemporaryDir m_dir;
    QString m_catalog;
};

} // namespace gpuplanner::tests
