// Each formula of the estimator on a worked example computed by hand in the test.

#include "estimate/GpuFixtures.h"

#include "core/estimate/Efficiency.h"
#include "core/estimate/EstimatorDetail.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/MemoryModel.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;
using gpuplanner::test::hgxCluster;
using gpuplanner::test::pcieBox;

namespace {

TransformerArch llama2_7b()
{
    TransformerArch m;
    m.params = 6738415616;
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.kvHeads = 32;
    m.ffn = 11008;
    m.vocab = 32000;
    m.seqLen = 4096;
    m.gatedMlp = true;
    return m;
}

// GPT-3 175B shape with a single layer, to check the per-layer activation formula.
TransformerArch gpt3Layer()
{
    TransformerArch m;
    m.params = 1.8e9;
    m.layers = 1;
    m.hidden = 12288;
    m.heads = 96;
    m.seqLen = 2048;
    m.vocab = 0;
    return m;
}

void expectRel(double actual, double expected, double tolerance = 1e-9)
{
    EXPECT_NEAR(actual, expected, std::abs(expected) * tolerance) << "actual " << actual << " expected " << expected;
}

} // namespace

TEST(Formula, FlopsPerTokenIsSixNPlusAttention)
{
    Workload w;
    w.model = llama2_7b();
    // 6 x 6,738,415,616 = 40,430,493,696; 12 x 32 x 4096 x 4096 = 6,442,450,944.
    expectRel(modelFlopsPerToken(w), 40430493696.0 + 6442450944.0);
    // LoRA: 4N + attention.
    w.kind = WorkloadKind::FineTune;
    w.training.method = FineTuneMethod::Lora;
    expectRel(modelFlopsPerToken(w), 4.0 * 6738415616.0 + 6442450944.0);
}

TEST(Formula, ParameterCountFromShape)
{
    // Llama 2 7B per layer: attention 4 x 4096^2 = 67,108,864; MLP 3 x 4096 x 11008 = 135,266,304;
    // norms 4 x 4096 (counted generously) = 16,384; x 32 = 6,476,529,664; embeddings 2 x 32000 x 4096.
    expectRel(parameterCount(llama2_7b()), 6476529664.0 + 262144000.0);
}

TEST(Formula, KvCacheBytesPerToken)
{
    TransformerArch m;
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.kvHeads = 8;
    // 2 (K and V) x 32 layers x 8 heads x 128 dims x 2 bytes = 131,072 bytes.
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(m, StoragePrecision::Bf16), 131072.0);
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(m, StoragePrecision::Fp8), 65536.0);
    // MLA: 576 elements per token per layer.
    m.kvCacheWidthPerLayer = 576;
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(m, StoragePrecision::Bf16), 32.0 * 576 * 2);
}

TEST(Formula, WeightsGradientsOptimizerMixedAdamW)
{
    Workload w;
    w.model = llama2_7b();
    Layout l; // one GPU, nothing sharded
    l.sharding = Sharding::None;
    const MemoryBreakdown m = trainingMemory(w, l);
    expectRel(m.weights, 2.0 * 6738415616.0);
    expectRel(m.gradients, 2.0 * 6738415616.0);
    expectRel(m.optimizer, 12.0 * 6738415616.0);
    // ZeRO-3 over 8 ranks with TP 2: everything / 2 / 8.
    l.tensorParallel = 2;
    l.dataParallel = 8;
    l.globalBatch = 8;
    l.sharding = Sharding::Zero3;
    const MemoryBreakdown z = trainingMemory(w, l);
    expectRel(z.weights, 2.0 * 6738415616.0 / 16.0);
    expectRel(z.optimizer, 12.0 * 6738415616.0 / 16.0);
    // ZeRO-1 shards only the optimizer states.
    l.sharding = Sharding::Zero1;
    const MemoryBreakdown z1 = trainingMemory(w, l);
    expectRel(z1.weights, 2.0 * 6738415616.0 / 2.0);
    expectRel(z1.gradients, 2.0 * 6738415616.0 / 2.0);
    expectRel(z1.optimizer, 12.0 * 6738415616.0 / 16.0);
}

