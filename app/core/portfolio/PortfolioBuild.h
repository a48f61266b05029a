#pragma once
// PortfolioBuild: a portfolio's workloads planned over a catalog (each scenario's request as
// `plan` makes it, limited to the portfolio's providers) and read as the optimizer's problem.
// The CLI reads the catalog from its database, the desktop hands over the catalog it shows.

#include "core/catalog/CatalogInfo.h"
#include "core/catalog/FxRate.h"
#include "core/catalog/GpuAliasResolver.h"
#include "core/calibrate/Calibration.h"
#include "core/common/Result.h"
#include "core/cost/BillingCost.h"
#include "core/plan/PlanRecord.h"
#include "core/portfolio/Portfolio.h"
#include "core/portfolio/PortfolioProblem.h"

namespace gpuplanner::core {

struct PortfolioCatalog
{
    QList<Offer> offers;
    QList<GpuModel> gpus;
    QList<ProviderInfo> providers;
    QList<FxRate> rates;
    BillingRules rules;
    GpuAliasResolver resolver;
    QList<Calibration> calibrations;
};

// Errors name the workload ("workloads[1] (Chat serving): …") or the portfolio's field.
// pricedOn (optional) gets what the plans rest on, for a report's data identity: the workloads'
// catalog hashes (PlanRecord's, each over the offers its plan could use) hashed together in the
// file's order, and each provider's newest price date among them.
Result<PortfolioProblem> buildPortfolioProblem(const Portfolio &portfolio, const PortfolioCatalog &catalog,
                                               PlanRecord *pricedOn = nullptr);

} // namespace gpuplanner::core
