#pragma once
// PlanCommand: `gpu-planner-cli plan SCENARIO.json` (ranked offers x billing models with cost,
// time, spot risk and a recommendation) and `gpu-planner-cli timeline SCENARIO.json` (the
// project's monthly and cumulative cost per strategy).
// Exit codes: 0 ok, 1 usage error (flag and value named), 2 data error (scenario or catalog).

#include <QStringList>
#include <QTextStream>

namespace gpuplanner::cli {

int runPlan(const QStringList &arguments, QTextStream &out, QTextStream &err);
int runTimeline(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli
