// Concurrent writers never corrupt the catalog: two multi-provider CLI refreshes started
// together, the desktop's refresh service beside a CLI refresh, many writer threads in one
// process, kill -9 at moments spread over a refresh, and three first runs at once. Each run checks
// PRAGMA integrity_check and that every provider is all-old or all-new.
//
// The default run tests each race a few times (each test well under 30 s); scripts/soak.sh runs
// them hundreds of times (GPUPLANNER_FAULT_RUNS). The rounds are arranged so that a few of them
// cover every case on a machine of any speed: the paired refreshes alternate between a start
// where both find the lock held (so they must wait and then race for it) and a start a few
// milliseconds apart; the kills land at fractions of a refresh as timed on this machine.

#include "CliProcess.h"
#include "FaultSupport.h"
#include "TestWaits.h"
#include "db/SeedCatalog.h"

#include "core/import/SeedMetadata.h"
#include "db/CatalogFile.h"
#include "db/CatalogWriteLock.h"
#include "db/SqliteOfferStore.h"
#include "net/http/CurlHttpClient.h"
#include "net/refresh/CatalogRefreshService.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTest>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>

#include <csignal>
#include <optional>
#include <thread>

using namespace gpuplanner;
using namespace gpuplanner::tests;

namespace {

QStringList refreshArgs(const QString &catalog, const TestHttpServer &server)
{
    return {QStringLiteral("--catalog"), catalog, QStringLiteral("refresh"), QStringLiteral("--provider"),
            faultProviders().join(u','), QStringLiteral("--endpoint"),
            QStringLiteral("skypilot=") + server.url(QStringLiteral("/v8")).toString()};
}

class ConcurrentWriters : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_catalog = copySeedCatalog(m_dir.path());
        m_env = isolatedEnvironment(m_dir.path());
        serveScaledCatalog(m_twice, 2.0);
        serveScaledCatalog(m_thrice, 3.0);
    }

    void expectIntact(int run)
    {
        EXPECT_EQ(integrityCheck(m_catalog).toStdString(), "ok") << "run " << run;
        EXPECT_EQ(mixedProviders(m_catalog, seedCatalogPath(), {2.0, 3.0}), QStringList()) << "run " << run;
    }

    QTemporaryDir m_dir;
    QString m_catalog;
    QProcessEnvironment m_env;
    TestHttpServer m_twice;
    TestHttpServer m_thrice;
};

} // namespace

TEST_F(ConcurrentWriters, TwoMultiProviderRefreshesStartedTogetherBothSucceedAndLeaveAnIntactCatalog)
{
    const int runs = faultRuns(3);
    int waited = 0;
    for (int run = 0; run < runs; ++run) {
        // Even runs: both start while the test holds the write lock, so both wait and race for
        // it when it is let go. Odd runs: the second starts 0-99 ms after the first.
        const bool bothWait = run % 2 == 0;
        std::optional<db::CatalogWriteLock> held;
        if (bothWait) {
            held.emplace(m_catalog);
            ASSERT_TRUE(held->acquire(std::chrono::milliseconds(0)).ok());
        }
        QProcess first;
        QProcess second;
        first.setProcessEnvironment(m_env);
        second.setProcessEnvironment(m_env);
        first.start(QStringLiteral(GPUPLANNER_CLI_PATH), refreshArgs(m_catalog, run % 4 < 2 ? m_twice : m_thrice));
        if (!bothWait) // wait-ok: the start offset of the race; the assertions hold whatever it is
            QThread::msleep(QRandomGenerator::global()->bounded(100));
        second.start(QStringLiteral(GPUPLANNER_CLI_PATH), refreshArgs(m_catalog, run % 4 < 2 ? m_thrice : m_twice));
        QByteArray firstErr;
        QByteArray secondErr;
        if (bothWait) {
            const bool bothWaiting = QTest::qWaitFor(
                [&] { // the event loop reads both pipes
                    firstErr += first.readAllStandardError();
                    secondErr += second.readAllStandardError();
                    return firstErr.contains("refresh is running") && secondErr.contains("refresh is running");
                },
                kSlowWaitMs);
            held.reset();
            EXPECT_TRUE(bothWaiting) << "run " << run << ": " << (firstErr + secondErr).toStdString();
        }
        ASSERT_TRUE(first.waitForFinished(120000));
        ASSERT_TRUE(second.waitForFinished(120000));
        firstErr += first.readAllStandardError();
        secondErr += second.readAllStandardError();
        const QString errors = QString::fromUtf8(firstErr + secondErr);
        EXPECT_EQ(first.exitCode(), 0) << "run " << run << ": " << errors.toStdString();
        EXPECT_EQ(second.exitCode(), 0) << "run " << run << ": " << errors.toStdString();
        waited += errors.contains(QStringLiteral("refresh is running")) ? 1 : 0;
        expectIntact(run);
        if (HasFailure())
            return;
    }
    // The runs overlapped: at least one writer saw the other (or the test's lock) and waited.
    EXPECT_GT(waited, 0);
    std::printf("[ fault    ] %d paired refreshes, %d waited for the other, catalog intact every time\n", runs, waited);
}

