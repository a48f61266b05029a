#pragma once
// TestWaits: the one ceiling for every wait on asynchronous work in the suites (a worker thread,
// a child process, a queued signal). A passing test returns as soon as what it waits for
// happens, so the ceiling costs nothing on a fast machine; it is generous so that a loaded CI
// machine (both cores busy, a sanitizer build) never fails a test that would pass given time.
// Never wait a fixed time and then assert: wait for the signal, state or output instead
// (QSignalSpy::wait, QTest::qWaitFor, a pipe read). QTRY_* and QVERIFY/QCOMPARE must not be used
// in GoogleTest suites: outside QTest::qExec a failed one returns from the test, which then passes.
// tests/policy/check_test_waits.py enforces both rules.

#include <QCoreApplication>
#include <QEventLoop>

#include <chrono>
#include <functional>
#include <thread>

namespace gpuplanner::tests {

inline constexpr int kSlowWaitMs = 60000;

// Delivers what is already queued (layout requests, queued signals, pending repaints), so a
// screenshot shows the laid-out window; deterministic where a fixed qWait only hoped to be long
// enough. A few rounds, since a layout pass posts the next one.
inline void settleEvents()
{
    for (int round = 0; round < 4; ++round) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents(QEventLoop::AllEvents);
    }
}

// For threads without an event loop (a fake server, a canceller): waits until the predicate holds
// or kSlowWaitMs pass; returns whether it holds.
inline bool pollUntil(const std::function<bool()> &holds)
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(kSlowWaitMs);
    while (!holds()) {
        if (std::chrono::steady_clock::now() > until)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2)); // wait-ok: polls the state waited for
    }
    return true;
}

} // namespace gpuplanner::tests
