// gpu-planner-cli: the command-line twin of the desktop app.

#include "Cli.h"

#include "net/http/CurlHttpClient.h"

#include "TerminalOutput.h"

#include <QCoreApplication>

int main(int argc, char **argv)
{
    const gpuplanner::net::CurlGlobal curl;
    // Every command is non-graphical here; `report` runs in gpu-planner-report (ReportHelper.h).
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gpu-planner"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GPUPLANNER_VERSION));
    gpuplanner::cli::TerminalOutput stdoutDevice(stdout);
    gpuplanner::cli::TerminalOutput stderrDevice(stderr);
    QTextStream out(&stdoutDevice);
    QTextStream err(&stderrDevice);
    const int code = gpuplanner::cli::run(QCoreApplication::arguments(), out, err);
    out.flush();
    err.flush();
    return code;
}