TEST(Formula, KorthikantiActivations)
{
    Workload w;
    w.model = gpt3Layer();
    w.training.flashAttention = false;
    Layout l;
    l.tensorParallel = 8;
    l.recompute = Recompute::None;
    // s*b*h = 2048 x 1 x 12288 = 25,165,824; 5*a*s/h = 5 x 96 x 2048 / 12288 = 80;
    // (34 + 80) x 25,165,824 / 8 = 358,612,992 bytes.
    expectRel(trainingMemory(w, l).activations, 358612992.0);
    // Selective recomputation (or FlashAttention) drops the a*s^2 term: 34 x sbh / 8.
    l.recompute = Recompute::Selective;
    expectRel(trainingMemory(w, l).activations, 34.0 * 25165824.0 / 8.0);
    l.recompute = Recompute::None;
    w.training.flashAttention = true;
    expectRel(trainingMemory(w, l).activations, 34.0 * 25165824.0 / 8.0);
    // Full recomputation keeps 2*sbh per layer plus one layer rebuilt at a time.
    l.recompute = Recompute::Full;
    expectRel(trainingMemory(w, l).activations, 2.0 * 25165824.0 / 8.0 + 34.0 * 25165824.0 / 8.0);
}

TEST(Formula, RingAllReduceInsideAndAcrossInstances)
{
    // A100 SXM: NVLink 600 GB/s bidirectional -> 300 one way x 80% = 240 GB/s per GPU.
    ClusterConfig one = hgxCluster(QStringLiteral("A100-SXM4-80GB"), 8);
    const auto intra = detail::dataParallelTime(one, 1, 8, 1e9, false);
    expectRel(intra.total, 2.0 * 7.0 / 8.0 * 1e9 / 240e9);
    EXPECT_DOUBLE_EQ(intra.networkShare, 0.0);
    // Two instances: 1600 Gb/s InfiniBand = 200 GB/s x 80% = 160 GB/s per instance, 20 GB/s per GPU;
    // each GPU all-reduces its 1/8 shard across 2 instances: 2 x 1/2 x 125 MB / 20 GB/s.
    ClusterConfig two = hgxCluster(QStringLiteral("A100-SXM4-80GB"), 16);
    const auto inter = detail::dataParallelTime(two, 1, 16, 1e9, false);
    expectRel(inter.total, 2.0 * 7.0 / 8.0 * 1e9 / 240e9 + 1.0 * 0.125e9 / 20e9);
    // ZeRO-3 moves 1.5x the bytes.
    expectRel(detail::dataParallelTime(two, 1, 16, 1e9, true).total, 1.5 * inter.total);
    // Overlap: 80% of the backward window hides traffic; the last 25 MiB bucket always shows.
    EXPECT_DOUBLE_EQ(detail::exposedDataParallel(1.0, 0.5, 1e9), 0.6);
    expectRel(detail::exposedDataParallel(1.0, 10.0, 1e9), 25.0 * 1024 * 1024 / 1e9);
    // A gradient smaller than one bucket cannot overlap at all.
    EXPECT_DOUBLE_EQ(detail::exposedDataParallel(1.0, 10.0, 1e6), 1.0);
}

TEST(Formula, SingleGpuTrainingThroughput)
{
    Workload w;
    w.model.params = 124439808;
    w.model.layers = 12;
    w.model.hidden = 768;
    w.model.heads = 12;
    w.model.seqLen = 1024;
    w.model.vocab = 50257;
    w.training.tokens = 1e9;
    w.efficiencyOverride = 0.5;
    const Estimate e = estimate(w, hgxCluster(QStringLiteral("A100-SXM4-80GB"), 1));
    ASSERT_TRUE(e.fits);
    EXPECT_EQ(e.layout.recompute, Recompute::None);
    // 6 x 124,439,808 + 12 x 12 x 768 x 1024 = 859,885,056 FLOPs per token;
    // 312 TFLOP/s x 0.5 / 859,885,056 = 181,419.5 tokens/s.
    expectRel(e.throughput, 156e12 / 859885056.0);
    // Wall time: the ideal time over the goodput, plus the fixed start-up.
    expectRel(e.wallTimeHours, 1e9 / (156e12 / 859885056.0) / 3600.0 / e.goodput + kDefaultStartupHours);
    expectRel(e.mfu, 0.5);
    EXPECT_EQ(e.bottleneck, Bottleneck::Compute);
}

