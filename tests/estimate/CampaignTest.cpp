// The campaign model against the published runs of tests/data/validation-campaigns.csv:
// leave-one-out cross-validation of the campaign rows, the P10-P90 range's coverage, the tuned
// steady-state rows, and the product's constants (CampaignPublished.cpp) against a fresh fit.
//
// Issue 46 set these goals for leave-one-out with the terms each report states: median error
// <= 15 %, >= 70 % of campaign rows within +-25 %, the P10-P90 range covering >= 80 % of rows and
// narrower than before the terms (median P90/P10 3.02 with generation and scale only: median
// 18.4 %, 58 % within +-25 %, coverage 86 %), tuned steady-state rows >= 80 % within +-15 %.
// Each row is predicted with the configuration its source states (layout, batch, recomputation,
// FlashAttention; validation-campaigns.md).
constexpr double kGoalMedian = 0.15;
constexpr double kGoalWithin25 = 0.70;
constexpr double kGoalCoverage = 0.80;
constexpr double kWidthBeforeTerms = 3.02;
constexpr double kGuardMedian = 0.15;
constexpr double kGuardWithin25 = 0.70;
constexpr double kGoalTunedWithin15 = 0.80;

#include "estimate/PublishedRuns.h"

#include "core/estimate/Campaign.h"
#include "core/estimate/Efficiency.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/Explain.h"

#include <QHash>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>
#include <cstdio>
#include <numeric>

using namespace gpuplanner::core;
using namespace gpuplanner::test;

namespace {

const PublishedFit &published()
{
    static const PublishedFit fit = estimatePublishedRuns(loadPublishedRuns());
    return fit;
}

double percentError(double logResidual)
{
    // A residual log(reported / predicted) as the prediction's error against the report.
    return std::exp(-logResidual) - 1.0;
}

} // namespace

TEST(CampaignModel, TableHasTheRowsTheModelNeeds)
{
    const PublishedFit &fit = published();
    EXPECT_GE(fit.samples.size(), 25u);
    EXPECT_GE(fit.steadyLogRatios.size(), 10u);
    int perGeneration[kCampaignGenerations]{};
    for (const CampaignSample &s : fit.samples)
        ++perGeneration[int(s.generation)];
    EXPECT_GE(perGeneration[int(CampaignGeneration::Volta)], 2);
    EXPECT_GE(perGeneration[int(CampaignGeneration::Ampere)], 10);
    EXPECT_GE(perGeneration[int(CampaignGeneration::Hopper)], 5);
}

// Issue 46 item 5: each campaign predicted, by a fit that never saw it, with the terms its report
// states (validation-campaigns.md; unstated terms take the product's defaults, as for a user).
TEST(CampaignModel, LeaveOneOutMeetsTheGoals)
{
    const PublishedFit &fit = published();
    const std::vector<double> loo = leaveOneOutResiduals(fit.samples);
    ASSERT_EQ(loo.size(), fit.samples.size());
    std::vector<double> errors;
    std::vector<double> widths;
    int within25 = 0;
    int covered = 0;
    std::printf("%-24s %6s %12s %12s %8s %8s %7s\n", "campaign", "gpus", "modelled", "reported", "raw", "loo", "P90/P10");
    for (std::size_t i = 0; i < loo.size(); ++i) {
        const CampaignSample &s = fit.samples[i];
        // The row's range from a fit that never saw it.
        std::vector<CampaignSample> others = fit.samples;
        others.erase(others.begin() + std::ptrdiff_t(i));
        const CampaignModel without = fitCampaignModel(others, fit.tunedLogSigma);
        const bool inside = loo[i] >= without.logP10 - 1e-12 && loo[i] <= without.logP90 + 1e-12;
        const double error = percentError(loo[i]);
        errors.push_back(std::abs(error));
        widths.push_back(std::exp(without.logP90 - without.logP10));
        within25 += std::abs(error) <= 0.25;
        covered += inside;
        std::printf("%-24s %6d %12.4g %12.4g %+7.1f%% %+7.1f%% %7.2f %s\n", qPrintable(fit.sampleIds[i]), s.gpus,
                    s.modelledGpuHours, s.reportedGpuHours, 100.0 * (s.modelledGpuHours / s.reportedGpuHours - 1.0),
                    100.0 * error, widths.back(), inside ? "" : "outside P10-P90");
    }
    const double median = quantile(errors, 0.5);
    const double shareWithin = double(within25) / double(errors.size());
    const double coverage = double(covered) / double(errors.size());
    const double width = quantile(widths, 0.5);
    std::printf("leave-one-out: %zu campaigns, median |error| %.1f%% (goal %.0f%%), within +-25%% %.0f%% (goal %.0f%%), "
                "P10-P90 covers %.0f%% (goal %.0f%%), median width P90/P10 %.2f (before the terms %.2f)\n",
                errors.size(), 100.0 * median, 100.0 * kGoalMedian, 100.0 * shareWithin, 100.0 * kGoalWithin25,
                100.0 * coverage, 100.0 * kGoalCoverage, width, kWidthBeforeTerms);
    EXPECT_LE(median, kGuardMedian);
    EXPECT_GE(shareWithin, kGuardWithin25);
    EXPECT_GE(coverage, kGoalCoverage);
    EXPECT_LT(width, kWidthBeforeTerms);
}

