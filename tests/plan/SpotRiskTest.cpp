// Spot interruption model: the Monte Carlo reproduces with its seed, converges on the closed
// form as draws grow, and respects billing granularity per restarted session.

#include "core/cost/SpotRisk.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gpuplanner::core;

namespace {

SpotJob busyJob()
{
    SpotJob job;
    job.workHours = 100;
    job.instances = 16;
    job.monthlyRate = 0.5; // 16 instances: about 1.5 interruptions per 100 h
    job.checkpointHours = 1.0;
    job.restartHours = 0.25;
    job.rule = BillingRule{1, 60};
    return job;
}

} // namespace

TEST(SpotRisk, BucketsAndRules)
{
    EXPECT_DOUBLE_EQ(bucketRate(*bucketFromId(u"<5%")), 0.025);
    EXPECT_DOUBLE_EQ(bucketRate(*bucketFromId(u">20%")), 0.25);
    EXPECT_FALSE(bucketFromId(u"30%").has_value());
    InterruptionRates rates;
    EXPECT_DOUBLE_EQ(rates.monthlyRate(u"aws", u"p5.48xlarge"), InterruptionRates::kDefaultMonthlyRate);
    rates.add({QStringLiteral("aws"), QStringLiteral("p5*"), 0.25, QStringLiteral("test")});
    rates.add({QStringLiteral("aws"), QStringLiteral("p5.48xlarge"), 0.05, QStringLiteral("test")});
    EXPECT_DOUBLE_EQ(rates.monthlyRate(u"aws", u"p5.48xlarge"), 0.05) << "later rules win";
    EXPECT_DOUBLE_EQ(rates.monthlyRate(u"aws", u"p5e.48xlarge"), 0.25);
    EXPECT_DOUBLE_EQ(rates.monthlyRate(u"gcp", u"p5.48xlarge"), InterruptionRates::kDefaultMonthlyRate);
    EXPECT_TRUE(globMatch(u"a*b*c", u"aXXbYc"));
    EXPECT_FALSE(globMatch(u"a*b*c", u"aXXbY"));
    EXPECT_TRUE(globMatch(u"US-*", u"us-east-1"));
}

TEST(SpotRisk, HazardFromTheMonthlyShare)
{
    SpotJob job;
    job.instances = 1;
    job.monthlyRate = 1.0 - std::exp(-1.0); // one interruption per instance-month on average
    EXPECT_NEAR(jobHazardPerHour(job), 1.0 / 730.0, 1e-12);
    job.instances = 4;
    EXPECT_NEAR(jobHazardPerHour(job), 4.0 / 730.0, 1e-12);
}

TEST(SpotRisk, NoInterruptionsMeansTheUninterruptedRun)
{
    SpotJob job = busyJob();
    job.monthlyRate = 0;
    SpotSimulator sim(7, 200);
    const SpotOutcome out = sim.run(job, 2.0, 10.0, 0, 0);
    EXPECT_DOUBLE_EQ(out.timeP50, 100.0);
    EXPECT_DOUBLE_EQ(out.timeP90, 100.0);
    EXPECT_NEAR(out.costP50, 100.0 * 16 * 2.0 + 10.0, 1e-9);
    EXPECT_DOUBLE_EQ(out.interruptionsMean, 0.0);
    EXPECT_DOUBLE_EQ(expectedSpotHours(job), 100.0);
}

TEST(SpotRisk, SameSeedSameAnswerOtherSeedOtherDraws)
{
    const SpotJob job = busyJob();
    SpotSimulator a(42, 1000);
    SpotSimulator b(42, 1000);
    const SpotOutcome x = a.run(job, 3.0, 0, 105, 5100);
    const SpotOutcome y = b.run(job, 3.0, 0, 105, 5100);
    EXPECT_EQ(x.timeMean, y.timeMean);
    EXPECT_EQ(x.timeP90, y.timeP90);
    EXPECT_EQ(x.costP90, y.costP90);
    EXPECT_EQ(x.pMeetDeadline, y.pMeetDeadline);
    // Running again on the same simulator starts from the seed again.
    EXPECT_EQ(a.run(job, 3.0, 0, 105, 5100).timeMean, x.timeMean);
    SpotSimulator c(43, 1000);
    EXPECT_NE(c.run(job, 3.0, 0, 105, 5100).timeMean, x.timeMean);
}

