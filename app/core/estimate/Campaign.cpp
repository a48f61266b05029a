#include "core/estimate/Campaign.h"

#include "core/estimate/RunLength.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace gpuplanner::core {

namespace {

// intercept, slope, one offset per named generation, one coefficient per term
constexpr int kTermBase = 2 + kCampaignGenerations - 1;
constexpr int kUnknowns = kTermBase + kCampaignTerms;
// A whisker of ridge on the slope keeps a table of one GPU count solvable (slope 0).
constexpr double kSlopeRidge = 1e-6;

double log2Gpus(int gpus)
{
    return std::log2(std::max(1, gpus) / CampaignModel::kReferenceGpus);
}

// How much a figure can show of restarts and rollbacks: all of it on a wall-clock figure, none on
// one derived from throughput; an unknown accounting counts half (the midpoint in log space).
double wallClockWeight(CampaignAccounting a)
{
    switch (a) {
    case CampaignAccounting::WallClock:
        return 1.0;
    case CampaignAccounting::ThroughputDerived:
        return 0.0;
    case CampaignAccounting::Unknown:
        break;
    }
    return 0.5;
}

// A term's indicator: 1 when it holds, 0 when not; a report that does not say counts half, the
// midpoint in log space (a published lab's unstated practice is not a typical user's default;
// applyCampaign resolves a user's unstated terms to the defaults before it gets here).
double stated(bool unknown, bool holds)
{
    return unknown ? 0.5 : (holds ? 1.0 : 0.0);
}

std::array<double, kUnknowns> features(const CampaignSample &s)
{
    std::array<double, kUnknowns> x{};
    x[0] = 1.0;
    x[1] = log2Gpus(s.gpus);
    if (s.generation != CampaignGeneration::Other)
        x[1 + int(s.generation)] = 1.0;
    const double wall = wallClockWeight(s.accounting);
    const CampaignTerms &t = s.terms;
    x[kTermBase + int(CampaignTerm::GenericStack)] = stated(t.stack == StackMaturity::Default, t.stack == StackMaturity::Generic);
    x[kTermBase + int(CampaignTerm::ManualFailureHandling)] =
        wall * stated(t.failureHandling == FailureHandling::Default, t.failureHandling == FailureHandling::Manual);
    x[kTermBase + int(CampaignTerm::FirstRun)] = wall * stated(t.firstRun == FirstRun::Default, t.firstRun == FirstRun::Yes);
    x[kTermBase + int(CampaignTerm::ThroughputAccounting)] = 1.0 - wall;
    return x;
}

// The published value each term's coefficient is shrunk towards (CampaignTerms.h); the accounting
// covariate towards none.
constexpr double kTermPriors[kCampaignTerms] = {kPriorGenericStackLog, kPriorManualFailureLog, kPriorFirstRunLog, 0.0};

// Solves a x = b in place by Gaussian elimination with partial pivoting; false when singular.
bool solve(std::array<std::array<double, kUnknowns>, kUnknowns> &a, std::array<double, kUnknowns> &b)
{
    for (int col = 0; col < kUnknowns; ++col) {
        int pivot = col;
        for (int r = col + 1; r < kUnknowns; ++r) {
            if (std::abs(a[r][col]) > std::abs(a[pivot][col]))
                pivot = r;
        }
        if (std::abs(a[pivot][col]) < 1e-12)
            return false;
        std::swap(a[pivot], a[col]);
        std::swap(b[pivot], b[col]);
        for (int r = col + 1; r < kUnknowns; ++r) {
            const double f = a[r][col] / a[col][col];
            for (int k = col; k < kUnknowns; ++k)
                a[r][k] -= f * a[col][k];
            b[r] -= f * b[col];
        }
    }
    for (int col = kUnknowns - 1; col >= 0; --col) {
        double v = b[col];
        for (int k = col + 1; k < kUnknowns; ++k)
            v -= a[col][k] * b[k];
        b[col] = v / a[col][col];
    }
    return true;
}

// The point fit only (no range).
CampaignModel fitPoint(const std::vector<CampaignSample> &samples, std::size_t skip)
{
    CampaignModel m;
    std::array<std::array<double, kUnknowns>, kUnknowns> a{};
    std::array<double, kUnknowns> b{};
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const CampaignSample &s = samples[i];
        if (i == skip || s.modelledGpuHours <= 0 || s.reportedGpuHours <= 0)
            continue;
        const auto x = features(s);
        const double y = std::log(s.reportedGpuHours / s.modelledGpuHours);
        for (int r = 0; r < kUnknowns; ++r) {
            for (int k = 0; k < kUnknowns; ++k)
                a[r][k] += x[r] * x[k];
            b[r] += x[r] * y;
        }
        ++m.rows;
        ++m.generationRows[int(s.generation)];
    }
    if (m.rows == 0)
        return m;
    a[1][1] += kSlopeRidge;
    for (int g = 1; g < kCampaignGenerations; ++g)
        a[1 + g][1 + g] += kGenerationShrinkRows;
    for (int t = 0; t < kCampaignTerms; ++t) {
        a[kTermBase + t][kTermBase + t] += kTermShrinkRows;
        b[kTermBase + t] += kTermShrinkRows * kTermPriors[t];
    }
    if (!solve(a, b))
        return m;
    m.intercept = b[0];
    m.perDoubling = b[1];
    for (int g = 1; g < kCampaignGenerations; ++g)
        m.generationOffset[g] = b[1 + g];
    for (int t = 0; t < kCampaignTerms; ++t)
        m.termCoefficient[t] = b[kTermBase + t];
    return m;
}

} // namespace

