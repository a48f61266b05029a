#include "core/estimate/Goodput.h"

#include "core/estimate/MemoryModel.h"

#include <algorithm>
#include <cmath>

namespace gpuplanner::core {

namespace {

// Llama 3 (Dubey et al. 2024, section 3.3.4): 419 unexpected interruptions in a 54-day
// snapshot on 16,384 H100 GPUs = 419 / (16,384 x 1,296 h) = 2.0e-5 per GPU-hour.
constexpr double kHopperFailuresPerGpuHour = 2.0e-5;
// Meta's RSC-1 A100 cluster (Kokolis et al. 2024, "Revisiting Reliability in Large-Scale
// Machine Learning Research Clusters"): 6.50 failures per 1,000 node-days of 8 GPUs
// = 3.4e-5 per GPU-hour. OPT-175B's logbook (Zhang et al. 2022, section 2.5: 35 manual and
// 70+ automatic restarts in two months on 992 A100s) is higher still, 7e-5.
constexpr double kAmpereFailuresPerGpuHour = 3.4e-5;

// Checkpoints write the trained parameters' bf16 weights, fp32 master copy and two Adam
// moments: 2 + 4 + 8 = 14 bytes each (what Megatron and DeepSpeed save).
constexpr double kCheckpointBytesPerParam = 14.0;
// Storage: Llama 3's Tectonic sustained 2 TB/s for 16,384 GPUs (section 3.3.1), about 1 GB/s
// per 8-GPU instance; no cluster writes faster than that sustained rate.
constexpr double kCheckpointGBpsPerInstance = 1.0;
constexpr double kCheckpointMaxAggregateGBps = 2000.0;

// Evaluation on held-out sets during pre-training: 1% of the time, a default (no published
// share); off for fine-tuning and vision, where it is part of the recipe the user times.
constexpr double kPretrainEvaluationShare = 0.01;
// Jobs spanning instances run slower than their best step at times: Llama 3 saw a diurnal
// 1-2% throughput variation (section 3.3.4) besides stragglers; 2% for multi-instance runs.
constexpr double kMultiInstanceSlowdownShare = 0.02;

double orDefault(double value, double fallback)
{
    return value >= 0 ? value : fallback;
}

} // namespace

double defaultFailuresPerGpuHour(GpuGeneration generation)
{
    switch (generation) {
    case GpuGeneration::Hopper:
    case GpuGeneration::Blackwell:
        return kHopperFailuresPerGpuHour;
    default:
        // Older and other parts: the A100 cluster rate, the larger of the two published ones.
        return kAmpereFailuresPerGpuHour;
    }
}

double checkpointBytes(const Workload &w)
{
    switch (w.kind) {
    case WorkloadKind::Pretrain:
    case WorkloadKind::FineTune:
        return trainableParams(w) * kCheckpointBytesPerParam;
    case WorkloadKind::Vision:
        return w.vision.params * kCheckpointBytesPerParam;
    case WorkloadKind::Inference:
    case WorkloadKind::Measured:
        break;
    }
    return 0; // a measured job's state size is not known
}

double checkpointBandwidth(const Workload &w, const ClusterConfig &c)
{
    const double perInstance = w.goodput.checkpointGBpsPerInstance > 0 ? w.goodput.checkpointGBpsPerInstance
                                                                        : kCheckpointGBpsPerInstance;
    return std::min(perInstance * std::max(1, c.instances), kCheckpointMaxAggregateGBps) * 1e9;
}

GoodputTerms goodputTerms(const Workload &w, const ClusterConfig &c, int gpus, double idealHours)
{
    GoodputTerms t;
    t.idealHours = std::max(idealHours, 0.0);
    const GoodputSetup &g = w.goodput;
    t.failuresPerGpuHour = g.failuresPerGpuHour > 0 ? g.failuresPerGpuHour : defaultFailuresPerGpuHour(c.gpu.generation);
    const double failuresPerHour = t.failuresPerGpuHour * std::max(1, gpus);
    t.jobMtbfHours = 1.0 / failuresPerHour;
    const double bytes = checkpointBytes(w);
    t.checkpointWriteSeconds = bytes > 0 ? bytes / checkpointBandwidth(w, c) : 0;
    const double writeHours = t.checkpointWriteSeconds / 3600.0;
    // Young's optimum interval, sqrt(2 x write time x MTBF) (Young 1974), unless given.
    t.checkpointIntervalHours = g.checkpointIntervalHours > 0 ? g.checkpointIntervalHours
                                                              : std::sqrt(2.0 * writeHours * t.jobMtbfHours);
    if (t.checkpointIntervalHours <= 0) // nothing to save: a failure restarts the run
        t.checkpointIntervalHours = std::max(idealHours, 1e-9);
    // Reloading reads what was written, at the same rate.
    t.restartHours = orDefault(g.restartHours, kDefaultRestartHours) + writeHours;
    t.checkpointShare = writeHours / t.checkpointIntervalHours;
    const double intervalLost = std::min(t.checkpointIntervalHours, std::max(idealHours, 0.0)) / 2.0;
    t.lostWorkShare = intervalLost * failuresPerHour;
    t.restartShare = t.restartHours * failuresPerHour;
    t.evaluationShare = orDefault(g.evaluationShare, w.kind == WorkloadKind::Pretrain ? kPretrainEvaluationShare : 0.0);
    t.slowdownShare = orDefault(g.slowdownShare, c.instances > 1 ? kMultiInstanceSlowdownShare : 0.0);
    t.expectedFailures = failuresPerHour * idealHours * (1.0 + t.overheadShare());
    return t;
}

} // namespace gpuplanner::core
