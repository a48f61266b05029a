// Issue 48: a 100-GPU team's year of bills analysed and a commitment recommended (goal < 5 s):
// a generated 12-month AWS CUR (8 p5.48xlarge serving all year, 3 p4d.24xlarge on weekdays, a
// training burst of p5 every month; one line per instance and day, tests/actuals/GeneratedBills)
// is parsed, its GPU usage read (BillUsage), repriced (BillReprice), started as a portfolio and
// planned by the commitment optimizer with its comparison plans (planPortfolio).
//   BM_BillAnalyseAndRecommend   the whole path, on a catalog of the sample's AWS prices
//   BM_BillUsageOnly             parse + usage + reprice, without the optimizer

#include "actuals/GeneratedBills.h"
#include "estimate/GpuFixtures.h"

#include "core/actuals/BillReprice.h"
#include "core/actuals/BillUsage.h"
#include "core/estimate/ModelPresets.h"
#include "core/portfolio/BillPortfolio.h"
#include "core/portfolio/CommitmentOptimizer.h"
#include "core/portfolio/PortfolioBuild.h"
#include "core/portfolio/PortfolioPlan.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <benchmark/benchmark.h>

using namespace gpuplanner;
using namespace gpuplanner::core;
using namespace gpuplanner::core::actuals;

namespace {

const QByteArray &teamYearBill()
{
    static const QByteArray bill = test::generatedCur(test::hundredGpuTeamYear(QStringLiteral("2025-01")));
    return bill;
}

QList<Offer> catalog()
{
    QList<Offer> offers;
    for (const QString &region : {QStringLiteral("us-east-1"), QStringLiteral("us-west-2")}) {
        offers << test::sampleOffer(QStringLiteral("p5.48xlarge"), region, Billing::OnDemand, test::kP5Rate)
               << test::sampleOffer(QStringLiteral("p5.48xlarge"), region, Billing::Reserved, 60.0, 12)
               << test::sampleOffer(QStringLiteral("p5.48xlarge"), region, Billing::Reserved, 45.0, 36)
               << test::sampleOffer(QStringLiteral("p4d.24xlarge"), region, Billing::OnDemand, test::kP4dRate)
               << test::sampleOffer(QStringLiteral("p4d.24xlarge"), region, Billing::Reserved, 19.6636, 12);
    }
    return offers;
}

BillUsage usageOf(const BillCatalog &bill)
{
    auto parsed = parseBillingFile(teamYearBill(), QStringLiteral("team-year.csv"), BillingFormat::AwsCur, QDate(2026, 12, 1));
    if (!parsed)
        return {};
    QList<SpendRecord> records;
    records.reserve(parsed->lines.size());
    for (const SpendLine &l : parsed->lines)
        records.append({l, QStringLiteral("team-year.csv"), 1});
    return billUsage(records, bill);
}

void BM_BillUsageOnly(benchmark::State &state)
{
    const BillCatalog bill(catalog());
    for (auto _ : state) {
        const BillUsage usage = usageOf(bill);
        const BillReprice rp = repriceUsage(usage, bill);
        benchmark::DoNotOptimize(rp.rows.size());
        state.counters["usage_rows"] = double(usage.rows.size());
    }
    state.counters["bill_mib"] = double(teamYearBill().size()) / (1024.0 * 1024.0);
}
BENCHMARK(BM_BillUsageOnly)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_BillAnalyseAndRecommend(benchmark::State &state)
{
    const QList<Offer> offers = catalog();
    const BillCatalog bill(offers);
    auto presets = loadModelPresets();
    if (!presets) {
        state.SkipWithError("no model presets");
        return;
    }
    for (auto _ : state) {
        const BillUsage usage = usageOf(bill);
        const BillReprice rp = repriceUsage(usage, bill);
        auto started = portfolioFromUsage(usage, {});
        if (!started) {
            state.SkipWithError(started.errorMessage().toStdString().c_str());
            return;
        }
        auto portfolio = parsePortfolio(QJsonDocument(started->portfolio).toJson(), QString(), presets.value());
        if (!portfolio) {
            state.SkipWithError(portfolio.errorMessage().toStdString().c_str());
            return;
        }
        PortfolioCatalog pc{offers,
                            {test::gpuModel(QStringLiteral("H100-SXM5-80GB")), test::gpuModel(QStringLiteral("A100-SXM4-40GB"))},
                            {}, {}, {}, {}, {}};
        auto problem = buildPortfolioProblem(portfolio.value(), pc);
        if (!problem) {
            state.SkipWithError(problem.errorMessage().toStdString().c_str());
            return;
        }
        const CommitmentOptimizer optimizer(std::move(problem).value());
        auto plan = planPortfolio(optimizer, portfolio->sensitivityDemandDrop, portfolio->sensitivityPriceCut);
        if (!plan) {
            state.SkipWithError(plan.errorMessage().toStdString().c_str());
            return;
        }
        benchmark::DoNotOptimize(plan->solution.expectedCost);
        state.counters["workloads"] = double(started->workloads);
        state.counters["repriced_rows"] = double(rp.rows.size());
    }
}
BENCHMARK(BM_BillAnalyseAndRecommend)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