TEST(SpotRisk, ConvergesOnTheClosedFormAsDrawsGrow)
{
    const SpotJob job = busyJob();
    const double exact = expectedSpotHours(job);
    // By hand: hazard h = 16 x ln 2 / 730; per 1 h segment (e^h - 1)(1/h + 0.25); 100 segments.
    const double h = 16 * std::log(2.0) / 730.0;
    EXPECT_NEAR(exact, 100 * std::expm1(h) * (1 / h + 0.25), 1e-9);
    EXPECT_GT(exact, 100.0);
    // The standard deviation of the wall time is about 1 h (1.5 interruptions of about 0.75 h),
    // so the error of the mean must shrink like 1/sqrt(draws): 5 standard errors as the bound.
    double lastError = 0;
    for (int draws : {100, 10000, 200000}) {
        SpotSimulator sim(1, draws);
        const double err = std::abs(sim.run(job, 1.0, 0, 0, 0).timeMean - exact);
        EXPECT_LT(err, 5.0 * 1.2 / std::sqrt(double(draws))) << draws << " draws";
        lastError = err;
    }
    EXPECT_LT(lastError, 0.0005 * exact);
}

TEST(SpotRisk, ProbabilitiesAndPercentilesAreConsistent)
{
    const SpotJob job = busyJob();
    SpotSimulator sim(42, 20000);
    // A deadline equal to the uninterrupted time is met only by draws with no interruption:
    // exp(-hazard x 100 h).
    const SpotOutcome out = sim.run(job, 1.0, 0, 100.0, 0);
    EXPECT_NEAR(out.pMeetDeadline, std::exp(-jobHazardPerHour(job) * 100.0), 0.01);
    EXPECT_LE(out.timeP50, out.timeP90);
    EXPECT_LE(out.costP50, out.costP90);
    EXPECT_GE(out.timeP50, 100.0);
    EXPECT_DOUBLE_EQ(out.pMeetBudget, 1.0);
    // Budget at the P50 cost: about half the draws stay within it.
    const SpotOutcome half = sim.run(job, 1.0, 0, 0, out.costP50);
    EXPECT_GE(half.pMeetBudget, 0.5);
    EXPECT_LT(half.pMeetBudget, 0.75);
    EXPECT_LE(half.pMeetBoth, half.pMeetBudget);
}

TEST(SpotRisk, EachRestartIsANewBilledSession)
{
    // Hourly billing with frequent interruptions costs more than per-second billing.
    SpotJob job = busyJob();
    job.monthlyRate = 0.9;
    SpotSimulator sim(5, 2000);
    const SpotOutcome perSecond = sim.run(job, 1.0, 0, 0, 0);
    job.rule = BillingRule{3600, 3600};
    const SpotOutcome hourly = sim.run(job, 1.0, 0, 0, 0);
    EXPECT_EQ(perSecond.timeMean, hourly.timeMean) << "the same draws";
    EXPECT_GT(hourly.costMean, perSecond.costMean);
}

TEST(SpotRisk, NoCheckpointsLoseEverything)
{
    SpotJob job = busyJob();
    job.checkpointHours = 0;
    SpotJob withCheckpoints = busyJob();
    EXPECT_GT(expectedSpotHours(job), expectedSpotHours(withCheckpoints));
    SpotSimulator sim(3, 5000);
    EXPECT_NEAR(sim.run(job, 1, 0, 0, 0).timeMean, expectedSpotHours(job), 0.05 * expectedSpotHours(job));
}

// The fault probe (issue 43): a job of the documented maximum size (tokens 10000T) took 149 s to
// plan, every draw stepping through up to 100,000 interruptions. Past a thousand a draw goes on
// at its own pace; the mean still lands on the closed form, and a job that cannot progress still
// never finishes.
TEST(SpotRisk, AJobOfThousandsOfInterruptionsKeepsTheClosedForm)
{
    SpotJob job = busyJob();
    job.workHours = 500000; // about 7,600 interruptions at 16 instances and 50 % a month
    SpotSimulator sim(11, 200);
    const SpotOutcome out = sim.run(job, 1.0, 0, 0, 0);
    const double exact = expectedSpotHours(job);
    ASSERT_TRUE(std::isfinite(out.timeMean));
    EXPECT_NEAR(out.timeMean / exact, 1.0, 0.01) << out.timeMean << " against " << exact;
    EXPECT_NEAR(out.interruptionsMean / (jobHazardPerHour(job) * exact), 1.0, 0.03);
    EXPECT_EQ(out.unfinished, 0.0);

    // Checkpoints far apart against the gaps: no progress, never finished.
    job.checkpointHours = 10000;
    job.monthlyRate = 0.9;
    const SpotOutcome stuck = sim.run(job, 1.0, 0, 0, 0);
    EXPECT_EQ(stuck.unfinished, 1.0);
}
