// Transformer pre-training and fine-tuning: searches tensor, context, pipeline (with
// interleaved stages), expert and data parallel layouts, micro-batch, ZeRO stage and
// recomputation for the fastest one that fits in memory.

#include "core/estimate/Efficiency.h"
#include "core/estimate/EstimatorDetail.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/MemoryModel.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace gpuplanner::core::detail {

namespace {

// Default tokens per optimizer step for pre-training: 1K tokens per GPU, at least 4M and at
// most 16M. Published runs: GPT-3 175B 3.2M tokens (Brown et al. 2020, Table 2.1), Llama 2
// 4M for every size (Touvron et al. 2023), Llama 3 405B 4M -> 8M -> 16M tokens on 8K-16K
// H100s (Dubey et al. 2024, section 3.4.1; 16M on 16,384 GPUs is 1K per GPU).
constexpr double kPretrainBatchTokensMin = 4.0 * 1024 * 1024;
constexpr double kPretrainBatchTokensMax = 16.0 * 1024 * 1024;
constexpr double kPretrainBatchTokensPerGpu = 1024;
// Fine-tuning recipes use far smaller batches: 256K tokens.
constexpr double kFineTuneBatchTokens = 256.0 * 1024;
// A default batch may grow with the data-parallel width up to 4x before it is called too small.
constexpr int kMaxBatchGrowth = 4;
// QLoRA dequantises 4-bit weights before every matmul, costing roughly a quarter of the speed
// of 16-bit LoRA (bitsandbytes NF4 kernels).
constexpr double kQloraSpeedFactor = 0.75;
// Mixture of experts. The busiest expert's load over the mean: Megatron-Core's MoE model zoo
// (yanring/Megatron-MoE-ModelZoo, Qwen3-235B on 256 H100) measured dropless routing 8-20 % slower
// per step than forced balance; 1.15 on the routed experts' compute is that range's low half.
constexpr double kExpertImbalance = 1.15;
// SMs given to communication while it overlaps compute: DeepSeek-V3 gives 20 of an H800's 132
// (arXiv 2412.19437, section 3.2.2).
constexpr double kOverlapCommSmShare = 20.0 / 132.0;
// GEMMs with fewer rows than this (tokens per micro-batch per rank) lose efficiency to tile and
// wave quantisation as r / (r + 256), the same law as narrow hidden sizes (NVIDIA Matrix
// Multiplication Background guide); the micro-batch search trades this against bubble and memory.
constexpr double kFullSizeGemmRows = 4096;
constexpr int kMaxMicroBatch = 8;
constexpr int kMaxVirtualStages = 8;
// Interleaving costs memory and transfers; it is tried only while the plain 1F1B bubble,
// (p - 1) / m, is at least 2% of the compute.
constexpr double kInterleaveFromBubble = 0.02;
// Context parallelism (ring attention) is tried from this sequence length on (Llama 3 used
// it for its 128K-token phase, Dubey et al. 2024, Table 4).
constexpr int kContextParallelFromSeq = 32768;
constexpr int kMaxContextParallel = 16;
// Without FlashAttention (Megatron-LM before 2022, eager attention) every head's scores pass through
// memory, one 16-bit value per head per pair of positions: the score GEMM writes them, a fused
// scale-mask-softmax reads and writes them and the value GEMM reads them (4 passes forward); backward
// writes the probability gradient, the softmax backward reads two and writes one, and the two score
// GEMMs and the value-gradient GEMM read them (7 passes). FlashAttention keeps them on chip (Dao et
// al. 2022, section 3.1). Each pass streams at the share of HBM bandwidth decode reaches.
constexpr double kScorePassesForward = 4;
constexpr double kScorePassesBackward = 7;
// Normalisation, residual adds and the MLP activation run at memory speed, not on tensor cores. Per
// token and layer, 16-bit values read and written: forward two norms (2 h each), two residual adds
// (3 h each) and the activation (2 f; a gated MLP reads two inputs, 3 f); backward the norms (3 h
// each), the residual gradients (3 h each) and the activation (3 f; gated 5 f). FlashAttention's
// softmax and the matmuls are in the GEMM time. This is what makes a GPU whose FLOPs grew faster
// than its memory bandwidth (H100: 3.2x an A100's tensor peak, 1.6x its bandwidth) lose more on
// narrow models: llm-foundry's own 760M benchmark reached 56.9 % MFU on A100 and 34.9 % on H100
// (mosaicml/llm-foundry scripts/train/benchmarking/README.md @495218376).
constexpr double kElementwiseForwardPerHidden = 10;
constexpr double kElementwiseBackwardPerHidden = 12;
constexpr double kActivationForwardPerFfn = 2;
constexpr double kActivationBackwardPerFfn = 3;
constexpr double kGatedActivationForwardPerFfn = 3;
constexpr double kGatedActivationBackwardPerFfn = 5;

struct Context
{
    const Workload *w;
    const ClusterConfig *c;
    int gpus;
    double seq;
    int globalBatch;
    int maxGrownBatch; // the most sequences a default batch may grow to for a wide data-parallel group
    bool batchGiven;
    double peak; // FLOP/s
    double efficiency;
    bool memoryTerms;      // the memory-bound terms apply: no efficiency given
    double baseFlops;      // hardware FLOPs per token without recomputation
    double selectiveExtra; // attention core forward again
    double fullExtra;      // whole forward again
    double attentionShare; // of the base FLOPs: what ring-attention exchange can hide behind
    double gradientBytesPerParam;
    double actBytes;
    double capacity;
};

struct StepTime
{
    double step = 0;
    double compute = 0;
    double scores = 0; // of compute: attention scores through memory (no FlashAttention)
    double elementwise = 0; // of compute: norms, residual adds and activations at memory speed
    double tp = 0;
    double bubble = 0;
    double p2p = 0;
    double cp = 0;
    double ep = 0;
    double epTraffic = 0; // the all-to-all before overlap
    double dp = 0;
    double dpExposed = 0;
    double networkShare = 0;

