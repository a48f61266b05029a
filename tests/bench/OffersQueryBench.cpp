// `offers --gpu H100 --min-gpus 8 --sort price` over the full embedded catalog:
// in-process (repository query) and as a cold CLI process.

#include "db/SeedCatalog.h"
#include "db/SqliteCatalogRepository.h"

#include <QCoreApplication>
#include <QProcess>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

using namespace gpuplanner;

namespace {

core::OfferQuery h100x8()
{
    core::OfferQuery q;
    q.gpus = {QStringLiteral("H100-SXM5-80GB")};
    q.minGpus = 8;
    q.sort = core::OfferSort::Price;
    return q;
}

void BM_OffersQueryInProcess(benchmark::State &state)
{
    auto repo = db::SqliteCatalogRepository::openExisting(tests::seedCatalogPath());
    if (!repo) {
        state.SkipWithError(repo.errorMessage().toUtf8().constData());
        return;
    }
    const auto query = h100x8();
    qsizetype rows = 0;
    for (auto _ : state) {
        auto offers = repo.value()->offers(query);
        rows = offers.value().size();
        benchmark::DoNotOptimize(rows);
    }
    state.counters["offers"] = double(rows);
}
BENCHMARK(BM_OffersQueryInProcess)->Unit(benchmark::kMicrosecond);

void BM_OffersQueryOpenAndQuery(benchmark::State &state)
{
    const auto query = h100x8();
    for (auto _ : state) {
        auto repo = db::SqliteCatalogRepository::openExisting(tests::seedCatalogPath());
        auto gpu = repo.value()->resolveGpu(QStringLiteral("H100"));
        auto offers = repo.value()->offers(query);
        benchmark::DoNotOptimize(offers.value().size());
    }
}
BENCHMARK(BM_OffersQueryOpenAndQuery)->Unit(benchmark::kMillisecond);

void BM_OffersColdCliProcess(benchmark::State &state)
{
    const QString catalog = tests::seedCatalogPath();
    for (auto _ : state) {
        QProcess process;
        process.start(QStringLiteral(GPUPLANNER_CLI_PATH),
                      {QStringLiteral("--catalog"), catalog, QStringLiteral("offers"), QStringLiteral("--gpu"),
                       QStringLiteral("H100"), QStringLiteral("--min-gpus"), QStringLiteral("8"),
                       QStringLiteral("--sort"), QStringLiteral("price")});
        process.waitForFinished(30000);
        if (process.exitCode() != 0) {
            state.SkipWithError("gpu-planner-cli failed");
            return;
        }
    }
}
BENCHMARK(BM_OffersColdCliProcess)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same query on the user's catalog (XDG_DATA_HOME, created once before timing), as a person
// runs it: the catalog is found, checked and opened, no --catalog given.
void BM_OffersColdCliProcessUserCatalog(benchmark::State &state)
{
    QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
    auto run = [&](const QStringList &args) {
        QProcess process;
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(GPUPLANNER_CLI_PATH), args);
        process.waitForFinished(60000);
        return process.exitCode();
    };
    const QStringList query = {QStringLiteral("offers"), QStringLiteral("--gpu"), QStringLiteral("H100"),
                               QStringLiteral("--min-gpus"), QStringLiteral("8"), QStringLiteral("--sort"),
                               QStringLiteral("price")};
    if (run(query) != 0) { // first run: creates the user catalog
        state.SkipWithError("gpu-planner-cli failed");
        return;
    }
    for (auto _ : state)
        benchmark::DoNotOptimize(run(query));
}
BENCHMARK(BM_OffersColdCliProcessUserCatalog)->Unit(benchmark::kMillisecond)->UseRealTime();

// A bare `--help`: the cost of starting the program at all.
void BM_HelpColdCliProcess(benchmark::State &state)
{
    for (auto _ : state) {
        QProcess process;
        process.start(QStringLiteral(GPUPLANNER_CLI_PATH), {QStringLiteral("--help")});
        process.waitForFinished(30000);
    }
}
BENCHMARK(BM_HelpColdCliProcess)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