TEST(Formula, PipelineBubble)
{
    // Llama 2 13B on 8 PCIe A100s without recomputation and with ZeRO-1: no NVLink, so no
    // tensor parallelism, and 16 bytes/param plus 33 GB of activations force a pipeline.
    Workload w;
    w.model = llama2_7b();
    w.model.params = 13015864320;
    w.model.layers = 40;
    w.model.hidden = 5120;
    w.model.heads = 40;
    w.model.kvHeads = 40;
    w.model.ffn = 13824;
    w.training.tokens = 1e9;
    w.training.globalBatch = 64;
    w.training.recompute = Recompute::None;
    w.training.sharding = Sharding::Zero1;
    const Estimate e = estimate(w, pcieBox(QStringLiteral("A100-PCIe-80GB"), 8));
    ASSERT_TRUE(e.fits);
    EXPECT_EQ(e.layout.tensorParallel, 1);
    ASSERT_GT(e.layout.pipelineParallel, 1);
    // bubble = (p - 1) / m x (compute + tensor parallel), m = micro-batches per pipeline.
    const double m = 64.0 / (e.layout.dataParallel * e.layout.microBatch);
    expectRel(e.bubbleSeconds, (e.layout.pipelineParallel - 1) / m * (e.computeSeconds + e.tensorParallelSeconds));
}

TEST(Formula, RecomputationCostsFlops)
{
    Workload w;
    w.model = llama2_7b();
    w.training.tokens = 1e9;
    w.training.sharding = Sharding::Zero3;
    const ClusterConfig c = hgxCluster(QStringLiteral("H100-SXM5-80GB"), 8);
    w.training.recompute = Recompute::None;
    const Estimate none = estimate(w, c);
    w.training.recompute = Recompute::Full;
    const Estimate full = estimate(w, c);
    ASSERT_TRUE(none.fits && full.fits);
    // Full recomputation adds 2N + 4*L*h*s FLOPs per token.
    const double base = modelFlopsPerToken(w);
    const double extra = 2.0 * w.model.params + 4.0 * 32 * 4096 * 4096.0;
    const double matmulFull = full.computeSeconds - full.elementwiseSeconds;
    const double matmulNone = none.computeSeconds - none.elementwiseSeconds;
    expectRel(matmulFull / matmulNone, (base + extra) / base, 1e-6);
    // The recomputed forward moves its elementwise values again: 10 h + 3 f of 22 h + 8 f.
    const double h = 4096;
    const double f = 11008;
    expectRel(full.elementwiseSeconds / none.elementwiseSeconds, (22 * h + 8 * f + 10 * h + 3 * f) / (22 * h + 8 * f), 1e-6);
}

// Norms, residual adds and the MLP activation at memory speed: per token and layer 22 h + 5 f
// 16-bit values (GeLU MLP) read or written, at 75% of the HBM bandwidth. GPT-2 124M on one A100:
// 12 layers, h 768, f 3072: 22 x 768 + 5 x 3072 = 32,256 values = 64,512 bytes per token and layer.
TEST(Formula, ElementwiseWorkRunsAtMemorySpeed)
{
    Workload w;
    w.model.params = 124439808;
    w.model.layers = 12;
    w.model.hidden = 768;
    w.model.heads = 12;
    w.model.seqLen = 1024;
    w.model.vocab = 50257;
    w.training.tokens = 1e9;
    w.training.globalBatch = 8;
    w.training.microBatch = 8;
    w.training.recompute = Recompute::None;
    const ClusterConfig c = hgxCluster(QStringLiteral("A100-SXM4-80GB"), 1);
    const Estimate e = estimate(w, c);
    ASSERT_TRUE(e.fits);
    const double bytes = 8.0 * 1024 * 12 * 64512;
    expectRel(e.elementwiseSeconds, bytes / (2039e9 * 0.75));
    // A given efficiency is end to end: nothing is added to it.
    w.efficiencyOverride = 0.5;
    EXPECT_EQ(estimate(w, c).elementwiseSeconds, 0.0);
}

