#pragma once
// EstimateCommand: `gpu-planner-cli estimate`: a workload from a preset, a custom shape or a
// scenario file, on a catalog GPU, printed as a table or JSON.
// Exit codes: 0 ok, 1 usage error (flag and bad value named), 2 data error.

#include <QStringList>
#include <QTextStream>

namespace gpuplanner::cli {

int runEstimate(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli
