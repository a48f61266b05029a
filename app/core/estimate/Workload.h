#pragma once
// Workload: what the user wants done, as plain values the estimator reads without
// allocating. One struct for every kind; each kind reads only its own section.

#include "core/estimate/Hardware.h"

#include <QString>
#include <QtGlobal>

namespace gpuplanner::core {

enum class WorkloadKind : quint8 { Pretrain, FineTune, Vision, Inference, Measured };

// Training precision: Mixed = bf16/fp16 compute with fp32 master weights.
// Fp16Mixed = the same with fp16 (and loss scaling), what parts without bf16 run.
enum class TrainPrecision : quint8 { Fp32, Tf32, Mixed, Fp8, Fp16Mixed };
enum class Optimizer : quint8 { AdamW, Adam8bit, SgdMomentum };
enum class Recompute : quint8 { Auto, None, Selective, Full };
// Zero3 is also PyTorch FSDP full sharding.
enum class Sharding : quint8 { Auto, None, Zero1, Zero2, Zero3 };
enum class FineTuneMethod : quint8 { Full, Lora, Qlora };
// Storage precision of inference weights and KV cache.
enum class StoragePrecision : quint8 { Bf16, Fp8, Int8, Int4 };
// The serving engine an inference estimate assumes (see Efficiency.h for what each means).
enum class ServingEngine : quint8 { Tuned, General };
// Whether the training stack runs mixture-of-experts dispatch and combine all-to-alls beside
// computation. Default: the user did not say, estimated as None (TrainingEstimator.cpp says why).
// Full: one micro-batch's all-to-all runs beside another's attention and expert computation
// (DeepSeek-V3's DualPipe, Megatron-Core's combined 1F1B / --overlap-moe-expert-parallel-comm).
enum class ExpertOverlap : quint8 { Default, None, Full };
// What a team can say about its pre-training campaign before the run (issue 46; sources in
// CampaignTerms.h). Default: the user did not say; the campaign model uses the documented default.
enum class StackMaturity : quint8 { Default, Tuned, Generic, Measured };
enum class FailureHandling : quint8 { Default, Automatic, Manual };
enum class FirstRun : quint8 { Default, Yes, No };
// What bounds a measured job, so it scales with the matching peak.
enum class MeasuredBound : quint8 { Compute, MemoryBandwidth };

struct TransformerArch
{
    double params = 0;       // total parameters
    double activeParams = 0; // per token for MoE; 0 = dense (all params active)
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kvHeads = 0; // 0 = heads (no grouped-query attention)
    int ffn = 0;     // MLP inner size; 0 = 4 x hidden
    int vocab = 0;
    int seqLen = 0;
    bool gatedMlp = false;        // SwiGLU-style MLP with three matrices
    int kvCacheWidthPerLayer = 0; // elements per token per layer; 0 = 2 x kvHeads x head size (MLA differs)
    int experts = 0;              // routed experts per MoE layer; 0 = dense
    int expertsPerToken = 0;      // routed experts each token visits (top-k)

    double activeOrTotal() const { return activeParams > 0 ? activeParams : params; }
    int kvHeadsOrHeads() const { return kvHeads > 0 ? kvHeads : heads; }
    int ffnOrDefault() const { return ffn > 0 ? ffn : 4 * hidden; }
    bool hasShape() const { return layers > 0 && hidden > 0 && heads > 0; }
    bool moe() const { return experts > 1 && expertsPerToken > 0 && activeParams > 0 && activeParams < params; }
    // Parameters in routed experts: N = D + E x, A = D + k x, so E x = E (N - A) / (E - k).
    double expertParams() const
    {
        return moe() && experts > expertsPerToken ? double(experts) * (params - activeParams) / (experts - expertsPerToken)
                                                  : 0.0;
    }

    bool operator==(const TransformerArch &) const = default;
};

struct CampaignTerms
{
    StackMaturity stack = StackMaturity::Default;
    double measuredMfu = 0; // with StackMaturity::Measured: the team's measured MFU (0..1)
    FailureHandling failureHandling = FailureHandling::Default;
    FirstRun firstRun = FirstRun::Default;
    double spareCapacityPercent = -1; // extra GPUs paid for, % of those used; negative = the default

