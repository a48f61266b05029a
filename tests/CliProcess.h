#pragma once
// CliProcess: runs the real gpu-planner-cli binary with a given environment and collects its
// exit code and output, for the CLI end-to-end suites.

#include <QProcess>
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

} // namespace gpuplanner::tests
