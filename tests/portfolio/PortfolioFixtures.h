#pragma once
// Portfolio fixtures: a small catalog of one 8 x H100 instance type at two providers (on-demand
// and a 12-month reservation each, from each provider's "price list" of 2026-08-01), a portfolio
// of one workload serving on 16 GPUs all year, and that portfolio planned on a catalog, with
// what a record of it needs.

#include "core/portfolio/PortfolioRecord.h"

#include <QJsonObject>

#include <memory>

namespace gpuplanner::test {

core::Offer h100Offer(const QString &provider, core::Billing billing, double price, int termMonths = 0);
// a: on-demand 40, reserved 24; b: on-demand 44, reserved 30 (per instance-hour, USD).
QList<core::Offer> twoProviderCatalog();
core::PortfolioCatalog portfolioCatalog(const QList<core::Offer> &offers);
// The portfolio file: one workload (BERT-base, 16 GPUs all year from 2026-09), scenario embedded.
QJsonObject servingPortfolioJson();
core::Portfolio servingPortfolio(); // that file, parsed

struct PlannedPortfolio
{
    core::PortfolioBasis basis;
    QList<core::Offer> offers;
    std::unique_ptr<core::CommitmentOptimizer> optimizer;
    core::PortfolioPlan plan;

    core::PortfolioFacts facts() const { return {*optimizer, plan, basis, offers}; }
};
// Null (with a test failure) when the portfolio cannot be planned.
std::unique_ptr<PlannedPortfolio> planOn(const core::Portfolio &portfolio, const QList<core::Offer> &offers);

} // namespace gpuplanner::test
