#include "estimate/GpuFixtures.h"

#include "core/estimate/Estimator.h"
#include "core/estimate/Explain.h"
#include "core/estimate/InstancePlanner.h"
#include "core/estimate/ModelPresets.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace gpuplanner::core;

TEST(Presets, LibraryHasEveryRequiredModelWithASource)
{
    auto presets = loadModelPresets();
    ASSERT_TRUE(presets.ok()) << qPrintable(presets.errorMessage());
    for (const char16_t *id : {u"gpt2-124m", u"gpt2-355m", u"gpt2-774m", u"gpt2-1.5b", u"llama-2-7b", u"llama-2-13b",
                               u"llama-2-70b", u"llama-3.1-8b", u"llama-3.1-70b", u"llama-3.1-405b", u"mistral-7b",
                               u"mixtral-8x7b", u"qwen2.5-7b", u"qwen2.5-72b", u"deepseek-v3", u"bert-base",
                               u"bert-large", u"resnet-50", u"vit-b-16", u"mobilenetv2", u"sdxl-unet"}) {
        const ModelPreset *p = findPreset(presets.value(), QStringView(id));
        ASSERT_NE(p, nullptr) << qPrintable(QString::fromUtf16(id));
        EXPECT_FALSE(p->source.isEmpty());
    }
}

TEST(Presets, DenseShapesAgreeWithTheirParameterCounts)
{
    auto presets = loadModelPresets();
    ASSERT_TRUE(presets.ok());
    for (const ModelPreset &p : presets.value()) {
        if (p.vision || p.arch.activeParams > 0)
            continue;
        // Position embeddings and biases are not in the shape formula: 3% slack.
        const double fromShape = parameterCount(p.arch, p.tiedEmbeddings);
        EXPECT_NEAR(fromShape / p.arch.params, 1.0, 0.03) << qPrintable(p.id) << " shape gives " << fromShape;
    }
}

TEST(Presets, MissingFileNamesThePath)
{
    auto presets = loadModelPresets(QStringLiteral("/nonexistent/models.json"));
    ASSERT_FALSE(presets.ok());
    EXPECT_TRUE(presets.errorMessage().contains(u"/nonexistent/models.json"));
}

TEST(Planner, DeadlineGivesTheFewestInstancesThatMeetIt)
{
    auto presets = loadModelPresets();
    ASSERT_TRUE(presets.ok());
    Workload w;
    w.model = findPreset(presets.value(), u"llama-2-7b")->arch;
    w.training.tokens = 100e9;
    const ClusterConfig node = gpuplanner::test::hgxCluster(QStringLiteral("H100-SXM5-80GB"), 8);
    const InstancePlan plan = planInstances(w, node, 24.0 * 7);
    ASSERT_TRUE(plan.found);
    ASSERT_TRUE(plan.deadlineMet);
    EXPECT_LE(plan.estimate.wallTimeHours, 24.0 * 7);
    if (plan.instances > 1) {
        ClusterConfig fewer = node;
        fewer.instances = plan.instances - 1;
        const Estimate e = estimate(w, fewer);
        EXPECT_TRUE(!e.fits || e.wallTimeHours > 24.0 * 7);
    }
    EXPECT_TRUE(explainPlan(plan, 24.0 * 7).contains(QString::number(plan.instances)));
}

TEST(Planner, WithoutDeadlineStopsWhenScalingStopsPaying)
{
    Workload w;
    w.model.params = 124439808;
    w.model.layers = 12;
    w.model.hidden = 768;
    w.model.heads = 12;
    w.model.seqLen = 1024;
    w.model.vocab = 50257;
    w.training.tokens = 10e9;
    // Slow network: adding instances quickly stops paying off.
    ClusterConfig node = gpuplanner::test::pcieBox(QStringLiteral("A100-PCIe-80GB"), 8);
    node.networkGbps = 10;
    const InstancePlan plan = planInstances(w, node, 0);
    ASSERT_TRUE(plan.found);
    EXPECT_GE(plan.parallelEfficiency, kMinParallelEfficiency);
    EXPECT_LT(plan.instances, 1024);
}

TEST(Explain, AssumptionsAndJson)
{
    auto presets = loadModelPresets();
    ASSERT_TRUE(presets.ok());
    Workload w;
    w.model = findPreset(presets.value(), u"llama-3.1-70b")->arch;
    w.training.tokens = 2e12;
    const ClusterConfig c = gpuplanner::test::hgxCluster(QStringLiteral("H100-SXM5-80GB"), 512);
    const Estimate e = estimate(w, c);
    ASSERT_TRUE(e.fits);
    const QStringList sentences = assumptions(w, c, e);
    EXPECT_GE(sentences.size(), 4);
    const QJsonObject json = estimateToJson(w, c, e);
    for (const char *key : {"fits", "reason", "gpus", "instances", "layout", "memory_per_gpu_gib", "tokens_per_second",
                            "wall_time_hours", "gpu_hours", "mfu", "bottleneck", "assumptions"})
        EXPECT_TRUE(json.contains(QString::fromLatin1(key))) << key;
    EXPECT_EQ(json.value(QStringLiteral("assumptions")).toArray().size(), sentences.size());
}
