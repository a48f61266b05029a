#include "PreparedPlan.h"

#include "CatalogSession.h"

#include "core/cost/BillingCost.h"
#include "core/cost/Money.h"
#include "core/estimate/ModelPresets.h"
#include "db/SqliteCatalogRepository.h"

namespace gpuplanner::cli {

using namespace gpuplanner::core;

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
    auto gpus = repo.value()->gpuModels();
    if (!gpus)
        return gpus.error();
    auto offers = repo.value()->offers(OfferQuery{});
    if (!offers)
        return offers.error();
    auto info = repo.value()->info();
    if (!info)
        return info.error();
    auto rules = loadBillingRules();
    if (!rules)
        return rules.error();

    auto p = std::make_unique<PreparedPlan>();
    p->scenario = std::move(scenario).value();
    p->request = p->scenario.request();
    p->catalog = info.value();
    FxTable fx = FxTable::fromOffers(offers.value());
    for (const FxRate &r : p->scenario.assumptions.fx.rates()) {
        if (r.currency != u"USD")
            fx.set(r);
    }
    p->request.assumptions.fx = fx;
    p->request.assumptions.billingRules = rules.value();
    if (!fx.has(p->request.displayCurrency))
        return Error{QStringLiteral("%1: display_currency: \"%2\" has no FX rate; add it under assumptions.fx")
                         .arg(scenarioPath, p->request.displayCurrency)};
    p->planner.setCatalog(std::move(offers).value(), gpus.value());
    p->planner.plan(p->request);
    return p;
}

} // namespace gpuplanner::cli
