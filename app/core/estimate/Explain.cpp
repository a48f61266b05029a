#include "core/estimate/Explain.h"

#include "core/estimate/Efficiency.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/HostLimits.h"
#include "core/estimate/MemoryModel.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace gpuplanner::core {

// The words of a layout, shown in the desktop's details pane (translated there).
class LayoutText
{
    Q_DECLARE_TR_FUNCTIONS(LayoutText)
};

namespace {

QString gib(double bytes)
{
    return QString::number(bytes / bytesPerGib(), 'f', 1);
}

QString percent(double fraction)
{
    return QString::number(fraction * 100.0, 'f', 0) + u'%';
}

// Small shares keep a decimal: 0.4%, not 0%.
QString share(double fraction)
{
    return QString::number(fraction * 100.0, 'f', fraction < 0.1 ? 1 : 0) + u'%';
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
    case Bottleneck::HostData:
        return QStringLiteral("host_data_pipeline");
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
        return LayoutText::tr("auto");
    case Sharding::None:
        return LayoutText::tr("no sharding");
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
        return LayoutText::tr("auto");
    case Recompute::None:
        return LayoutText::tr("no recomputation");
    case Recompute::Selective:
        return LayoutText::tr("selective recomputation");
    case Recompute::Full:
        return LayoutText::tr("full recomputation");
    }
    return {};
}

QString servingLimitId(ServingLimit l)
{
    switch (l) {
    case ServingLimit::Compute:
        return QStringLiteral("compute");
    case ServingLimit::Bandwidth:
        return QStringLiteral("memory_bandwidth");
    case ServingLimit::KvCapacity:
        return QStringLiteral("kv_capacity");
    case ServingLimit::Latency:
        return QStringLiteral("latency");
    case ServingLimit::BatchLimit:
        return QStringLiteral("batch_limit");
    }
    return {};
}

