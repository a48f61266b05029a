#pragma once
// PreparedPlan: a scenario planned over the catalog exactly as `plan` prints it (catalog FX
// rates overridden by the scenario's, the shipped billing rules); `plan`, `timeline` and
// `report` share it so their figures agree.

#include "core/catalog/CatalogInfo.h"
#include "core/catalog/FxRate.h"
#include "core/cost/BillingCost.h"
#include "core/common/Result.h"
#include "core/plan/PlanActuals.h"
#include "core/plan/PlanRecord.h"
#include "core/plan/Planner.h"
#include "core/plan/Scenario.h"
#include "core/plan/Timeline.h"

#include <memory>

namespace gpuplanner::db {
class SqliteCatalogRepository;
}

namespace gpuplanner::cli {

// What every planning command reads off the catalog, and the shipped billing rules.
struct PlanningCatalog
{
    QList<core::GpuModel> gpus;
    QList<core::Offer> offers;
    core::CatalogInfo info;
    QList<core::FxRate> rates;
    core::BillingRules rules;
};
core::Result<PlanningCatalog> readPlanningCatalog(db::SqliteCatalogRepository &repo);

struct PreparedPlan
{
    core::Scenario scenario;
    core::PlanRequest request;
    core::Planner planner;
    core::CatalogInfo catalog;
};

// Loads the scenario and the catalog and plans; every failure is a data error naming its file.
core::Result<std::unique_ptr<PreparedPlan>> preparePlan(const QString &scenarioPath, const QString &catalogPath);

// The project's timeline, as `timeline` prints it; an error when the scenario has no phases or
// no on-demand option prices them.
core::Result<core::Timeline> projectTimeline(const PreparedPlan &p);

// The plan recorded in a saved scenario ("priced_on"); errors name the file.
core::Result<core::PlanRecord> recordedPlan(const QString &path);
// Writes the record into the scenario file as its "priced_on", keeping everything else as written,
// only while the file still holds what was planned (plannedAs: core::fileFingerprint before planning).
core::Status writeRecord(const QString &path, const core::PlanRecord &record, const QByteArray &plannedAs);

// The spend imported for the scenario's project (`actuals import --project`) against the
// timeline's plan, as `timeline` and `report` show it. strategy empty = the cheapest one rented.
core::Result<core::PlanActuals> loadPlanActuals(const PreparedPlan &p, const core::Timeline &timeline,
                                                const QString &catalogPath, const QString &strategy = {});

} // namespace gpuplanner::cli
