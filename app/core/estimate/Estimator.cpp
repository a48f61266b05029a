#include "core/estimate/Estimator.h"

#include "core/estimate/Campaign.h"
#include "core/estimate/Efficiency.h"
#include "core/estimate/EstimatorDetail.h"
#include "core/estimate/Goodput.h"
#include "core/estimate/HostLimits.h"
#include "core/estimate/MemoryModel.h"

#include <algorithm>
#include <cmath>

namespace gpuplanner::core {

namespace detail {

namespace {
// Overlap of gradient traffic with backward: buckets are sent as soon as they are ready
// (PyTorch DDP, Megatron's overlapped grad reduce), at most 80% of the window is usable, and
// the last bucket (25 MiB, DDP's bucket_cap_mb default) cannot hide behind anything.
constexpr double kOverlapUsable = 0.8;
constexpr double kBucketBytes = 25.0 * 1024 * 1024;
} // namespace

DataParallelTime dataParallelTime(const ClusterConfig &c, int replicaGpus, int dp, double gradientBytes, bool zero3)
{
    DataParallelTime t;
    if (dp <= 1 || gradientBytes <= 0)
        return t;
    const int g = std::max(1, c.gpusPerInstance);
    // Tensor and pipeline ranks fill an instance first; the rest of it holds data-parallel peers.
    const int k = replicaGpus <= g ? std::min(dp, std::max(1, g / std::max(1, replicaGpus))) : 1;
    const int nodes = (dp + k - 1) / k;
    double intra = 0;
    if (k > 1)
        intra = 2.0 * (k - 1) / k * gradientBytes / (c.intraBandwidthGbs() * 1e9);
    double inter = 0;
    if (nodes > 1) {
        const double perGpuNet = c.networkBandwidthGbs() * 1e9 / g;
        inter = 2.0 * (nodes - 1) / nodes * (gradientBytes / k) / perGpuNet;
    }
    const double factor = zero3 ? 1.5 : 1.0;
    t.total = (intra + inter) * factor;
    t.networkShare = t.total > 0 ? inter * factor / t.total : 0;
    return t;
}

double exposedDataParallel(double commSeconds, double overlapWindowSeconds, double gradientBytes)
{
    if (commSeconds <= 0)
        return 0;
    const double lastBucket = commSeconds * std::min(1.0, gradientBytes > 0 ? kBucketBytes / gradientBytes : 1.0);
    return std::max(lastBucket, commSeconds - kOverlapUsable * overlapWindowSeconds);
}

void applyGoodput(const Workload &w, const ClusterConfig &c, Estimate &e, double idealHours)
{
    if (w.goodputOverride > 0) {
        e.goodput = std::min(1.0, w.goodputOverride);
        e.goodputTerms = {};
        e.goodputTerms.overridden = true;
    } else {
        e.goodputTerms = goodputTerms(w, c, e.gpus, idealHours);
        e.goodput = 1.0 / (1.0 + e.goodputTerms.overheadShare());
    }
    e.startupHours = w.startupHours >= 0 ? w.startupHours : (c.startupHours >= 0 ? c.startupHours : kDefaultStartupHours);
    e.wallTimeHours = idealHours / e.goodput + e.startupHours;
    e.gpuHours = e.wallTimeHours * e.gpus;
    applyCampaign(w, c, e, idealHours);
}

namespace {

double trainPeak(const GpuSpec &gpu, TrainPrecision p)
{
    return gpu.peakTflops(mathPrecision(p));
}

Bottleneck commBottleneck(double step, double compute, double interconnect, double network)
{
    // Communication must take a real share of the step before it is called the bottleneck.
    constexpr double kShare = 0.2;
    if (step <= 0)
        return Bottleneck::Compute;
    (void)compute;
    if (network >= interconnect && network / step > kShare)
        return Bottleneck::Network;
    if (interconnect / step > kShare)
        return Bottleneck::Interconnect;
    return Bottleneck::Compute;
}

} // namespace

double trainingPeakTflops(const GpuSpec &gpu, TrainPrecision p)
{
    return trainPeak(gpu, p);
}

Bottleneck classifyCommunication(double step, double compute, double interconnect, double network)
{
    return commBottleneck(step, compute, interconnect, network);
}

Estimate estimateVision(const Workload &w, const ClusterConfig &c)
{
    const VisionSetup &v = w.vision;
    Estimate e;
    e.throughputInTokens = false;
    e.gpus = c.totalGpus();
    e.instances = c.instances;
    e.memoryCapacityBytes = c.gpu.memoryGib * bytesPerGib();
    if (v.forwardFlopsPerSample <= 0 || v.samples <= 0) {
        e.problem = FitProblem::MissingInput;
        return e;
    }
    e.peakTflops = trainPeak(c.gpu, v.precision);
    e.formatAsked = askedFormat(v.precision);
    e.formatUsed = c.gpu.formatRun(e.formatAsked);
    e.formatLacking = c.gpu.lacksFormat(e.formatAsked);
    if (e.peakTflops <= 0) {
        e.problem = FitProblem::NoComputeSpecs;
        return e;
    }
    const int g = e.gpus;
    const int batch = v.batch > 0 ? v.batch : 256 * g; // 256 images per GPU: the usual ResNet recipe
    e.layout.dataParallel = g;
    e.layout.globalBatch = batch;
    e.layout.microBatch = std::max(1, batch / g);
    e.layout.sharding = Sharding::None;

    // fp32 weights and gradients (AMP keeps master weights in fp32) plus optimizer state.
    const double optBytes = v.optimizer == Optimizer::AdamW ? 8.0 : (v.optimizer == Optimizer::Adam8bit ? 2.0 : 4.0);
    e.memory.weights = v.params * 4.0;
    e.memory.gradients = v.params * 4.0;
    e.memory.optimizer = v.params * optBytes;
    e.memory.activations = double(batch) / g * v.activationBytesPerSample;
    e.memory.overhead = kFrameworkOverheadBytes + kFragmentationShare * (e.memory.total());
    if (batch < g) {
        e.problem = FitProblem::BatchTooSmall;
        return e;
    }
    if (e.memory.total() > e.memoryCapacityBytes) {
        e.problem = FitProblem::MemoryCapacity;
        e.bottleneck = Bottleneck::MemoryCapacity;
        return e;
    }
    e.efficiency = w.efficiencyOverride > 0 ? w.efficiencyOverride
                                            : visionTrainingEfficiency(c.gpu.generation, v.depthwiseSeparable);
    const double flopsPerSample = 3.0 * v.forwardFlopsPerSample; // forward + backward (2x forward)
    e.computeSeconds = batch * flopsPerSample / (g * e.peakTflops * 1e12 * e.efficiency);
    const DataParallelTime dpt = dataParallelTime(c, 1, g, v.params * 4.0, false);
    e.dataParallelSeconds = dpt.total;
    e.networkShareOfDataParallel = dpt.networkShare;
    e.dataParallelExposedSeconds = exposedDataParallel(dpt.total, e.computeSeconds * 2.0 / 3.0, v.params * 4.0);
    e.stepSeconds = e.computeSeconds + e.dataParallelExposedSeconds;
    e.throughput = batch / e.stepSeconds;
    const double net = e.dataParallelExposedSeconds * dpt.networkShare;
    e.bottleneck = commBottleneck(e.stepSeconds, e.computeSeconds, e.dataParallelExposedSeconds - net, net);
    // The host's loaders can be slower than the GPUs: then they set the pace.
    const HostLimit host = visionLoaderLimit(w, c, std::max(1, batch / g));
    e.hostLimitItemsPerSecond = host.itemsPerSecond;
    e.loaderVcpusPerInstance = host.loaderVcpusPerInstance;
    e.hostRamLimited = host.ramLimited;
    if (host.itemsPerSecond > 0 && host.itemsPerSecond < e.throughput) {
        e.throughput = host.itemsPerSecond;
        e.stepSeconds = batch / e.throughput;
        e.bottleneck = Bottleneck::HostData;
    }
    const double items = v.samples * std::max(0.0, v.epochs);
    const double ideal = items / e.throughput / 3600.0;
    applyGoodput(w, c, e, ideal);
    e.mfu = e.throughput * flopsPerSample / (g * e.peakTflops * 1e12);
    e.fits = true;
    e.problem = FitProblem::None;
    return e;
}

Estimate estimateMeasured(const Workload &w, const ClusterConfig &c)
{
    const MeasuredSetup &m = w.measured;
    Estimate e;
    e.throughputInTokens = !w.tokensAreSamples;
    e.gpus = c.totalGpus();
    e.instances = c.instances;
    e.layout.dataParallel = e.gpus;
    e.memoryCapacityBytes = c.gpu.memoryGib * bytesPerGib();
    if (m.referenceThroughput <= 0 || m.referenceGpus <= 0 || m.items <= 0) {
        e.problem = FitProblem::MissingInput;
        return e;
    }
    const bool bandwidth = m.bound == MeasuredBound::MemoryBandwidth;
    const double refPeak = bandwidth ? m.referenceGpu.memoryBandwidthGbs : m.referenceGpu.peakTflops(m.precision);
    const double peak = bandwidth ? c.gpu.memoryBandwidthGbs : c.gpu.peakTflops(m.precision);
    if (refPeak <= 0 || peak <= 0) {
        e.problem = FitProblem::NoComputeSpecs;
        return e;
    }
    e.peakTflops = c.gpu.peakTflops(m.precision);
    // The measurement is taken as the per-GPU rate of its own configuration.
    const double perGpu = m.referenceThroughput / m.referenceGpus * (peak / refPeak);
    e.computeSeconds = 1.0;
    e.stepSeconds = 1.0;
    if (m.gradientBytes > 0 && m.itemsPerStep > 0) {
        e.computeSeconds = m.itemsPerStep / (perGpu * e.gpus);
        const DataParallelTime dpt = dataParallelTime(c, 1, e.gpus, m.gradientBytes, false);
        e.dataParallelSeconds = dpt.total;
        e.networkShareOfDataParallel = dpt.networkShare;
        e.dataParallelExposedSeconds = exposedDataParallel(dpt.total, e.computeSeconds * 2.0 / 3.0, m.gradientBytes);
        e.stepSeconds = e.computeSeconds + e.dataParallelExposedSeconds;
        e.throughput = m.itemsPerStep / e.stepSeconds;
    } else {
        e.throughput = perGpu * e.gpus;
    }
    e.efficiency = peak / refPeak;
    const double ideal = m.items / e.throughput / 3600.0;
    applyGoodput(w, c, e, ideal);
    const double net = e.dataParallelExposedSeconds * e.networkShareOfDataParallel;
    e.bottleneck = bandwidth ? Bottleneck::MemoryBandwidth
                             : commBottleneck(e.stepSeconds, e.computeSeconds, e.dataParallelExposedSeconds - net, net);
    e.fits = true;
    e.problem = FitProblem::None;
    return e;
}

} // namespace detail

MathPrecision mathPrecision(TrainPrecision precision)
{
    switch (precision) {
    case TrainPrecision::Fp32: return MathPrecision::Fp32;
    case TrainPrecision::Tf32: return MathPrecision::Tf32;
    case TrainPrecision::Mixed: return MathPrecision::Bf16;
    case TrainPrecision::Fp16Mixed: return MathPrecision::Bf16; // the 16-bit tensor rate
    case TrainPrecision::Fp8: return MathPrecision::Fp8;
    }
    return MathPrecision::Bf16;
}

NumberFormat askedFormat(TrainPrecision precision)
{
    switch (precision) {
    case TrainPrecision::Fp32: return NumberFormat::Fp32;
    case TrainPrecision::Tf32: return NumberFormat::Tf32;
    case TrainPrecision::Mixed: return NumberFormat::Bf16;
    case TrainPrecision::Fp16Mixed: return NumberFormat::Fp16;
    case TrainPrecision::Fp8: return NumberFormat::Fp8;
    }
    return NumberFormat::Bf16;
}

double parameterCount(const TransformerArch &m, bool tiedEmbeddings)
{
    const double h = m.hidden;
    const double kvWidth = m.heads > 0 ? h / m.heads * m.kvHeadsOrHeads() : h;
    const double attention = 2.0 * h * h + 2.0 * h * kvWidth; // Q and O, then K and V
    const double mlp = (m.gatedMlp ? 3.0 : 2.0) * h * m.ffnOrDefault();
    const double norms = 4.0 * h;
    const double embeddings = double(m.vocab) * h * (tiedEmbeddings ? 1.0 : 2.0);
    return m.layers * (attention + mlp + norms) + embeddings;
}

double modelFlopsPerToken(const Workload &w)
{
    const TransformerArch &m = w.model;
    const double n = m.activeOrTotal();
    // Attention: QK^T and AV are 4*s*h FLOPs per token per layer forward, 3x with backward
    // (Narayanan et al. 2021, appendix; the convention the Llama and torchtitan MFU figures use).
    const double attention = 12.0 * m.layers * double(m.hidden) * std::max(1, m.seqLen);
    const bool adapters = w.kind == WorkloadKind::FineTune && w.training.method != FineTuneMethod::Full;
    // Frozen weights need no weight gradients: forward 2N plus input gradients 2N.
    return (adapters ? 4.0 : 6.0) * n + attention;
}

Estimate estimate(const Workload &workload, const ClusterConfig &cluster)
{
    switch (workload.kind) {
    case WorkloadKind::Pretrain:
    case WorkloadKind::FineTune:
        return detail::estimateTraining(workload, cluster);
    case WorkloadKind::Vision:
        return detail::estimateVision(workload, cluster);
    case WorkloadKind::Inference:
        return detail::estimateInference(workload, cluster);
    case WorkloadKind::Measured:
        return detail::estimateMeasured(workload, cluster);
    }
    return {};
}

int minimumGpus(const Workload &workload, const ClusterConfig &cluster, int maxGpus)
{
    if (workload.kind == WorkloadKind::Inference) {
        // The narrowest replica whose weights, overhead and one request's KV cache fit.
        const double capacity = cluster.gpu.memoryGib * bytesPerGib() * kInferenceMemoryShare;
        for (int tp = 1; tp <= maxGpus; tp *= 2) {
            if (inferenceMemory(workload, tp, 1.0).total() <= capacity)
                return tp;
        }
        return 0;
    }
    ClusterConfig c = cluster;
    const int g = std::max(1, cluster.gpusPerInstance);
    auto fitsWith = [&](int gpusPerInstance, int instances) {
        c.gpusPerInstance = gpusPerInstance;
        c.instances = instances;
        return estimate(workload, c).fits;
    };
    // Inside one instance: 1, 2, 4, ... GPUs of it.
    for (int n = 1; n <= g; n *= 2) {
        if (fitsWith(n, 1))
            return n;
    }
    if (fitsWith(g, 1))
        return g;
    // Then whole instances: double until it fits, then bisect.
    int lo = 1;
    int hi = 2;
    while (hi * g <= maxGpus && !fitsWith(g, hi)) {
        lo = hi;
        hi *= 2;
    }
    if (hi * g > maxGpus)
        return 0;
    while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        if (fitsWith(g, mid))
            hi = mid;
        else
            lo = mid;
    }
    return hi * g;
}

} // namespace gpuplanner::core
