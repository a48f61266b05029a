// Memory fit on known points.

#include "estimate/GpuFixtures.h"

#include "core/estimate/Estimator.h"
#include "core/estimate/MemoryModel.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;
using gpuplanner::test::hgxCluster;
using gpuplanner::test::pcieBox;

namespace {

Workload llama(double params, int layers, int hidden, int heads, int kvHeads, int ffn)
{
    Workload w;
    w.model.params = params;
    w.model.layers = layers;
    w.model.hidden = hidden;
    w.model.heads = heads;
    w.model.kvHeads = kvHeads;
    w.model.ffn = ffn;
    w.model.vocab = 32000;
    w.model.seqLen = 4096;
    w.model.gatedMlp = true;
    w.training.tokens = 1e9;
    return w;
}

} // namespace

TEST(Memory, SevenBFullFineTuneDoesNotFitOne80GbGpuUnsharded)
{
    Workload w = llama(6738415616, 32, 4096, 32, 32, 11008);
    w.kind = WorkloadKind::FineTune;
    w.training.method = FineTuneMethod::Full;
    w.training.sharding = Sharding::None;
    const Estimate e = estimate(w, hgxCluster(QStringLiteral("A100-SXM4-80GB"), 1));
    EXPECT_FALSE(e.fits);
    EXPECT_EQ(e.problem, FitProblem::MemoryCapacity);
    EXPECT_EQ(e.bottleneck, Bottleneck::MemoryCapacity);
    // 16 bytes per parameter = 108 GB before activations; the optimizer's 12 bytes dominate.
    EXPECT_GT(e.memory.total(), 80.0 * bytesPerGib());
    EXPECT_EQ(e.memory.dominant(), MemoryTerm::OptimizerStates);
}

TEST(Memory, SevenBFullFineTuneFitsWhenShardedOverEight)
{
    Workload w = llama(6738415616, 32, 4096, 32, 32, 11008);
    w.kind = WorkloadKind::FineTune;
    const Estimate e = estimate(w, hgxCluster(QStringLiteral("A100-SXM4-80GB"), 8));
    EXPECT_TRUE(e.fits);
    EXPECT_LE(e.memory.total(), 80.0 * bytesPerGib());
}

TEST(Memory, QloraSevenBFitsA24GbGpu)
{
    Workload w = llama(6738415616, 32, 4096, 32, 32, 11008);
    w.kind = WorkloadKind::FineTune;
    w.training.method = FineTuneMethod::Qlora;
    w.model.seqLen = 1024;
    const Estimate e = estimate(w, pcieBox(QStringLiteral("L4"), 1));
    EXPECT_TRUE(e.fits) << e.memory.total() / bytesPerGib();
}

TEST(Memory, Llama2_70bInferenceNeedsTwo80GbGpus)
{
    Workload w = llama(68976648192, 80, 8192, 64, 8, 28672);
    w.kind = WorkloadKind::Inference;
    const ClusterConfig c = hgxCluster(QStringLiteral("A100-SXM4-80GB"), 8);
    EXPECT_GE(minimumGpus(w, c), 2);
    EXPECT_EQ(minimumGpus(w, c), 2);
    const Estimate e = estimate(w, c);
    ASSERT_TRUE(e.fits);
    EXPECT_GE(e.layout.tensorParallel, 2);
    // int4 weights (~36 GB) fit one GPU.
    w.inference.weights = StoragePrecision::Int4;
    EXPECT_EQ(minimumGpus(w, c), 1);
}

TEST(Memory, SeventyBOnPcieOnlyBoxesCannotFormAReplica)
{
    Workload w = llama(68976648192, 80, 8192, 64, 8, 28672);
    w.kind = WorkloadKind::Inference;
    const Estimate e = estimate(w, pcieBox(QStringLiteral("L40S"), 8));
    EXPECT_FALSE(e.fits);
    EXPECT_EQ(e.problem, FitProblem::ReplicaTooWide);
}

TEST(Memory, MinimumGpusForPretraining)
{
    // 70B needs about 16 bytes x 69e9 = 1.1 TB of model state: more than one 8 x 80 GB node.
    Workload w = llama(68976648192, 80, 8192, 64, 8, 28672);
    const int n = minimumGpus(w, hgxCluster(QStringLiteral("A100-SXM4-80GB"), 8));
    EXPECT_GT(n, 8);
    EXPECT_EQ(n % 8, 0);
    // And the count found really fits, one instance fewer does not.
    EXPECT_TRUE(estimate(w, hgxCluster(QStringLiteral("A100-SXM4-80GB"), n)).fits);
    EXPECT_FALSE(estimate(w, hgxCluster(QStringLiteral("A100-SXM4-80GB"), n - 8)).fits);
}
