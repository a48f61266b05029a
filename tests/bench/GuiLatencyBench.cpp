// GUI latency, the numbers people feel, at today's catalog (/1) and at ten times it (/10,
// tests/bench/BenchCatalog.h):
//  - launch: from constructing the main window to an interactive window with the full
//    catalog loaded and the default scenario planned (goal <= 400 ms at /1);
//  - edit: from changing a workload field to the comparison table and both charts showing
//    the new plan (goal <= 50 ms at /1, <= 100 ms at /10), debounce included;
//  - max_gui_stall_ms: the longest the GUI thread went without turning its event loop during the
//    edits (a 1 ms timer's largest gap): the goal is under a frame, 16 ms.
// Runs offscreen; times are wall-clock (manual time), the GUI thread spinning its event loop. The
// waits return on the runner's signals and never sleep (QTest::qWaitFor sleeps 10 ms a round,
// which would add to both the latency and the stall measured), and they include the repaint that
// the new plan posts.

#include "BenchCatalog.h"

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
#include <QEventLoop>
#include <QTimer>

#include <algorithm>

#include <benchmark/benchmark.h>

using namespace gpuplanner;
using gpuplanner::tests::kSlowWaitMs;

namespace {

core::CatalogRepositoryFactory factory(int scale)
{
    const QString path = tests::benchCatalogPath(scale);
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

// Turns the GUI event loop until the window shows a plan newer than generation `after` and has
// painted it, or timeoutMs pass; returns whether it did.
bool waitForPlan(ui::MainWindow &w, quint64 after, int timeoutMs)
{
    if (!planned(w, after)) {
        QEventLoop loop;
        QTimer deadline;
        deadline.setSingleShot(true);
        QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
        const auto check = [&] {
            if (planned(w, after))
                loop.quit();
        };
        QObject::connect(w.planRunner(), &ui::PlanRunner::finished, &loop, check);
        QObject::connect(w.planRunner(), &ui::PlanRunner::busyChanged, &loop, check);
        deadline.start(timeoutMs);
        loop.exec();
        if (!planned(w, after))
            return false;
    }
    // The repaint the new plan posted (table, charts), as a person would see it.
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    return true;
}

// The window the figures are measured at, whatever the screen (offscreen's is 800 x 600): the
// size a desktop opens it at, as in every earlier run of these benchmarks.
const QSize kWindowSize(1400, 860);

// The longest gap between the ticks of a 1 ms timer on the GUI thread while it runs.
class StallMeter
{
public:
    StallMeter()
    {
        m_timer.setInterval(1);
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            m_maxGapNs = std::max(m_maxGapNs, now - m_lastNs);
            m_lastNs = now;
        });
    }
    void start()
    {
        m_clock.start();
        m_lastNs = 0;
        m_timer.start();
    }
    void stop()
    {
        // The gap up to now counts too (the last work before the stop).
        m_maxGapNs = std::max(m_maxGapNs, m_clock.nsecsElapsed() - m_lastNs);
        m_timer.stop();
    }
    double maxGapMs() const { return double(m_maxGapNs) / 1e6; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastNs = 0;
    qint64 m_maxGapNs = 0;
};

void BM_LaunchToInteractive(benchmark::State &state)
{
    const int scale = int(state.range(0));
    // The catalog is built once, outside the timing, and read once: the first read after a
    // catalog changes writes its offer copy (OfferCache), which every later launch reads.
    if (auto repo = factory(scale)(); !repo || !repo.value()->offers(core::OfferQuery{})) {
        state.SkipWithError("cannot read the benchmark catalog");
        return;
    }
    for (auto _ : state) {
        QElapsedTimer clock;
        clock.start();
        ui::MainWindow window(factory(scale));
        window.resize(kWindowSize);
        window.show();
        window.reloadCatalog();
        if (!waitForPlan(window, 0, 60000)) {
            state.SkipWithError("no plan within 60 s");
            return;
        }
        state.SetIterationTime(double(clock.nsecsElapsed()) / 1e9);
        state.counters["options"] = double(window.comparison()->model()->rowCount());
    }
}
BENCHMARK(BM_LaunchToInteractive)->Arg(1)->Arg(10)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_EditToTableAndCharts(benchmark::State &state)
{
    ui::MainWindow window(factory(int(state.range(0))));
    window.resize(kWindowSize);
    window.show();
    window.reloadCatalog();
    if (!waitForPlan(window, 0, 60000)) {
        state.SkipWithError("no plan within 60 s");
        return;
    }
    int i = 0;
    StallMeter stalls;
    stalls.start();
    for (auto _ : state) {
        const quint64 generation = window.planRunner()->latest()->generation;
        QElapsedTimer clock;
        clock.start();
        window.document()->setValue(QStringLiteral("workload.tokens"), (++i % 2) ? QStringLiteral("2B") : QStringLiteral("1B"));
        if (!waitForPlan(window, generation, kSlowWaitMs)) {
            state.SkipWithError("no re-plan within 10 s");
            return;
        }
        state.SetIterationTime(double(clock.nsecsElapsed()) / 1e9);
        state.counters["plan_ms"] = window.planRunner()->latest()->planMs;
    }
    stalls.stop();
    state.counters["max_gui_stall_ms"] = stalls.maxGapMs();
}
BENCHMARK(BM_EditToTableAndCharts)->Arg(1)->Arg(10)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(20);

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