CampaignGeneration campaignGeneration(GpuGeneration generation)
{
    switch (generation) {
    case GpuGeneration::Volta:
        return CampaignGeneration::Volta;
    case GpuGeneration::Ampere:
        return CampaignGeneration::Ampere;
    case GpuGeneration::Hopper:
        return CampaignGeneration::Hopper;
    default:
        return CampaignGeneration::Other;
    }
}

double CampaignModel::logFactor(CampaignGeneration g, int gpus) const
{
    return intercept + generationOffset[int(g)] + perDoubling * log2Gpus(gpus);
}

double campaignLogFactor(const CampaignModel &model, const CampaignSample &s)
{
    const auto x = features(s);
    double f = model.logFactor(s.generation, s.gpus);
    for (int t = 0; t < kCampaignTerms; ++t)
        f += model.termCoefficient[t] * x[kTermBase + t];
    return f;
}

double campaignResidual(const CampaignModel &model, const CampaignSample &s)
{
    return std::log(s.reportedGpuHours / s.modelledGpuHours) - campaignLogFactor(model, s);
}

double campaignAccountingRatio(const CampaignModel &model, const CampaignRange &range, CampaignAccounting accounting)
{
    const double shown = 1.0 - wallClockWeight(accounting);
    const double log = model.termCoefficient[int(CampaignTerm::ThroughputAccounting)]
        - std::log(range.failureFactor) - std::log(range.firstRunFactor);
    return std::exp(shown * log);
}

std::vector<double> leaveOneOutResiduals(const std::vector<CampaignSample> &samples)
{
    std::vector<double> out;
    out.reserve(samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i)
        out.push_back(campaignResidual(fitPoint(samples, i), samples[i]));
    return out;
}

double quantile(std::vector<double> values, double q)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const double pos = std::clamp(q, 0.0, 1.0) * double(values.size() - 1);
    const auto lo = std::size_t(std::floor(pos));
    const std::size_t hi = std::min(values.size() - 1, lo + 1);
    return values[lo] + (values[hi] - values[lo]) * (pos - double(lo));
}

CampaignModel fitCampaignModel(const std::vector<CampaignSample> &samples, double tunedLogSigma)
{
    CampaignModel m = fitPoint(samples, samples.size());
    m.tunedLogSigma = tunedLogSigma;
    if (m.rows < 2)
        return m;
    // Split-conformal order statistics (Vovk et al. 2005; Lei et al. 2018): the k-th smallest of n
    // leave-one-out residuals with k = floor(0.1 (n + 1)) and ceil(0.9 (n + 1)) holds a new row
    // between them with at least 80 % probability, where plain 10th/90th percentiles of a small
    // table fall short.
    std::vector<double> residuals = leaveOneOutResiduals(samples);
    std::sort(residuals.begin(), residuals.end());
    const auto n = double(residuals.size());
    const auto last = residuals.size() - 1;
    const auto lowRank = std::size_t(std::max(1.0, std::floor(0.1 * (n + 1.0))));
    const auto highRank = std::size_t(std::min(n, std::ceil(0.9 * (n + 1.0))));
    m.logP10 = residuals[std::min(last, lowRank - 1)];
    m.logP90 = residuals[std::min(last, highRank - 1)];
    return m;
}

} // namespace gpuplanner::core

