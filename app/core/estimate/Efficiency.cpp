#include "core/estimate/Efficiency.h"

#include <algorithm>

namespace gpuplanner::core {

namespace {

struct MamfRow
{
    const char16_t *idPrefix;
    double efficiency;
};

// Maximum Achievable Matmul FLOPS / theoretical peak, BF16, from stas00/ml-engineering
// compute/accelerator/README.md (copied into resources/catalog/gpu-specs.notes.md).
// Longer prefixes first: "GH200" must win over "H200" etc.
constexpr MamfRow kMamf[] = {
    {u"GH200", 0.838},          {u"GB200", 0.729},          {u"A100-SXM", 0.869}, {u"A800-SXM", 0.869},
    {u"A100-PCIe", 0.811},      {u"H100-SXM", 0.803},       {u"H800-SXM", 0.803}, {u"H200-SXM", 0.803},
    {u"B300", 0.786},           {u"B200", 0.776},           {u"MI355X", 0.680},   {u"MI325X", 0.604},
    {u"MI300X", 0.514},         {u"Gaudi3", 0.741},         {u"Gaudi2", 0.969},
};

// Share of the best-GEMM rate the matmuls of a training step keep, in hardware FLOPs, before the
// memory-bound elementwise work, the communication and the pipeline bubble the estimator adds for each
// layout (TrainingEstimator.cpp). Anchored first on torchtitan's Llama 3 8B on 64 A100s (FSDP, no
// tensor or pipeline parallelism; docs/performance.md): 56.8% MFU = 0.65 of the A100's 86.9% MAMF.
// Now the value that centres the 24 tuned steady-state runs of tests/data/validation-campaigns.csv,
// each predicted with the configuration its source states (Megatron-LM 2021, Megatron-Core, llm-foundry,
// LLaMA, Llama 3.1, TinyLlama; geometric-mean ratio 1.035 at 0.65): 0.67. Multi-dimensional runs land
// lower once their communication and bubble are added: Megatron-LM (Narayanan et al. 2021, Table 1)
// 44-52% of A100 peak, LLaMA 65B (Touvron et al. 2023) ~50%, Llama 3 405B (Dubey et al. 2024) 38-43% of H100.
constexpr double kTrainingShareOfMamf = 0.67;

// GEMM efficiency falls for narrow matrices (tile and wave quantisation, NVIDIA "Matrix
// Multiplication Background" guide); hidden 4096 and wider count as full size.
double widthFactor(int hidden)
{
    if (hidden <= 0)
        return 1.0;
    const double h = hidden;
    const double ref = 4096.0 / (4096.0 + 256.0);
    return std::min(1.0, (h / (h + 256.0)) / ref);
}

} // namespace

double mamfEfficiency(QStringView gpuId, GpuGeneration generation)
{
    for (const MamfRow &row : kMamf) {
        if (gpuId.startsWith(QStringView(row.idPrefix), Qt::CaseInsensitive))
            return row.efficiency;
    }
    // No measurement: generation defaults. NVIDIA parts measured above sit at 0.73-0.87;
    // Volta-era training stayed near 30-40% of peak (Megatron-LM 2019, Shoeybi et al.:
    // 39 TFLOP/s on one V100 = 30%), so older tensor-core parts get a lower figure.
    switch (generation) {
    case GpuGeneration::PreVolta:
        return 0.70;
    case GpuGeneration::Volta:
    case GpuGeneration::Turing:
        return 0.65;
    case GpuGeneration::Ampere:
    case GpuGeneration::Ada:
        return 0.80;
    case GpuGeneration::Hopper:
        return 0.80;
    case GpuGeneration::Blackwell:
        return 0.75;
    case GpuGeneration::AmdCdna2:
    case GpuGeneration::AmdCdna3:
        return 0.55;
    case GpuGeneration::Gaudi:
        return 0.75;
    case GpuGeneration::Tpu:
        return 0.85;
    case GpuGeneration::Unknown:
        break;
    }
    return 0.70;
}

double transformerTrainingEfficiency(const GpuSpec &gpu, int hidden)
{
    const double mamf = gpu.mamfEfficiency > 0 ? gpu.mamfEfficiency : mamfEfficiency({}, gpu.generation);
    const double assumed = mamf * kTrainingShareOfMamf * widthFactor(hidden);
    // A calibrated GPU reaches what its training step was measured to reach, for models of about
    // the step's width, even past its measured GEMM rate (a probe's small GEMMs can run below the
    // training step's fused kernels; on a measured CPU that rate is the "peak").
    if (gpu.trainingEfficiencyScale > 0 && gpu.trainingScaleApplies(hidden))
        return assumed * gpu.trainingEfficiencyScale;
    return std::min(1.0, assumed);
}

// Depthwise convolutions do about 9 multiply-adds per value loaded (a 3x3 kernel per channel)
// against hundreds for dense convolutions, so they run at memory bandwidth, not tensor peak
// (Sandler et al. 2018 count 3-5% of MobileNetV2's multiply-adds in depthwise layers but those
// layers dominate its run time); a fifth of the dense-CNN rate is the documented default.
constexpr double kDepthwiseShareOfDenseRate = 0.2;

double visionTrainingEfficiency(GpuGeneration generation, bool depthwiseSeparable)
{
    const double scale = depthwiseSeparable ? kDepthwiseShareOfDenseRate : 1.0;
    return scale * denseVisionEfficiency(generation);
}

double denseVisionEfficiency(GpuGeneration generation)
{
    // Fraction of the fp16/bf16 tensor peak, from images/s x training FLOPs per image
    // (3 x 8.2 GFLOPs for ResNet-50): NVIDIA DeepLearningExamples ResNet-50 v1.5 PyTorch AMP
    // and MLPerf Training ResNet results put V100 at 24-27% and A100 at 16-27%. Tensor peaks
    // grew faster than memory bandwidth, and CNNs have many memory-bound layers (batch norm,
    // activations), so the fraction falls with each generation; Hopper and later are extrapolated.
    switch (generation) {
    case GpuGeneration::PreVolta:
        return 0.35; // no tensor cores: CUDA-core rates are much easier to approach
    case GpuGeneration::Volta:
    case GpuGeneration::Turing:
        return 0.22;
    case GpuGeneration::Ampere:
    case GpuGeneration::Ada:
        return 0.18;
    case GpuGeneration::Hopper:
        return 0.12;
    case GpuGeneration::Blackwell:
        return 0.10;
    default:
        return 0.15;
    }
}

double tensorParallelExposedShare(GpuGeneration generation)
{
    const bool overlaps = generation == GpuGeneration::Hopper || generation == GpuGeneration::Blackwell;
    return overlaps ? kOverlappedTensorParallelExposedShare : 1.0;
}

ServingEngineProfile servingEngineProfile(const InferenceSetup &inference)
{
    constexpr int kTunedMaxBatch = 2048;  // TensorRT-LLM BuildConfig max_batch_size default
    constexpr int kGeneralMaxBatch = 256; // vLLM EngineArgs max_num_seqs default
    ServingEngineProfile p{inference.engine == ServingEngine::General ? kGeneralMaxBatch : kTunedMaxBatch, 1.0};
    if (inference.maxBatch > 0)
        p.maxBatch = inference.maxBatch;
    if (inference.engineEfficiency > 0)
        p.rateScale = inference.engineEfficiency;
    return p;
}

QStringList efficiencySources()
{
    return {
        QStringLiteral("Best-shape matmul efficiency (MAMF) per GPU from stas00/ml-engineering, "
                       "compute/accelerator/README.md."),
        QStringLiteral("Transformer training matmuls keep 67% of the MAMF rate in hardware FLOPs, the value that centres 24 "
                       "published tuned-stack throughputs (Megatron-LM, Megatron-Core, llm-foundry, LLaMA, Llama 3.1, "
                       "TinyLlama) each predicted with its stated layout; norms, residual adds and activations run at "
                       "memory speed (22 x hidden plus 5 x MLP width 16-bit values per token and layer, 8 x for a gated "
                       "MLP, at 75% of HBM bandwidth); tensor-parallel traffic, pipeline bubble and exposed gradient "
                       "traffic come on top for each layout, which brings multi-dimensional runs to the published 38-52% "
                       "of peak (Megatron-LM 2021, LLaMA 65B, Llama 3 405B)."),
        QStringLiteral("On Hopper and later GPUs, tensor-parallel collectives overlap with the GEMMs they feed (Transformer "
                       "Engine's communication overlap in Megatron-Core); a quarter of their time is assumed to stay "
                       "exposed, a default rather than a measurement. Older GPUs expose all of it."),
        QStringLiteral("Mixture of experts: the expert all-to-all (dispatch and combine) is on the critical path unless "
                       "you state a stack that overlaps it (Megatron-Core's combined 1F1B schedule is off by default; "
                       "DeepSeek-V3's DualPipe overlaps it, arXiv 2412.19437 section 3.2). Overlapped, it runs beside "
                       "another micro-batch's computation on 20 of 132 SMs (DeepSeek-V3, section 3.2.2); the busiest "
                       "expert takes 15% more than the mean (Megatron-Core MoE model zoo: dropless routing 8-20% "
                       "slower per step than forced balance)."),
        QStringLiteral("Models narrower than hidden size 4096 lose GEMM efficiency as h/(h+256) "
                       "(NVIDIA Matrix Multiplication Background guide: tile and wave quantisation)."),
        QStringLiteral("Vision training reaches 22% (Volta), 18% (Ampere), 12% (Hopper) of the half-precision "
                       "tensor peak: NVIDIA DeepLearningExamples ResNet-50 v1.5 and MLPerf Training ResNet results."),
        QStringLiteral("Depthwise-separable networks (MobileNet, EfficientNet) reach a fifth of that: their depthwise "
                       "layers are bound by memory bandwidth (about 9 multiply-adds per value loaded)."),
        QStringLiteral("Goodput: failures at 2.0e-5 per H100-hour (Llama 3, Dubey et al. 2024: 419 unexpected "
                       "interruptions in 54 days on 16,384 GPUs) and 3.4e-5 per A100-hour (Kokolis et al. 2024: 6.5 per "
                       "1,000 node-days); each costs a 10-minute restart, the checkpoint reload and half a checkpoint "
                       "interval (Young's optimum); checkpoints of 14 bytes per parameter at 1 GB/s per instance, at most "
                       "2 TB/s (Llama 3's storage); 1% evaluation in pre-training; 2% slow-down on multi-instance runs "
                       "(Llama 3: 1-2% diurnal variation). Together about 90% for Llama 3's 16K-GPU run, as reported."),
        QStringLiteral("Decode reaches 75% of HBM bandwidth and prefill 50% of peak compute in a tuned engine, batching up "
                       "to 2,048 sequences (TensorRT-LLM's default maximum); checked against TensorRT-LLM's published "
                       "maximum-load throughput. A general engine (vLLM's defaults) batches up to 256."),
        QStringLiteral("Collectives reach 80% of NVLink or RDMA line rate (nccl-tests bus bandwidth); NCCL over "
                       "TCP 50%."),
    };
}

} // namespace gpuplanner::core