    bool operator==(const CampaignTerms &) const = default;
};

struct TrainingSetup
{
    double tokens = 0; // per epoch
    double epochs = 1;
    TrainPrecision precision = TrainPrecision::Mixed;
    Optimizer optimizer = Optimizer::AdamW;
    Recompute recompute = Recompute::Auto;
    Sharding sharding = Sharding::Auto;
    bool flashAttention = true; // false: attention scores are written to and read from memory (pre-2022 stacks)
    int globalBatch = 0; // sequences per step; 0 = the documented default (TrainingEstimator.cpp)
    int microBatch = 0;  // sequences per GPU per forward pass; 0 = searched
    int tensorParallel = 0;   // GPUs per tensor-parallel group, as the user runs it; 0 = searched
    int pipelineParallel = 0; // pipeline stages, as the user runs it; 0 = searched
    FineTuneMethod method = FineTuneMethod::Full;
    int loraRank = 16;
    int loraTargetsPerLayer = 4; // adapted matrices per layer (q, k, v, o = 4; all linear = 7)
    ExpertOverlap expertOverlap = ExpertOverlap::Default; // mixture of experts only
    CampaignTerms campaign; // pre-training only

    bool operator==(const TrainingSetup &) const = default;
};

struct VisionSetup
{
    double params = 0;
    double forwardFlopsPerSample = 0; // real FLOPs (2 x multiply-adds) of one forward pass
    double samples = 0;               // per epoch
    double epochs = 1;
    int batch = 0;                    // global; 0 = 256 per GPU (the usual ResNet recipe)
    double activationBytesPerSample = 0; // stored for backward; 0 = unknown (not checked)
    bool depthwiseSeparable = false;  // MobileNet-style: memory-bound depthwise layers dominate
    int resolution = 224;             // input side in pixels (host memory of decoded images)
    bool gpuDecode = false;           // images decoded on the GPU (DALI / nvJPEG), not by CPU workers
    TrainPrecision precision = TrainPrecision::Mixed;
    Optimizer optimizer = Optimizer::SgdMomentum;

    bool operator==(const VisionSetup &) const = default;
};

struct InferenceSetup
{
    StoragePrecision weights = StoragePrecision::Bf16;
    StoragePrecision kvCache = StoragePrecision::Bf16;
    double promptTokens = 1000;
    double outputTokens = 250;
    double requestsPerSecond = 0;
    double outputTokensPerSecond = 0; // alternative demand; used when requestsPerSecond is 0
    double ttftTargetS = 0;           // 0 = none
    double tpotTargetS = 0;           // 0 = none
    int maxBatch = 0;                 // concurrent sequences per replica; 0 = the engine's default
    int tensorParallel = 0;           // GPUs per replica; 0 = chosen
    ServingEngine engine = ServingEngine::Tuned;
    double engineEfficiency = 0;      // scales the engine's decode and prefill rates; 0 = 1 (as documented)

    bool operator==(const InferenceSetup &) const = default;
};

struct MeasuredSetup
{
    QString referenceGpuName; // as typed in a scenario; resolved into referenceGpu against the catalog
    GpuSpec referenceGpu;
    int referenceGpus = 1;
    double referenceThroughput = 0; // items per second on the whole reference configuration
    double items = 0;               // total items (tokens or samples) to process
    MeasuredBound bound = MeasuredBound::Compute;
    MathPrecision precision = MathPrecision::Bf16;
    double gradientBytes = 0; // per step all-reduce volume; 0 = assume scaling is linear
    double itemsPerStep = 0;  // global batch in items, needed with gradientBytes

    bool operator==(const MeasuredSetup &) const = default;
};

// Overrides for the goodput model's terms; a negative value (or 0 for rates) keeps the default.
struct GoodputSetup
{
    double failuresPerGpuHour = 0;
    double restartHours = -1;
    double checkpointGBpsPerInstance = 0; // storage write bandwidth per instance, GB/s
    double checkpointIntervalHours = 0;   // 0 = Young's optimum for the failure rate
    double evaluationShare = -1;
    double slowdownShare = -1;

    bool operator==(const GoodputSetup &) const = default;
};

struct Workload
{
    WorkloadKind kind = WorkloadKind::Pretrain;
    TransformerArch model;
    TrainingSetup training;
    VisionSetup vision;
    InferenceSetup inference;
    MeasuredSetup measured;
    double efficiencyOverride = 0; // fraction of peak; 0 = the documented default
    double goodputOverride = 0;    // one figure for the whole goodput; 0 = the model in Goodput.h
    GoodputSetup goodput;
    double startupHours = -1;      // fixed start-up per run; negative = the cluster's default (Hardware.h)
    bool tokensAreSamples = false; // unit for Measured

    bool operator==(const Workload &) const = default;
};

// Parameter count from the shape (attention with grouped KV heads, MLP, embeddings; untied
// output layer unless tiedEmbeddings). Dense models only.
double parameterCount(const TransformerArch &model, bool tiedEmbeddings = false);

// The tensor-core format a training precision runs its matrix math in (mixed -> BF16).
MathPrecision mathPrecision(TrainPrecision precision);
// The number format a training precision asks its matrix math in (mixed -> BF16, fp16 -> FP16).
NumberFormat askedFormat(TrainPrecision precision);

} // namespace gpuplanner::core