TEST_F(ConcurrentWriters, ManyWriterThreadsInOneProcessBesideACliRefresh)
{
    // The desktop's path: a LockedRefreshService over CatalogRefreshService, four worker
    // threads each opening its own connection, while a CLI refresh of the same providers runs.
    auto reference = core::loadSeedMetadata(QStringLiteral(":/reference"));
    ASSERT_TRUE(reference.ok());
    const int runs = faultRuns(3);
    for (int run = 0; run < runs; ++run) {
        net::SourceSettings sources;
        sources.endpoints.insert(QStringLiteral("skypilot"), m_twice.url(QStringLiteral("/v8")));
        net::HttpClientOptions http;
        http.minHostIntervalMs = 0;
        const QString catalog = m_catalog;
        auto service = net::CatalogRefreshService::create(sources, http, [catalog]() -> core::Result<std::unique_ptr<core::OfferStore>> {
            auto store = db::SqliteOfferStore::open(catalog);
            if (!store)
                return store.error();
            return std::unique_ptr<core::OfferStore>(std::move(store).value());
        });
        ASSERT_TRUE(service.ok()) << service.errorMessage().toStdString();
        db::LockedRefreshService desktop(std::move(service).value(), m_catalog, std::chrono::seconds(120));

        QProcess cli;
        cli.setProcessEnvironment(m_env);
        cli.start(QStringLiteral(GPUPLANNER_CLI_PATH), refreshArgs(m_catalog, m_thrice));
        QThread::msleep(QRandomGenerator::global()->bounded(80)); // wait-ok: the start offset of the race
        core::RefreshOptions options;
        options.parallelism = 4;
        auto outcomes = desktop.refresh(faultProviders(), options, nullptr, {});
        ASSERT_TRUE(outcomes.ok()) << outcomes.errorMessage().toStdString();
        for (const core::ProviderOutcome &o : outcomes.value())
            EXPECT_EQ(o.status, core::RefreshStatus::Ok) << o.provider.toStdString() << ": " << o.error.toStdString();
        ASSERT_TRUE(cli.waitForFinished(120000));
        EXPECT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
        expectIntact(run);
        if (HasFailure())
            return;
    }
    std::printf("[ fault    ] %d desktop-service refreshes (4 writer threads) beside a CLI refresh, catalog intact every time\n",
                runs);
}