// The team that ran a campaign: its id's family (llama3 and llama31 are one team's two releases,
// the DeepSeek rows one lab's).
QString teamOf(const QString &id)
{
    const QString family = id.section(u'-', 0, 0);
    if (family == u"llama31")
        return QStringLiteral("llama3");
    if (family.startsWith(u"ds"))
        return QStringLiteral("deepseek");
    return family;
}

// Why the point goals are out of reach for any model of what a user can state (GPU, count, model,
// tokens): campaigns of one team, on one cluster, one stack and within a year, spread around the
// estimator by more than the goal allows. Predicting each such row from its team's other rows
// (an oracle no user has: the team's own overhead, read off its other published runs) still
// leaves fewer than 75 % within +-25 %. Should a richer table ever let the oracle reach the goal,
// this fails and the goal is worth another look.
TEST(CampaignModel, KnowingTheTeamStillMissesTheGoalWithin25Percent)
{
    const PublishedFit &fit = published();
    QHash<QString, std::vector<double>> residualsByTeam;
    for (std::size_t i = 0; i < fit.samples.size(); ++i) {
        const CampaignSample &s = fit.samples[i];
        residualsByTeam[teamOf(fit.sampleIds[i])].push_back(std::log(s.reportedGpuHours / s.modelledGpuHours));
    }
    std::vector<double> errors;
    int teams = 0;
    for (const std::vector<double> &residuals : std::as_const(residualsByTeam)) {
        if (residuals.size() < 2)
            continue;
        ++teams;
        const double sum = std::accumulate(residuals.begin(), residuals.end(), 0.0);
        for (double r : residuals) {
            const double othersMean = (sum - r) / double(residuals.size() - 1);
            errors.push_back(std::abs(percentError(r - othersMean)));
        }
    }
    ASSERT_GE(teams, 5);
    const double median = quantile(errors, 0.5);
    const double within25 = double(std::count_if(errors.begin(), errors.end(), [](double e) { return e <= 0.25; }))
                            / double(errors.size());
    std::printf("team known: %zu campaigns of %d teams, median |error| %.1f%%, within +-25%% %.0f%% (goals %.0f%% / %.0f%%)\n",
                errors.size(), teams, 100.0 * median, 100.0 * within25, 100.0 * kGoalMedian, 100.0 * kGoalWithin25);
    EXPECT_LT(within25, kGoalWithin25);
}

