#include "ReportHelper.h"

#include "Cli.h"
#include "CommandSupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>

namespace gpuplanner::cli {

QString reportHelperPath()
{
    if (const QString explicitPath = qEnvironmentVariable("GPUPLANNER_REPORT_HELPER"); !explicitPath.isEmpty())
        return explicitPath;
#ifdef Q_OS_WIN
    const QString name = QStringLiteral("gpu-planner-report.exe");
#else
    const QString name = QStringLiteral("gpu-planner-report");
#endif
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString &candidate : {here.filePath(name), here.filePath(QStringLiteral(GPUPLANNER_LIBEXEC_RELATIVE "/") + name)}) {
        if (QFileInfo(candidate).isExecutable())
            return QDir::cleanPath(candidate);
    }
    return {};
}

int reportHelperTimeLimitSeconds()
{
    constexpr int kDefaultSeconds = 600;
    bool ok = false;
    const int seconds = qEnvironmentVariableIntValue("GPUPLANNER_REPORT_TIMEOUT", &ok);
    return ok && seconds > 0 && seconds <= 24 * 3600 ? seconds : kDefaultSeconds;
}

int runReportHelper(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    const QString helper = reportHelperPath();
    if (helper.isEmpty()) {
        err << programName() << " report: the report helper gpu-planner-report is not installed beside "
            << QCoreApplication::applicationFilePath() << " (nor in " << GPUPLANNER_LIBEXEC_RELATIVE
            << "); reinstall the package\n";
        return ExitData;
    }
    out.flush();
    err.flush();
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedChannels);
    process.setInputChannelMode(QProcess::ForwardedInputChannel);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GPUPLANNER_INVOKED_AS"), arguments.value(0, programName()));
    process.setProcessEnvironment(env);
    process.start(helper, arguments.mid(1));
    if (!process.waitForStarted(-1)) {
        err << programName() << " report: cannot start " << helper << ": " << process.errorString() << '\n';
        return ExitData;
    }
    // A report takes seconds; a helper that runs on is stopped rather than waited for forever.
    const int limitSeconds = reportHelperTimeLimitSeconds();
    if (!process.waitForFinished(limitSeconds * 1000)) {
        process.kill();
        process.waitForFinished(-1);
        err << programName() << " report: " << helper << " was still running after " << limitSeconds
            << " s and was stopped (GPUPLANNER_REPORT_TIMEOUT sets the limit in seconds)\n";
        return ExitData;
    }
    if (process.exitStatus() != QProcess::NormalExit) {
        err << programName() << " report: " << helper << " stopped: " << process.errorString() << '\n';
        return ExitData;
    }
    return process.exitCode();
}

} // namespace gpuplanner::cli
