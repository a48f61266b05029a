#pragma once
// BenchmarkComparison: probe runs side by side against their GPU models' catalog specs, and the
// catalog's on-demand offers of each measured GPU priced by the Planner with that run's
// calibration alone, with the cheapest per unit of work named and why. Shared by the benchmark
// PDF (ui/report) and its CSV/JSON export, so the three show the same figures.

#include "core/calibrate/Calibration.h"
#include "core/catalog/CatalogInfo.h"
#include "core/catalog/GpuModel.h"
#include "core/catalog/Offer.h"
#include "core/common/Result.h"
#include "core/plan/PlanTypes.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace gpuplanner::core {

// One measured rate beside the catalog figure it is held against; absent values stay absent.
struct BenchmarkRate
{
    QString key;   // matmul_bf16, memory_bandwidth, host_to_device, all_reduce, training, resnet50
    QString label; // English, for CSV/JSON ("Matmul BF16")
    QString unit;  // TFLOP/s, GB/s, tokens/s, images/s
    std::optional<double> measured;
    std::optional<double> spec;
    QString specSource; // "catalog spec (SOURCE)" or "estimate from the catalog spec (SOURCE)"
    QString note;       // why a figure is missing ("unsupported: ...")

    std::optional<double> share() const
    {
        if (measured && spec && *spec > 0)
            return *measured / *spec;
        return std::nullopt;
    }
};

// One catalog offer priced for the workload with the run's calibration.
struct BenchmarkOffer
{
    int offer = -1; // index into the comparison's offers
    QString provider, providerName, instanceType, region;
    int instances = 0;
    int gpus = 0;
    double pricePerHour = 0;    // per instance-hour, display currency
    double pricePerGpuHour = 0; // display currency
    double hours = 0;           // P50 time of one run
    double cost = 0;            // expected cost of one run
    double costPerUnit = 0;     // per the comparison's unit of work
    bool meetsConstraints = true;
};

struct BenchmarkDevice
{
    QString sourceFile;
    ProbeResult probe;
    QString gpuId;          // catalog GPU model; empty for a host-CPU run
    QString gpuSpecSource;  // the GPU model's spec source
    QString measuredSource; // "measured by the probe on HOST, DATE"
    QList<BenchmarkRate> rates;
    QList<BenchmarkOffer> offers; // cheapest per unit first, at most `top`
    int offersTotal = 0;          // usable on-demand options of the GPU model in the catalog
    int offersNotMeeting = 0;     // of them, the ones that miss the deadline or budget
    QString noOffers;             // why the device has no offers ("host CPU — no catalog offers")
    QString calibrationNote;      // the sentence the estimates carry
};

enum class BenchmarkUnit : quint8 { Run, MillionTokens, Epoch, MillionOutputTokens };
QString benchmarkUnitId(BenchmarkUnit u); // run, million_tokens, epoch, million_output_tokens

struct BenchmarkPick
{
    int device = -1;
    int offer = -1; // index into that device's offers
    bool valid() const { return device >= 0 && offer >= 0; }
};

struct BenchmarkWinner
{
    BenchmarkPick best;
    BenchmarkPick runnerUp;
    double margin = 0;      // runner-up's cost per unit minus the winner's
    double marginShare = 0; // of the runner-up's cost per unit
    bool sameGpu = false;   // the runner-up runs on the same GPU model: its price decides
    QString decidingKey;    // the rate key that decides between different GPUs (training, memory_bandwidth, ...)
    std::optional<double> decidingWinner, decidingRunnerUp;
};

struct BenchmarkComparison
{
    bool scenarioWorkload = false; // false: each run's own training step
    QString scenarioName;
    QString workloadLabel;   // English description of the workload priced
    BenchmarkUnit unit = BenchmarkUnit::Run;
    double unitsPerRun = 1;  // of the scenario's workload (per-run units)
    QString currency;
    int top = 5;
    QList<BenchmarkDevice> devices;
    BenchmarkWinner winner;
    QList<Offer> offers;
};

struct BenchmarkRun
{
    QString sourceFile;
    ProbeResult probe;
};

struct BenchmarkRequest
{
    QList<BenchmarkRun> runs;
    QList<Offer> offers;
    QList<GpuModel> gpus;
    QList<ProviderInfo> providers;
    // The scenario's request (its FX, billing rules, constraints and display currency); without
    // a scenario, the FX and billing rules to price the runs' own training steps with.
    PlanRequest request;
    bool scenarioWorkload = false;
    QString scenarioName;
    int top = 5;
};

// Tokens the probe's own training step is priced for when no scenario is given: long enough
// that billing minimums and start-up do not decide the cost per token.
inline constexpr double kBenchmarkProbeTokens = 1e9;

// Reads probe result files; errors name the file (unreadable, not a probe result).
Result<BenchmarkRun> readBenchmarkRun(const QString &path);

// Errors name the result file (a run on a GPU the catalog does not know).
Result<BenchmarkComparison> compareBenchmarks(const BenchmarkRequest &request);

// The comparison as one table (a row per offer, and a row per device without offers) and as JSON.
QString benchmarkToCsv(const BenchmarkComparison &c);
QJsonObject benchmarkToJson(const BenchmarkComparison &c);

} // namespace gpuplanner::core
