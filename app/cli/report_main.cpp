// gpu-planner-report: the `report` command of gpu-planner-cli, in a program of its own so that
// the CLI never loads Qt's GUI libraries (see ReportHelper.h). Run it through
// `gpu-planner-cli report ...`; it takes the same arguments.

#include "ReportCommand.h"

#include "TerminalOutput.h"

#include <QCoreApplication>

int main(int argc, char **argv)
{
    const auto app = gpuplanner::cli::createReportApplication(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gpu-planner"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GPUPLANNER_VERSION));
    gpuplanner::cli::TerminalOutput stdoutDevice(stdout);
    gpuplanner::cli::TerminalOutput stderrDevice(stderr);
    QTextStream out(&stdoutDevice);
    QTextStream err(&stderrDevice);
    QStringList arguments = QCoreApplication::arguments();
    // The CLI passes its own arguments on, the command word among them (after --catalog PATH,
    // say); run by hand, the helper gets it added.
    if (!arguments.mid(1).contains(QStringLiteral("report")))
        arguments.insert(1, QStringLiteral("report"));
    const int code = gpuplanner::cli::runReport(arguments, out, err);
    out.flush();
    err.flush();
    return code;
}
