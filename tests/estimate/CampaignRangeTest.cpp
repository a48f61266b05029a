// The expected campaign, its range and the tuned best case on one estimate, and the run-length
// distribution the planner's chances come from.

#include "estimate/GpuFixtures.h"

#include "core/estimate/Campaign.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/Explain.h"
#include "core/estimate/RunLength.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gpuplanner::core;
using gpuplanner::test::hgxCluster;

namespace {

Workload llama7b(WorkloadKind kind)
{
    Workload w;
    w.kind = kind;
    w.model.params = 6.74e9;
    w.model.layers = 32;
    w.model.hidden = 4096;
    w.model.heads = 32;
    w.model.ffn = 11008;
    w.model.gatedMlp = true;
    w.model.vocab = 32000;
    w.model.seqLen = 4096;
    w.training.tokens = kind == WorkloadKind::Pretrain ? 1e12 : 1e9;
    return w;
}

} // namespace

TEST(RunLength, QuantilesAndChancesFollowTheRange)
{
    const RunLengthRange r{0.8, 1.5};
    EXPECT_NEAR(r.chanceAtMost(1.0), 0.5, 1e-12);
    EXPECT_NEAR(r.chanceAtMost(1.5), 0.9, 1e-9);
    EXPECT_NEAR(r.chanceAtMost(0.8), 0.1, 1e-9);
    EXPECT_NEAR(r.ratioAt(standardNormalQuantile(0.9)), 1.5, 1e-9);
    EXPECT_NEAR(r.ratioAt(standardNormalQuantile(0.1)), 0.8, 1e-9);
    EXPECT_NEAR(standardNormalQuantile(0.975), 1.959964, 1e-5);
    // A cost linear in the length: the budget that pays for the P90 length is met 90 % of the time.
    const double budget = 100.0 * 1.5;
    const double ratio = r.ratioWithin(budget, 10.0, [](double hours) { return hours * 10.0; });
    EXPECT_NEAR(r.chanceAtMost(ratio), 0.9, 1e-5);
}

TEST(RunLength, ALengthKnownForCertainIsMetOrNot)
{
    const RunLengthRange certain;
    EXPECT_TRUE(certain.certain());
    EXPECT_EQ(certain.chanceAtMost(1.0), 1.0);
    EXPECT_EQ(certain.chanceAtMost(0.999), 0.0);
    EXPECT_EQ(certain.ratioWithin(99.0, 10.0, [](double h) { return h * 10.0; }), 0.0);
    EXPECT_EQ(certain.ratioWithin(100.0, 10.0, [](double h) { return h * 10.0; }), 1.0);
}

TEST(CampaignRange, PretrainingBudgetsTheExpectedCampaignAboveTheTunedBestCase)
{
    const ClusterConfig c = hgxCluster(QStringLiteral("A100-SXM4-80GB"), 256);
    const Estimate e = estimate(llama7b(WorkloadKind::Pretrain), c);
    ASSERT_TRUE(e.fits);
    const CampaignRange &r = e.campaign;
    EXPECT_EQ(r.basis, RangeBasis::Campaigns);
    EXPECT_TRUE(r.factorApplied);
    EXPECT_GT(r.factor, 1.0) << "published A100 campaigns took more than the modelled run";
    EXPECT_NEAR(e.gpuHours, std::max(r.tunedGpuHours, (r.modelledGpuHours - e.startupHours * e.gpus) * r.factor
                                                          + e.startupHours * e.gpus),
                1e-6 * e.gpuHours);
    EXPECT_LT(r.tunedGpuHours, r.modelledGpuHours) << "the modelled incidents cost something";
    EXPECT_LT(e.gpuHoursP10(), e.gpuHours);
    EXPECT_GT(e.gpuHoursP90(), e.gpuHours);
    const CampaignModel &m = publishedCampaignModel();
    EXPECT_NEAR(r.low, std::exp(m.logP10), 1e-12);
    EXPECT_NEAR(r.high, std::exp(m.logP90), 1e-12);
    // Throughput stays the tuned steady state: the campaign lengthens the run, not the step.
    EXPECT_NEAR(e.campaign.tunedWallTimeHours - e.startupHours, 1e12 / e.throughput / 3600.0, 1e-6);
}

TEST(CampaignRange, ACalibrationOnThisGpuNarrowsTheRange)
{
    ClusterConfig c = hgxCluster(QStringLiteral("A100-SXM4-80GB"), 256);
    const Estimate plain = estimate(llama7b(WorkloadKind::Pretrain), c);
    c.gpu.trainingMeasured = true;
    const Estimate calibrated = estimate(llama7b(WorkloadKind::Pretrain), c);
    EXPECT_TRUE(calibrated.campaign.calibrated);
    EXPECT_GT(calibrated.campaign.low, plain.campaign.low);
    EXPECT_LT(calibrated.campaign.high, plain.campaign.high);
    EXPECT_GT(calibrated.campaign.high, 1.0) << "the campaigns' own spread stays";
    // A step measured at another width says nothing of this model.
    c.gpu.trainingScaleHidden = 1024;
    c.gpu.trainingScaleBand = 1.5;
    EXPECT_FALSE(estimate(llama7b(WorkloadKind::Pretrain), c).campaign.calibrated);
}

