// Concurrent writers never corrupt the catalog: two multi-provider CLI refreshes started
// together, the desktop's refresh service beside a CLI refresh, many writer threads in one
// process, kill -9 at random moments, and two first runs at once. Each run checks
// PRAGMA integrity_check and that every provider is all-old or all-new.

#include "CliProcess.h"
#include "FaultSupport.h"
#include "db/SeedCatalog.h"

#include "core/import/SeedMetadata.h"
#include "db/CatalogFile.h"
#include "db/CatalogWriteLock.h"
#include "db/SqliteOfferStore.h"
#include "net/http/CurlHttpClient.h"
#include "net/refresh/CatalogRefreshService.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>

#include <csignal>
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
    const int runs = faultRuns(30);
    int waited = 0;
    for (int run = 0; run < runs; ++run) {
        QProcess first;
        QProcess second;
        first.setProcessEnvironment(m_env);
        second.setProcessEnvironment(m_env);
        first.start(QStringLiteral(GPUPLANNER_CLI_PATH), refreshArgs(m_catalog, run % 2 ? m_twice : m_thrice));
        QThread::msleep(QRandomGenerator::global()->bounded(100));
        second.start(QStringLiteral(GPUPLANNER_CLI_PATH), refreshArgs(m_catalog, run % 2 ? m_thrice : m_twice));
        ASSERT_TRUE(first.waitForFinished(120000));
        ASSERT_TRUE(second.waitForFinished(120000));
        const QString errors = QString::fromUtf8(first.readAllStandardError() + second.readAllStandardError());
        EXPECT_EQ(first.exitCode(), 0) << "run " << run << ": " << errors.toStdString();
        EXPECT_EQ(second.exitCode(), 0) << "run " << run << ": " << errors.toStdString();
        waited += errors.contains(QStringLiteral("refresh is running")) ? 1 : 0;
        expectIntact(run);
        if (HasFailure())
            return;
    }
    // The runs overlapped: at least one writer saw the other and waited for it.
    EXPECT_GT(waited, 0);
    std::printf("[ fault    ] %d paired refreshes, %d waited for the other, catalog intact every time\n", runs, waited);
}

TEST_F(ConcurrentWriters, ManyWriterThreadsInOneProcessBesideACliRefresh)
{
    // The desktop's path: a LockedRefreshService over CatalogRefreshService, four worker
    // threads each opening its own connection, while a CLI refresh of the same providers runs.
    auto reference = core::loadSeedMetadata(QStringLiteral(":/reference"));
    ASSERT_TRUE(reference.ok());
    const int runs = faultRuns(10);
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
        QThread::msleep(QRandomGenerator::global()->bounded(80));
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
    const int runs = faultRuns(12);
    for (int run = 0; run < runs; ++run) {
        QProcess victim;
        victim.setProcessEnvironment(m_env);
        victim.start(QStringLiteral(GPUPLANNER_CLI_PATH), refreshArgs(m_catalog, run % 2 ? m_twice : m_thrice));
        ASSERT_TRUE(victim.waitForStarted());
        QThread::msleep(20 + QRandomGenerator::global()->bounded(600));
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
    std::printf("[ fault    ] %d kill -9 at random moments, every provider all-old or all-new every time\n", runs);
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
    const int runs = faultRuns(8);
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
            ASSERT_TRUE(p->waitForFinished(60000));
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