TEST(Formula, DecodeIsBoundByBandwidth)
{
    Workload w;
    w.kind = WorkloadKind::Inference;
    w.model = llama2_7b();
    w.inference.maxBatch = 1;
    w.inference.promptTokens = 1000;
    w.inference.outputTokens = 250;
    const Estimate e = estimate(w, hgxCluster(QStringLiteral("A100-SXM4-80GB"), 1));
    ASSERT_TRUE(e.fits);
    // Weights 2 x 6,738,415,616 bytes and 1125 tokens of mean context x 524,288 bytes, read at
    // 2039 GB/s x 75%.
    const double bw = 2039e9 * 0.75;
    expectRel(e.tpotSeconds, (2.0 * 6738415616.0 + 1125.0 * 524288.0) / bw);
    EXPECT_EQ(e.bottleneck, Bottleneck::MemoryBandwidth);
    // Prefill: 1000 tokens x 2N FLOPs at 50% of 312 TFLOP/s, plus one pass over the weights.
    expectRel(e.ttftSeconds, 1000.0 * 2.0 * 6738415616.0 / 156e12 + 2.0 * 6738415616.0 / bw);
}

TEST(Formula, InferenceReplicasForDemand)
{
    Workload w;
    w.kind = WorkloadKind::Inference;
    w.model = llama2_7b();
    w.inference.tpotTargetS = 0.05;
    const ClusterConfig c = hgxCluster(QStringLiteral("H100-SXM5-80GB"), 8);
    w.inference.requestsPerSecond = 1;
    const Estimate one = estimate(w, c);
    ASSERT_TRUE(one.fits);
    EXPECT_LE(one.tpotSeconds, 0.05);
    w.inference.requestsPerSecond = 100;
    const Estimate many = estimate(w, c);
    // replicas = ceil(demand / tokens per replica)
    const double demand = 100.0 * w.inference.outputTokens;
    EXPECT_EQ(many.replicas, int(std::ceil(demand / many.tokensPerSecondPerReplica)));
    EXPECT_EQ(many.gpus, many.replicas * many.layout.tensorParallel);
    EXPECT_DOUBLE_EQ(many.gpuHoursPerMonth, many.instances * 8 * 730.0);
}

TEST(Formula, VisionFromFlopsPerSample)
{
    Workload w;
    w.kind = WorkloadKind::Vision;
    w.vision.params = 25557032;
    w.vision.forwardFlopsPerSample = 8.2e9;
    w.vision.samples = 1.281167e6;
    w.vision.epochs = 90;
    w.efficiencyOverride = 0.2;
    const Estimate e = estimate(w, hgxCluster(QStringLiteral("V100-SXM2-16GB"), 1));
    ASSERT_TRUE(e.fits);
    // 125 TFLOP/s x 0.2 / (3 x 8.2 GFLOPs) = 1016.26 images/s.
    expectRel(e.throughput, 25e12 / 24.6e9);
    expectRel(e.wallTimeHours, 1.281167e6 * 90 / (25e12 / 24.6e9) / 3600.0 / e.goodput + kDefaultStartupHours);
}

TEST(Formula, MeasuredThroughputScalesWithThePeakThatBoundsIt)
{
    Workload w;
    w.kind = WorkloadKind::Measured;
    w.measured.referenceGpu = gpuplanner::test::gpuSpec(QStringLiteral("A100-SXM4-80GB"));
    w.measured.referenceGpus = 1;
    w.measured.referenceThroughput = 1000;
    w.measured.items = 3.6e6;
    const ClusterConfig h100 = hgxCluster(QStringLiteral("H100-SXM5-80GB"), 1);
    expectRel(estimate(w, h100).throughput, 1000.0 * 989.5 / 312.0);
    w.measured.bound = MeasuredBound::MemoryBandwidth;
    expectRel(estimate(w, h100).throughput, 1000.0 * 3350.0 / 2039.0);
}

TEST(Formula, DepthwiseSeparableNetworksRunAtAFifthOfTheDenseRate)
{
    using namespace gpuplanner::core;
    EXPECT_DOUBLE_EQ(visionTrainingEfficiency(GpuGeneration::Turing, true),
                     0.2 * visionTrainingEfficiency(GpuGeneration::Turing, false));
    EXPECT_DOUBLE_EQ(visionTrainingEfficiency(GpuGeneration::Ampere), denseVisionEfficiency(GpuGeneration::Ampere));
}