TEST_F(ConcurrentWriters, KillNineAtRandomMomentsLeavesEveryProviderAllOldOrAllNew)
{
    // How long a whole refresh takes on this machine, timed on a scratch copy: the kills then
    // land from its start (downloads) to its end (the providers' commits), however fast it runs.
    const QString scratch = m_dir.filePath(QStringLiteral("scratch.sqlite"));
    ASSERT_TRUE(QFile::copy(m_catalog, scratch));
    QElapsedTimer timer;
    timer.start();
    const CliRun timed = runCli(refreshArgs(scratch, m_twice), m_env);
    ASSERT_EQ(timed.code, 0) << timed.err.toStdString();
    const qint64 refreshMs = timer.elapsed();

    const int runs = faultRuns(6);
    for (int run = 0; run < runs; ++run) {
        QProcess victim;
        victim.setProcessEnvironment(m_env);
        victim.start(QStringLiteral(GPUPLANNER_CLI_PATH), refreshArgs(m_catalog, run % 2 ? m_twice : m_thrice));
        ASSERT_TRUE(victim.waitForStarted());
        // Evenly spread over the refresh with a little jitter, so more runs probe more moments.
        const double at = (run + QRandomGenerator::global()->generateDouble()) / runs;
        QThread::msleep(static_cast<unsigned long>(at * double(refreshMs))); // wait-ok: where the kill lands
        ::kill(pid_t(victim.processId()), SIGKILL);
        victim.waitForFinished();
        expectIntact(run);
        if (HasFailure())
            return;
    }
    // A writer killed while holding the lock does not block the next one.
    const CliRun after = runCli(refreshArgs(m_catalog, m_twice) << QStringLiteral("--wait") << QStringLiteral("5"), m_env);
    EXPECT_EQ(after.code, 0) << after.err.toStdString();
    expectIntact(runs);
    std::printf("[ fault    ] %d kill -9 spread over a %lld ms refresh, every provider all-old or all-new every time\n", runs,
                static_cast<long long>(refreshMs));
}

TEST_F(ConcurrentWriters, ASecondRefreshThatCannotWaitSaysAnotherIsRunning)
{
    db::CatalogWriteLock held(m_catalog);
    ASSERT_TRUE(held.acquire(std::chrono::milliseconds(0)).ok());
    const CliRun r = runCli(refreshArgs(m_catalog, m_twice) << QStringLiteral("--wait") << QStringLiteral("1"), m_env);
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("refresh is running"))) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("try again"))) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("pid %1").arg(QCoreApplication::applicationPid()))) << r.err.toStdString();
    EXPECT_EQ(m_twice.hits("/v8/lambda/vms.csv"), 0) << "nothing downloaded while waiting";
}

TEST_F(ConcurrentWriters, TwoFirstRunsAtOnceBothGetTheSameIntactCatalog)
{
    const int runs = faultRuns(4);
    for (int run = 0; run < runs; ++run) {
        QTemporaryDir home;
        const QProcessEnvironment env = isolatedEnvironment(home.path());
        QList<QProcess *> processes;
        for (int i = 0; i < 3; ++i) {
            auto *p = new QProcess;
            p->setProcessEnvironment(env);
            p->start(QStringLiteral(GPUPLANNER_CLI_PATH), {QStringLiteral("offers"), QStringLiteral("--gpu"),
                                                           QStringLiteral("H100"), QStringLiteral("--limit"),
                                                           QStringLiteral("1")});
            processes.append(p);
        }
        for (QProcess *p : processes) {
            ASSERT_TRUE(p->waitForFinished(180000));
            EXPECT_EQ(p->exitCode(), 0) << "run " << run << ": " << p->readAllStandardError().toStdString();
            delete p;
        }
        const QString catalog = QDir(home.path()).filePath(QStringLiteral("data/gpu-planner/catalog.sqlite"));
        EXPECT_EQ(integrityCheck(catalog).toStdString(), "ok");
        const QStringList leftovers = QDir(QFileInfo(catalog).absolutePath()).entryList({QStringLiteral("*.new*")}, QDir::Files);
        EXPECT_TRUE(leftovers.isEmpty()) << leftovers.join(u' ').toStdString();
        if (HasFailure())
            return;
    }
    std::printf("[ fault    ] %d triple first runs at once, one intact catalog every time\n", runs);
}