namespace gpuplanner::core {

void setCampaignTermFactors(const CampaignTerms &t, const CampaignModel &m, double tunedMfu, CampaignRange &r)
{
    // A measured MFU replaces the fitted generic-stack term: the steady state runs at the
    // measured rate instead of the tuned one the estimator assumes.
    r.stackFactor = 1.0;
    if (stackOf(t) == StackMaturity::Measured && tunedMfu > 0)
        r.stackFactor = tunedMfu / t.measuredMfu;
    else if (stackOf(t) == StackMaturity::Generic)
        r.stackFactor = m.termFactor(CampaignTerm::GenericStack);
    r.failureFactor = failureHandlingOf(t) == FailureHandling::Manual ? m.termFactor(CampaignTerm::ManualFailureHandling) : 1.0;
    r.firstRunFactor = firstRunOf(t) == FirstRun::Yes ? m.termFactor(CampaignTerm::FirstRun) : 1.0;
    r.spareFactor = 1.0 + spareCapacityPercentOf(t) / 100.0;
}

void applyCampaign(const Workload &w, const ClusterConfig &c, Estimate &e, double idealHours)
{
    CampaignRange &r = e.campaign;
    r = {};
    r.tunedWallTimeHours = idealHours + e.startupHours;
    r.tunedGpuHours = r.tunedWallTimeHours * e.gpus;
    r.modelledGpuHours = e.gpuHours;
    const CampaignModel &m = publishedCampaignModel();
    const bool calibrated = w.kind != WorkloadKind::Vision && c.gpu.trainingMeasured
        && c.gpu.trainingScaleApplies(w.model.hidden);
    double lo = 0;
    double hi = 0;
    switch (w.kind) {
    case WorkloadKind::Pretrain: {
        r.basis = RangeBasis::Campaigns;
        lo = m.logP10;
        hi = m.logP90;
        // The user's own efficiency or goodput describes their run: the campaign factor would count it twice.
        const CampaignTerms &t = w.training.campaign;
        const bool measuredStack = stackOf(t) == StackMaturity::Measured && e.mfu > 0;
        if (w.efficiencyOverride <= 0 && w.goodputOverride <= 0 && m.rows > 0) {
            const CampaignGeneration g = campaignGeneration(c.gpu.generation);
            r.generationFactor = std::exp(m.intercept + m.generationOffset[int(g)]);
            r.scaleFactor = std::exp(m.logFactor(g, e.gpus) - m.intercept - m.generationOffset[int(g)]);
            setCampaignTermFactors(t, m, e.mfu, r);
            r.factor = r.generationFactor * r.scaleFactor * r.stackFactor * r.failureFactor * r.firstRunFactor;
            r.generationRows = m.generationRows[int(g)];
            r.factorApplied = true;
        }
        r.spareFactor = 1.0 + spareCapacityPercentOf(t) / 100.0;
        // A measured stack, like a calibration, measured the steady state.
        if (calibrated || measuredStack) {
            // The calibration measured the steady state: what is left is the campaigns' own spread.
            const double sigma = (hi - lo) / (2.0 * kNormalZ90);
            const double keep = sigma > 0 ? std::sqrt(std::max(0.0, 1.0 - m.tunedLogSigma * m.tunedLogSigma / (sigma * sigma)))
                                          : 0.0;
            lo *= keep;
            hi *= keep;
            r.calibrated = true;
        }
        break;
    }
    case WorkloadKind::FineTune:
    case WorkloadKind::Vision:
        r.basis = RangeBasis::SteadyState;
        if (calibrated) {
            r.calibrated = true;
        } else {
            lo = -kNormalZ90 * m.tunedLogSigma;
            hi = kNormalZ90 * m.tunedLogSigma;
        }
        break;
    case WorkloadKind::Measured:
    case WorkloadKind::Inference:
        break;
    }
    if (r.factorApplied) {
        const double run = std::max(0.0, e.wallTimeHours - e.startupHours) * r.factor;
        // Never below the best case: a campaign is not faster than its tuned steady state.
        e.wallTimeHours = std::max(run + e.startupHours, r.tunedWallTimeHours);
        e.gpuHours = e.wallTimeHours * e.gpus;
    }
    // Spare GPUs are paid for the whole run but train nothing.
    e.gpuHours *= r.spareFactor;
    r.low = std::min(1.0, std::exp(lo));
    r.high = std::max(1.0, std::exp(hi));
}

} // namespace gpuplanner::core