namespace {

QString engineText(const InferenceSetup &inf)
{
    const ServingEngineProfile p = servingEngineProfile(inf);
    QString text = inf.engine == ServingEngine::General
        ? QStringLiteral("Engine: general (vLLM defaults), up to %1 concurrent sequences per replica").arg(p.maxBatch)
        : QStringLiteral("Engine: tuned (TensorRT-LLM class), up to %1 concurrent sequences per replica").arg(p.maxBatch);
    if (inf.maxBatch > 0)
        text += QStringLiteral(" (your maximum batch)");
    if (inf.engineEfficiency > 0)
        text += QStringLiteral(", at %1 of the tuned engine's rates (your figure)").arg(percent(p.rateScale));
    return text + u'.';
}

QString servingLimitText(const Estimate &e)
{
    const QString rate = QString::number(e.capacityOutputTokensPerSecond, 'f', 0);
    switch (e.servingLimit) {
    case ServingLimit::Compute:
        return QStringLiteral("Capacity %1 output tokens/s: at the largest batch the decode step is compute-bound.").arg(rate);
    case ServingLimit::Bandwidth:
        return QStringLiteral("Capacity %1 output tokens/s: at the largest batch the decode step is bound by memory "
                              "bandwidth.").arg(rate);
    case ServingLimit::KvCapacity:
        return QStringLiteral("Capacity %1 output tokens/s: the KV cache holds %2 sequences of this length per replica, "
                              "which caps the batch.").arg(rate).arg(e.kvCacheMaxSequences);
    case ServingLimit::Latency:
        return QStringLiteral("Capacity %1 output tokens/s: the time-per-token target caps the batch at %2 sequences.")
            .arg(rate).arg(e.batchPerReplica);
    case ServingLimit::BatchLimit:
        return QStringLiteral("Capacity %1 output tokens/s: the engine's maximum batch of %2 sequences caps it.")
            .arg(rate).arg(e.batchPerReplica);
    }
    return {};
}

QString batchText(const Workload &w, const Estimate &e)
{
    const double tokens = double(e.layout.globalBatch) * std::max(1, w.model.seqLen);
    const QString size = tokens >= 1e6 ? QStringLiteral("%1M").arg(tokens / (1024.0 * 1024.0), 0, 'f', 1)
                                       : QStringLiteral("%1K").arg(tokens / 1024.0, 0, 'f', 0);
    if (w.training.globalBatch > 0)
        return QStringLiteral("Global batch %1 sequences (%2 tokens), as given.").arg(e.layout.globalBatch).arg(size);
    if (w.kind == WorkloadKind::Pretrain)
        return QStringLiteral("Global batch %1 sequences (%2 tokens): the default of 1K tokens per GPU, at least 4M and "
                              "at most 16M, as published runs use (GPT-3 3.2M, Llama 2 4M, Llama 3 405B up to 16M on "
                              "16K GPUs); set a batch to change it.")
            .arg(e.layout.globalBatch)
            .arg(size);
    return QStringLiteral("Global batch %1 sequences (%2 tokens): the fine-tuning default of 256K tokens; set a batch "
                          "to change it.")
        .arg(e.layout.globalBatch)
        .arg(size);
}

QString hostText(const Workload &w, const ClusterConfig &c, const Estimate &e)
{
    if (w.vision.gpuDecode)
        return QStringLiteral("Images are decoded on the GPU (DALI / nvJPEG), so the host's CPUs are not a limit; the "
                              "decoding's own GPU time is not modelled.");
    if (c.vcpusPerInstance <= 0)
        return QStringLiteral("The instance's vCPUs are unknown, so the data pipeline was not checked.");
    const QString rate = QString::number(e.hostLimitItemsPerSecond, 'f', 0);
    QString text = e.bottleneck == Bottleneck::HostData
        ? QStringLiteral("The data pipeline binds: %1 loader vCPU(s) per instance decode at most %2 images/s in all "
                         "(360 images/s per vCPU, JPEG decoding alone), below what the GPUs could train.")
        : QStringLiteral("The data pipeline keeps up: %1 loader vCPU(s) per instance decode up to %2 images/s in all "
                         "(360 images/s per vCPU, JPEG decoding alone).");
    text = text.arg(e.loaderVcpusPerInstance).arg(rate);
    if (e.hostRamLimited)
        text += QStringLiteral(" Host RAM holds only that many loader workers (their prefetched batches, with %1 GiB "
                               "kept for the system: a default).")
                    .arg(kHostReservedGib, 0, 'f', 0);
    return text + QStringLiteral(" Decoding on the GPU (gpu_decode) lifts this limit.");
}

// Hours as a person reads them: minutes under an hour ("18 min"), one decimal under ten hours, whole above.
QString hoursText(double hours)
{
    if (hours < 1.0)
        return QStringLiteral("%1 min").arg(std::max(1.0, std::round(hours * 60.0)), 0, 'f', 0);
    return QStringLiteral("%1 h").arg(hours, 0, 'f', hours < 10.0 ? 1 : 0);
}

QString goodputText(const GoodputSetup &given, const GoodputTerms &t, double goodput)
{
    // Which figures are the user's and which are defaults (sources in efficiencySources()).
    auto origin = [](bool yours) { return yours ? QStringLiteral("your figure") : QStringLiteral("default"); };
    // A run shorter than the checkpoint interval saves nothing on the way: an interruption starts it again.
    const QString checkpoints = t.noCheckpointInRun()
        ? QStringLiteral("no checkpoint is written during this %1 run (the interval is %2), so an interruption "
                         "restarts it from the beginning")
              .arg(hoursText(t.idealHours), hoursText(t.checkpointIntervalHours))
        : QStringLiteral("checkpoints every %1 take %2 s to write (%3)")
              .arg(hoursText(t.checkpointIntervalHours))
              .arg(t.checkpointWriteSeconds, 0, 'f', 0)
              .arg(share(t.checkpointShare));
    return QStringLiteral("Goodput %1: %2 expected interruptions (%3 per GPU-hour, %4; one every %5 on this job), "
                          "each costing a %6-minute restart (%7) with reload and the work since the last checkpoint "
                          "(%8 of time); %9; evaluation %10 (%11); slow-downs %12 (%13).")
        .arg(share(goodput))
        .arg(t.expectedFailures, 0, 'f', t.expectedFailures < 10 ? 1 : 0)
        .arg(t.failuresPerGpuHour, 0, 'g', 2)
        .arg(given.failuresPerGpuHour > 0 ? origin(true) : QStringLiteral("published rate for this GPU generation"))
        .arg(hoursText(t.jobMtbfHours))
        .arg(t.restartHours * 60.0, 0, 'f', 0)
        .arg(origin(given.restartHours >= 0))
        .arg(share(t.lostWorkShare + t.restartShare))
        .arg(checkpoints)
        .arg(share(t.evaluationShare), origin(given.evaluationShare >= 0), share(t.slowdownShare),
             origin(given.slowdownShare >= 0));
}

// The expert all-to-all: how much of it the stated (or default) stack hides, and from whom that comes.
QString expertOverlapText(const TrainingSetup &t, const Estimate &e)
{
    const bool stated = t.expertOverlap != ExpertOverlap::Default;
    const int micro = std::max(1, e.layout.globalBatch / std::max(1, e.layout.dataParallel * e.layout.microBatch));
    const double hidden = e.expertAllToAllSeconds > 0 ? 1.0 - e.expertParallelSeconds / e.expertAllToAllSeconds : 0.0;
    QString how;
    if (expertOverlapOf(t) == ExpertOverlap::Full && micro >= 2)
        how = QStringLiteral("overlapped with another micro-batch's attention and expert computation (%1: "
                             "DualPipe-class, as DeepSeek-V3, arXiv 2412.19437 section 3.2, or Megatron-Core's combined "
                             "1F1B, --overlap-moe-expert-parallel-comm), on 20 of 132 SMs taken from compute; %2 of it "
                             "is hidden")
                  .arg(stated ? QStringLiteral("your stack") : QStringLiteral("a default"), share(hidden));
    else if (expertOverlapOf(t) == ExpertOverlap::Full)
        how = QStringLiteral("not hidden: your stack overlaps it with another micro-batch, but each rank runs one "
                             "micro-batch per step");
    else
        how = stated ? QStringLiteral("not overlapped, as you stated")
                     : QStringLiteral("not overlapped, a default: Megatron-Core runs dispatch, experts and combine in "
                                      "order unless its combined 1F1B schedule (--overlap-moe-expert-parallel-comm) is "
                                      "on, which it is not by default; state expert_overlap full for a DualPipe-class "
                                      "stack (DeepSeek-V3, arXiv 2412.19437 section 3.2)");
    return QStringLiteral("Experts are spread over %1 data-parallel ranks; their all-to-all (dispatch and combine) takes "
                          "%2 s per step, %3, so it costs %4 of each step.")
        .arg(e.layout.expertParallel)
        .arg(e.expertAllToAllSeconds, 0, 'g', 2)
        .arg(how, share(e.expertParallelSeconds / e.stepSeconds));
}

} // namespace

