#include "ui/report/BenchmarkReport.h"

namespace gpuplanner::ui {

core::Result<ReportInput> benchmarkReportInput(const QStringList &files, const ReportInput &plan, int top)
{
    if (!plan.planner)
        return core::Error{QStringLiteral("benchmark report: no plan to take the catalog from")};
    core::BenchmarkRequest request;
    for (const QString &file : files) {
        auto run = core::readBenchmarkRun(file);
        if (!run)
            return run.error();
        request.runs << std::move(run).value();
    }
    if (request.runs.isEmpty())
        return core::Error{QStringLiteral("benchmark report: no probe result chosen")};
    request.offers = plan.planner->offers();
    request.gpus = plan.planner->gpuModels();
    if (plan.catalog)
        request.providers = plan.catalog->providers;
    request.request = plan.request;
    request.scenarioWorkload = true;
    request.scenarioName = plan.scenario.name;
    request.top = top;
    auto compared = core::compareBenchmarks(request);
    if (!compared)
        return compared.error();
    ReportInput input;
    input.scenario.name = plan.scenario.name;
    input.request = plan.request;
    input.catalog = plan.catalog;
    input.benchmark = std::move(compared).value();
    return input;
}

} // namespace gpuplanner::ui
