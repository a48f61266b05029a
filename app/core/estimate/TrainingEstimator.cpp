// Transformer pre-training and fine-tuning: searches tensor, pipeline and data parallel
// layouts, ZeRO stage and recomputation for the fastest one that fits in memory.

#include "core/estimate/Efficiency.h"
#include "core/estimate/EstimatorDetail.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/MemoryModel.h"

#include <algorithm>
#include <cmath>

namespace gpuplanner::core::detail {

namespace {

// Tokens per optimizer step when none is given: ~4M for pre-training (Llama 2 and 3, GPT-3
// 3.2M) and 256K for fine-tuning.
constexpr double kPretrainBatchTokens = 4.0 * 1024 * 1024;
constexpr double kFineTuneBatchTokens = 256.0 * 1024;
constexpr int kMaxBatchGrowth = 4;
// QLoRA dequantises 4-bit weights before every matmul, costing roughly a quarter of the speed
// of 16-bit LoRA (bitsandbytes NF4 kernels).
constexpr double kQloraSpeedFactor = 0.75;

struct Context
{
    const Workload *w;
    const ClusterConfig *c;
    int gpus;
    double seq;
    int globalBatch;
    bool batchGiven;
    double peak; // FLOP/s
    double efficiency;
    double baseFlops;      // hardware FLOPs per token without recomputation
    double selectiveExtra; // attention core forward again
    double fullExtra;      // whole forward again
    double gradientBytesPerParam;
    double actBytes;
    double capacity;
};

struct StepTime
{
    double step = 0;
    double compute = 0;
    double tp = 0;
    double bubble = 0;
    double dp = 0;
    double dpExposed = 0;
    double networkShare = 0;
};

StepTime stepTime(const Context &x, const Layout &l)
{
    const TransformerArch &m = x.w->model;
    StepTime t;
    const double tokens = double(l.globalBatch) * x.seq;
    double flops = x.baseFlops;
    if (l.recompute == Recompute::Selective)
        flops += x.selectiveExtra;
    else if (l.recompute == Recompute::Full)
        flops += x.fullExtra;
    t.compute = tokens * flops / (x.gpus * x.peak * x.efficiency);

    if (l.tensorParallel > 1) {
        // Megatron tensor parallelism: 2 all-reduces (or reduce-scatter + all-gather with
        // sequence parallelism) of s*b*h activations per layer forward, 2 backward, 2 more when
        // the forward is recomputed; they sit on the critical path.
        const double perLayer = l.recompute == Recompute::Full ? 6.0 : 4.0;
        const double tpn = l.tensorParallel;
        const double layersPerStage = std::ceil(double(m.layers) / l.pipelineParallel);
        const double bytes = tokens / l.dataParallel * layersPerStage * perLayer * 2.0 * (tpn - 1) / tpn * m.hidden
            * x.actBytes;
        t.tp = bytes / (x.c->intraBandwidthGbs() * 1e9);
    }
    if (l.pipelineParallel > 1) {
        // 1F1B pipeline bubble: (p - 1) / m of the ideal time (Narayanan et al. 2021, eq. 1).
        const double micro = std::max(1, l.globalBatch / (l.dataParallel * l.microBatch));
        t.bubble = (l.pipelineParallel - 1) / micro * (t.compute + t.tp);
    }
    const double replicaGpus = double(l.tensorParallel) * l.pipelineParallel;
    const double gradBytes = trainableParams(*x.w) / replicaGpus * x.gradientBytesPerParam;
    const bool zero3 = l.sharding == Sharding::Zero3;
    const DataParallelTime dpt = dataParallelTime(*x.c, int(replicaGpus), l.dataParallel, gradBytes, zero3);
    t.dp = dpt.total;
    t.networkShare = dpt.networkShare;
    // ZeRO-3 prefetches weights during forward and backward; plain gradient sync hides behind
    // backward only (two thirds of the compute).
    t.dpExposed = exposedDataParallel(dpt.total, zero3 ? t.compute : t.compute * 2.0 / 3.0);
    t.step = t.compute + t.tp + t.bubble + t.dpExposed;
    return t;
}

int defaultGlobalBatch(const Workload &w, double seq)
{
    const double tokens = w.kind == WorkloadKind::Pretrain ? kPretrainBatchTokens : kFineTuneBatchTokens;
    return std::max(1, int(std::lround(tokens / seq)));
}

} // namespace

Estimate estimateTraining(const Workload &w, const ClusterConfig &c)
{
    const TransformerArch &m = w.model;
    const TrainingSetup &ts = w.training;
    Estimate e;
    e.gpus = c.totalGpus();
    e.instances = c.instances;
    e.memoryCapacityBytes = c.gpu.memoryGib * bytesPerGib();
    if (m.params <= 0 || !m.hasShape() || m.seqLen <= 0 || ts.tokens <= 0 || e.gpus <= 0) {
        e.problem = FitProblem::MissingInput;
        return e;
    }
    e.peakTflops = trainingPeakTflops(c.gpu, ts.precision);
    if (e.peakTflops <= 0) {
        e.problem = FitProblem::NoComputeSpecs;
        return e;
    }

    Context x;
    x.w = &w;
    x.c = &c;
    x.gpus = e.gpus;
    x.seq = m.seqLen;
    x.batchGiven = ts.globalBatch > 0;
    x.globalBatch = x.batchGiven ? ts.globalBatch : defaultGlobalBatch(w, x.seq);
    x.peak = e.peakTflops * 1e12;
    double eff = w.efficiencyOverride > 0 ? w.efficiencyOverride : transformerTrainingEfficiency(c.gpu, m.hidden);
    if (w.efficiencyOverride <= 0 && ts.precision == TrainPrecision::Fp8)
        eff *= kFp8EfficiencyFactor;
    if (w.kind == WorkloadKind::FineTune && ts.method == FineTuneMethod::Qlora)
        eff *= kQloraSpeedFactor;
    x.efficiency = eff;
    x.baseFlops = modelFlopsPerToken(w);
    const double attentionForward = 4.0 * m.layers * double(m.hidden) * m.seqLen;
    x.selectiveExtra = attentionForward;
    x.fullExtra = 2.0 * m.activeOrTotal() + attentionForward;
    const bool fullWidth = ts.precision == TrainPrecision::Fp32 || ts.precision == TrainPrecision::Tf32;
    x.gradientBytesPerParam = fullWidth ? 4.0 : 2.0;
    x.actBytes = fullWidth ? 4.0 : 2.0;
    x.capacity = e.memoryCapacityBytes;

    constexpr Recompute kRecomputeOrder[] = {Recompute::None, Recompute::Selective, Recompute::Full};
    constexpr Sharding kShardingOrder[] = {Sharding::Zero1, Sharding::Zero2, Sharding::Zero3};
    const int domain = std::max(1, c.nvlinkDomain());
    const int micro = std::max(1, ts.microBatch);

    bool found = false;
    bool batchLimited = false;
    Layout best;
    StepTime bestTime;
    MemoryBreakdown bestMemory;
    MemoryBreakdown frugal;
    double frugalTotal = -1;

    for (int tp = 1; tp <= domain && tp <= e.gpus; tp *= 2) {
        if (e.gpus % tp != 0 || m.heads % tp != 0)
            continue;
        for (int pp = 1; pp <= m.layers && tp * pp <= e.gpus; pp *= 2) {
            if (e.gpus % (tp * pp) != 0)
                continue;
            Layout l;
            l.tensorParallel = tp;
            l.pipelineParallel = pp;
            l.dataParallel = e.gpus / (tp * pp);
            l.microBatch = micro;
            l.globalBatch = x.globalBatch;
            if (l.dataParallel * micro > l.globalBatch) {
                // The default batch may grow with the data-parallel width, as large runs do, up
                // to 4x (Llama 3 405B ramped to 16M tokens); past that the batch hurts convergence.
                if (x.batchGiven || l.dataParallel * micro > kMaxBatchGrowth * x.globalBatch) {
                    batchLimited = true;
                    continue;
                }
                l.globalBatch = l.dataParallel * micro;
            }
            // Most frugal setting first: when even that does not fit, skip the nine combinations.
            {
                Layout lean = l;
                lean.recompute = ts.recompute == Recompute::Auto ? Recompute::Full : ts.recompute;
                lean.sharding = ts.sharding != Sharding::Auto ? ts.sharding
                                                              : (l.dataParallel == 1 ? Sharding::None : Sharding::Zero3);
                const MemoryBreakdown mem = trainingMemory(w, lean);
                if (mem.total() > x.capacity) {
                    if (frugalTotal < 0 || mem.total() < frugalTotal) {
                        frugalTotal = mem.total();
                        frugal = mem;
                    }
                    continue;
                }
            }
            bool fitted = false;
            bool cheapest = false;
            for (Recompute rc : kRecomputeOrder) {
                if (ts.recompute != Recompute::Auto && rc != ts.recompute)
                    continue;
                for (Sharding sh : kShardingOrder) {
                    Sharding use = sh;
                    if (ts.sharding != Sharding::Auto) {
                        if (sh != Sharding::Zero1)
                            break;
                        use = ts.sharding;
                    } else if (l.dataParallel == 1) {
                        if (sh != Sharding::Zero1)
                            break;
                        use = Sharding::None; // nothing to shard over
                    }
                    l.sharding = use;
                    l.recompute = rc;
                    const MemoryBreakdown mem = trainingMemory(w, l);
                    const double total = mem.total();
                    if (frugalTotal < 0 || total < frugalTotal) {
                        frugalTotal = total;
                        frugal = mem;
                    }
                    if (total > x.capacity)
                        continue;
                    const StepTime st = stepTime(x, l);
                    if (!found || st.step < bestTime.step) {
                        found = true;
                        best = l;
                        bestTime = st;
                        bestMemory = mem;
                    }
                    fitted = true;
                    cheapest = rc == kRecomputeOrder[0] || ts.recompute != Recompute::Auto;
                    cheapest = cheapest && (sh == Sharding::Zero1);
                    break;
                }
                if (fitted)
                    break;
            }
            // Deeper pipelines only add bubble once the cheapest setting already fits.
            if (cheapest)
                break;
        }
    }

    if (!found) {
        e.memory = frugal;
        e.problem = batchLimited && frugalTotal < 0 ? FitProblem::BatchTooSmall : FitProblem::MemoryCapacity;
        e.bottleneck = Bottleneck::MemoryCapacity;
        return e;
    }

    e.layout = best;
    e.memory = bestMemory;
    e.efficiency = x.efficiency;
    e.stepSeconds = bestTime.step;
    e.computeSeconds = bestTime.compute;
    e.tensorParallelSeconds = bestTime.tp;
    e.bubbleSeconds = bestTime.bubble;
    e.dataParallelSeconds = bestTime.dp;
    e.dataParallelExposedSeconds = bestTime.dpExposed;
    e.networkShareOfDataParallel = bestTime.networkShare;
    const double tokensPerStep = double(best.globalBatch) * x.seq;
    e.throughput = tokensPerStep / bestTime.step;
    const double totalTokens = ts.tokens * std::max(0.0, ts.epochs);
    const double ideal = totalTokens / e.throughput / 3600.0;
    e.goodput = goodputFor(w, ideal);
    e.wallTimeHours = ideal / e.goodput;
    e.gpuHours = e.wallTimeHours * e.gpus;
    e.mfu = e.throughput * x.baseFlops / (e.gpus * x.peak);
    const double network = bestTime.dpExposed * bestTime.networkShare;
    e.bottleneck = classifyCommunication(bestTime.step, bestTime.compute, bestTime.tp + bestTime.dpExposed - network,
                                         network);
    e.fits = true;
    e.problem = FitProblem::None;
    return e;
}

} // namespace gpuplanner::core::detail
