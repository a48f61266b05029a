// gpu-planner-cli: the command-line twin of the desktop app.

#include "Cli.h"
#include "ReportCommand.h"

#include "net/http/CurlHttpClient.h"

#include <QCoreApplication>

int main(int argc, char **argv)
{
    const gpuplanner::net::CurlGlobal curl;
    const auto app = gpuplanner::cli::createApplication(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gpu-planner"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GPUPLANNER_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    const int code = gpuplanner::cli::run(QCoreApplication::arguments(), out, err);
    out.flush();
    err.flush();
    return code;
}