    double term(StepTerm t) const
    {
        switch (t) {
        case StepTerm::Compute: return compute;
        case StepTerm::TensorParallel: return tp;
        case StepTerm::Bubble: return bubble;
        case StepTerm::PipelineTransfer: return p2p;
        case StepTerm::ContextParallel: return cp;
        case StepTerm::ExpertParallel: return ep;
        case StepTerm::DataParallel: return dpExposed;
        }
        return 0;
    }
};

double rowsFactor(double rows)
{
    const double ref = kFullSizeGemmRows / (kFullSizeGemmRows + 256.0);
    return std::min(1.0, (rows / (rows + 256.0)) / ref);
}

// Bandwidth for traffic among `span` GPUs laid out consecutively from the start of an instance.
double linkBandwidth(const ClusterConfig &c, int span)
{
    if (span <= std::max(1, c.gpusPerInstance))
        return c.intraBandwidthGbs() * 1e9;
    return c.networkBandwidthGbs() * 1e9 / std::max(1, c.gpusPerInstance);
}

// The share of layers whose forward runs twice.
double recomputedShare(const Context &x, const Layout &l)
{
    const double layersPerStage = std::ceil(double(x.w->model.layers) / l.pipelineParallel);
    if (l.recompute != Recompute::Full || l.recomputeLayers <= 0 || l.recomputeLayers >= layersPerStage)
        return l.recompute == Recompute::Full ? 1.0 : 0.0;
    return l.recomputeLayers / layersPerStage;
}

// Megatron tensor parallelism: 2 all-reduces (or reduce-scatter + all-gather with sequence
// parallelism) of s*b*h activations per layer forward, 2 backward, 2 more for each recomputed
// forward; they sit on the critical path, less what Hopper's overlap hides.
double tensorParallelSeconds(const Context &x, const Layout &l, double recomputed)
{
    if (l.tensorParallel <= 1)
        return 0;
    const TransformerArch &m = x.w->model;
    const double tpn = l.tensorParallel;
    const double tokensPerRank = double(l.globalBatch) * x.seq / (double(l.dataParallel) * l.contextParallel);
    const double layersPerStage = std::ceil(double(m.layers) / l.pipelineParallel);
    const double perLayer = 4.0 + 2.0 * recomputed;
    const double bytes = tokensPerRank * layersPerStage * perLayer * 2.0 * (tpn - 1) / tpn * m.hidden * x.actBytes;
    return bytes / (x.c->intraBandwidthGbs() * 1e9) * tensorParallelExposedShare(x.c->gpu.generation);
}

// Steady-state pipeline sends overlap compute; filling and draining the pipeline cannot hide its
// 2 (p v - 1) boundary transfers of one micro-batch's activations (split over the tensor group).
double pipelineTransferSeconds(const Context &x, const Layout &l)
{
    if (l.pipelineParallel <= 1)
        return 0;
    const double rowsPerMicro = double(l.microBatch) * x.seq / l.contextParallel;
    const double bytes = rowsPerMicro * x.w->model.hidden * x.actBytes / l.tensorParallel;
    const int span = l.tensorParallel * l.contextParallel * l.pipelineParallel;
    return 2.0 * (l.pipelineParallel * l.virtualStages - 1) * bytes / linkBandwidth(*x.c, span);
}

// The routed experts' share of a token's FLOPs: k of E experts' weights against all active ones.
double routedExpertShare(const Context &x)
{
    const TransformerArch &m = x.w->model;
    const double routed = m.expertParams() / m.experts * m.expertsPerToken;
    return std::clamp(2.0 * routed * 3.0 / x.baseFlops, 0.0, 1.0);
}

// Expert-parallel all-to-alls (dispatch and combine, forward and backward) over the links they
// cross: copies for GPUs of the same instance over NVLink, for other instances over the network,
// both at once. FP8 training dispatches in FP8 and combines in BF16 (DeepSeek-V3, section 3.3).
double expertAllToAllSeconds(const Context &x, const Layout &l, double tokensPerRank, double layersPerStage)
{
    const TransformerArch &m = x.w->model;
    const int perInstance = std::max(1, x.c->gpusPerInstance);
    const int span = l.tensorParallel * l.contextParallel * l.expertParallel;
    const double instances = std::max(1.0, std::ceil(double(span) / perInstance));
    const double remote = (instances - 1.0) / instances;
    const double local = std::max(0.0, 1.0 / instances - 1.0 / l.expertParallel);
    const double dispatchBytes = x.w->training.precision == TrainPrecision::Fp8 ? 1.0 : x.actBytes;
    const double bytesPerCopy = 2.0 * (dispatchBytes + x.actBytes) * m.hidden;
    const double copies = tokensPerRank * layersPerStage * m.expertsPerToken / l.tensorParallel;
    const double network = copies * remote * bytesPerCopy / (x.c->networkBandwidthGbs() * 1e9 / perInstance);
    const double nvlink = copies * local * bytesPerCopy / (x.c->intraBandwidthGbs() * 1e9);
    return std::max(network, nvlink);
}

// Bytes streamed through HBM at the share of bandwidth decode reaches; 0 where the memory-bound terms
// do not apply (an efficiency given end to end, or no published bandwidth).
double hbmSeconds(const Context &x, double bytes)
{
    if (!x.memoryTerms || x.c->gpu.memoryBandwidthGbs <= 0)
        return 0;
    return bytes / (x.c->gpu.memoryBandwidthGbs * 1e9 * kDecodeBandwidthEfficiency);
}

// Attention scores written to and read from memory when the stack has no FlashAttention: the passes
// above, again for each recomputed forward, over this rank's heads and tokens.
double attentionScoreSeconds(const Context &x, const Layout &l, double tokensPerRank, double layersPerStage,
                             double recomputed)
{
    if (x.w->training.flashAttention)
        return 0;
    double passes = kScorePassesForward + kScorePassesBackward;
    if (l.recompute == Recompute::Selective)
        passes += kScorePassesForward;
    else if (l.recompute == Recompute::Full)
        passes += kScorePassesForward * recomputed;
    const double headsPerRank = double(x.w->model.heads) / l.tensorParallel;
    return hbmSeconds(x, tokensPerRank * layersPerStage * headsPerRank * x.seq * passes * x.actBytes);
}

// The memory-bound elementwise work above for this rank's tokens and layers; tensor parallelism
// splits it (sequence parallelism for the norms and residuals, the MLP's width for the activation).
double elementwiseSeconds(const Context &x, const Layout &l, double tokensPerRank, double layersPerStage,
                          double recomputed)
{
    const TransformerArch &m = x.w->model;
    const bool gated = m.gatedMlp;
    // A mixture of experts runs the activation of each expert a token visits.
    const double ffn = double(m.ffnOrDefault()) * (m.moe() ? m.expertsPerToken : 1);
    const double forward = kElementwiseForwardPerHidden * m.hidden
        + (gated ? kGatedActivationForwardPerFfn : kActivationForwardPerFfn) * ffn;
    const double backward = kElementwiseBackwardPerHidden * m.hidden
        + (gated ? kGatedActivationBackwardPerFfn : kActivationBackwardPerFfn) * ffn;
    double values = forward + backward;
    if (l.recompute == Recompute::Full)
        values += forward * recomputed;
    return hbmSeconds(x, tokensPerRank * layersPerStage * values * x.actBytes / l.tensorParallel);
}

StepTime stepTime(const Context &x, const Layout &l)
{
    const TransformerArch &m = x.w->model;
    StepTime t;
    const double tokens = double(l.globalBatch) * x.seq;
    const double recomputed = recomputedShare(x, l);
    double flops = x.baseFlops;
    if (l.recompute == Recompute::Selective)
        flops += x.selectiveExtra;
    else if (l.recompute == Recompute::Full)
        flops += x.fullExtra * recomputed;
    const double rowsPerMicro = double(l.microBatch) * x.seq / l.contextParallel;
    const double tokensPerRank = tokens / (double(l.dataParallel) * l.contextParallel);
    const double layersPerStage = std::ceil(double(m.layers) / l.pipelineParallel);
    t.scores = attentionScoreSeconds(x, l, tokensPerRank, layersPerStage, recomputed);
    t.elementwise = elementwiseSeconds(x, l, tokensPerRank, layersPerStage, recomputed);
    t.compute = tokens * flops / (x.gpus * x.peak * x.efficiency * rowsFactor(rowsPerMicro)) + t.scores + t.elementwise;

    t.tp = tensorParallelSeconds(x, l, recomputed);
    const double micro = std::max(1, l.globalBatch / (l.dataParallel * l.microBatch));
    if (l.pipelineParallel > 1) {
        // 1F1B bubble: (p - 1) / m of the ideal time; interleaving v model chunks per rank
        // divides it by v (Narayanan et al. 2021, section 2.2).
        t.bubble = (l.pipelineParallel - 1) / (micro * l.virtualStages) * (t.compute + t.tp);
        t.p2p = pipelineTransferSeconds(x, l);
    }
    if (l.contextParallel > 1) {
        // Ring attention passes each rank's keys and values around the context group once forward
        // and twice backward; it hides behind the attention compute it feeds.
        const int kvHeads = m.kvHeadsOrHeads();
        const double kvWidth = 2.0 * kvHeads * (double(m.hidden) / m.heads);
        const double cpn = l.contextParallel;
        const double bytes = 3.0 * micro * layersPerStage * rowsPerMicro * kvWidth * x.actBytes * (cpn - 1) / l.tensorParallel;
        const double comm = bytes / linkBandwidth(*x.c, l.tensorParallel * l.contextParallel);
        t.cp = std::max(0.0, comm - x.attentionShare * t.compute);
    }
    if (m.moe()) {
        // Tokens are not spread evenly over the experts: the busiest expert sets the pace.
        t.compute *= 1.0 + routedExpertShare(x) * (kExpertImbalance - 1.0);
        if (l.expertParallel > 1) {
            const double allToAll = expertAllToAllSeconds(x, l, tokensPerRank, layersPerStage);
            t.epTraffic = allToAll;
            if (expertOverlapOf(x.w->training) == ExpertOverlap::Full && micro >= 2) {
                // Two micro-batches in flight: one's all-to-all runs beside the other's attention
                // and expert compute (DeepSeek-V3's DualPipe, Megatron-Core's combined 1F1B), on
                // SMs taken from the compute; with one micro-batch nothing runs beside it.
                t.compute /= 1.0 - kOverlapCommSmShare;
                t.ep = std::max(0.0, allToAll - t.compute);
            } else {
                // Dispatch and combine sit between attention and the experts, and between the
                // experts and the next layer: without the schedule, every byte waits.
                t.ep = allToAll;
            }
        }
    }
    const double modelShards = double(l.tensorParallel) * l.pipelineParallel;
    const double gradBytes = trainableParamsPerExpertRank(*x.w, l.expertParallel) / modelShards * x.gradientBytesPerParam;
    const bool zero3 = l.sharding == Sharding::Zero3;
    const int replicaGpus = l.tensorParallel * l.pipelineParallel;
    const DataParallelTime dpt = dataParallelTime(*x.c, replicaGpus, l.dataParallel * l.contextParallel, gradBytes, zero3);
    t.dp = dpt.total;
    t.networkShare = dpt.networkShare;
    // ZeRO-3 prefetches weights during forward and backward; plain gradient sync hides behind
    // backward only (two thirds of the compute), bucket by bucket.
    t.dpExposed = exposedDataParallel(dpt.total, zero3 ? t.compute : t.compute * 2.0 / 3.0, gradBytes);
    t.step = t.compute + t.tp + t.bubble + t.p2p + t.cp + t.ep + t.dpExposed;
    return t;
}

// No layout of this grid (tp, cp, pp, dp) can step faster than this: compute without recomputation
// at full GEMM size, tensor-parallel traffic without recomputation, and the smallest bubble the
// micro-batch and interleaving search could reach. Grids that cannot beat the best layout found so
// far are skipped: the chosen layout is the same as without the bound (the runner-up named in the
// assumptions is the best of the layouts tried).
double lowerBoundStep(const Context &x, const Layout &l)
{
    const TransformerArch &m = x.w->model;
    const double tokens = double(l.globalBatch) * x.seq;
    const double compute = tokens * x.baseFlops / (x.gpus * x.peak * x.efficiency);
    const double tp = tensorParallelSeconds(x, l, 0.0);
    double bubble = 0;
    if (l.pipelineParallel > 1) {
        const double micro = std::max(1, l.globalBatch / l.dataParallel);
        const double v = micro >= l.pipelineParallel
            ? std::max(1, std::min(kMaxVirtualStages, m.layers / l.pipelineParallel))
            : 1.0;
        bubble = (l.pipelineParallel - 1) / (micro * v) * (compute + tp);
    }
    return compute + tp + bubble;
}

// The same bound once micro-batch and interleaving are chosen: the bubble and the pipeline
// transfers are then known exactly; only recomputation and communication can add to it. With
// more interleaved chunks in flight, at least the share of layers recomputed at one chunk is
// recomputed again (for the same sharding; a deeper ZeRO stage could need fewer, a case the
// bound may then skip).
double lowerBoundStepFor(const Context &x, const Layout &l, double recomputeShareAtLeast)
{
    const double tokens = double(l.globalBatch) * x.seq;
    const double rowsPerMicro = double(l.microBatch) * x.seq / l.contextParallel;
    const double flops = x.baseFlops + x.fullExtra * recomputeShareAtLeast;
    double step = tokens * flops / (x.gpus * x.peak * x.efficiency * rowsFactor(rowsPerMicro));
    step += tensorParallelSeconds(x, l, recomputeShareAtLeast);
    if (l.pipelineParallel > 1) {
        const double micro = std::max(1, l.globalBatch / (l.dataParallel * l.microBatch));
        step *= 1.0 + (l.pipelineParallel - 1) / (micro * l.virtualStages);
        step += pipelineTransferSeconds(x, l);
    }
    return step;
}

int defaultGlobalBatch(const Workload &w, double seq, int gpus)
{
    double tokens = kFineTuneBatchTokens;
    if (w.kind == WorkloadKind::Pretrain)
        tokens = std::clamp(kPretrainBatchTokensPerGpu * gpus, kPretrainBatchTokensMin, kPretrainBatchTokensMax);
    return std::max(1, int(std::lround(tokens / seq)));
}

// Megatron's block recomputation: the fewest layers per stage recomputed that still fit
// (memory falls as more layers are recomputed, so a bisection finds it). Sets l.recomputeLayers.
MemoryBreakdown fewestRecomputedLayers(const Workload &w, Layout &l, double capacity, MemoryBreakdown all)
{
    const int layersPerStage = int(std::ceil(double(w.model.layers) / l.pipelineParallel));
    int lo = 0; // does not fit (None/Selective already failed)
    int hi = layersPerStage;
    while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        l.recomputeLayers = mid;
        if (trainingMemory(w, l).total() <= capacity)
            hi = mid;
        else
            lo = mid;
    }
    l.recomputeLayers = hi >= layersPerStage ? 0 : hi;
    return l.recomputeLayers == 0 ? all : trainingMemory(w, l);
}

