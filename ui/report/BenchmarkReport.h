#pragma once
// BenchmarkReport: the desktop's "Benchmark report…": probe result files compared over the
// current plan's catalog, FX and workload, as the input of the benchmark PDF (ReportWriter).

#include "ui/report/ReportTypes.h"

#include "core/common/Result.h"

#include <QStringList>

namespace gpuplanner::ui {

// files: probe results; plan: the current scenario's report input (its planner's catalog, its
// request and scenario). Errors name the file at fault.
core::Result<ReportInput> benchmarkReportInput(const QStringList &files, const ReportInput &plan, int top = 5);

} // namespace gpuplanner::ui
