#include "PreparedPlan.h"

#include "CatalogSession.h"

#include "core/cost/BillingCost.h"
#include "core/cost/Money.h"
#include "core/estimate/ModelPresets.h"
#include "core/io/BoundedFile.h"
#include "core/plan/ConstraintCheck.h"
#include "core/plan/MeasuredReference.h"
#include "core/plan/PricedOnFile.h"
#include "db/CalibrationStore.h"
#include "db/SpendStore.h"
#include "db/SqliteCatalogRepository.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

Result<PlanningCatalog> readPlanningCatalog(db::SqliteCatalogRepository &repo)
{
    PlanningCatalog c;
    auto gpus = repo.gpuModels();
    if (!gpus)
        return gpus.error();
    auto offers = repo.offers(OfferQuery{});
    if (!offers)
        return offers.error();
    auto info = repo.info(offers.value()); // counted from the offers just read
    if (!info)
        return info.error();
    auto rates = repo.fxRates();
    if (!rates)
        return rates.error();
    auto rules = loadBillingRules();
    if (!rules)
        return rules.error();
    c.gpus = std::move(gpus).value();
    c.offers = std::move(offers).value();
    c.info = std::move(info).value();
    c.rates = std::move(rates).value();
    c.rules = std::move(rules).value();
    return c;
}

Result<std::unique_ptr<PreparedPlan>> preparePlan(const QString &scenarioPath, const QString &catalogPath)
{
    auto presets = loadModelPresets();
    if (!presets)
        return presets.error();
    auto scenario = loadScenario(scenarioPath, presets.value());
    if (!scenario)
        return scenario.error();
    CatalogSession session(catalogPath);
    auto repo = session.repository();
    if (!repo)
        return repo.error();
    auto data = readPlanningCatalog(*repo.value());
    if (!data)
        return data.error();
    PlanningCatalog &catalog = data.value();
    const QList<GpuModel> &gpus = catalog.gpus;

    auto p = std::make_unique<PreparedPlan>();
    p->scenario = std::move(scenario).value();
    p->request = p->scenario.request();
    p->catalog = catalog.info;
    const FxTable fx = planningFxTable(catalog.offers, catalog.rates, p->scenario.assumptions.fx);
    p->request.assumptions.fx = fx;
    p->request.assumptions.billingRules = catalog.rules;
    if (!fx.has(p->request.displayCurrency))
        return Error{QStringLiteral("%1: display_currency: \"%2\" has no FX rate in the catalog or the scenario; "
                                    "add it under assumptions.fx, or fetch exchange rates with "
                                    "`gpu-planner-cli refresh --provider ecb`")
                         .arg(scenarioPath, p->request.displayCurrency)};
    auto resolver = repo.value()->gpuResolver();
    if (!resolver)
        return resolver.error();
    resolveGpuNames(p->request.constraints, resolver.value());
    if (auto known = checkConstraints(p->request.constraints, catalog.offers); !known)
        return Error{QStringLiteral("%1: %2").arg(scenarioPath, known.errorMessage())};
    if (auto terms = checkCommitmentTerms(p->request.assumptions.commitments, catalog.offers); !terms)
        return Error{QStringLiteral("%1: %2").arg(scenarioPath, terms.errorMessage())};
    p->planner.setCatalog(std::move(catalog.offers), gpus, p->catalog.providers);
    auto calibrations = db::loadCalibrations(repo.value()->database());
    if (!calibrations)
        return calibrations.error();
    p->planner.setCalibrations(CalibrationSet(calibrations.value(), gpus));
    if (auto reference = resolveMeasuredReference(p->request.workload, p->planner.gpuModels()); !reference)
        return Error{QStringLiteral("%1: %2").arg(scenarioPath, reference.errorMessage())};
    p->planner.plan(p->request);
    return p;
}

Result<PlanActuals> loadPlanActuals(const PreparedPlan &p, const Timeline &timeline, const QString &catalogPath,
                                    const QString &strategy)
{
    CatalogSession session(catalogPath);
    auto repo = session.repository();
    if (!repo)
        return repo.error();
    // Summed per day, kind, currency ... in the catalog: ten million billed lines read as lines
    // took 6.8 GB (issue 43), and the comparison gives the same on their sums.
    auto spend = db::spendAggregates(repo.value()->database(), p.scenario.project);
    if (!spend)
        return spend.error();
    auto gpuCounts = db::gpusPerInstanceType(repo.value()->database());
    if (!gpuCounts)
        return gpuCounts.error();
    return comparePlanToActuals(timeline, spend.value(), p.request.assumptions.fx, p.request.displayCurrency,
                                p.request.constraints.budget, gpuCounts.value(), strategy);
}

Result<Timeline> projectTimeline(const PreparedPlan &p)
{
    auto rates = timelineRatesFromPlan(p.planner, p.scenario);
    if (!rates)
        return Error{rates.errorMessage()};
    return buildTimeline(p.scenario, rates.value(), p.request.assumptions.fx);
}

// The plan recorded in a saved scenario ("priced_on"); errors name the file.
Result<PlanRecord> recordedPlan(const QString &path)
{
    auto json = readPricedOn(path, QStringLiteral("save it from the desktop or plan it with --record first"));
    if (!json)
        return json.error();
    auto record = planRecordFromJson(json.value());
    if (!record)
        return Error{QStringLiteral("%1: %2").arg(path, record.errorMessage())};
    return record;
}

// Writes the record into the scenario file as its "priced_on", keeping everything else as written.
Status writeRecord(const QString &path, const PlanRecord &record, const QByteArray &plannedAs)
{
    auto written = writePricedOnIfUnchanged(path, planRecordToJson(record), plannedAs);
    if (!written)
        return written.error();
    return success();
}

} // namespace gpuplanner::cli
