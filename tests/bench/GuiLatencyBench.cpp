// GUI latency, the numbers people feel, at today's catalog (/1) and at ten times it (/10,
// tests/bench/BenchCatalog.h):
//  - launch: from constructing the main window to an interactive window with the full
//    catalog loaded and the default scenario planned (goal <= 400 ms at /1);
//  - edit: from changing a workload field to the comparison table and both charts showing
//    the new plan (goal <= 50 ms at /1, <= 100 ms at /10), debounce included;
//  - max_gui_stall_ms: the longest the GUI thread went without turning its event loop during the
//    edits (a 1 ms timer's largest gap): the goal is under a frame, 16 ms.
// Runs offscreen; times are wall-clock (manual time), the GUI thread turning its own event loop as
// the app does (a wait never sends posted events itself, which would join work the loop runs
// apart). The waits return once the loop has run everything the new plan posted, the repaint
// included, and never sleep (QTest::qWaitFor sleeps 10 ms a round, which would add to both the
// latency and the stall measured).
// GPUPLANNER_BENCH_EVENTS=N prints every event the GUI thread took N ms or more to handle;
// GPUPLANNER_BENCH_ALL_EVENTS=1 with it prints the shorter ones too, every paint (its widget and
// the bounding rect of what it repaints) and every move and resize: how the profile behind each
// change to the edit path was read.

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
#include <QEventLoop>
#include <QTimer>
#include <QPaintEvent>
#include <QPropertyAnimation>

#include <algorithm>
#include <cstdio>
#include <functional>

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
        && w.comparison()->model()->snapshot() == latest && !w.comparison()->planPending();
}

// Counts the events the application delivers, so that a wait can tell when the event loop has
// nothing left to do: a batch of posted events that held nothing but its own marker.
class ActivityCounter : public QObject
{
public:
    ActivityCounter() { QCoreApplication::instance()->installEventFilter(this); }
    ~ActivityCounter() override { QCoreApplication::instance()->removeEventFilter(this); }
    quint64 count() const { return m_count; }

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        // Timers tick whether or not the plan left work behind (the stall meter's among them).
        if (event->type() != QEvent::Timer && event->type() != kMarker)
            ++m_count;
        return false;
    }

public:
    static constexpr QEvent::Type kMarker = QEvent::Type(QEvent::User + 725);

private:
    quint64 m_count = 0;
};

// Turns the GUI event loop, as the app's own loop does, until the window shows a plan newer than
// generation `after` and everything that plan posted (table and chart updates, layouts, the
// repaint) has run: a marker posted at the lowest priority comes back in a batch with nothing
// else in it. Returns false if timeoutMs pass first.
bool waitForPlan(ui::MainWindow &w, quint64 after, int timeoutMs)
{
    ActivityCounter activity;
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    struct Marker : QObject
    {
        std::function<void()> arrived;
        bool event(QEvent *e) override
        {
            if (e->type() != ActivityCounter::kMarker)
                return QObject::event(e);
            arrived();
            return true;
        }
    } marker;
    quint64 seen = 0;
    bool quiet = false;
    const auto post = [&] {
        seen = activity.count();
        QCoreApplication::postEvent(&marker, new QEvent(ActivityCounter::kMarker), Qt::LowEventPriority - 1);
    };
    marker.arrived = [&] {
        if (activity.count() == seen) {
            quiet = true;
            loop.quit();
        } else {
            post();
        }
    };
    bool posted = false;
    const auto check = [&] {
        if (!posted && planned(w, after)) {
            posted = true;
            post();
        }
    };
    QObject::connect(w.planRunner(), &ui::PlanRunner::finished, &loop, check, Qt::QueuedConnection);
    QObject::connect(w.planRunner(), &ui::PlanRunner::busyChanged, &loop, check, Qt::QueuedConnection);
    QObject::connect(w.comparison(), &ui::ComparisonPanel::planShown, &loop, check, Qt::QueuedConnection);
    check();
    deadline.start(timeoutMs);
    loop.exec();
    return quiet && planned(w, after);
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

namespace {

// The application, timing each event it delivers from its event loop when asked to.
class TracingApplication : public QApplication
{
public:
    TracingApplication(int &argc, char **argv)
        : QApplication(argc, argv), m_thresholdMs(qEnvironmentVariableIntValue("GPUPLANNER_BENCH_EVENTS")),
          m_all(m_thresholdMs > 0 && qEnvironmentVariableIsSet("GPUPLANNER_BENCH_ALL_EVENTS"))
    {
        m_clock.start();
    }
    bool notify(QObject *receiver, QEvent *event) override
    {
        if (m_thresholdMs <= 0)
            return QApplication::notify(receiver, event);
        if (m_all)
            traceGeometry(receiver, event);
        if (m_depth > 0)
            return QApplication::notify(receiver, event);
        ++m_depth;
        QElapsedTimer clock;
        clock.start();
        const int type = event->type(); // the event may be gone after it is delivered
        const QByteArray name = describe(receiver);
        const bool handled = QApplication::notify(receiver, event);
        const double ms = double(clock.nsecsElapsed()) / 1e6;
        --m_depth;
        const double at = double(m_clock.nsecsElapsed()) / 1e6;
        if (ms >= m_thresholdMs)
            std::fprintf(stderr, "%10.2f event %d to %s: %.1f ms\n", at, type, name.constData(), ms);
        else if (m_all)
            std::fprintf(stderr, "%10.2f   event %d to %s: %.2f ms\n", at, type, name.constData(), ms);
        return handled;
    }

private:
    static QByteArray describe(const QObject *o)
    {
        QByteArray name = o->metaObject()->className();
        if (o->parent())
            name += QByteArray(" in ") + o->parent()->metaObject()->className();
        if (auto *a = qobject_cast<const QPropertyAnimation *>(o); a && a->targetObject())
            name += QByteArray(" animating ") + a->targetObject()->metaObject()->className() + ' ' + a->propertyName();
        return name;
    }
    // Paints inside an event (the widget and the bounding rect of what it repaints), moves and resizes.
    static void traceGeometry(const QObject *receiver, const QEvent *event)
    {
        const auto *w = qobject_cast<const QWidget *>(receiver);
        if (!w)
            return;
        if (event->type() == QEvent::Paint) {
            const QRect r = static_cast<const QPaintEvent *>(event)->rect();
            std::fprintf(stderr, "    paint %s %d,%d %dx%d\n", describe(w).constData(), r.x(), r.y(), r.width(), r.height());
        } else if (event->type() == QEvent::Resize || event->type() == QEvent::Move) {
            std::fprintf(stderr, "    %s %s %d,%d %dx%d\n", event->type() == QEvent::Resize ? "resize" : "move",
                         describe(w).constData(), w->x(), w->y(), w->width(), w->height());
        }
    }

    int m_thresholdMs = 0;
    bool m_all = false;
    int m_depth = 0;
    QElapsedTimer m_clock; // each line starts with the ms since the start at which its event was handled
};

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    TracingApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
