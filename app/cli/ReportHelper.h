#pragma once
// ReportHelper: `report` runs in a helper program, gpu-planner-report, so that the command-line
// twin itself never loads Qt's GUI libraries (Gui, PrintSupport, fonts): every other command
// starts as a plain QCoreApplication over core, db and net. The helper is the report command
// alone; this starts it with the same arguments and its output on ours, and returns its exit code.
// It is looked for beside the executable (the build tree), then in ../libexec/gpu-planner (an
// installed FHS layout); GPUPLANNER_REPORT_HELPER names it explicitly.

#include <QStringList>
#include <QTextStream>

namespace gpuplanner::cli {

QString reportHelperPath();
// How long the helper may run (GPUPLANNER_REPORT_TIMEOUT, in seconds; 600 by default).
int reportHelperTimeLimitSeconds();
int runReportHelper(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli
