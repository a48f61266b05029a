// The management PDF for a planned scenario (the plan itself is not timed: the GUI already has
// it): layout twice (page count, then the pages), vector charts and font subsetting. A report
// of about five pages must take under 1 s so "Export report…" feels instant.

#include "report/ReportTestSupport.h"

#include "ui/report/ReportWriter.h"

#include <QGuiApplication>

#include <benchmark/benchmark.h>

using namespace gpuplanner;

namespace {

const tests::PlannedExample &example()
{
    static const tests::PlannedExample planned = tests::planExample(QStringLiteral("llama-7b-pretrain"));
    return planned;
}

void writeReport(benchmark::State &state, const QString &language)
{
    ui::ReportOptions options;
    options.top = int(state.range(0));
    options.language = language;
    ui::ReportWriter writer(example().input, options);
    for (auto _ : state) {
        auto pdf = writer.pdf();
        if (!pdf) {
            state.SkipWithError(pdf.errorMessage().toStdString().c_str());
            return;
        }
        benchmark::DoNotOptimize(pdf.value().data());
    }
    state.counters["pages"] = writer.pageCount();
}

void BM_ReportEnglish(benchmark::State &state)
{
    writeReport(state, QStringLiteral("en"));
}

void BM_ReportChinese(benchmark::State &state)
{
    writeReport(state, QStringLiteral("zh_CN"));
}

} // namespace

BENCHMARK(BM_ReportEnglish)->Arg(3)->Arg(10)->Arg(50)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReportChinese)->Arg(3)->Arg(10)->Unit(benchmark::kMillisecond);

int main(int argc, char **argv)
{
    // Fonts need a GUI application, never a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
