// LLM inference serving: replica width (tensor parallel), batch, latency and replicas for a
// demand. Prefill is bounded by compute; decode by HBM bandwidth over the weights and KV
// cache read each step, and by compute at large batch.

#include "core/estimate/Efficiency.h"
#include "core/estimate/EstimatorDetail.h"
#include "core/estimate/MemoryModel.h"

#include <algorithm>
#include <cmath>

namespace gpuplanner::core::detail {

namespace {

// Small-message all-reduce latency over NVLink (nccl-tests: ~10 us); decode pays two per layer.
constexpr double kTensorParallelLatencyS = 10e-6;
constexpr double kHoursPerMonth = 730.0;

struct ReplicaPlan
{
    bool ok = false;
    int tp = 1;
    int batch = 0;
    int memBatch = 0; // sequences the KV cache holds
    ServingLimit limit = ServingLimit::BatchLimit;
    double prefillShare = 0;
    double step = 0;
    double ttft = 0;
    double perReplica = 0; // output tokens/s
    bool memoryBound = true;
    MemoryBreakdown memory;
};

double inferencePeak(const GpuSpec &gpu, StoragePrecision weights)
{
    // Weight-only int4 dequantises to 16-bit for the matmul; fp8 and int8 use their own units.
    switch (weights) {
    case StoragePrecision::Fp8:
        return gpu.peakTflops(MathPrecision::Fp8);
    case StoragePrecision::Int8:
        return gpu.peakTflops(MathPrecision::Int8);
    case StoragePrecision::Bf16:
    case StoragePrecision::Int4:
        break;
    }
    return gpu.peakTflops(MathPrecision::Bf16);
}

} // namespace

Estimate estimateInference(const Workload &w, const ClusterConfig &c)
{
    const TransformerArch &m = w.model;
    const InferenceSetup &inf = w.inference;
    Estimate e;
    e.memoryCapacityBytes = c.gpu.memoryGib * bytesPerGib() * kInferenceMemoryShare;
    if (m.params <= 0 || !m.hasShape() || inf.outputTokens <= 0 || inf.promptTokens < 0) {
        e.problem = FitProblem::MissingInput;
        return e;
    }
    e.peakTflops = inferencePeak(c.gpu, inf.weights);
    e.formatAsked = inf.weights == StoragePrecision::Fp8 ? NumberFormat::Fp8
        : inf.weights == StoragePrecision::Int8          ? NumberFormat::Int8
                                                         : NumberFormat::Bf16;
    e.formatUsed = c.gpu.formatRun(e.formatAsked);
    e.formatLacking = c.gpu.lacksFormat(e.formatAsked);
    if (e.peakTflops <= 0 || c.gpu.memoryBandwidthGbs <= 0) {
        e.problem = FitProblem::NoComputeSpecs;
        return e;
    }
    const ServingEngineProfile engine = servingEngineProfile(inf);
    const double flopsPerToken = 2.0 * m.activeOrTotal();
    const double peak = e.peakTflops * 1e12;
    const double computeEff = (w.efficiencyOverride > 0 ? w.efficiencyOverride : kPrefillComputeEfficiency)
        * engine.rateScale;
    const double bandwidth = c.gpu.memoryBandwidthGbs * 1e9 * kDecodeBandwidthEfficiency * engine.rateScale;
    const double weights = weightBytes(m, inf.weights);
    const double kvPerToken = kvCacheBytesPerToken(m, inf.kvCache);
    const double context = inf.promptTokens + inf.outputTokens;
    const double meanContext = inf.promptTokens + inf.outputTokens / 2.0;
    const int domain = std::max(1, c.nvlinkDomain());
    const double demand = inf.requestsPerSecond > 0 ? inf.requestsPerSecond * inf.outputTokens
                                                    : inf.outputTokensPerSecond;
    // Without a demand the estimate reports what the cluster's GPUs can serve (capacity mode).
    const bool capacityMode = demand <= 0;
    const int clusterGpus = std::max(1, c.totalGpus());

    ReplicaPlan best;
    bool anyHolds = false;
    bool latencyMissed = false;
    MemoryBreakdown frugal;
    for (int tp = 1; tp <= 64; tp *= 2) {
        if (m.heads % tp != 0 || (inf.tensorParallel > 0 && tp != inf.tensorParallel))
            continue;
        const MemoryBreakdown one = inferenceMemory(w, tp, 1.0);
        if (one.total() > e.memoryCapacityBytes) {
            frugal = one;
            continue;
        }
        anyHolds = true;
        if (tp > domain || (capacityMode && tp > clusterGpus))
            break; // a replica must stay inside one NVLink domain (and, given a count, inside it)
        const double free = e.memoryCapacityBytes - inferenceMemory(w, tp, 0.0).total();
        const int memBatch = int(std::min(std::floor(free * tp / (kvPerToken * context)), 1e9));
        int batch = std::min(engine.maxBatch, memBatch);
        ServingLimit limit = memBatch < engine.maxBatch ? ServingLimit::KvCapacity : ServingLimit::BatchLimit;
        const double latency = tp > 1 ? 2.0 * m.layers * kTensorParallelLatencyS : 0.0;
        // Decode step: a + b*B seconds if bandwidth-bound, c*B if compute-bound.
        const double a = weights / tp / bandwidth;
        const double b = meanContext * kvPerToken / tp / bandwidth;
        const double cc = flopsPerToken / (tp * peak * computeEff);
        const double ttft = inf.promptTokens * flopsPerToken / (tp * peak * computeEff) + a + latency;
        if (inf.ttftTargetS > 0 && ttft > inf.ttftTargetS) {
            latencyMissed = true;
            continue;
        }
        if (inf.tpotTargetS > 0) {
            const double budget = inf.tpotTargetS - latency;
            const double byBandwidth = b > 0 ? (budget - a) / b : double(batch);
            const double byCompute = budget / cc;
            const int byLatency = int(std::clamp(std::floor(std::min(byBandwidth, byCompute)), -1.0, 1e9));
            if (byLatency < batch) {
                batch = byLatency;
                limit = ServingLimit::Latency;
            }
            if (batch < 1) {
                latencyMissed = true;
                continue;
            }
        }
        const double memoryStep = a + b * batch;
        const double computeStep = cc * batch;
        const double step = std::max(memoryStep, computeStep) + latency;
        // Each request's prefill interrupts decoding; spread over its output tokens.
        const double prefillPerStep = batch / inf.outputTokens * (ttft - a - latency);
        const double perReplica = batch / (step + prefillPerStep);
        if (limit == ServingLimit::BatchLimit && memBatch >= engine.maxBatch)
            limit = memoryStep >= computeStep ? ServingLimit::Bandwidth : ServingLimit::Compute;
        if (!best.ok || perReplica / tp > best.perReplica / best.tp) {
            best.ok = true;
            best.tp = tp;
            best.batch = batch;
            best.memBatch = memBatch;
            best.limit = limit;
            best.step = step;
            best.ttft = ttft;
            best.perReplica = perReplica;
            best.prefillShare = prefillPerStep / (step + prefillPerStep);
            best.memoryBound = memoryStep >= computeStep;
            best.memory = inferenceMemory(w, tp, batch);
        }
    }

    if (!best.ok) {
        e.memory = frugal;
        if (!anyHolds) {
            e.problem = FitProblem::MemoryCapacity;
            e.bottleneck = Bottleneck::MemoryCapacity;
        } else if (latencyMissed) {
            e.problem = FitProblem::LatencyUnreachable;
        } else {
            e.problem = FitProblem::ReplicaTooWide;
            e.bottleneck = Bottleneck::MemoryCapacity;
        }
        return e;
    }

    if (capacityMode)
        e.replicas = std::max(1, clusterGpus / best.tp);
    else
        e.replicas = std::max(1, int(std::ceil(demand / best.perReplica)));
    e.layout.tensorParallel = best.tp;
    e.layout.dataParallel = e.replicas;
    e.layout.globalBatch = best.batch;
    e.layout.microBatch = best.batch;
    e.batchPerReplica = best.batch;
    e.kvCacheMaxSequences = best.memBatch;
    e.servingLimit = best.limit;
    e.prefillShare = best.prefillShare;
    e.gpus = e.replicas * best.tp;
    const int replicasPerInstance = std::max(1, c.gpusPerInstance / best.tp);
    e.instances = (e.replicas + replicasPerInstance - 1) / replicasPerInstance;
    e.memory = best.memory;
    e.tokensPerSecondPerReplica = best.perReplica;
    e.capacityOutputTokensPerSecond = best.perReplica * e.replicas;
    e.throughput = capacityMode ? e.capacityOutputTokensPerSecond : demand;
    e.ttftSeconds = best.ttft;
    e.tpotSeconds = best.step;
    e.stepSeconds = best.step;
    e.efficiency = kDecodeBandwidthEfficiency * engine.rateScale;
    e.mfu = best.perReplica * e.replicas * flopsPerToken * (1.0 + inf.promptTokens / inf.outputTokens)
        / (e.gpus * peak);
    e.mfu = std::min(e.mfu, 1.0);
    e.gpuHoursPerMonth = double(e.instances) * c.gpusPerInstance * kHoursPerMonth;
    e.wallTimeHours = kHoursPerMonth;
    e.gpuHours = e.gpuHoursPerMonth;
    e.bottleneck = best.memoryBound ? Bottleneck::MemoryBandwidth : Bottleneck::Compute;
    e.fits = true;
    e.problem = FitProblem::None;
    return e;
}

} // namespace gpuplanner::core::detail
