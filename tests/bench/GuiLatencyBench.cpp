// GUI latency, the two numbers people feel (issue 6, item 9):
//  - launch: from constructing the main window to an interactive window with the full seed
//    catalog loaded and the default scenario planned (goal < 1 s);
//  - edit: from changing a workload field to the comparison table and both charts showing
//    the new plan (goal < 100 ms), debounce included.
// Runs offscreen; times are wall-clock (manual time), the GUI thread spinning its event loop.

#include "db/SeedCatalog.h"
#include "db/SqliteCatalogRepository.h"
#include "ui/MainWindow.h"
#include "ui/charts/CostTimeChart.h"
#include "ui/compare/ComparisonModel.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/compare/PlanRunner.h"
#include "ui/scenario/ScenarioDocument.h"

#include "TestWaits.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <benchmark/benchmark.h>

using namespace gpuplanner;
using gpuplanner::tests::kSlowWaitMs;

namespace {

core::CatalogRepositoryFactory factory()
{
    static const QString path = tests::seedCatalogPath();
    return [p = path]() -> core::Result<std::unique_ptr<core::CatalogRepository>> {
        auto repo = db::SqliteCatalogRepository::openExisting(p);
        if (!repo)
            return repo.error();
        return std::unique_ptr<core::CatalogRepository>(std::move(repo).value());
    };
}

bool planned(ui::MainWindow &w, quint64 after)
{
    const auto &latest = w.planRunner()->latest();
    return !w.planRunner()->isBusy() && latest && latest->generation > after
        && w.comparison()->model()->snapshot() == latest;
}

void BM_LaunchToInteractive(benchmark::State &state)
{
    factory(); // the seed catalog is built once, outside the timing
    for (auto _ : state) {
        QElapsedTimer clock;
        clock.start();
        ui::MainWindow window(factory());
        window.show();
        window.reloadCatalog();
        if (!QTest::qWaitFor([&] { return planned(window, 0); }, 60000)) {
            state.SkipWithError("no plan within 60 s");
            return;
        }
        state.SetIterationTime(double(clock.nsecsElapsed()) / 1e9);
        state.counters["options"] = double(window.comparison()->model()->rowCount());
    }
}
BENCHMARK(BM_LaunchToInteractive)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_EditToTableAndCharts(benchmark::State &state)
{
    ui::MainWindow window(factory());
    window.show();
    window.reloadCatalog();
    if (!QTest::qWaitFor([&] { return planned(window, 0); }, 60000)) {
        state.SkipWithError("no plan within 60 s");
        return;
    }
    int i = 0;
    for (auto _ : state) {
        const quint64 generation = window.planRunner()->latest()->generation;
        QElapsedTimer clock;
        clock.start();
        window.document()->setValue(QStringLiteral("workload.tokens"), (++i % 2) ? QStringLiteral("2B") : QStringLiteral("1B"));
        if (!QTest::qWaitFor([&] { return planned(window, generation); }, kSlowWaitMs)) {
            state.SkipWithError("no re-plan within 10 s");
            return;
        }
        state.SetIterationTime(double(clock.nsecsElapsed()) / 1e9);
        state.counters["plan_ms"] = window.planRunner()->latest()->planMs;
    }
}
BENCHMARK(BM_EditToTableAndCharts)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(20);

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
