#pragma once
// Efficiency defaults: what fraction of a GPU's peak real jobs reach. Every number is
// written down in Efficiency.cpp with its source and can be overridden per workload.

#include "core/estimate/Hardware.h"
#include "core/estimate/Workload.h"

#include <QStringList>

namespace gpuplanner::core {

// Best-shape GEMM throughput as a fraction of peak (MAMF), by GPU id, else by generation.
double mamfEfficiency(QStringView gpuId, GpuGeneration generation);
inline double mamfEfficiencyFor(const QString &gpuId, GpuGeneration generation)
{
    return mamfEfficiency(QStringView(gpuId), generation);
}

// Default fraction of peak reached in hardware FLOPs (recomputation included) by
// transformer training on this GPU, for a model with this hidden size.
double transformerTrainingEfficiency(const GpuSpec &gpu, int hidden);

// Default fraction of the half-precision tensor peak reached by convolutional and other
// vision training, where memory-bound layers keep GPUs far below their matmul peak.
double visionTrainingEfficiency(GpuGeneration generation, bool depthwiseSeparable = false);
// The rate of dense convolutional networks (ResNet-class).
double denseVisionEfficiency(GpuGeneration generation);

// Inference: fraction of HBM bandwidth reached by decode, and of peak reached by prefill, by
// a tuned engine. Checked against TensorRT-LLM's published maximum-load throughput
// (tests/data/validation-public-inference.csv: within 25% on every row).
inline constexpr double kDecodeBandwidthEfficiency = 0.75;
inline constexpr double kPrefillComputeEfficiency = 0.5;

// What a serving engine brings: how many sequences it batches and how close it gets to the rates above.
struct ServingEngineProfile
{
    int maxBatch;       // concurrent sequences per replica
    double rateScale;   // multiplies both decode and prefill rates
};
// Tuned (TensorRT-LLM class): batches up to 2048 sequences (trtllm-build's default max_batch_size)
// at the rates above. General (vLLM with its defaults): max_num_seqs 256, the same per-step rates;
// engineEfficiency (the user's own figure, e.g. measured vLLM vs TensorRT-LLM) scales the rates.
ServingEngineProfile servingEngineProfile(const InferenceSetup &inference);

// Hopper and later overlap tensor-parallel collectives with GEMMs (Transformer Engine userbuffers,
// Megatron-Core --tp-comm-overlap); a quarter stays exposed, a default. Older parts expose it all.
inline constexpr double kOverlappedTensorParallelExposedShare = 0.25;
double tensorParallelExposedShare(GpuGeneration generation);

// Mixture of experts, when the user does not say whether the stack hides the expert all-to-all:
// it does not. Megatron-Core runs dispatch -> experts -> combine in order within a micro-batch;
// hiding the all-to-all takes its combined 1F1B schedule, off unless
// --overlap-moe-expert-parallel-comm is given and advised against while a run is brought up
// (Megatron-Core user guide, "Combined 1F1B: Expert-Parallel All-to-All Overlap"; Megatron-Bridge
// communication-overlap guide). DeepSeek-V3 states the overlap (DualPipe, arXiv 2412.19437
// section 3.2.1); DeepSeek-V2 states only shared experts computed beside the all-to-all (arXiv
// 2405.04434 section 3.1.3), which is not modelled and counts as none.
inline constexpr ExpertOverlap kDefaultExpertOverlap = ExpertOverlap::None;
inline ExpertOverlap expertOverlapOf(const TrainingSetup &t)
{
    return t.expertOverlap == ExpertOverlap::Default ? kDefaultExpertOverlap : t.expertOverlap;
}

// fp8 training: matmuls run at the fp8 peak but the rest does not; end-to-end speed-ups
// over bf16 are 1.3-1.5x, so efficiency relative to the fp8 peak is lower.
inline constexpr double kFp8EfficiencyFactor = 0.65;

// Sentences naming each default and its source, for the report's method section.
QStringList efficiencySources();

} // namespace gpuplanner::core
