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
#include "core/cost/Money.h"
#include "core/plan/PricedOn.h"
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

// What the workloads' plans rest on, for the portfolio's record and a report's data identity.
struct PortfolioBasis
{
    // catalogHash: the workloads' catalog hashes (offersCatalogHash, each over the offers its plan
    // could use) hashed together in the file's order; providerDates: each provider's newest price
    // date among them; fxPerUsd and calibrations: those the workloads' plans used (version, time
    // and currency are the record's to stamp).
    PricedOn pricedOn;
    FxTable fx; // the rates used, with their sources and dates
};

// Errors name the workload ("workloads[1] (Chat serving): …") or the portfolio's field.
Result<PortfolioProblem> buildPortfolioProblem(const Portfolio &portfolio, const PortfolioCatalog &catalog,
                                               PortfolioBasis *basis = nullptr);

} // namespace gpuplanner::core