// Issue 46 item 4: the rows of stacks tuned at their scale (the table's stack column) within
// +-15 % for at least 80 % of them. Rows of generic or first-time stacks (OPT, GLM-130B, BLOOM)
// are printed but not scored: their stack is the campaign model's generic term.
TEST(CampaignModel, TunedSteadyStateRowsStayClose)
{
    const PublishedFit &fit = published();
    int tuned = 0;
    int within15 = 0;
    int within25 = 0;
    for (std::size_t i = 0; i < fit.steadyLogRatios.size(); ++i) {
        const double error = std::exp(fit.steadyLogRatios[i]) - 1.0;
        std::printf("%-28s %s estimate %+6.1f%%\n", qPrintable(fit.steadyIds[i]),
                    fit.steadyTuned[i] ? "tuned  " : "other  ", 100.0 * error);
        if (!fit.steadyTuned[i])
            continue;
        ++tuned;
        within15 += std::abs(error) <= 0.15;
        within25 += std::abs(error) <= 0.25;
    }
    ASSERT_EQ(tuned, fit.tunedRows);
    ASSERT_GE(tuned, 20);
    const double share = double(within15) / double(tuned);
    std::printf("steady state: %d tuned rows, within +-15%% %.0f%% (goal %.0f%%), within +-25%% %.0f%%, log sigma %.3f\n",
                tuned, 100.0 * share, 100.0 * kGoalTunedWithin15, 100.0 * double(within25) / double(tuned), fit.tunedLogSigma);
    EXPECT_GE(share, kGoalTunedWithin15);
    EXPECT_GE(double(within25) / double(tuned), 0.8);
    // The matmul share of the best-GEMM rate (Efficiency.cpp) is the value that centres these rows; had
    // it been centred without a row, that row would read its log ratio less the others' mean. Printed,
    // so the in-sample figure above is never read alone.
    double sum = 0;
    std::vector<double> tunedRatios;
    for (std::size_t i = 0; i < fit.steadyLogRatios.size(); ++i) {
        if (fit.steadyTuned[i]) {
            tunedRatios.push_back(fit.steadyLogRatios[i]);
            sum += fit.steadyLogRatios[i];
        }
    }
    int leftOutWithin15 = 0;
    for (double r : tunedRatios)
        leftOutWithin15 += std::abs(std::exp(r - (sum - r) / double(tunedRatios.size() - 1)) - 1.0) <= 0.15;
    std::printf("steady state, share centred without each row: within +-15%% %.0f%%, mean log ratio %+.3f\n",
                100.0 * leftOutWithin15 / double(tunedRatios.size()), sum / double(tunedRatios.size()));
}

TEST(CampaignModel, ProductConstantsAreTheFitOfTheTable)
{
    const PublishedFit &fit = published();
    const CampaignModel fresh = fitCampaignModel(fit.samples, fit.tunedLogSigma);
    const CampaignModel &shipped = publishedCampaignModel();
    std::printf("fit: intercept %.6f per-doubling %.6f offsets volta %.6f ampere %.6f hopper %.6f rows %d/%d/%d/%d "
                "p10 %.6f p90 %.6f tuned sigma %.6f rows %d\n",
                fresh.intercept, fresh.perDoubling, fresh.generationOffset[1], fresh.generationOffset[2],
                fresh.generationOffset[3], fresh.generationRows[0], fresh.generationRows[1], fresh.generationRows[2],
                fresh.generationRows[3], fresh.logP10, fresh.logP90, fresh.tunedLogSigma, fresh.rows);
    std::printf("terms: generic stack %.6f manual failure handling %.6f first run %.6f throughput accounting %.6f\n",
                fresh.termCoefficient[0], fresh.termCoefficient[1], fresh.termCoefficient[2], fresh.termCoefficient[3]);
    constexpr double kRounding = 5e-4;
    EXPECT_NEAR(shipped.intercept, fresh.intercept, kRounding);
    EXPECT_NEAR(shipped.perDoubling, fresh.perDoubling, kRounding);
    for (int g = 0; g < kCampaignGenerations; ++g) {
        EXPECT_NEAR(shipped.generationOffset[g], fresh.generationOffset[g], kRounding) << g;
        EXPECT_EQ(shipped.generationRows[g], fresh.generationRows[g]) << g;
    }
    EXPECT_NEAR(shipped.logP10, fresh.logP10, kRounding);
    EXPECT_NEAR(shipped.logP90, fresh.logP90, kRounding);
    EXPECT_NEAR(shipped.tunedLogSigma, fresh.tunedLogSigma, kRounding);
    EXPECT_EQ(shipped.rows, fresh.rows);
    EXPECT_EQ(shipped.tunedRows, fit.tunedRows);
    for (int t = 0; t < kCampaignTerms; ++t)
        EXPECT_NEAR(shipped.termCoefficient[t], fresh.termCoefficient[t], kRounding) << "term " << t;
}

namespace {

const PublishedRun *findRun(const std::vector<PublishedRun> &runs, QStringView id)
{
    for (const PublishedRun &r : runs)
        if (r.id == id)
            return &r;
    return nullptr;
}

} // namespace