QString layoutText(const Estimate &e, WorkloadKind kind)
{
    const Layout &l = e.layout;
    if (kind == WorkloadKind::Inference)
        return LayoutText::tr("%1 replica(s) x TP %2, batch %3").arg(e.replicas).arg(l.tensorParallel).arg(l.globalBatch);
    if (kind == WorkloadKind::Vision || kind == WorkloadKind::Measured)
        return LayoutText::tr("DP %1, global batch %2").arg(l.dataParallel).arg(l.globalBatch);
    return trainingLayoutText(l);
}

QString trainingLayoutText(const Layout &l)
{
    QString grid = QStringLiteral("TP %1").arg(l.tensorParallel);
    if (l.contextParallel > 1)
        grid += QStringLiteral(" x CP %1").arg(l.contextParallel);
    grid += QStringLiteral(" x PP %1").arg(l.pipelineParallel);
    if (l.virtualStages > 1)
        grid += LayoutText::tr(" (interleaved, %1 chunks per rank)").arg(l.virtualStages);
    grid += QStringLiteral(" x DP %1").arg(l.dataParallel);
    if (l.expertParallel > 1)
        grid += LayoutText::tr(" (experts over %1)").arg(l.expertParallel);
    QString recompute = recomputeName(l.recompute);
    if (l.recompute == Recompute::Full && l.recomputeLayers > 0)
        recompute = LayoutText::tr("full recomputation of %1 layer(s) per stage").arg(l.recomputeLayers);
    return LayoutText::tr("%1, %2, %3, micro-batch %4, global batch %5")
        .arg(grid, shardingName(l.sharding), recompute)
        .arg(l.microBatch)
        .arg(l.globalBatch);
}

