// A full plan of one scenario over the whole seed catalog: hard filters, instance counts,
// billing rules, 1,000 Monte Carlo draws for every spot offer that survives, ranking, Pareto
// front and recommendation. The GUI re-plans on every edit, so one plan must stay under 50 ms.

#include "db/SeedCatalog.h"
#include "db/SqliteCatalogRepository.h"

#include "core/cost/BillingCost.h"
#include "core/estimate/ModelPresets.h"
#include "core/plan/Planner.h"
#include "core/plan/Scenario.h"

#include <QCoreApplication>

#include <benchmark/benchmark.h>

using namespace gpuplanner;
using namespace gpuplanner::core;

namespace {

struct Fixture
{
    Planner planner;
    PlanRequest request;
    QString error;
};

// Built once: the catalog read and the planner's per-catalog tables are not part of a re-plan.
Fixture &fixture(const QString &scenario)
{
    static QHash<QString, Fixture *> cache;
    if (Fixture *f = cache.value(scenario))
        return *f;
    auto *f = new Fixture;
    cache.insert(scenario, f);
    auto repo = db::SqliteCatalogRepository::openExisting(tests::seedCatalogPath());
    auto presets = loadModelPresets();
    auto rules = loadBillingRules();
    if (!repo || !presets || !rules) {
        f->error = repo.errorMessage() + presets.errorMessage() + rules.errorMessage();
        return *f;
    }
    auto s = loadScenario(QStringLiteral(":/scenarios/%1.json").arg(scenario), presets.value());
    auto offers = repo.value()->offers(OfferQuery{});
    auto gpus = repo.value()->gpuModels();
    if (!s || !offers || !gpus) {
        f->error = s.errorMessage() + offers.errorMessage() + gpus.errorMessage();
        return *f;
    }
    f->request = s->request();
    f->request.assumptions.fx = FxTable::fromOffers(offers.value());
    f->request.assumptions.billingRules = rules.value();
    f->request.assumptions.monteCarloDraws = 1000;
    f->planner.setCatalog(offers.value(), gpus.value());
    return *f;
}

void planScenario(benchmark::State &state, const QString &scenario)
{
    Fixture &f = fixture(scenario);
    if (!f.error.isEmpty()) {
        state.SkipWithError(f.error.toUtf8().constData());
        return;
    }
    for (auto _ : state) {
        const PlanResult &r = f.planner.plan(f.request);
        benchmark::DoNotOptimize(r.recommended);
    }
    const PlanResult &r = f.planner.result();
    int spot = 0;
    for (int i = 0; i < r.usable; ++i)
        spot += r.options[std::size_t(i)].billing == Billing::Spot;
    state.counters["offers"] = double(f.planner.offers().size());
    state.counters["considered"] = r.offersConsidered;
    state.counters["usable"] = r.usable;
    state.counters["spot_simulated"] = spot;
    state.counters["shapes"] = f.planner.estimatesCached();
    state.counters["spot_jobs"] = f.planner.spotJobsSimulated();
}

void BM_PlanPretrain7B(benchmark::State &state)
{
    planScenario(state, QStringLiteral("llama-7b-pretrain"));
}
BENCHMARK(BM_PlanPretrain7B)->Unit(benchmark::kMillisecond);

void BM_PlanSpotDistributed(benchmark::State &state)
{
    planScenario(state, QStringLiteral("spot-distributed-training"));
}
BENCHMARK(BM_PlanSpotDistributed)->Unit(benchmark::kMillisecond);

void BM_PlanBertFineTune(benchmark::State &state)
{
    planScenario(state, QStringLiteral("bert-base-finetune"));
}
BENCHMARK(BM_PlanBertFineTune)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
