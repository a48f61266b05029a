#pragma once
// Estimate: the result of one workload on one GPU configuration. Plain numbers and enums
// only; the sentences that explain it are built on demand by Explain.h.

#include "core/estimate/Workload.h"

namespace gpuplanner::core {

// HostData: the host's CPUs (or RAM) cannot decode and feed samples as fast as the GPUs train.
enum class Bottleneck : quint8 { Compute, MemoryBandwidth, Interconnect, Network, MemoryCapacity, HostData };

// Why a job does not fit or cannot be estimated; None when it fits.
enum class FitProblem : quint8 {
    None,
    MemoryCapacity,     // no layout holds the job in the GPUs' memory
    NoComputeSpecs,     // the GPU has no published peak for this precision
    MissingInput,       // the workload lacks a number the estimate needs
    ReplicaTooWide,     // an inference replica needs more GPUs than one NVLink domain
    LatencyUnreachable, // latency targets cannot be met on this GPU
    BatchTooSmall,      // the global batch is smaller than the data-parallel width
    LayoutMismatch,     // the tensor- and pipeline-parallel sizes set do not fit this GPU count or instance
};

// What stops one serving replica from producing more output tokens per second.
enum class ServingLimit : quint8 {
    Compute,    // the decode step is compute-bound at the largest batch allowed
    Bandwidth,  // the decode step is bound by HBM bandwidth at the largest batch allowed
    KvCapacity, // the KV cache cannot hold more concurrent sequences
    Latency,    // a TTFT or TPOT target caps the batch
    BatchLimit, // the engine's maximum batch (concurrent sequences) caps it
};

// The parts of a training step, to say where one layout beats another.
enum class StepTerm : quint8 { Compute, TensorParallel, Bubble, PipelineTransfer, ContextParallel, ExpertParallel, DataParallel };

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

// Where the time beyond pure training goes, as shares of the ideal (failure-free) time.
struct GoodputTerms
{
    double failuresPerGpuHour = 0;
    double jobMtbfHours = 0;          // mean time between interruptions of the whole job
    double expectedFailures = 0;      // over the run
    double checkpointWriteSeconds = 0;
    double checkpointIntervalHours = 0;
    double idealHours = 0;            // the failure-free run the shares are of
    // A run shorter than the interval writes no checkpoint: an interruption restarts it.
    bool noCheckpointInRun() const { return idealHours > 0 && checkpointIntervalHours >= idealHours; }
    double restartHours = 0;          // per interruption, reload included
    double checkpointShare = 0;       // writing checkpoints
    double lostWorkShare = 0;         // work redone since the last checkpoint
    double restartShare = 0;          // waiting for the job to come back
    double evaluationShare = 0;
    double slowdownShare = 0;         // stragglers, thermal and network variance
    bool overridden = false;          // the user's single goodput figure replaces the terms