namespace {

QString stepTermText(StepTerm t)
{
    switch (t) {
    case StepTerm::Compute: return QStringLiteral("more compute per token (recomputation or smaller GEMMs)");
    case StepTerm::TensorParallel: return QStringLiteral("more tensor-parallel traffic");
    case StepTerm::Bubble: return QStringLiteral("a larger pipeline bubble");
    case StepTerm::PipelineTransfer: return QStringLiteral("more pipeline transfers");
    case StepTerm::ContextParallel: return QStringLiteral("more ring-attention traffic");
    case StepTerm::ExpertParallel: return QStringLiteral("more expert all-to-all traffic");
    case StepTerm::DataParallel: return QStringLiteral("more exposed gradient traffic");
    }
    return {};
}

} // namespace

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
    case FitProblem::LayoutMismatch:
        return QStringLiteral("The layout set (tensor parallel %1, pipeline stages %2) does not fit %3 GPUs in instances "
                              "of %4: tensor parallelism must divide the %5 attention heads and stay within one NVLink "
                              "domain, the stages must not outnumber the %6 layers, and together they must divide the "
                              "GPU count.")
            .arg(w.training.tensorParallel > 0 ? QString::number(w.training.tensorParallel) : QStringLiteral("chosen"))
            .arg(w.training.pipelineParallel > 0 ? QString::number(w.training.pipelineParallel) : QStringLiteral("chosen"))
            .arg(e.gpus)
            .arg(c.nvlinkDomain())
            .arg(w.model.heads)
            .arg(w.model.layers);
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
    if (e.formatUsed != e.formatAsked && e.formatLacking)
        out << QStringLiteral("This GPU has no %1: the math is estimated in %2, the format it runs.")
                   .arg(numberFormatName(e.formatAsked), numberFormatName(e.formatUsed));
    else if (e.formatUsed != e.formatAsked)
        out << QStringLiteral("The spec table has no %1 rate for this GPU: the math is estimated at its %2 rate, which "
                              "may understate it.")
                   .arg(numberFormatName(e.formatAsked), numberFormatName(e.formatUsed));
    switch (w.kind) {
    case WorkloadKind::Pretrain:
    case WorkloadKind::FineTune: {
        if (w.training.tensorParallel > 0 || w.training.pipelineParallel > 0)
            out << QStringLiteral("Layout: %1; tensor and pipeline sizes as you set them, the rest the fastest that fits.")
                       .arg(layoutText(e, w.kind));
        else
            out << QStringLiteral("Layout: %1, the fastest that fits.").arg(layoutText(e, w.kind));
        if (e.attentionScoresSeconds > 0)
            out << QStringLiteral("Without FlashAttention every head's attention scores are written to and read from "
                                  "memory (11 passes per step, more with recomputation, at 75% of the HBM bandwidth): "
                                  "%1 of each step.")
                       .arg(percent(e.attentionScoresSeconds / e.stepSeconds));
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
            out << QStringLiteral("Tensor parallelism stays inside the %1 domain and costs %2 of each step%3.")
                       .arg(linkText(c), percent(e.tensorParallelSeconds / e.stepSeconds),
                            tensorParallelExposedShare(c.gpu.generation) < 1.0
                                ? QStringLiteral(" (overlapped with the GEMMs: %1 of its traffic assumed exposed, a "
                                                 "default)")
                                      .arg(percent(tensorParallelExposedShare(c.gpu.generation)))
                                : QString());
        if (e.bubbleSeconds > 0)
            out << QStringLiteral("The pipeline bubble costs %1 of each step (%2 micro-batches per pipeline%3), "
                                  "transfers between stages %4.")
                       .arg(share(e.bubbleSeconds / e.stepSeconds))
                       .arg(std::max(1, e.layout.globalBatch / std::max(1, e.layout.dataParallel * e.layout.microBatch)))
                       .arg(e.layout.virtualStages > 1
                                ? QStringLiteral(", %1 interleaved chunks per rank").arg(e.layout.virtualStages)
                                : QString())
                       .arg(share(e.pipelineTransferSeconds / e.stepSeconds));
        if (e.contextParallelSeconds > 0 || e.layout.contextParallel > 1)
            out << QStringLiteral("Context parallelism splits each sequence over %1 GPUs; the ring-attention exchange "
                                  "not hidden behind attention costs %2 of each step.")
                       .arg(e.layout.contextParallel)
                       .arg(share(e.contextParallelSeconds / e.stepSeconds));
        if (e.layout.expertParallel > 1)
            out << expertOverlapText(w.training, e);
        out << batchText(w, e);
        if (e.runnerUpThroughput > 0)
            out << QStringLiteral("It beats the next-best layout, %1, by %2: that one has %3.")
                       .arg(trainingLayoutText(e.runnerUp))
                       .arg(share(e.throughput / e.runnerUpThroughput - 1.0))
                       .arg(stepTermText(e.runnerUpLoses));
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
        out << hostText(w, c, e);
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
        out << engineText(w.inference);
        out << QStringLiteral("Decode reads all weights and the KV cache every step at %1 of HBM bandwidth; prefill "
                              "runs at %2 of peak compute.")
                   .arg(percent(e.efficiency), percent(kPrefillComputeEfficiency * servingEngineProfile(w.inference).rateScale));
        out << servingLimitText(e);
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
    if (w.kind != WorkloadKind::Inference && e.fits)
        out << QStringLiteral("Each run starts with %1 min of start-up (provisioning, image, data staging, warm-up)%2, "
                              "billed like the rest.")
                   .arg(e.startupHours * 60.0, 0, 'f', 0)
                   .arg(w.startupHours >= 0 ? QStringLiteral(", your figure") : QStringLiteral(", a default"));
    if (e.goodputTerms.overridden)
        out << QStringLiteral("Goodput %1 of wall time (your figure).").arg(percent(e.goodput));
    else if (w.kind != WorkloadKind::Inference)
        out << goodputText(w.goodput, e.goodputTerms, e.goodput);
    out << campaignAssumptions(w, c, e);
    out << campaignTermAssumptions(w, e);
    if (w.model.activeParams > 0 && w.kind != WorkloadKind::Vision)
        out << (w.model.moe() ? QStringLiteral("Mixture of experts (%3 experts, %4 per token): compute follows the %1 B "
                                               "active parameters, memory all %2 B spread over the expert-parallel ranks.")
                                    .arg(w.model.activeParams / 1e9, 0, 'f', 1)
                                    .arg(w.model.params / 1e9, 0, 'f', 1)
                                    .arg(w.model.experts)
                                    .arg(w.model.expertsPerToken)
                              : QStringLiteral("Mixture of experts: compute follows the %1 B active parameters, memory "
                                               "all %2 B; without the expert count, expert parallelism is not modelled.")
                                    .arg(w.model.activeParams / 1e9, 0, 'f', 1)
                                    .arg(w.model.params / 1e9, 0, 'f', 1));
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
    if (w.kind != WorkloadKind::Inference && e.fits) {
        insertCampaignJson(o, e);
        if (w.kind == WorkloadKind::Pretrain) {
            QJsonObject campaign = o.value(QStringLiteral("campaign")).toObject();
            campaign.insert(QStringLiteral("terms"), campaignTermsJson(w, e));
            o.insert(QStringLiteral("campaign"), campaign);
        }
    }
    o.insert(QStringLiteral("mfu"), e.mfu);
    o.insert(QStringLiteral("efficiency"), e.efficiency);
    o.insert(QStringLiteral("goodput"), e.goodput);
    if (w.kind != WorkloadKind::Inference)
        o.insert(QStringLiteral("startup_hours"), e.startupHours);
    if (w.kind == WorkloadKind::Vision && e.hostLimitItemsPerSecond > 0) {
        o.insert(QStringLiteral("host_limit_samples_per_second"), e.hostLimitItemsPerSecond);
        o.insert(QStringLiteral("loader_vcpus_per_instance"), e.loaderVcpusPerInstance);
    }
    if ((w.kind == WorkloadKind::Pretrain || w.kind == WorkloadKind::FineTune) && w.model.moe()) {
        o.insert(QStringLiteral("expert_overlap"),
                 expertOverlapOf(w.training) == ExpertOverlap::Full ? QStringLiteral("full") : QStringLiteral("none"));
        o.insert(QStringLiteral("expert_overlap_stated"), w.training.expertOverlap != ExpertOverlap::Default);
        o.insert(QStringLiteral("expert_all_to_all_seconds"), e.expertAllToAllSeconds);
        o.insert(QStringLiteral("expert_all_to_all_exposed_seconds"), e.expertParallelSeconds);
    }
    if (w.kind != WorkloadKind::Inference && e.fits) {
        const GoodputTerms &t = e.goodputTerms;
        QJsonObject g;
        g.insert(QStringLiteral("overridden"), t.overridden);
        if (!t.overridden) {
            g.insert(QStringLiteral("failures_per_gpu_hour"), t.failuresPerGpuHour);
            g.insert(QStringLiteral("job_mtbf_hours"), t.jobMtbfHours);
            g.insert(QStringLiteral("expected_interruptions"), t.expectedFailures);
            g.insert(QStringLiteral("restart_hours"), t.restartHours);
            g.insert(QStringLiteral("checkpoint_write_seconds"), t.checkpointWriteSeconds);
            g.insert(QStringLiteral("checkpoint_interval_hours"), t.checkpointIntervalHours);
            g.insert(QStringLiteral("checkpoint_share"), t.checkpointShare);
            g.insert(QStringLiteral("lost_work_share"), t.lostWorkShare);
            g.insert(QStringLiteral("restart_share"), t.restartShare);
            g.insert(QStringLiteral("evaluation_share"), t.evaluationShare);
            g.insert(QStringLiteral("slowdown_share"), t.slowdownShare);
        }
        o.insert(QStringLiteral("goodput_terms"), g);
    }
    o.insert(QStringLiteral("bottleneck"), bottleneckId(e.bottleneck));
    if (w.kind == WorkloadKind::Inference) {
        o.insert(QStringLiteral("replicas"), e.replicas);
        o.insert(QStringLiteral("tokens_per_second_per_replica"), e.tokensPerSecondPerReplica);
        o.insert(QStringLiteral("ttft_seconds"), e.ttftSeconds);
        o.insert(QStringLiteral("tpot_seconds"), e.tpotSeconds);
        o.insert(QStringLiteral("gpu_hours_per_month"), e.gpuHoursPerMonth);
        o.insert(QStringLiteral("capacity_output_tokens_per_second"), e.capacityOutputTokensPerSecond);
        o.insert(QStringLiteral("batch_per_replica"), e.batchPerReplica);
        o.insert(QStringLiteral("kv_cache_max_sequences"), e.kvCacheMaxSequences);
        o.insert(QStringLiteral("serving_limit"), servingLimitId(e.servingLimit));
        o.insert(QStringLiteral("prefill_share"), e.prefillShare);
        const ServingEngineProfile engine = servingEngineProfile(w.inference);
        o.insert(QStringLiteral("engine"), w.inference.engine == ServingEngine::General ? QStringLiteral("general")
                                                                                        : QStringLiteral("tuned"));
        o.insert(QStringLiteral("engine_max_batch"), engine.maxBatch);
        o.insert(QStringLiteral("engine_rate_scale"), engine.rateScale);
    }
    o.insert(QStringLiteral("assumptions"), QJsonArray::fromStringList(assumptions(w, c, e)));
    return o;
}

} // namespace gpuplanner::core
