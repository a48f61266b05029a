#include "portfolio/PortfolioFixtures.h"

#include "estimate/GpuFixtures.h"

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

Portfolio servingPortfolio()
{
    auto presets = loadModelPresets();
    EXPECT_TRUE(presets.ok());
    Scenario scenario;
    scenario.name = QStringLiteral("Serving");
    scenario.workload.kind = WorkloadKind::FineTune;
    scenario.workload.model = findPreset(presets.value(), u"bert-base")->arch;
    scenario.workload.training.tokens = 10e6;
    Phase serving;
    serving.name = QStringLiteral("serving");
    serving.start = QDate(2026, 9, 1);
    serving.months = 12;
    serving.load = PhaseLoad::Gpus;
    serving.gpus = 16;
    scenario.phases = {serving};
    Portfolio p;
    p.start = QDate(2026, 9, 1);
    p.months = 12;
    p.workloads.append({QStringLiteral("serving"), QString(), scenario});
    return p;
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
