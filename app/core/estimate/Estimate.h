#pragma once
// Estimate: the result of one workload on one GPU configuration. Plain numbers and enums
// only; the sentences that explain it are built on demand by Explain.h.

#include "core/estimate/Workload.h"

namespace gpuplanner::core {

enum class Bottleneck : quint8 { Compute, MemoryBandwidth, Interconnect, Network, MemoryCapacity };

// Why a job does not fit or cannot be estimated; None when it fits.
enum class FitProblem : quint8 {
    None,
    MemoryCapacity,     // no layout holds the job in the GPUs' memory
    NoComputeSpecs,     // the GPU has no published peak for this precision
    MissingInput,       // the workload lacks a number the estimate needs
    ReplicaTooWide,     // an inference replica needs more GPUs than one NVLink domain
    LatencyUnreachable, // latency targets cannot be met on this GPU
    BatchTooSmall,      // the global batch is smaller than the data-parallel width
};

enum class MemoryTerm : quint8 { Weights, Gradients, OptimizerStates, Activations, KvCache, Overhead };

// Bytes per GPU.
struct MemoryBreakdown
{
    double weights = 0;
    double gradients = 0;
    double optimizer = 0;
    double activations = 0;
    double kvCache = 0;
    double overhead = 0;

    double total() const { return weights + gradients + optimizer + activations + kvCache + overhead; }
    MemoryTerm dominant() const;
};

struct Layout
{
    int tensorParallel = 1;
    int pipelineParallel = 1;
    int dataParallel = 1;
    Sharding sharding = Sharding::None;
    Recompute recompute = Recompute::None;
    int microBatch = 1;
    int globalBatch = 1; // sequences or samples per step
};

struct Estimate
{
    bool fits = false;
    FitProblem problem = FitProblem::MissingInput;
    int gpus = 0;
    int instances = 0;
    Layout layout;
    MemoryBreakdown memory;       // per GPU, for the chosen layout (or the most frugal one tried)
    double memoryCapacityBytes = 0; // usable per GPU

    bool throughputInTokens = true;
    double throughput = 0; // tokens or samples per second, whole job (inference: output tokens/s)
    double wallTimeHours = 0;
    double gpuHours = 0;
    double mfu = 0;        // model FLOPs / (time x GPUs x peak)
    double efficiency = 0; // assumed fraction of peak in hardware FLOPs (or bandwidth for decode)
    double goodput = 1;    // fraction of wall time doing useful work
    double peakTflops = 0; // per GPU, for the precision used
    Bottleneck bottleneck = Bottleneck::Compute;

    // Training step anatomy (seconds per optimizer step).
    double stepSeconds = 0;
    double computeSeconds = 0;
    double tensorParallelSeconds = 0;
    double bubbleSeconds = 0;
    double dataParallelSeconds = 0;        // all-reduce or ZeRO traffic, before overlap
    double dataParallelExposedSeconds = 0; // the part not hidden behind backward
    double networkShareOfDataParallel = 0; // fraction of data-parallel time spent between instances

    // Inference serving.
    int replicas = 0;
    int batchPerReplica = 0;
    double tokensPerSecondPerReplica = 0;
    double ttftSeconds = 0;
    double tpotSeconds = 0;
    double gpuHoursPerMonth = 0;
};

} // namespace gpuplanner::core
