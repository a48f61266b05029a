#pragma once
// PortfolioDemand: one workload's candidates for the commitment optimizer, read off its plan:
// per provider, the instance type and region of the cheapest usable on-demand option, the
// workload's GPU-hours on it per month (its phases; the main run at the estimate's P10,
// expected and P90 length), that instance's spot rate, and every commitment the plan priced
// for it (catalog offers and the user's negotiated terms: nothing else is ever offered).

#include "core/common/Result.h"
#include "core/plan/Planner.h"
#include "core/plan/Scenario.h"
#include "core/portfolio/PortfolioProblem.h"

#include <QDate>

namespace gpuplanner::core {

// planner holds the plan of request (the scenario's). Fails when no on-demand option is usable.
Result<WorkloadDemand> workloadDemand(const Planner &planner, const PlanRequest &request, const Scenario &scenario,
                                      const QString &name, const QDate &start, int months);

// GPU-hours per month from start over months of the phases; a main run of gpus x hours fills
// whole months at its size from its phase's start until spent.
std::vector<double> phaseGpuHours(const QList<Phase> &phases, const QDate &start, int months, int gpus, double hours);

} // namespace gpuplanner::core