// Issue 46 item 3: the DeepSeek mixture-of-experts campaigns, each estimated with what its report
// states (GPUs, network, precision, batch, whether the stack hides the expert all-to-all, its
// stack and first run: validation-campaigns.md), come within +-25 % of their published GPU-hours
// as the reports count them (per trillion tokens, throughput-derived): by the shipped model
// and by a fit that never saw the row. DeepSeek-V3: 2.664M H800 GPU-hours (arXiv 2412.19437);
// DeepSeek-V2: 172.8K per trillion tokens (arXiv 2405.04434).
TEST(CampaignModel, DeepSeekMixtureOfExpertsRowsWithinAQuarterAsTheirReportsStateThem)
{
    constexpr double kTolerance = 0.25;
    const std::vector<PublishedRun> runs = loadPublishedRuns();
    const PublishedFit &fit = published();
    const std::vector<double> loo = leaveOneOutResiduals(fit.samples);
    for (const QStringView id : {QStringView(u"dsv3-671b"), QStringView(u"dsv2-236b")}) {
        const PublishedRun *run = findRun(runs, id);
        ASSERT_NE(run, nullptr) << id.toString().toStdString();
        const Estimate e = estimate(run->workload, run->cluster);
        ASSERT_TRUE(e.fits);
        // Both reports count GPU-hours per trillion tokens (throughput-derived): the expected
        // wall-clock campaign as they count it.
        const double asCounted = e.gpuHours * campaignAccountingRatio(publishedCampaignModel(), e.campaign, run->accounting);
        const auto at = std::find(fit.sampleIds.begin(), fit.sampleIds.end(), id.toString());
        ASSERT_NE(at, fit.sampleIds.end());
        const double leftOut = percentError(loo[std::size_t(at - fit.sampleIds.begin())]);
        std::printf("%-10s published %.4g GPU-h  expected %.4g (%+.1f%%)  left out %+.1f%%  best case %.4g  "
                    "all-to-all %.2f s, exposed %.2f s of a %.2f s step\n",
                    qPrintable(run->id), run->reported, asCounted, 100.0 * (asCounted / run->reported - 1.0),
                    100.0 * leftOut, e.campaign.tunedGpuHours, e.expertAllToAllSeconds, e.expertParallelSeconds,
                    e.stepSeconds);
        EXPECT_TRUE(e.campaign.factorApplied);
        EXPECT_EQ(run->accounting, CampaignAccounting::ThroughputDerived);
        EXPECT_LE(std::abs(asCounted / run->reported - 1.0), kTolerance) << qPrintable(run->id);
        EXPECT_LE(std::abs(leftOut), kTolerance) << qPrintable(run->id);
        EXPECT_GT(e.layout.expertParallel, 1);
    }
}

// The overlap is an assumption the user sees: a default when unstated, named with its source, and
// what the stack states changes the figure only through the all-to-all the schedule hides.
TEST(CampaignModel, ExpertAllToAllOverlapIsAStatedAssumption)
{
    const std::vector<PublishedRun> runs = loadPublishedRuns();
    const PublishedRun *v3 = findRun(runs, u"dsv3-671b");
    ASSERT_NE(v3, nullptr);
    ASSERT_EQ(v3->workload.training.expertOverlap, ExpertOverlap::Full) << "the row states DualPipe";
    Workload unstated = v3->workload;
    unstated.training.expertOverlap = ExpertOverlap::Default;
    Workload none = v3->workload;
    none.training.expertOverlap = ExpertOverlap::None;
    const Estimate full = estimate(v3->workload, v3->cluster);
    const Estimate byDefault = estimate(unstated, v3->cluster);
    const Estimate exposed = estimate(none, v3->cluster);
    ASSERT_TRUE(full.fits && byDefault.fits && exposed.fits);
    // The default is a stack that does not overlap (Megatron-Core's default schedule).
    EXPECT_EQ(expertOverlapOf(unstated.training), ExpertOverlap::None);
    EXPECT_DOUBLE_EQ(byDefault.throughput, exposed.throughput);
    // Without the overlap every byte of the all-to-all waits; with it (and several micro-batches
    // per rank) most of it is hidden, and the run is faster.
    EXPECT_DOUBLE_EQ(exposed.expertParallelSeconds, exposed.expertAllToAllSeconds);
    EXPECT_LT(full.expertParallelSeconds, full.expertAllToAllSeconds);
    EXPECT_GT(exposed.gpuHours, full.gpuHours);
    const QString stated = assumptions(v3->workload, v3->cluster, full).join(u'\n');
    const QString assumed = assumptions(unstated, v3->cluster, byDefault).join(u'\n');
    EXPECT_TRUE(stated.contains(QStringLiteral("your stack"))) << qPrintable(stated);
    EXPECT_TRUE(stated.contains(QStringLiteral("2412.19437"))) << qPrintable(stated);
    EXPECT_TRUE(assumed.contains(QStringLiteral("not overlapped, a default"))) << qPrintable(assumed);
    EXPECT_TRUE(assumed.contains(QStringLiteral("--overlap-moe-expert-parallel-comm"))) << qPrintable(assumed);
}
