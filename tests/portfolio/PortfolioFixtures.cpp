#include "portfolio/PortfolioFixtures.h"

#include "estimate/GpuFixtures.h"

#include <QJsonDocument>

#include <gtest/gtest.h>

namespace gpuplanner::test {

using namespace gpuplanner::core;

Offer h100Offer(const QString &provider, Billing billing, double price, int termMonths)
{
    Offer o;
    o.provider = provider;
    o.providerName = provider.toUpper();
    o.instanceType = QStringLiteral("h100x8");
    o.region = QStringLiteral("r1");
    o.geography = QStringLiteral("US");
    o.gpu = QStringLiteral("H100-SXM5-80GB");
    o.gpuCount = 8;
    o.gpuMemoryGib = 640;
    o.interconnect = QStringLiteral("NVLink4 + NVSwitch");
    o.networkGbps = 3200;
    o.rdma = RdmaKind::InfiniBand;
    o.billing = billing;
    o.termMonths = termMonths;
    o.upfront = termMonths > 0 ? QStringLiteral("none") : QString();
    o.offeringClass = termMonths > 0 ? QStringLiteral("standard") : QString();
    o.priceBasis = PriceBasis::Effective;
    o.pricePerHour = price;
    o.currency = QStringLiteral("USD");
    o.pricePerHourUsd = price;
    o.source = QStringLiteral("%1 price list").arg(provider);
    o.effectiveDate = QStringLiteral("2026-08-01");
    return o;
}

QList<Offer> twoProviderCatalog()
{
    return {h100Offer(QStringLiteral("a"), Billing::OnDemand, 40), h100Offer(QStringLiteral("a"), Billing::Reserved, 24, 12),
            h100Offer(QStringLiteral("b"), Billing::OnDemand, 44), h100Offer(QStringLiteral("b"), Billing::Reserved, 30, 12)};
}

PortfolioCatalog portfolioCatalog(const QList<Offer> &offers)
{
    return {offers, {gpuModel(QStringLiteral("H100-SXM5-80GB"))}, {}, {}, {}, {}, {}};
}

QJsonObject servingPortfolioJson()
{
    return QJsonDocument::fromJson(R"({
        "format": "gpu-planner-portfolio", "version": 1, "name": "Serving", "start": "2026-09", "months": 12,
        "workloads": [{"name": "serving", "scenario": {
            "format": "gpu-planner-scenario", "version": 1, "name": "Serving",
            "workload": {"task": "finetune", "model": "bert-base", "tokens": "10M"},
            "phases": [{"name": "serving", "start": "2026-09", "months": 12, "gpus": 16}]}}]})")
        .object();
}

Portfolio servingPortfolio()
{
    auto presets = loadModelPresets();
    EXPECT_TRUE(presets.ok());
    auto portfolio = parsePortfolio(QJsonDocument(servingPortfolioJson()).toJson(), QString(), presets.value());
    EXPECT_TRUE(portfolio.ok()) << portfolio.errorMessage().toStdString();
    return portfolio.ok() ? portfolio.value() : Portfolio{};
}

std::unique_ptr<PlannedPortfolio> planOn(const Portfolio &portfolio, const QList<Offer> &offers)
{
    auto out = std::make_unique<PlannedPortfolio>();
    out->offers = offers;
    auto problem = buildPortfolioProblem(portfolio, portfolioCatalog(offers), &out->basis);
    EXPECT_TRUE(problem.ok()) << problem.errorMessage().toStdString();
    if (!problem)
        return nullptr;
    out->optimizer = std::make_unique<CommitmentOptimizer>(std::move(problem).value());
    auto plan = planPortfolio(*out->optimizer, portfolio.sensitivityDemandDrop, portfolio.sensitivityPriceCut);
    EXPECT_TRUE(plan.ok()) << plan.errorMessage().toStdString();
    if (!plan)
        return nullptr;
    out->plan = std::move(plan).value();
    return out;
}

} // namespace gpuplanner::test