struct Candidate
{
    Layout layout;
    StepTime time;
    MemoryBreakdown memory;
    double throughput = 0; // tokens per second
};

// The part of the runner-up's step that loses most time against the winner's, per token.
StepTerm losingTerm(const Candidate &best, const Candidate &other)
{
    constexpr std::array<StepTerm, 7> kTerms = {StepTerm::Compute, StepTerm::TensorParallel, StepTerm::Bubble,
                                                StepTerm::PipelineTransfer, StepTerm::ContextParallel,
                                                StepTerm::ExpertParallel, StepTerm::DataParallel};
    const double bestTokens = double(best.layout.globalBatch);
    const double otherTokens = double(other.layout.globalBatch);
    StepTerm worst = StepTerm::Compute;
    double worstGap = -1;
    for (StepTerm t : kTerms) {
        const double gap = other.time.term(t) / otherTokens - best.time.term(t) / bestTokens;
        if (gap > worstGap) {
            worstGap = gap;
            worst = t;
        }
    }
    return worst;
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
    e.formatAsked = askedFormat(ts.precision);
    e.formatUsed = c.gpu.formatRun(e.formatAsked);
    e.formatLacking = c.gpu.lacksFormat(e.formatAsked);
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
    x.globalBatch = x.batchGiven ? ts.globalBatch : defaultGlobalBatch(w, x.seq, e.gpus);
    x.maxGrownBatch = kMaxBatchGrowth * x.globalBatch;
    if (w.kind == WorkloadKind::Pretrain)
        x.maxGrownBatch = std::max(x.globalBatch, int(kPretrainBatchTokensMax / x.seq));
    x.peak = e.peakTflops * 1e12;
    double eff = w.efficiencyOverride > 0 ? w.efficiencyOverride : transformerTrainingEfficiency(c.gpu, m.hidden);
    if (w.efficiencyOverride <= 0 && ts.precision == TrainPrecision::Fp8)
        eff *= kFp8EfficiencyFactor;
    if (w.kind == WorkloadKind::FineTune && ts.method == FineTuneMethod::Qlora)
        eff *= kQloraSpeedFactor;
    x.efficiency = eff;
    // A given efficiency is end to end: the elementwise work is in it already. (A calibration scales
    // the whole estimate of its probe's step, these terms included, onto what it measured.)
    x.memoryTerms = w.efficiencyOverride <= 0;
    x.baseFlops = modelFlopsPerToken(w);
    const double attentionForward = 4.0 * m.layers * double(m.hidden) * m.seqLen;
    x.selectiveExtra = attentionForward;
    x.fullExtra = 2.0 * m.activeOrTotal() + attentionForward;
    x.attentionShare = 3.0 * attentionForward / x.baseFlops;
    const bool fullWidth = ts.precision == TrainPrecision::Fp32 || ts.precision == TrainPrecision::Tf32;
    x.gradientBytesPerParam = fullWidth ? 4.0 : 2.0;
    x.actBytes = fullWidth ? 4.0 : 2.0;
    x.capacity = e.memoryCapacityBytes;

    constexpr Recompute kRecomputeOrder[] = {Recompute::None, Recompute::Selective, Recompute::Full};
    constexpr Sharding kShardingOrder[] = {Sharding::Zero1, Sharding::Zero2, Sharding::Zero3};
    const int domain = std::max(1, c.nvlinkDomain());
    const bool longSequence = m.seqLen >= kContextParallelFromSeq;

    // Tensor and pipeline sizes the user runs are taken as given; the rest is searched around them.
    // Tensor parallelism stays inside one NVLink domain and splits the heads; both divide the GPUs.
    const int tpSet = std::max(0, ts.tensorParallel);
    const int ppSet = std::max(0, ts.pipelineParallel);
    if ((tpSet > 0 && (tpSet > domain || m.heads % tpSet != 0)) || ppSet > m.layers
        || e.gpus % (std::max(1, tpSet) * std::max(1, ppSet)) != 0) {
        e.problem = FitProblem::LayoutMismatch;
        return e;
    }
    std::vector<int> tpSizes;
    for (int tp = 1; tp <= domain && tp <= e.gpus; tp *= 2)
        tpSizes.push_back(tp);
    if (tpSet > 0)
        tpSizes = {tpSet};
    std::vector<int> ppSizes;
    for (int pp = 1; pp <= m.layers && pp <= e.gpus; pp *= 2)
        ppSizes.push_back(pp);
    if (ppSet > 0)
        ppSizes = {ppSet};

    bool batchLimited = false;
    Candidate best;
    Candidate second;
    MemoryBreakdown frugal;
    double frugalTotal = -1;
    auto noteFrugal = [&](const MemoryBreakdown &mem) {
        if (frugalTotal < 0 || mem.total() < frugalTotal) {
            frugalTotal = mem.total();
            frugal = mem;
        }
    };
    auto consider = [&](const Candidate &cand) {
        if (cand.throughput > best.throughput) {
            second = best;
            best = cand;
        } else if (cand.throughput > second.throughput) {
            second = cand;
        }
    };

    for (int tp : tpSizes) {
        if (e.gpus % tp != 0 || m.heads % tp != 0)
            continue;
        for (int cp = 1; cp <= (longSequence ? kMaxContextParallel : 1) && tp * cp <= e.gpus; cp *= 2) {
            if (e.gpus % (tp * cp) != 0 || m.seqLen % cp != 0)
                continue;
            for (int pp : ppSizes) {
                if (tp * cp * pp > e.gpus || e.gpus % (tp * cp * pp) != 0)
                    continue;
                Layout l;
                l.tensorParallel = tp;
                l.contextParallel = cp;
                l.pipelineParallel = pp;
                l.dataParallel = e.gpus / (tp * cp * pp);
                l.globalBatch = x.globalBatch;
                if (l.dataParallel > l.globalBatch) {
                    // The default batch may grow with the data-parallel width, up to 4x and never past
                    // 16M tokens in pre-training; beyond that the batch hurts convergence.
                    if (x.batchGiven || l.dataParallel > x.maxGrownBatch) {
                        batchLimited = true;
                        continue;
                    }
                    l.globalBatch = l.dataParallel;
                }
                const double bound = double(l.globalBatch) * x.seq / lowerBoundStep(x, l);
                if (best.throughput > 0 && bound <= best.throughput)
                    continue; // cannot beat the two best layouts found so far
                int maxEp = 1;
                if (m.moe()) {
                    while (maxEp * 2 <= m.experts && l.dataParallel % (maxEp * 2) == 0)
                        maxEp *= 2;
                }
                // Most frugal setting first: when even that does not fit, skip every combination.
                {
                    Layout lean = l;
                    lean.microBatch = 1;
                    lean.expertParallel = maxEp;
                    lean.recompute = ts.recompute == Recompute::Auto ? Recompute::Full : ts.recompute;
                    lean.sharding = ts.sharding != Sharding::Auto
                        ? ts.sharding
                        : (l.dataParallel == 1 ? Sharding::None : Sharding::Zero3);
                    const MemoryBreakdown mem = trainingMemory(w, lean);
                    if (mem.total() > x.capacity) {
                        noteFrugal(mem);
                        continue;
                    }
                }
                bool cheapestFits = false;
                const int mbFirst = ts.microBatch > 0 ? ts.microBatch : 1;
                const int mbLast = ts.microBatch > 0 ? ts.microBatch : kMaxMicroBatch;
                for (int mb = mbFirst; mb <= mbLast; mb *= 2) {
                    if (l.dataParallel * mb > l.globalBatch) {
                        if (mb == mbFirst && ts.microBatch > 0)
                            batchLimited = true;
                        break;
                    }
                    const int micro = l.globalBatch / (l.dataParallel * mb);
                    bool withoutRecomputeFailed = false; // at v = 1: then more chunks in flight fail too
                    double recomputeShareAtV1 = 0; // more chunks in flight need at least as much
                    for (int v = 1; v <= (pp > 1 ? kMaxVirtualStages : 1); v *= 2) {
                        if (v > 1 && (micro < pp || m.layers < pp * v || (pp - 1.0) / micro < kInterleaveFromBubble))
                            break;
                        bool withoutRecomputeFitted = false;
                        l.microBatch = mb;
                        l.virtualStages = v;
                        if (best.throughput > 0
                            && double(l.globalBatch) * x.seq
                                    / lowerBoundStepFor(x, l, v > 1 && withoutRecomputeFailed ? recomputeShareAtV1 : 0.0)
                                <= best.throughput)
                            continue; // cannot beat the best layout found so far
                        for (int ep = 1; ep <= maxEp; ep *= 2) {
                            l.microBatch = mb;
                            l.virtualStages = v;
                            l.expertParallel = ep;
                            bool fitted = false;
                            for (Recompute rc : kRecomputeOrder) {
                                if (ts.recompute != Recompute::Auto && rc != ts.recompute)
                                    continue;
                                // With FlashAttention selective recomputation frees nothing more than none.
                                if (ts.recompute == Recompute::Auto && rc == Recompute::Selective && ts.flashAttention)
                                    continue;
                                if (rc != Recompute::Full && v > 1 && withoutRecomputeFailed)
                                    continue;
                                for (Sharding sh : kShardingOrder) {
                                    Sharding use = sh;
                                    if (ts.sharding != Sharding::Auto) {
                                        if (sh != Sharding::Zero1)
                                            break;
                                        use = ts.sharding;
                                    } else if (l.dataParallel * l.contextParallel == 1) {
                                        if (sh != Sharding::Zero1)
                                            break;
                                        use = Sharding::None; // nothing to shard over
                                    }
                                    l.sharding = use;
                                    l.recompute = rc;
                                    l.recomputeLayers = 0;
                                    MemoryBreakdown mem = trainingMemory(w, l);
                                    if (rc == Recompute::Full && ts.recompute == Recompute::Auto
                                        && mem.total() <= x.capacity)
                                        mem = fewestRecomputedLayers(w, l, x.capacity, mem);
                                    noteFrugal(mem);
                                    if (mem.total() > x.capacity)
                                        continue;
                                    if (rc != Recompute::Full)
                                        withoutRecomputeFitted = true;
                                    else if (v == 1 && (recomputeShareAtV1 == 0 || recomputedShare(x, l) < recomputeShareAtV1))
                                        recomputeShareAtV1 = recomputedShare(x, l);
                                    Candidate cand;
                                    cand.layout = l;
                                    cand.time = stepTime(x, l);
                                    cand.memory = mem;
                                    cand.throughput = double(l.globalBatch) * x.seq / cand.time.step;
                                    consider(cand);
                                    fitted = true;
                                    if ((rc == kRecomputeOrder[0] || ts.recompute != Recompute::Auto)
                                        && sh == Sharding::Zero1)
                                        cheapestFits = true;
                                    break;
                                }
                                if (fitted)
                                    break;
                            }
                        }
                        if (v == 1 && !withoutRecomputeFitted)
                            withoutRecomputeFailed = true;
                    }
                    // Larger micro-batches only help while their GEMMs are short of full size.
                    if (double(mb) * x.seq / cp >= kFullSizeGemmRows)
                        break;
                }
                // Deeper pipelines only add bubble once the cheapest setting already fits.
                if (cheapestFits)
                    break;
            }
        }
    }

    if (best.throughput <= 0) {
        e.memory = frugal;
        e.problem = batchLimited && frugalTotal < 0 ? FitProblem::BatchTooSmall : FitProblem::MemoryCapacity;
        e.bottleneck = Bottleneck::MemoryCapacity;
        return e;
    }

    const StepTime &bt = best.time;
    e.layout = best.layout;
    e.memory = best.memory;
    e.efficiency = x.efficiency;
    e.stepSeconds = bt.step;
    e.computeSeconds = bt.compute;
    e.attentionScoresSeconds = bt.scores;
    e.elementwiseSeconds = bt.elementwise;
    e.tensorParallelSeconds = bt.tp;
    e.bubbleSeconds = bt.bubble;
    e.pipelineTransferSeconds = bt.p2p;
    e.contextParallelSeconds = bt.cp;
    e.expertParallelSeconds = bt.ep;
    e.expertAllToAllSeconds = bt.epTraffic;
    e.dataParallelSeconds = bt.dp;
    e.dataParallelExposedSeconds = bt.dpExposed;
    e.networkShareOfDataParallel = bt.networkShare;
    if (second.throughput > 0) {
        e.runnerUp = second.layout;
        e.runnerUpThroughput = second.throughput;
        e.runnerUpLoses = losingTerm(best, second);
    }
    e.throughput = best.throughput;
    const double totalTokens = ts.tokens * std::max(0.0, ts.epochs);
    const double ideal = totalTokens / e.throughput / 3600.0;
    // Before the goodput and campaign terms: a measured MFU is set against this one.
    e.mfu = e.throughput * x.baseFlops / (e.gpus * x.peak);
    applyGoodput(w, c, e, ideal);
    const double network = bt.dpExposed * bt.networkShare;
    e.bottleneck = classifyCommunication(bt.step, bt.compute,
                                         bt.tp + bt.p2p + bt.cp + bt.ep + bt.dpExposed - network, network);
    e.fits = true;
    e.problem = FitProblem::None;
    return e;
}

} // namespace gpuplanner::core::detail
