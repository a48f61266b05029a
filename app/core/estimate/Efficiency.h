#pragma once
// Efficiency defaults: what fraction of a GPU's peak real jobs reach. Every number is
// written down in Efficiency.cpp with its source and can be overridden per workload.

#include "core/estimate/Hardware.h"

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

// Inference: fraction of HBM bandwidth reached by decode, and of peak reached by prefill.
inline constexpr double kDecodeBandwidthEfficiency = 0.75;
inline constexpr double kPrefillComputeEfficiency = 0.5;

// Fraction of wall time spent on useful training in multi-week runs (restarts after
// failures, checkpointing, evaluation), applied from kGoodputMinDays on.
inline constexpr double kLongRunGoodput = 0.9;
inline constexpr double kGoodputMinDays = 14.0;

// fp8 training: matmuls run at the fp8 peak but the rest does not; end-to-end speed-ups
// over bf16 are 1.3-1.5x, so efficiency relative to the fp8 peak is lower.
inline constexpr double kFp8EfficiencyFactor = 0.65;

// Sentences naming each default and its source, for the report's method section.
QStringList efficiencySources();

} // namespace gpuplanner::core
