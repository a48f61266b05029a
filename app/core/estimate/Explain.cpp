#include "core/estimate/Explain.h"

#include "core/estimate/Efficiency.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/MemoryModel.h"

#include <QJsonArray>

#include <cmath>

namespace gpuplanner::core {

namespace {

QString gib(double bytes)
{
    return QString::number(bytes / bytesPerGib(), 'f', 1);
}

QString percent(double fraction)
{
    return QString::number(fraction * 100.0, 'f', 0) + u'%';
}

QString memoryTermText(MemoryTerm t)
{
    switch (t) {
    case MemoryTerm::Weights:
        return QStringLiteral("weights");
    case MemoryTerm::Gradients:
        return QStringLiteral("gradients");
    case MemoryTerm::OptimizerStates:
        return QStringLiteral("optimizer states");
    case MemoryTerm::Activations:
        return QStringLiteral("activations");
    case MemoryTerm::KvCache:
        return QStringLiteral("KV cache");
    case MemoryTerm::Overhead:
        return QStringLiteral("framework overhead");
    }
    return {};
}

QString linkText(const ClusterConfig &c)
{
    switch (c.intraLink) {
    case IntraLink::NvSwitch:
        return QStringLiteral("NVLink/NVSwitch");
    case IntraLink::NvLinkBridge:
        return QStringLiteral("NVLink bridge");
    case IntraLink::Pcie:
        break;
    }
    return QStringLiteral("PCIe");
}

QString networkText(const ClusterConfig &c)
{
    QString kind;
    switch (c.network) {
    case NetworkKind::InfiniBand:
        kind = QStringLiteral("InfiniBand");
        break;
    case NetworkKind::Efa:
        kind = QStringLiteral("EFA");
        break;
    case NetworkKind::RoCE:
        kind = QStringLiteral("RoCE");
        break;
    case NetworkKind::Tcp:
        kind = QStringLiteral("TCP");
        break;
    }
    const QString gbps = c.networkGbps > 0 ? QString::number(c.networkGbps) + QStringLiteral(" Gb/s")
                                           : QStringLiteral("an assumed 100 Gb/s");
    return QStringLiteral("%1 over %2").arg(gbps, kind);
}

} // namespace

QString bottleneckId(Bottleneck b)
{
    switch (b) {
    case Bottleneck::Compute:
        return QStringLiteral("compute");
    case Bottleneck::MemoryBandwidth:
        return QStringLiteral("memory_bandwidth");
    case Bottleneck::Interconnect:
        return QStringLiteral("interconnect");
    case Bottleneck::Network:
        return QStringLiteral("network");
    case Bottleneck::MemoryCapacity:
        return QStringLiteral("memory_capacity");
    }
    return {};
}

QString memoryTermId(MemoryTerm t)
{
    return memoryTermText(t).replace(u' ', u'_').toLower().replace(QStringLiteral("framework_"), QString());
}

QString shardingName(Sharding s)
{
    switch (s) {
    case Sharding::Auto:
        return QStringLiteral("auto");
    case Sharding::None:
        return QStringLiteral("no sharding");
    case Sharding::Zero1:
        return QStringLiteral("ZeRO-1");
    case Sharding::Zero2:
        return QStringLiteral("ZeRO-2");
    case Sharding::Zero3:
        return QStringLiteral("ZeRO-3/FSDP");
    }
    return {};
}

QString recomputeName(Recompute r)
{
    switch (r) {
    case Recompute::Auto:
        return QStringLiteral("auto");
    case Recompute::None:
        return QStringLiteral("no recomputation");
    case Recompute::Selective:
        return QStringLiteral("selective recomputation");
    case Recompute::Full:
        return QStringLiteral("full recomputation");
    }
    return {};
}

QString layoutText(const Estimate &e, WorkloadKind kind)
{
    const Layout &l = e.layout;
    if (kind == WorkloadKind::Inference) {
        return QStringLiteral("%1 replica(s) x TP %2, batch %3").arg(e.replicas).arg(l.tensorParallel).arg(l.globalBatch);
    }
    if (kind == WorkloadKind::Vision || kind == WorkloadKind::Measured)
        return QStringLiteral("DP %1, global batch %2").arg(l.dataParallel).arg(l.globalBatch);
    return QStringLiteral("TP %1 x PP %2 x DP %3, %4, %5, micro-batch %6, global batch %7")
        .arg(l.tensorParallel)
        .arg(l.pipelineParallel)
        .arg(l.dataParallel)
        .arg(shardingName(l.sharding), recomputeName(l.recompute))
        .arg(l.microBatch)
        .arg(l.globalBatch);
}

QString reasonText(const Workload &w, const ClusterConfig &c, const Estimate &e)
{
    switch (e.problem) {
    case FitProblem::None:
        return {};
    case FitProblem::MemoryCapacity:
        return QStringLiteral("Needs %1 GiB per GPU in the most frugal layout tried but a GPU has %2 GiB; the largest term is %3.")
            .arg(gib(e.memory.total()), gib(e.memoryCapacityBytes), memoryTermText(e.memory.dominant()));
    case FitProblem::NoComputeSpecs:
        return QStringLiteral("The GPU has no published peak rate or bandwidth for this precision.");
    case FitProblem::MissingInput:
        return QStringLiteral("The workload lacks a number the estimate needs (size, shape, tokens or samples).");
    case FitProblem::ReplicaTooWide:
        return QStringLiteral("One replica needs more GPUs than the %1 in one NVLink domain of this instance.")
            .arg(c.nvlinkDomain());
    case FitProblem::LatencyUnreachable:
        return QStringLiteral("The latency targets cannot be met on this GPU at any replica width.");
    case FitProblem::BatchTooSmall:
        return QStringLiteral("The global batch (%1) is smaller than the %2 data-parallel ranks.")
            .arg(w.kind == WorkloadKind::Vision ? w.vision.batch : w.training.globalBatch)
            .arg(e.gpus);
    }
    return {};
}

QStringList assumptions(const Workload &w, const ClusterConfig &c, const Estimate &e)
{
    QStringList out;
    if (!e.fits) {
        out << reasonText(w, c, e);
        return out;
    }
    out << QStringLiteral("Memory per GPU: %1 GiB of %2 GiB (weights %3, gradients %4, optimizer %5, activations %6, "
                          "KV cache %7, framework overhead %8 GiB); the largest term is %9.")
               .arg(gib(e.memory.total()), gib(e.memoryCapacityBytes), gib(e.memory.weights), gib(e.memory.gradients),
                    gib(e.memory.optimizer), gib(e.memory.activations), gib(e.memory.kvCache),
                    gib(e.memory.overhead), memoryTermText(e.memory.dominant()));
    switch (w.kind) {
    case WorkloadKind::Pretrain:
    case WorkloadKind::FineTune: {
        out << QStringLiteral("Layout: %1, the fastest that fits.").arg(layoutText(e, w.kind));
        out << QStringLiteral("Each token costs %1 GFLOPs (6 x parameters plus 12 x layers x hidden x sequence for "
                              "attention%2); recomputation adds to that.")
                   .arg(modelFlopsPerToken(w) / 1e9, 0, 'f', 1)
                   .arg(w.kind == WorkloadKind::FineTune && w.training.method != FineTuneMethod::Full
                            ? QStringLiteral("; 4 x parameters for adapters, as frozen weights need no weight gradients")
                            : QString());
        out << QStringLiteral("GPUs reach %1 of their %2 TFLOP/s peak in hardware FLOPs (%3 model FLOPs utilisation).")
                   .arg(percent(e.efficiency))
                   .arg(e.peakTflops)
                   .arg(percent(e.mfu));
        if (e.tensorParallelSeconds > 0)
            out << QStringLiteral("Tensor parallelism stays inside the %1 domain and costs %2 of each step.")
                       .arg(linkText(c), percent(e.tensorParallelSeconds / e.stepSeconds));
        if (e.bubbleSeconds > 0)
            out << QStringLiteral("The pipeline bubble costs %1 of each step.").arg(percent(e.bubbleSeconds / e.stepSeconds));
        break;
    }
    case WorkloadKind::Vision:
        out << QStringLiteral("Each sample costs 3 x %1 GFLOPs (forward plus backward); GPUs reach %2 of their %3 "
                              "TFLOP/s peak, typical of convolutional training.")
                   .arg(w.vision.forwardFlopsPerSample / 1e9, 0, 'g', 3)
                   .arg(percent(e.efficiency))
                   .arg(e.peakTflops);
        if (w.vision.depthwiseSeparable)
            out << QStringLiteral("Depthwise-separable layers are bound by memory bandwidth, so the network reaches a "
                                  "fifth of the rate of dense convolutional networks.");
        if (w.vision.activationBytesPerSample <= 0)
            out << QStringLiteral("Activation memory per sample is unknown, so only weights and optimizer state were "
                                  "checked against GPU memory.");
        break;
    case WorkloadKind::Inference:
        out << QStringLiteral("Each replica spans %1 GPU(s) and serves %2 concurrent requests at %3 output tokens/s; "
                              "time to first token %4 s, time per output token %5 ms.")
                   .arg(e.layout.tensorParallel)
                   .arg(e.batchPerReplica)
                   .arg(e.tokensPerSecondPerReplica, 0, 'f', 0)
                   .arg(e.ttftSeconds, 0, 'f', 2)
                   .arg(e.tpotSeconds * 1000.0, 0, 'f', 1);
        out << QStringLiteral("Decode reads all weights and the KV cache every step at %1 of HBM bandwidth; prefill "
                              "runs at %2 of peak compute.")
                   .arg(percent(kDecodeBandwidthEfficiency), percent(kPrefillComputeEfficiency));
        out << QStringLiteral("%1 replica(s) on %2 instance(s) rented around the clock: %3 GPU-hours per month.")
                   .arg(e.replicas)
                   .arg(e.instances)
                   .arg(e.gpuHoursPerMonth, 0, 'f', 0);
        break;
    case WorkloadKind::Measured:
        out << QStringLiteral("The measured rate is scaled by the ratio of the %1 (x%2).")
                   .arg(w.measured.bound == MeasuredBound::MemoryBandwidth ? QStringLiteral("memory bandwidths")
                                                                             : QStringLiteral("peak compute rates"))
                   .arg(e.efficiency, 0, 'f', 2);
        break;
    }
    if (w.kind != WorkloadKind::Inference && e.dataParallelSeconds > 0) {
        out << QStringLiteral("Gradient synchronisation (ring all-reduce, %1 inside an instance, %2 between instances) "
                              "takes %3 s per step, of which %4 s is not hidden behind the backward pass.")
                   .arg(linkText(c), networkText(c))
                   .arg(e.dataParallelSeconds, 0, 'f', 2)
                   .arg(e.dataParallelExposedSeconds, 0, 'f', 2);
    }
    if (e.goodput < 1.0)
        out << QStringLiteral("Runs of two weeks or more lose %1 of wall time to restarts, checkpoints and evaluation.")
                   .arg(percent(1.0 - e.goodput));
    if (w.model.activeParams > 0 && w.kind != WorkloadKind::Vision)
        out << QStringLiteral("Mixture of experts: compute follows the %1 B active parameters, memory all %2 B; "
                              "expert-parallel all-to-all traffic is not modelled.")
                   .arg(w.model.activeParams / 1e9, 0, 'f', 1)
                   .arg(w.model.params / 1e9, 0, 'f', 1);
    return out;
}

QJsonObject estimateToJson(const Workload &w, const ClusterConfig &c, const Estimate &e)
{
    QJsonObject o;
    o.insert(QStringLiteral("fits"), e.fits);
    o.insert(QStringLiteral("reason"), reasonText(w, c, e));
    o.insert(QStringLiteral("gpus"), e.gpus);
    o.insert(QStringLiteral("instances"), e.instances);
    o.insert(QStringLiteral("layout"), e.fits ? layoutText(e, w.kind) : QString());
    o.insert(QStringLiteral("memory_per_gpu_gib"), std::round(e.memory.total() / bytesPerGib() * 100.0) / 100.0);
    o.insert(QStringLiteral("memory_capacity_gib"), std::round(e.memoryCapacityBytes / bytesPerGib() * 100.0) / 100.0);
    o.insert(QStringLiteral("memory_dominant_term"), memoryTermId(e.memory.dominant()));
    o.insert(e.throughputInTokens ? QStringLiteral("tokens_per_second") : QStringLiteral("samples_per_second"),
             e.throughput);
    o.insert(QStringLiteral("wall_time_hours"), e.wallTimeHours);
    o.insert(QStringLiteral("gpu_hours"), e.gpuHours);
    o.insert(QStringLiteral("mfu"), e.mfu);
    o.insert(QStringLiteral("efficiency"), e.efficiency);
    o.insert(QStringLiteral("goodput"), e.goodput);
    o.insert(QStringLiteral("bottleneck"), bottleneckId(e.bottleneck));
    if (w.kind == WorkloadKind::Inference) {
        o.insert(QStringLiteral("replicas"), e.replicas);
        o.insert(QStringLiteral("tokens_per_second_per_replica"), e.tokensPerSecondPerReplica);
        o.insert(QStringLiteral("ttft_seconds"), e.ttftSeconds);
        o.insert(QStringLiteral("tpot_seconds"), e.tpotSeconds);
        o.insert(QStringLiteral("gpu_hours_per_month"), e.gpuHoursPerMonth);
    }
    o.insert(QStringLiteral("assumptions"), QJsonArray::fromStringList(assumptions(w, c, e)));
    return o;
}

} // namespace gpuplanner::core
