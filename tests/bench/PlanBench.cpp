// A full plan of one scenario over the whole catalog: hard filters, instance counts, billing
// rules, 1,000 Monte Carlo draws for every spot offer that survives, ranking, Pareto front and
// recommendation, at today's catalog (/1) and at ten times it (/10, tests/bench/BenchCatalog.h).
// The GUI re-plans on every edit, so a plan must stay well inside a frame budget:
//   BM_Plan*            a workload edit: everything estimated and priced again (goal <= 10 ms at
//                       /1, <= 50 ms at /10);
//   BM_Reprice*         a price edit (the budget), the estimates kept;
//   BM_PlanColdCli*     `gpu-planner-cli plan SCENARIO --format json` as a new process, with its
//                       peak RSS (goal <= 150 ms and 64 MB at /1, <= 500 ms at /10).

#include "BenchCatalog.h"

#include "db/OfferCache.h"
#include "db/SqliteCatalogRepository.h"

#include "core/cost/BillingCost.h"
#include "core/estimate/ModelPresets.h"
#include "core/plan/Planner.h"
#include "core/plan/Scenario.h"

#include <QCoreApplication>
#include <QFile>

#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace gpuplanner;
using namespace gpuplanner::core;

namespace {

struct Fixture
{
    Planner planner;
    PlanRequest request;
    QString error;
};

// Built once per scenario and scale: the catalog read and the planner's per-catalog tables are
// not part of a re-plan.
Fixture &fixture(const QString &scenario, int scale)
{
    static QHash<QString, Fixture *> cache;
    const QString key = scenario + QString::number(scale);
    if (Fixture *f = cache.value(key))
        return *f;
    auto *f = new Fixture;
    cache.insert(key, f);
    const QString path = tests::benchCatalogPath(scale);
    if (path.isEmpty()) {
        f->error = QStringLiteral("no benchmark catalog");
        return *f;
    }
    auto repo = db::SqliteCatalogRepository::openExisting(path);
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

void counters(benchmark::State &state, Fixture &f)
{
    const PlanResult &r = f.planner.result();
    int spot = 0;
    for (int i = 0; i < r.usable; ++i)
        spot += r.options[std::size_t(i)].billing == Billing::Spot;
    state.counters["offers"] = double(f.planner.offers().size());
    state.counters["considered"] = r.offersConsidered;
    state.counters["usable"] = r.usable;
    state.counters["spot_simulated"] = spot;
    state.counters["shapes"] = f.planner.estimatesCached();
    state.counters["estimated"] = f.planner.estimatesComputed();
    state.counters["spot_jobs"] = f.planner.spotJobsSimulated();
}

// A workload edit: the dataset alternates between two sizes, so every plan estimates afresh.
void planScenario(benchmark::State &state, const QString &scenario)
{
    Fixture &f = fixture(scenario, int(state.range(0)));
    if (!f.error.isEmpty()) {
        state.SkipWithError(f.error.toUtf8().constData());
        return;
    }
    PlanRequest edited = f.request;
    edited.workload.training.tokens *= 1.01;
    edited.workload.vision.samples *= 1.01;
    edited.workload.inference.requestsPerSecond *= 1.01;
    edited.workload.inference.outputTokensPerSecond *= 1.01;
    edited.workload.measured.items *= 1.01;
    int i = 0;
    for (auto _ : state) {
        const PlanResult &r = f.planner.plan(++i % 2 ? edited : f.request);
        benchmark::DoNotOptimize(r.recommended);
    }
    counters(state, f);
}

// A price edit: the budget alternates, the workload stays, so the estimates are kept.
void repriceScenario(benchmark::State &state, const QString &scenario)
{
    Fixture &f = fixture(scenario, int(state.range(0)));
    if (!f.error.isEmpty()) {
        state.SkipWithError(f.error.toUtf8().constData());
        return;
    }
    PlanRequest edited = f.request;
    edited.constraints.budget = f.request.constraints.budget > 0 ? f.request.constraints.budget * 1.5 : 1e9;
    int i = 0;
    for (auto _ : state) {
        const PlanResult &r = f.planner.plan(++i % 2 ? edited : f.request);
        benchmark::DoNotOptimize(r.recommended);
    }
    counters(state, f);
}

// Runs a program to its end with its output discarded: its exit status and peak RSS (KiB).
// A child's ru_maxrss counts the memory of the process it was forked from, so the children are
// started by a small launcher forked before the benchmark loads anything (see main): their
// peak is then their own.
struct ChildRun
{
    int status = -1;
    long peakKib = 0;
};

int g_toLauncher = -1;
int g_fromLauncher = -1;

[[noreturn]] void launcherLoop(int in, int out)
{
    for (;;) {
        std::uint32_t size = 0;
        if (::read(in, &size, sizeof size) != sizeof size)
            ::_exit(0);
        std::string request(size, '\0');
        std::size_t got = 0;
        while (got < size) {
            const ssize_t n = ::read(in, request.data() + got, size - got);
            if (n <= 0)
                ::_exit(0);
            got += std::size_t(n);
        }
        std::vector<char *> argv;
        for (std::size_t start = 0; start < request.size();) {
            argv.push_back(request.data() + start);
            start = request.find('\0', start) + 1;
        }
        argv.push_back(nullptr);
        ChildRun run;
        const pid_t pid = ::fork();
        if (pid == 0) {
            const int devnull = ::open("/dev/null", O_WRONLY);
            ::dup2(devnull, 1);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        int status = 0;
        rusage usage{};
        if (pid > 0 && ::wait4(pid, &status, 0, &usage) == pid) {
            run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            run.peakKib = usage.ru_maxrss;
        }
        if (::write(out, &run, sizeof run) != sizeof run)
            ::_exit(0);
    }
}

void startLauncher()
{
    int requests[2];
    int replies[2];
    if (::pipe(requests) != 0 || ::pipe(replies) != 0)
        return;
    if (::fork() == 0) {
        ::close(requests[1]);
        ::close(replies[0]);
        launcherLoop(requests[0], replies[1]);
    }
    ::close(requests[0]);
    ::close(replies[1]);
    g_toLauncher = requests[1];
    g_fromLauncher = replies[0];
}

std::optional<ChildRun> runChild(const QStringList &args)
{
    if (g_toLauncher < 0)
        return std::nullopt;
    std::string request;
    for (const QString &a : args) {
        request += a.toLocal8Bit().toStdString();
        request += '\0';
    }
    const auto size = std::uint32_t(request.size());
    if (::write(g_toLauncher, &size, sizeof size) != sizeof size
        || ::write(g_toLauncher, request.data(), request.size()) != ssize_t(request.size()))
        return std::nullopt;
    ChildRun run;
    if (::read(g_fromLauncher, &run, sizeof run) != sizeof run)
        return std::nullopt;
    return run;
}

// The CLI as a user runs it, a new process each time, with the child's peak RSS.
void coldCliPlan(benchmark::State &state, const QString &scenario, bool firstPlanAfterChange = false)
{
    const QString catalog = tests::benchCatalogPath(int(state.range(0)));
    if (catalog.isEmpty()) {
        state.SkipWithError("no benchmark catalog");
        return;
    }
    const QString scenarioPath = QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/scenarios/%1.json").arg(scenario);
    const QStringList args = {QStringLiteral(GPUPLANNER_CLI_PATH), QStringLiteral("--catalog"), catalog,
                              QStringLiteral("plan"), scenarioPath, QStringLiteral("--format"), QStringLiteral("json")};
    // The first plan after the catalog changed reads the catalog and writes its offer copy
    // (OfferCache); every plan after it, until the next refresh or import, is what this times.
    // BM_PlanColdCliFirstAfterChange times that first one.
    if (!firstPlanAfterChange) {
        if (const auto warm = runChild(args); !warm || warm->status != 0) {
            state.SkipWithError("gpu-planner-cli plan failed");
            return;
        }
    }
    long peakKib = 0;
    for (auto _ : state) {
        if (firstPlanAfterChange) {
            state.PauseTiming();
            QFile::remove(db::offerCachePath(catalog));
            state.ResumeTiming();
        }
        const auto run = runChild(args);
        if (!run || run->status != 0) {
            state.SkipWithError("gpu-planner-cli plan failed");
            return;
        }
        peakKib = std::max(peakKib, run->peakKib);
    }
    state.counters["peak_rss_mb"] = double(peakKib) / 1024.0;
}

#define GPUPLANNER_PLAN_BENCH(Name, scenario)                                                                  \
    void BM_Plan##Name(benchmark::State &state) { planScenario(state, QStringLiteral(scenario)); }            \
    BENCHMARK(BM_Plan##Name)->Arg(1)->Arg(10)->Unit(benchmark::kMillisecond);                                 \
    void BM_Reprice##Name(benchmark::State &state) { repriceScenario(state, QStringLiteral(scenario)); }      \
    BENCHMARK(BM_Reprice##Name)->Arg(1)->Arg(10)->Unit(benchmark::kMillisecond);                              \
    void BM_PlanColdCli##Name(benchmark::State &state) { coldCliPlan(state, QStringLiteral(scenario)); }      \
    BENCHMARK(BM_PlanColdCli##Name)->Arg(1)->Arg(10)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);

GPUPLANNER_PLAN_BENCH(Pretrain7B, "llama-7b-pretrain")
GPUPLANNER_PLAN_BENCH(SpotDistributed, "spot-distributed-training")
GPUPLANNER_PLAN_BENCH(BertFineTune, "bert-base-finetune")
GPUPLANNER_PLAN_BENCH(Serving70B, "llama-70b-serving")
GPUPLANNER_PLAN_BENCH(MobileNetT4, "mobilenet-t4")
GPUPLANNER_PLAN_BENCH(MeasuredThroughput, "measured-throughput")

// The first cold plan after a refresh or an import: the catalog read and its offer copy written.
void BM_PlanColdCliFirstAfterChange(benchmark::State &state)
{
    coldCliPlan(state, QStringLiteral("llama-7b-pretrain"), true);
}
BENCHMARK(BM_PlanColdCliFirstAfterChange)->Arg(1)->Arg(10)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);

} // namespace

int main(int argc, char **argv)
{
    startLauncher(); // first, while this process is small
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
