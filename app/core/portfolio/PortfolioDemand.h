#pragma once
// PortfolioDemand: one workload's candidates for the commitment optimizer, read off its plan.
// A workload comes in up to two parts: its main run, on each provider's cheapest usable
// on-demand option for the run (at the estimate's P10, expected and P90 length), and its
// steady phases (GPUs or GPU-hours each month), on each provider's cheapest GPU-hour among
// the instances the workload runs on. Each candidate carries its instance's spot rate and every
// commitment the plan priced for that instance (catalog offers and the user's negotiated terms:
// nothing else is ever offered).

#include "core/common/Result.h"
#include "core/plan/Planner.h"
#include "core/plan/Scenario.h"
#include "core/portfolio/PortfolioProblem.h"

#include <QDate>

namespace gpuplanner::core {

// planner holds the plan of request (the scenario's); owner is the workload's index in the
// portfolio (its parts share its own commitments). Fails when no on-demand option is usable.
Result<QList<WorkloadDemand>> workloadDemands(const Planner &planner, const PlanRequest &request,
                                              const Scenario &scenario, const QString &name, const QDate &start,
                                              int months, int owner);

// GPU-hours per month from start over months of the phases; a main run of gpus x hours fills
// whole months at its size from its phase's start until spent.
std::vector<double> phaseGpuHours(const QList<Phase> &phases, const QDate &start, int months, int gpus, double hours);

} // namespace gpuplanner::core
