// Billing import at scale: a generated AWS CUR of GPUPLANNER_IMPORT_BENCH_MB megabytes (default
// 1024) imported by `gpu-planner-cli actuals import` into a fresh copy of the default catalog, as
// a user would. Reports the child's peak RSS (wait4's ru_maxrss, so the whole process) and the
// throughput. Goal (issue 27): peak RSS <= 256 MB whatever the size, >= 50 MB/s.
//
// The rows are those of tests/data/billing/aws_cur_legacy_gpu.reconstructed.csv (a CUR in AWS's
// documented legacy column layout; provenance in tests/data/billing/SOURCE.md), repeated with a
// fresh line item id each, so every generated row is a line the readers really parse.

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

extern char **environ;

namespace {

qint64 benchMegabytes()
{
    const char *mb = std::getenv("GPUPLANNER_IMPORT_BENCH_MB");
    return qMax<qint64>(1, mb ? std::atoll(mb) : 1024);
}

// Writes the CUR once per process; returns its path.
QString generatedCur(const QString &dir, qint64 megabytes)
{
    const QString path = QDir(dir).filePath(QStringLiteral("cur-%1mb.csv").arg(megabytes));
    if (QFile::exists(path))
        return path;
    QFile sample(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/aws_cur_legacy_gpu.reconstructed.csv"));
    if (!sample.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = sample.readAll().split('\n');
    QList<QByteArray> rows;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (!lines.at(i).trimmed().isEmpty())
            rows.append(lines.at(i).mid(lines.at(i).indexOf(','))); // without its line item id
    }
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(lines.first() + '\n');
    const qint64 target = megabytes * 1024 * 1024;
    qint64 written = 0;
    qint64 id = 0;
    QByteArray block;
    while (written < target) {
        block.clear();
        for (int k = 0; k < 1000; ++k) {
            for (const QByteArray &row : rows)
                block += "bench" + QByteArray::number(++id) + row + '\n';
        }
        written += out.write(block);
    }
    return path;
}

struct ChildRun
{
    int status = -1;
    double seconds = 0;
    double peakRssMb = 0;
};

ChildRun runChild(const std::vector<std::string> &args)
{
    std::vector<char *> argv;
    for (const std::string &a : args)
        argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);
    ChildRun run;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return run;
    }
    posix_spawn_file_actions_destroy(&actions);
    struct rusage usage{};
    wait4(pid, &run.status, 0, &usage);
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.peakRssMb = double(usage.ru_maxrss) / 1024.0; // kB -> MiB
    return run;
}

void BM_ImportAwsCur(benchmark::State &state)
{
    static QTemporaryDir dir;
    const qint64 megabytes = benchMegabytes();
    const QString cur = generatedCur(dir.path(), megabytes);
    if (cur.isEmpty()) {
        state.SkipWithError("cannot write the generated CUR");
        return;
    }
    const qint64 bytes = QFile(cur).size();
    double worstRss = 0;
    double seconds = 0;
    for (auto _ : state) {
        state.PauseTiming();
        const QString catalog = QDir(dir.path()).filePath(QStringLiteral("catalog.sqlite"));
        for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
            QFile::remove(catalog + suffix);
        QFile::copy(QStringLiteral(GPUPLANNER_DEFAULT_CATALOG), catalog);
        QFile::setPermissions(catalog, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        state.ResumeTiming();
        const ChildRun run = runChild({GPUPLANNER_CLI_PATH, "actuals", "import", cur.toStdString(), "--catalog",
                                       catalog.toStdString(), "--format", "aws-cur"});
        if (!WIFEXITED(run.status) || WEXITSTATUS(run.status) != 0) {
            state.SkipWithError("gpu-planner-cli actuals import failed");
            return;
        }
        worstRss = std::max(worstRss, run.peakRssMb);
        seconds += run.seconds;
    }
    state.counters["file_mb"] = double(bytes) / (1024.0 * 1024.0);
    state.counters["peak_rss_mb"] = worstRss;
    state.counters["mb_per_s"] = double(bytes) / (1024.0 * 1024.0) * double(state.iterations()) / seconds;
}
BENCHMARK(BM_ImportAwsCur)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
