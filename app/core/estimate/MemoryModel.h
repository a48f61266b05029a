#pragma once
// MemoryModel: bytes per GPU for training (weights, gradients, optimizer states and
// activations after Korthikanti et al. 2022, with ZeRO/FSDP, tensor and pipeline
// parallelism) and for inference (weights and KV cache). Pure functions, no allocation.

#include "core/estimate/Estimate.h"

namespace gpuplanner::core {

// Fixed per-GPU framework overhead (CUDA context, cuBLAS workspaces, NCCL buffers) plus a
// share of the rest for caching-allocator fragmentation, as PyTorch jobs show.
inline constexpr double kFrameworkOverheadBytes = 2.0 * 1024 * 1024 * 1024;
inline constexpr double kFragmentationShare = 0.05;
// Inference engines take 90% of GPU memory (vLLM's gpu_memory_utilization default).
inline constexpr double kInferenceMemoryShare = 0.9;

double bytesPerGib();

// Parameters the optimizer updates: all of them, or the LoRA adapters.
double trainableParams(const Workload &w);
// What one rank of an expert-parallel group updates: the dense part and 1/ep of the routed experts.
double trainableParamsPerExpertRank(const Workload &w, int expertParallel);

// Per-GPU training memory for a layout. microBatchesInFlight: pipeline stages keep up to
// pp micro-batches of activations (1F1B schedule).
MemoryBreakdown trainingMemory(const Workload &w, const Layout &layout);

// Bytes of KV cache per token of context (all layers, all KV heads).
double kvCacheBytesPerToken(const TransformerArch &model, StoragePrecision precision);
double weightBytes(const TransformerArch &model, StoragePrecision precision);

// Per-GPU inference memory for a replica over tensorParallel GPUs holding batch sequences.
MemoryBreakdown inferenceMemory(const Workload &w, int tensorParallel, double batch);

} // namespace gpuplanner::core