    double overheadShare() const
    {
        return checkpointShare + lostWorkShare + restartShare + evaluationShare + slowdownShare;
    }
};

// How the expected figure of a training estimate relates to its tuned best case, and its range.
enum class RangeBasis : quint8 {
    None,        // no range: inference, or the user's own measured throughput
    Campaigns,   // pre-training: the spread of published campaigns around the campaign model
    SteadyState, // other training: the spread of tuned steady-state runs around the estimator
};

struct CampaignRange
{
    RangeBasis basis = RangeBasis::None;
    bool factorApplied = false; // the campaign factor set the expected figure (pre-training, no user overrides)
    double factor = 1;          // expected / modelled (tuned steady state and the modelled incidents)
    double generationFactor = 1;
    double scaleFactor = 1;
    // The stated terms' factors on GPU-hours (CampaignTerms.h); 1 where the term does not hold.
    double stackFactor = 1;     // generic stack (fitted), or tuned MFU / measured MFU
    double failureFactor = 1;   // manual failure handling
    double firstRunFactor = 1;  // first run of this architecture at this scale
    double spareFactor = 1;     // 1 + paid spare capacity: on the GPU-hours paid, not the wall time
    int generationRows = 0;     // published campaigns of the GPU's generation behind its factor
    double low = 1;             // P10 / expected
    double high = 1;            // P90 / expected
    bool calibrated = false;    // a measured calibration narrowed the range
    double modelledGpuHours = 0; // tuned steady state and the modelled incidents, before the campaign factor
    double tunedGpuHours = 0;   // best case: a tuned stack at steady state, no incidents (start-up included)
    double tunedWallTimeHours = 0;
};

struct Layout
{
    int tensorParallel = 1;
    int pipelineParallel = 1;
    int dataParallel = 1;
    Sharding sharding = Sharding::None;
    Recompute recompute = Recompute::None;
    int microBatch = 1;
    int globalBatch = 1;   // sequences or samples per step
    int virtualStages = 1; // interleaved pipeline: model chunks per pipeline rank
    int contextParallel = 1; // ranks one sequence is split over (ring attention)
    int expertParallel = 1;  // data-parallel ranks the routed experts are spread over
    // Full recomputation of only this many layers per pipeline stage (Megatron's block method),
    // the others keep their activations; 0 = every layer.
    int recomputeLayers = 0;
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
    double wallTimeHours = 0; // start-up included
    double gpuHours = 0;
    double startupHours = 0;
    double hostLimitItemsPerSecond = 0; // the data pipeline's ceiling; 0 = none known
    int loaderVcpusPerInstance = 0;
    bool hostRamLimited = false;
    double mfu = 0;        // model FLOPs / (time x GPUs x peak)
    double efficiency = 0; // assumed fraction of peak in hardware FLOPs (or bandwidth for decode)
    double goodput = 1;    // fraction of wall time doing useful work
    GoodputTerms goodputTerms;
    CampaignRange campaign;      // training: expected campaign, P10-P90 and tuned best case
    double gpuHoursP10() const { return gpuHours * campaign.low; }
    double gpuHoursP90() const { return gpuHours * campaign.high; }
    double peakTflops = 0; // per GPU, for the precision used
    // The format the workload asked its matrix math in and the one this GPU runs it in; they
    // differ where the part lacks the format (BF16 on a T4 runs in FP16, FP8 on an A100 in BF16).
    NumberFormat formatAsked = NumberFormat::Bf16;
    NumberFormat formatUsed = NumberFormat::Bf16;
    bool formatLacking = false; // the part lacks formatAsked (else only its rate is unknown)
    Bottleneck bottleneck = Bottleneck::Compute;

    // Training step anatomy (seconds per optimizer step).
    double stepSeconds = 0;
    double computeSeconds = 0;
    double attentionScoresSeconds = 0;     // of computeSeconds: scores through memory, without FlashAttention
    double elementwiseSeconds = 0;         // of computeSeconds: norms, residual adds, activations at memory speed
    double tensorParallelSeconds = 0;
    double bubbleSeconds = 0;
    double dataParallelSeconds = 0;        // all-reduce or ZeRO traffic, before overlap
    double dataParallelExposedSeconds = 0; // the part not hidden behind backward
    double networkShareOfDataParallel = 0; // fraction of data-parallel time spent between instances
    double pipelineTransferSeconds = 0;    // activations between pipeline stages on the critical path
    double contextParallelSeconds = 0;     // ring-attention key/value exchange not hidden behind attention
    double expertParallelSeconds = 0;      // mixture-of-experts all-to-all on the critical path
    double expertAllToAllSeconds = 0;      // the same traffic before any overlap with computation
    // The next-best layout the search tried, to say why the chosen one wins.
    Layout runnerUp;
    double runnerUpThroughput = 0; // tokens/s; 0 = no other layout fitted
    StepTerm runnerUpLoses = StepTerm::Compute; // the part of its step that costs it most against the chosen one

    // Inference serving.
    int replicas = 0;
    int batchPerReplica = 0;
    double tokensPerSecondPerReplica = 0;
    double ttftSeconds = 0;
    double tpotSeconds = 0;
    double gpuHoursPerMonth = 0;
    double capacityOutputTokensPerSecond = 0; // what all the estimate's replicas can serve at the targets
    int kvCacheMaxSequences = 0;              // per replica, at the request's full context
    ServingLimit servingLimit = ServingLimit::BatchLimit;
    double prefillShare = 0; // fraction of GPU time spent on prompts (for the cost per input token)
};

} // namespace gpuplanner::core
