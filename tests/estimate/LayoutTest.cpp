// The layout a team already runs (tensor and pipeline sizes, set rather than searched) and a stack
// without FlashAttention: the estimate keeps what was set, says so, refuses a layout that cannot
// run on the GPUs given, and charges attention scores that pass through memory by hand computation.

#include "estimate/GpuFixtures.h"

#include "core/estimate/Estimator.h"
#include "core/estimate/Explain.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;
using gpuplanner::test::hgxCluster;

namespace {

// GPT-3 175B as Megatron-LM's example script runs it (examples/pretrain_gpt3_175B.sh).
Workload gpt3()
{
    Workload w;
    w.kind = WorkloadKind::Pretrain;
    TransformerArch &m = w.model;
    m.params = 175e9;
    m.layers = 96;
    m.hidden = 12288;
    m.heads = 96;
    m.vocab = 51200;
    m.seqLen = 2048;
    w.training.tokens = 300e9;
    w.training.globalBatch = 1536;
    return w;
}

bool mentions(const QStringList &lines, const QString &text)
{
    for (const QString &l : lines) {
        if (l.contains(text))
            return true;
    }
    return false;
}

} // namespace

TEST(Layout, TensorAndPipelineSizesSetAreKeptAndSaid)
{
    Workload w = gpt3();
    const ClusterConfig c = hgxCluster(QStringLiteral("A100-SXM4-80GB"), 1024);
    const Estimate searched = estimate(w, c);
    ASSERT_TRUE(searched.fits);
    w.training.tensorParallel = 8;
    w.training.pipelineParallel = 16;
    const Estimate set = estimate(w, c);
    ASSERT_TRUE(set.fits);
    EXPECT_EQ(set.layout.tensorParallel, 8);
    EXPECT_EQ(set.layout.pipelineParallel, 16);
    EXPECT_EQ(set.layout.dataParallel, 8);
    // The search is free to find something at least as fast; a set layout is never faster.
    EXPECT_LE(set.throughput, searched.throughput * (1 + 1e-9));
    const QStringList lines = assumptions(w, c, set);
    EXPECT_TRUE(mentions(lines, QStringLiteral("tensor and pipeline sizes as you set them"))) << lines.join(u'\n').toStdString();

    // Only one of them set: the other is searched.
    w.training.pipelineParallel = 0;
    const Estimate tpOnly = estimate(w, c);
    ASSERT_TRUE(tpOnly.fits);
    EXPECT_EQ(tpOnly.layout.tensorParallel, 8);
}

TEST(Layout, ALayoutThatCannotRunHereIsRefusedWithItsReason)
{
    const ClusterConfig c = hgxCluster(QStringLiteral("A100-SXM4-80GB"), 1024);
    struct Case
    {
        int tp;
        int pp;
    };
    // 16-way tensor parallelism leaves the 8-GPU NVLink domain; 5 does not divide 96 heads;
    // 3 stages do not divide 1024 GPUs; 128 stages outnumber 96 layers.
    for (const Case k : {Case{16, 1}, Case{5, 1}, Case{8, 3}, Case{1, 128}}) {
        Workload w = gpt3();
        w.training.tensorParallel = k.tp;
        w.training.pipelineParallel = k.pp;
        const Estimate e = estimate(w, c);
        EXPECT_FALSE(e.fits) << k.tp << "x" << k.pp;
        EXPECT_EQ(e.problem, FitProblem::LayoutMismatch) << k.tp << "x" << k.pp;
        const QString reason = reasonText(w, c, e);
        EXPECT_TRUE(reason.contains(QStringLiteral("tensor parallel %1, pipeline stages %2").arg(k.tp).arg(k.pp)))
            << reason.toStdString();
        EXPECT_TRUE(reason.contains(QStringLiteral("1024 GPUs"))) << reason.toStdString();
    }
}

// Without FlashAttention each head's scores are written and read 11 times a step (4 forward, 7
// backward) and 4 more per recomputed forward, 2 bytes each, at 75 % of the HBM bandwidth.
TEST(Layout, AttentionWithoutFlashAttentionPassesItsScoresThroughMemory)
{
    Workload w;
    w.kind = WorkloadKind::Pretrain;
    TransformerArch &m = w.model;
    m.params = 1.7e9;
    m.layers = 24;
    m.hidden = 2304;
    m.heads = 24;
    m.vocab = 51200;
    m.seqLen = 2048;
    w.training.tokens = 1e9;
    w.training.globalBatch = 512;
    w.training.tensorParallel = 1;
    w.training.pipelineParallel = 1;
    w.training.recompute = Recompute::Full;
    const ClusterConfig c = hgxCluster(QStringLiteral("A100-SXM4-80GB"), 32);
    const Estimate flash = estimate(w, c);
    ASSERT_TRUE(flash.fits);
    EXPECT_EQ(flash.attentionScoresSeconds, 0.0);

    w.training.flashAttention = false;
    const Estimate eager = estimate(w, c);
    ASSERT_TRUE(eager.fits);
    ASSERT_EQ(eager.layout.dataParallel, 32);
    ASSERT_EQ(eager.layout.recompute, Recompute::Full);
    ASSERT_EQ(eager.layout.recomputeLayers, 0);
    // 16 sequences of 2048 tokens per GPU, 24 layers, 24 heads x 2048 scores, 15 passes of 2 bytes.
    const double bytes = 16.0 * 2048 * 24 * 24 * 2048 * 15 * 2;
    const double expected = bytes / (c.gpu.memoryBandwidthGbs * 1e9 * 0.75);
    EXPECT_NEAR(eager.attentionScoresSeconds, expected, expected * 1e-9);
    EXPECT_NEAR(eager.stepSeconds - flash.stepSeconds, expected, expected * 0.02);
    EXPECT_LT(eager.throughput, flash.throughput);
    const QStringList lines = assumptions(w, c, eager);
    EXPECT_TRUE(mentions(lines, QStringLiteral("Without FlashAttention"))) << lines.join(u'\n').toStdString();
}