// Issue 46: a calibration still narrows the range with the campaign terms, and says so; a measured
// MFU narrows it the same way and replaces the generic-stack factor.
TEST(CampaignRange, ACalibrationOrAMeasuredMfuNarrowsTheRangeAndSaysSo)
{
    ClusterConfig c = hgxCluster(QStringLiteral("A100-SXM4-80GB"), 256);
    Workload w = llama7b(WorkloadKind::Pretrain);
    w.training.campaign.stack = StackMaturity::Tuned;
    w.training.campaign.failureHandling = FailureHandling::Automatic;
    const Estimate plain = estimate(w, c);
    ClusterConfig measured = c;
    measured.gpu.trainingMeasured = true;
    const Estimate calibrated = estimate(w, measured);
    EXPECT_TRUE(calibrated.campaign.calibrated);
    EXPECT_LT(calibrated.campaign.high / calibrated.campaign.low, plain.campaign.high / plain.campaign.low);
    EXPECT_TRUE(assumptions(w, measured, calibrated).join(u'\n').contains(QStringLiteral("Your calibration measured")));

    Workload mfu = w;
    mfu.training.campaign.stack = StackMaturity::Measured;
    mfu.training.campaign.measuredMfu = plain.mfu * 0.8;
    const Estimate own = estimate(mfu, c);
    EXPECT_TRUE(own.campaign.calibrated);
    EXPECT_LT(own.campaign.high / own.campaign.low, plain.campaign.high / plain.campaign.low);
    EXPECT_NEAR(own.campaign.stackFactor, 1.25, 1e-9) << "tuned MFU / measured MFU";
    EXPECT_NEAR(own.gpuHours / plain.gpuHours, 1.25, 1e-3) << "the start-up is not scaled";
    EXPECT_TRUE(assumptions(mfu, c, own).join(u'\n').contains(QStringLiteral("Your measured MFU")));
}

// Each stated term moves the expected campaign by its factor; unstated ones take the defaults
// (a generic stack, manual restarts, a first run), and spares add to the GPU-hours paid only.
TEST(CampaignRange, StatedTermsSetTheFactorAndDefaultsAreTheTypicalCase)
{
    const ClusterConfig c = hgxCluster(QStringLiteral("A100-SXM4-80GB"), 256);
    Workload w = llama7b(WorkloadKind::Pretrain);
    const Estimate byDefault = estimate(w, c);
    const CampaignModel &m = publishedCampaignModel();
    EXPECT_NEAR(byDefault.campaign.stackFactor, m.termFactor(CampaignTerm::GenericStack), 1e-12);
    EXPECT_NEAR(byDefault.campaign.failureFactor, m.termFactor(CampaignTerm::ManualFailureHandling), 1e-12);
    EXPECT_NEAR(byDefault.campaign.firstRunFactor, m.termFactor(CampaignTerm::FirstRun), 1e-12);
    EXPECT_GT(m.termFactor(CampaignTerm::GenericStack), 1.0);
    EXPECT_GT(m.termFactor(CampaignTerm::ManualFailureHandling), 1.0);
    EXPECT_GT(m.termFactor(CampaignTerm::FirstRun), 1.0);
    w.training.campaign.stack = StackMaturity::Tuned;
    w.training.campaign.failureHandling = FailureHandling::Automatic;
    w.training.campaign.firstRun = FirstRun::No;
    const Estimate seasoned = estimate(w, c);
    EXPECT_DOUBLE_EQ(seasoned.campaign.factor, seasoned.campaign.generationFactor * seasoned.campaign.scaleFactor);
    EXPECT_NEAR(byDefault.gpuHours / seasoned.gpuHours,
                byDefault.campaign.stackFactor * byDefault.campaign.failureFactor * byDefault.campaign.firstRunFactor, 1e-3)
        << "the start-up is not scaled";
    w.training.campaign.spareCapacityPercent = 10;
    const Estimate spares = estimate(w, c);
    EXPECT_NEAR(spares.gpuHours, seasoned.gpuHours * 1.10, 1e-6 * seasoned.gpuHours);
    EXPECT_DOUBLE_EQ(spares.wallTimeHours, seasoned.wallTimeHours) << "spares do not train";
}

TEST(CampaignRange, TheUsersOwnEfficiencyIsNotInflatedAgain)
{
    Workload w = llama7b(WorkloadKind::Pretrain);
    w.efficiencyOverride = 0.4;
    const Estimate e = estimate(w, hgxCluster(QStringLiteral("A100-SXM4-80GB"), 256));
    ASSERT_TRUE(e.fits);
    EXPECT_FALSE(e.campaign.factorApplied);
    EXPECT_DOUBLE_EQ(e.gpuHours, e.campaign.modelledGpuHours);
    EXPECT_GT(e.campaign.high, 1.0) << "the range still says how campaigns spread";
}

TEST(CampaignRange, FineTuningHasTheSteadyStateSpreadAndNoFactor)
{
    const Estimate e = estimate(llama7b(WorkloadKind::FineTune), hgxCluster(QStringLiteral("A100-SXM4-80GB"), 8));
    ASSERT_TRUE(e.fits);
    EXPECT_EQ(e.campaign.basis, RangeBasis::SteadyState);
    EXPECT_FALSE(e.campaign.factorApplied);
    EXPECT_DOUBLE_EQ(e.gpuHours, e.campaign.modelledGpuHours);
    const double sigma = publishedCampaignModel().tunedLogSigma;
    EXPECT_NEAR(e.campaign.high, std::exp(1.2815515655446004 * sigma), 1e-12);
    EXPECT_NEAR(e.campaign.low, std::exp(-1.2815515655446004 * sigma), 1e-12);
}

TEST(CampaignRange, ServingHasNoRange)
{
    Workload w = llama7b(WorkloadKind::Inference);
    w.inference.requestsPerSecond = 1;
    const Estimate e = estimate(w, hgxCluster(QStringLiteral("A100-SXM4-80GB"), 8));
    ASSERT_TRUE(e.fits);
    EXPECT_EQ(e.campaign.basis, RangeBasis::None);
    EXPECT_EQ(e.campaign.low, 1.0);
    EXPECT_EQ(e.campaign.high, 1.0);
}
