// Next period's commitments from a bill (issue 48): a generated AWS bill with one 8 x H100
// serving instance every day of six months and a one-off training burst of four more for ten
// days becomes a portfolio whose demand is the steady part only; the portfolio optimizer then
// buys one 8-GPU reservation, not five.

#include "actuals/GeneratedBills.h"
#include "estimate/GpuFixtures.h"

#include "core/actuals/BillUsage.h"
#include "core/estimate/ModelPresets.h"
#include "core/portfolio/BillPortfolio.h"
#include "core/portfolio/CommitmentOptimizer.h"
#include "core/portfolio/Portfolio.h"
#include "core/portfolio/PortfolioBuild.h"
#include "core/portfolio/PortfolioPlan.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

namespace {

using namespace gpuplanner;
using namespace gpuplanner::core;
using namespace gpuplanner::core::actuals;

QList<Offer> p5Catalog()
{
    return {test::sampleOffer(QStringLiteral("p5.48xlarge"), QStringLiteral("us-east-1"), Billing::OnDemand, test::kP5Rate),
            test::sampleOffer(QStringLiteral("p5.48xlarge"), QStringLiteral("us-east-1"), Billing::Reserved, 60.0, 12)};
}

BillUsage generatedUsage(int months, int burstInstances)
{
    const QByteArray cur = test::generatedCur(test::servingPlusBurst(QStringLiteral("2025-01"), months, burstInstances, 10));
    auto bill = parseBillingFile(cur, QStringLiteral("generated.csv"), BillingFormat::AwsCur, QDate(2026, 12, 1));
    EXPECT_TRUE(bill.ok()) << bill.errorMessage().toStdString();
    QList<SpendRecord> records;
    if (bill) {
        for (const SpendLine &l : bill->lines)
            records.append({l, QStringLiteral("generated.csv"), 1});
    }
    return billUsage(records, BillCatalog(p5Catalog()));
}

Result<Portfolio> parsed(const QJsonObject &json)
{
    auto presets = loadModelPresets();
    EXPECT_TRUE(presets.ok());
    return parsePortfolio(QJsonDocument(json).toJson(), QString(), presets.value());
}

} // namespace

TEST(BillRecommend, PortfolioFileStartedFromABillHoldsTheSteadyPartOnly)
{
    const BillUsage usage = generatedUsage(6, 4);
    BillPortfolioOptions o;
    o.source = QStringLiteral("generated.csv");
    o.growth = 0.25;
    auto started = portfolioFromUsage(usage, o);
    ASSERT_TRUE(started.ok()) << started.errorMessage().toStdString();
    EXPECT_EQ(started->workloads, 1);
    const QJsonObject p = started->portfolio;
    EXPECT_EQ(p.value(u"format").toString(), QStringLiteral("gpu-planner-portfolio"));
    EXPECT_EQ(p.value(u"start").toString(), QStringLiteral("2025-07")); // the month after the bill
    const QJsonObject scenario = p.value(u"workloads").toArray().first().toObject().value(u"scenario").toObject();
    const QJsonObject phase = scenario.value(u"phases").toArray().first().toObject();
    EXPECT_DOUBLE_EQ(phase.value(u"gpu_hours_per_month").toDouble(), 8 * 1.25 * 730.0);
    EXPECT_EQ(scenario.value(u"constraints").toObject().value(u"gpus").toArray().first().toString(),
              QStringLiteral("H100-SXM5-80GB"));
    EXPECT_EQ(scenario.value(u"constraints").toObject().value(u"geographies").toArray().first().toString(),
              QStringLiteral("North America"));
    // It ran on 8-GPU instances: the commitment is for instances that large.
    EXPECT_EQ(scenario.value(u"constraints").toObject().value(u"min_gpus_per_instance").toInt(), 8);
    auto portfolio = parsed(p);
    ASSERT_TRUE(portfolio.ok()) << portfolio.errorMessage().toStdString(); // what `portfolio plan` reads
    EXPECT_DOUBLE_EQ(portfolio->demandShortfall, 0.3);
}

TEST(BillRecommend, SteadyServingPlusOneOffBurstBuysForTheSteadyPartOnly)
{
    const BillUsage usage = generatedUsage(6, 4);
    auto started = portfolioFromUsage(usage, {});
    ASSERT_TRUE(started.ok()) << started.errorMessage().toStdString();
    auto portfolio = parsed(started->portfolio);
    ASSERT_TRUE(portfolio.ok()) << portfolio.errorMessage().toStdString();
    // A one-GPU H100 instance whose reservation is cheaper per GPU than the 8-GPU one: the steady
    // part ran on 8-GPU nodes, so it is not committed to single GPUs.
    QList<Offer> offers = p5Catalog();
    for (const Billing billing : {Billing::OnDemand, Billing::Reserved}) {
        Offer single = test::sampleOffer(QStringLiteral("p5.4xlarge"), QStringLiteral("us-east-1"), billing,
                                         billing == Billing::Reserved ? 6.0 : test::kP5Rate / 8.0,
                                         billing == Billing::Reserved ? 12 : 0);
        single.gpuCount = 1;
        single.gpuMemoryGib = 80;
        offers << single;
    }
    PortfolioCatalog catalog{offers, {test::gpuModel(QStringLiteral("H100-SXM5-80GB"))}, {}, {}, {}, {}, {}};
    auto problem = buildPortfolioProblem(portfolio.value(), catalog);
    ASSERT_TRUE(problem.ok()) << problem.errorMessage().toStdString();
    const CommitmentOptimizer optimizer(std::move(problem).value());
    auto plan = planPortfolio(optimizer, portfolio->sensitivityDemandDrop, portfolio->sensitivityPriceCut);
    ASSERT_TRUE(plan.ok()) << plan.errorMessage().toStdString();
    double instances = 0;
    for (const PortfolioPurchase &b : portfolioPurchases(optimizer, plan->solution)) {
        const CommitmentProduct &product = optimizer.products()[std::size_t(b.product)];
        EXPECT_EQ(product.provider, QStringLiteral("aws"));
        EXPECT_EQ(product.instanceType, QStringLiteral("p5.48xlarge"));
        EXPECT_EQ(product.offer.billing, Billing::Reserved);
        EXPECT_EQ(b.month, 0);
        instances += b.quantity;
    }
    EXPECT_DOUBLE_EQ(instances, 1.0); // 8 GPUs steady = one p5.48xlarge; the burst of 32 GPUs stays on-demand
    EXPECT_LT(plan->solution.expectedCost, plan->allOnDemand);
    EXPECT_FALSE(plan->sensitivity.isEmpty()); // the cost of being wrong
}

TEST(BillRecommend, NothingSteadyIsAnErrorThatSaysSo)
{
    BillUsage usage = generatedUsage(3, 4);
    for (SteadyUsage &s : usage.steady)
        s.steadyGpus = 0; // as when the usage skipped a month
    auto started = portfolioFromUsage(usage, {});
    ASSERT_FALSE(started.ok());
    EXPECT_TRUE(started.errorMessage().contains(QStringLiteral("nothing steady"))) << started.errorMessage().toStdString();
    BillPortfolioOptions bad;
    bad.months = 40;
    EXPECT_TRUE(portfolioFromUsage(generatedUsage(3, 0), bad).errorMessage().startsWith(QStringLiteral("--months")));
}
