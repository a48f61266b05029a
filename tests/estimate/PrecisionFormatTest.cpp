// The number format an estimate computes in follows the GPU, and says so when it is not the one
// asked for: BF16 on a T4 runs in FP16 (the part has none), FP8 on an A100 in BF16, FP16 asked
// on a T4 is no substitute, and a part whose rate the spec table leaves blank (RTX 6000 Ada's
// tensor rates) is not said to lack the format.

#include "estimate/GpuFixtures.h"

#include "core/estimate/Estimator.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;
using gpuplanner::test::gpuSpec;
using gpuplanner::test::hgxCluster;
using gpuplanner::test::pcieBox;

namespace {

Workload bertFineTune(TrainPrecision precision)
{
    Workload w;
    w.kind = WorkloadKind::FineTune;
    w.model.params = 110e6;
    w.model.layers = 12;
    w.model.hidden = 768;
    w.model.heads = 12;
    w.model.ffn = 3072;
    w.model.vocab = 30522;
    w.model.seqLen = 512;
    w.training.tokens = 1e9;
    w.training.precision = precision;
    return w;
}

} // namespace

TEST(PrecisionFormat, Bf16OnATuringOrVoltaPartRunsInFp16AndSaysSo)
{
    for (const char *gpu : {"T4", "V100-SXM2-16GB"}) {
        SCOPED_TRACE(gpu);
        const Estimate e = estimate(bertFineTune(TrainPrecision::Mixed), pcieBox(QLatin1String(gpu), 1));
        ASSERT_TRUE(e.fits);
        EXPECT_EQ(e.formatAsked, NumberFormat::Bf16);
        EXPECT_EQ(e.formatUsed, NumberFormat::Fp16);
        EXPECT_TRUE(e.formatLacking);
        EXPECT_DOUBLE_EQ(e.peakTflops, gpuSpec(QLatin1String(gpu)).bf16Tflops); // the FP16 tensor rate
    }
}

TEST(PrecisionFormat, Fp16AskedOnAT4IsNoSubstitute)
{
    const Estimate e = estimate(bertFineTune(TrainPrecision::Fp16Mixed), pcieBox(QStringLiteral("T4"), 1));
    ASSERT_TRUE(e.fits);
    EXPECT_EQ(e.formatAsked, NumberFormat::Fp16);
    EXPECT_EQ(e.formatUsed, NumberFormat::Fp16);
    // FP16 asked on an A100 runs at its 16-bit rate, no note either.
    const Estimate a100 = estimate(bertFineTune(TrainPrecision::Fp16Mixed), hgxCluster(QStringLiteral("A100-SXM4-80GB"), 1));
    EXPECT_EQ(a100.formatUsed, NumberFormat::Fp16);
    EXPECT_DOUBLE_EQ(a100.peakTflops, estimate(bertFineTune(TrainPrecision::Mixed), hgxCluster(QStringLiteral("A100-SXM4-80GB"), 1)).peakTflops);
}

TEST(PrecisionFormat, Fp8OnAnAmperePartRunsInBf16AndOnAHopperPartInFp8)
{
    const Estimate a100 = estimate(bertFineTune(TrainPrecision::Fp8), hgxCluster(QStringLiteral("A100-SXM4-80GB"), 8));
    ASSERT_TRUE(a100.fits);
    EXPECT_EQ(a100.formatUsed, NumberFormat::Bf16);
    EXPECT_TRUE(a100.formatLacking);
    const Estimate h100 = estimate(bertFineTune(TrainPrecision::Fp8), hgxCluster(QStringLiteral("H100-SXM5-80GB"), 8));
    ASSERT_TRUE(h100.fits);
    EXPECT_EQ(h100.formatUsed, NumberFormat::Fp8);
    EXPECT_FALSE(h100.formatLacking);
}

TEST(PrecisionFormat, ABlankRateInTheSpecTableIsNotALackingFormat)
{
    // RTX 6000 Ada runs BF16 (Ada); the spec table leaves its tensor rates blank.
    const GpuSpec ada = gpuSpec(QStringLiteral("RTX6000-Ada"));
    EXPECT_FALSE(ada.lacksFormat(NumberFormat::Bf16));
    EXPECT_FALSE(ada.lacksFormat(NumberFormat::Fp8));
    EXPECT_EQ(ada.formatRun(NumberFormat::Bf16), NumberFormat::Fp32);
    EXPECT_TRUE(gpuSpec(QStringLiteral("T4")).lacksFormat(NumberFormat::Bf16));
    EXPECT_FALSE(gpuSpec(QStringLiteral("A100-SXM4-80GB")).lacksFormat(NumberFormat::Bf16));
}
