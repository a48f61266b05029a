#include "core/plan/Planner.h"

#include "core/estimate/CampaignTerms.h"
#include "core/estimate/RunLength.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/Hardware.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

namespace gpuplanner::core {

namespace {

// An option is oversized when the fewest GPUs any option uses would take at most this much longer.
constexpr double kOversizeSlowdown = 1.05;

// Past this many instances a plan is not something one rents from one region.
constexpr int kInstanceCap = 1024;

// Spot jobs whose draws are kept between plans (about 40 KB each at 1,000 draws).
constexpr int kSpotJobsKept = 1024;

// An instance type in a region: its on-demand offer prices the commitments of the same instance.
struct TwinKey
{
    QString provider;
    QString instanceType;
    QString region;
    bool operator==(const TwinKey &) const = default;
};

size_t qHash(const TwinKey &k, size_t seed = 0) noexcept
{
    return qHashMulti(seed, k.provider, k.instanceType, k.region);
}

TwinKey twinKey(const Offer &o)
{
    return {o.provider, o.instanceType, o.region};
}

bool matchesAny(const QStringList &globs, QStringView text)
{
    for (const QString &g : globs) {
        if (globMatch(g, text))
            return true;
    }
    return false;
}

// A cost that follows the run's length: P50 at the expected length, P90 at the range's P90,
// and the deadline and budget met with the range's chance (certain without a range).
template <class CostAt>
void settleRange(PlanOption &option, double hours, const RunLengthRange &range, const Constraints &c, CostAt costAt)
{
    option.cost = option.costP50 = costAt(hours);
    option.costP90 = range.high > 1 ? costAt(hours * range.high) : option.cost;
    option.timeP50 = hours;
    option.timeP90 = hours * range.high;
    option.pMeetDeadline = c.deadlineHours <= 0 ? 1 : range.chanceAtMost(hours > 0 ? c.deadlineHours / hours : 1e9);
    option.pMeetBudget = c.budget <= 0 ? 1 : range.chanceAtMost(range.ratioWithin(c.budget, hours, costAt));
    // Both fall as the run grows longer: the joint chance is the smaller one.
    option.pMeetBoth = std::min(option.pMeetDeadline, option.pMeetBudget);
}

// Three-point Gauss-Hermite nodes and weights of the standard normal: a spot run's outcome
// averaged over the estimate's range.
constexpr double kHermiteZ[3] = {-1.7320508075688772, 0.0, 1.7320508075688772};
constexpr double kHermiteW[3] = {1.0 / 6.0, 2.0 / 3.0, 1.0 / 6.0};

// A P90 over P50 ratio of two independent log-normal factors.
double combinedP90(double p50, double p90, double rangeHigh)
{
    if (p50 <= 0)
        return p90;
    const double a = std::log(std::max(1.0, p90 / p50));
    const double b = std::log(rangeHigh);
    return p50 * std::exp(std::sqrt(a * a + b * b));
}

bool containsCaseless(const QStringList &list, const QString &value)
{
    for (const QString &s : list) {
        if (s.compare(value, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

} // namespace

std::size_t Planner::ShapeHash::operator()(const ShapeKey &k) const noexcept
{
    std::size_t h = std::size_t(k.gpu) * 1000003u;
    h ^= std::size_t(k.gpusPerInstance) * 9176u + std::size_t(k.intraLink) * 131u + std::size_t(k.network) * 7u;
    h ^= std::hash<double>()(k.networkGbps) + 0x9e3779b9u + (h << 6) + (h >> 2);
    h ^= std::hash<double>()(k.startupHours) + 0x9e3779b9u + (h << 6) + (h >> 2);
    h ^= std::hash<double>()(k.vcpus) + 0x9e3779b9u + (h << 6) + (h >> 2);
    h ^= std::hash<double>()(k.hostMemoryGib) + 0x9e3779b9u + (h << 6) + (h >> 2);
    return h;
}

void Planner::setCatalog(QList<Offer> offers, const QList<GpuModel> &gpus, const QList<ProviderInfo> &providers)
{
    m_startupHours.clear();
    for (const ProviderInfo &p : providers)
        m_startupHours.insert(p.id, defaultStartupHours(p.kind));
    m_offers = std::move(offers);
    m_gpuModels = gpus;
    m_specs.clear();
    QHash<QString, int> specIndex;
    for (const GpuModel &g : gpus) {
        specIndex.insert(g.id, int(m_specs.size()));
        m_specs.push_back(gpuSpecFromModel(g));
    }
    m_calibratedSpecs = m_specs;
    m_calibrations.clear();
    m_offerSpec.assign(std::size_t(m_offers.size()), -1);
    m_onDemandTwin.assign(std::size_t(m_offers.size()), -1);
    m_offerUpfront.assign(std::size_t(m_offers.size()), Upfront::None);
    m_offerCurrency.assign(std::size_t(m_offers.size()), -1);
    m_offerProvider.assign(std::size_t(m_offers.size()), -1);
    m_currencies.clear();
    m_providers.clear();
    QHash<QString, int> currencyIndex;
    QHash<QString, int> providerIndex;
    QHash<TwinKey, int> onDemand;
    for (qsizetype i = 0; i < m_offers.size(); ++i) {
        const Offer &o = m_offers.at(i);
        m_offerSpec[std::size_t(i)] = specIndex.value(o.gpu, -1);
        auto currency = currencyIndex.constFind(o.currency);
        if (currency == currencyIndex.constEnd()) {
            currency = currencyIndex.insert(o.currency, int(m_currencies.size()));
            m_currencies.append(o.currency);
        }
        m_offerCurrency[std::size_t(i)] = currency.value();
        auto provider = providerIndex.constFind(o.provider);
        if (provider == providerIndex.constEnd()) {
            provider = providerIndex.insert(o.provider, int(m_providers.size()));
            m_providers.append(o.provider);
        }
        m_offerProvider[std::size_t(i)] = provider.value();
        m_offerUpfront[std::size_t(i)] = upfrontFromId(o.upfront).value_or(Upfront::None);
        if (o.billing == Billing::OnDemand)
            onDemand.insert(twinKey(o), int(i));
    }
    for (qsizetype i = 0; i < m_offers.size(); ++i) {
        const Offer &o = m_offers.at(i);
        m_onDemandTwin[std::size_t(i)] = o.billing == Billing::OnDemand ? int(i) : onDemand.value(twinKey(o), -1);
    }
    indexShapes();
}

void Planner::indexShapes()
{
    // Every offer's shape from its spec and instance (interconnect text, network, host), once per
    // catalog; with and without the host, since only vision estimates read it.
    std::unordered_map<ShapeKey, int, ShapeHash> shapes;
    std::unordered_map<ShapeKey, int, ShapeHash> hostShapes;
    m_offerShape.assign(std::size_t(m_offers.size()), -1);
    m_offerHostShape.assign(std::size_t(m_offers.size()), -1);
    m_shapeOffer.clear();
    m_hostShapeOffer.clear();
    for (qsizetype i = 0; i < m_offers.size(); ++i) {
        const Offer &o = m_offers.at(i);
        const int spec = m_offerSpec[std::size_t(i)];
        const ClusterConfig shape = clusterFromOffer(GpuSpec{}, o);
        ShapeKey key{spec, shape.gpusPerInstance, int(shape.intraLink), int(shape.network), shape.networkGbps,
                     m_startupHours.value(o.provider, kDefaultStartupHours), 0, 0};
        auto [it, added] = shapes.emplace(key, int(m_shapeOffer.size()));
        if (added)
            m_shapeOffer.push_back(int(i));
        m_offerShape[std::size_t(i)] = it->second;
        key.vcpus = shape.vcpusPerInstance;
        key.hostMemoryGib = shape.hostMemoryGib;
        auto [hostIt, hostAdded] = hostShapes.emplace(key, int(m_hostShapeOffer.size()));
        if (hostAdded)
            m_hostShapeOffer.push_back(int(i));
        m_offerHostShape[std::size_t(i)] = hostIt->second;
    }
    m_haveEstimateInputs = false;
}

void Planner::preparePricing(const PlanRequest &request)
{
    const Assumptions &a = request.assumptions;
    m_fxFactor.clear();
    for (const QString &currency : std::as_const(m_currencies))
        m_fxFactor.push_back(a.fx.factor(currency, request.displayCurrency));
    m_providerTerms.clear();
    for (const QString &provider : std::as_const(m_providers)) {
        ProviderTerms t;
        t.extras = &a.extras.forProvider(provider);
        t.extrasFactor = a.fx.factor(t.extras->currency, request.displayCurrency).value_or(0);
        t.rule = a.billingRules.forProvider(provider);
        m_providerTerms.push_back(t);
    }
}

void Planner::setCalibrations(const CalibrationSet &calibrations)
{
    m_calibrations.clear();
    m_calibratedSpecs = m_specs;
    m_haveEstimateInputs = false;
    if (calibrations.isEmpty())
        return;
    for (qsizetype i = 0; i < m_gpuModels.size(); ++i) {
        const GpuModel &g = m_gpuModels.at(i);
        const CalibrationEffect effect = calibrations.effectFor(g, m_specs[std::size_t(i)]);
        if (!effect.applies)
            continue;
        m_calibratedSpecs[std::size_t(i)] = effect.spec;
        m_calibrations.insert(g.id, effect);
    }
    m_haveEstimateInputs = false;
}

const CalibrationEffect *Planner::calibration(const QString &gpuId, const PlanRequest &request) const
{
    if (!request.useCalibration)
        return nullptr;
    const auto it = m_calibrations.constFind(gpuId);
    return it == m_calibrations.constEnd() ? nullptr : &it.value();
}

const GpuModel *Planner::gpuModel(const QString &id) const
{
    for (const GpuModel &g : m_gpuModels) {
        if (g.id == id)
            return &g;
    }
    return nullptr;
}

namespace {

// Regions sold only through a separate account (their own sign-up, contracts and currency):
// AWS China and GovCloud, Azure China and Azure Government.
bool needsSeparateAccount(const Offer &o)
{
    if (o.provider == u"aws")
        return o.region.startsWith(QStringLiteral("cn-")) || o.region.startsWith(QStringLiteral("us-gov-"));
    if (o.provider == u"azure")
        return o.region.startsWith(QStringLiteral("china")) || o.region.startsWith(QStringLiteral("usgov"));
    return false;
}

} // namespace

bool Planner::passesFilters(const Offer &o, const Constraints &c) const
{
    // A separate partition is in a plan only when the user names it: its region, or (for the
    // Chinese partitions) the Mainland China geography.
    if (needsSeparateAccount(o)) {
        const bool named = (!c.regions.isEmpty() && matchesAny(c.regions, o.region))
            || (o.geography == u"Mainland China" && containsCaseless(c.geographies, o.geography));
        if (!named)
            return false;
    }
    if (!c.allows(o.billing) && !(o.billing == Billing::OnDemand && c.allows(Billing::Reserved)))
        return false;
    if (!c.providers.isEmpty() && !c.providers.contains(o.provider))
        return false;
    if (!c.gpus.isEmpty() && !c.gpus.contains(o.gpu))
        return false;
    if (!c.regions.isEmpty() && !matchesAny(c.regions, o.region))
        return false;
    if (!c.geographies.isEmpty() && !containsCaseless(c.geographies, o.geography))
        return false;
    if (c.minGpuMemoryGib > 0 && (o.gpuCount <= 0 || o.gpuMemoryGib / o.gpuCount < c.minGpuMemoryGib))
        return false;
    if (c.maxGpus > 0 && o.gpuCount > c.maxGpus)
        return false;
    if (c.minGpusPerInstance > 0 && o.gpuCount < c.minGpusPerInstance)
        return false;
    // Fractional GPUs (vGPU slices) cannot run the estimator's layouts.
    return o.gpuCount >= 1;
}

const InstancePlan &Planner::instancePlan(const PlanRequest &request, int offerIndex)
{
    const int shapeIndex = (m_visionShapes ? m_offerHostShape : m_offerShape)[std::size_t(offerIndex)];
    int &slot = m_shapePlan[std::size_t(shapeIndex)];
    if (slot >= 0)
        return m_instancePlans[std::size_t(slot)];
    const int representative = (m_visionShapes ? m_hostShapeOffer : m_shapeOffer)[std::size_t(shapeIndex)];
    const Offer &o = m_offers.at(representative);
    const int spec = m_offerSpec[std::size_t(representative)];
    const std::vector<GpuSpec> &specs = m_useCalibration ? m_calibratedSpecs : m_specs;
    ClusterConfig shape = clusterFromOffer(spec >= 0 ? specs[std::size_t(spec)] : GpuSpec{}, o);
    shape.startupHours = m_startupHours.value(o.provider, kDefaultStartupHours);
    const Constraints &c = request.constraints;
    int cap = kInstanceCap;
    if (c.maxInstances > 0)
        cap = std::min(cap, c.maxInstances);
    if (c.maxGpus > 0)
        cap = std::min(cap, std::max(1, c.maxGpus / shape.gpusPerInstance));
    InstancePlan plan;
    if (spec >= 0)
        plan = planInstances(request.workload, shape, c.deadlineHours, cap, c.confidence);
    slot = int(m_instancePlans.size());
    m_instancePlans.push_back(std::move(plan));
    ++m_estimatesComputed;
    return m_instancePlans.back();
}

bool Planner::priceOffers(const PlanRequest &request, const int *offers, std::size_t count,
                          std::vector<PlanOption> &out, const std::atomic_bool *cancel)
{
    for (std::size_t i = 0; i < count; ++i) {
        if (cancel && (i & 255) == 0 && cancel->load(std::memory_order_relaxed))
            return false;
        addOptions(request, offers[i], out);
    }
    return true;
}

void Planner::addOptions(const PlanRequest &request, int offerIndex, std::vector<PlanOption> &out)
{
    const Offer &o = m_offers.at(offerIndex);
    const Constraints &c = request.constraints;
    // Estimated before pricing began: only read here, from any pricing thread.
    const int shape = (m_visionShapes ? m_offerHostShape : m_offerShape)[std::size_t(offerIndex)];
    const InstancePlan &plan = m_instancePlans[std::size_t(m_shapePlan[std::size_t(shape)])];
    PlanOption base;
    base.offer = offerIndex;
    base.billing = o.billing;
    base.termMonths = o.termMonths;
    base.upfront = m_offerUpfront[std::size_t(offerIndex)];
    if (c.allows(o.billing)) {
        PlanOption option = base;
        priceOption(request, option, plan);
        out.push_back(option);
    }
    // Terms the user negotiated with this offer's provider, priced off this on-demand offer (a
    // discount) or at the quoted price. No provider gets a commitment it was not quoted for.
    if (o.billing == Billing::OnDemand && c.allows(Billing::Reserved)) {
        const QList<CommitmentTerm> &terms = request.assumptions.commitments;
        for (qsizetype i = 0; i < terms.size(); ++i) {
            const CommitmentTerm &t = terms.at(i);
            if (t.provider != o.provider || (!t.instanceType.isEmpty() && !globMatch(t.instanceType, o.instanceType)))
                continue;
            PlanOption option = base;
            option.billing = Billing::Reserved;
            option.termMonths = t.termMonths;
            option.upfront = t.upfront;
            option.discount = t.quoted() ? 0 : t.discount;
            option.commitmentTerm = int(i);
            priceOption(request, option, plan);
            out.push_back(option);
        }
    }
}

namespace {

// Serving on spot (issue 47): each replica is down a share p = monthly rate x outage / 730 h of
// the time (a reclaimed replica is replaced after the restart time). The fewest spares s, at
// least one, such that more than s replicas are down at once with at most 1 - availability
// chance (replicas reclaimed independently; a binomial tail).
int servingSpares(int replicas, double monthlyRate, double outageHours, double availability)
{
    const double p = std::clamp(monthlyRate * outageHours / kHoursPerMonth, 0.0, 0.999);
    const int most = 4 * replicas + 8;
    for (int spares = 1; spares < most; ++spares) {
        const int n = replicas + spares;
        double term = std::pow(1.0 - p, n); // P(X = 0)
        double atMost = term;
        for (int k = 1; k <= spares; ++k) {
            term *= double(n - k + 1) / double(k) * p / (1.0 - p);
            atMost += term;
        }
        if (1.0 - atMost <= 1.0 - availability)
            return spares;
    }
    return most;
}

} // namespace

void Planner::priceOption(const PlanRequest &request, PlanOption &option, const InstancePlan &plan)
{
    const Offer &o = m_offers.at(option.offer);
    const Constraints &c = request.constraints;
    const Assumptions &a = request.assumptions;
    const Estimate &e = plan.estimate;
    const bool serving = request.workload.kind == WorkloadKind::Inference;

    option.fits = plan.found && e.fits;
    option.problem = e.problem;
    option.bottleneck = e.bottleneck;
    option.formatAsked = e.formatAsked;
    option.formatUsed = e.formatUsed;
    option.formatLacking = e.formatLacking;
    option.instances = std::max(1, plan.instances);
    option.gpus = option.instances * std::max(1, int(o.gpuCount));
    option.hours = serving ? a.servingMonths * kHoursPerMonth : e.wallTimeHours;
    option.startupHours = serving ? 0 : e.startupHours;
    option.gpuHours = option.hours * option.gpus;
    // Spare capacity the team pays for (issue 46): whole instances beside those that train, billed for
    // the whole run.
    if (request.workload.kind == WorkloadKind::Pretrain) {
        const double spare = spareCapacityPercentOf(request.workload.training.campaign) / 100.0;
        option.spareInstances = spare > 0 ? int(std::ceil(option.instances * spare - 1e-9)) : 0;
        option.instances += option.spareInstances;
        option.gpus = option.instances * std::max(1, int(o.gpuCount));
        option.gpuHours = option.hours * option.gpus;
    }
    if (!option.fits)
        option.issue = OptionIssue::DoesNotFit;
    else if ((c.maxGpus > 0 && option.gpus > c.maxGpus) || (c.maxInstances > 0 && option.instances > c.maxInstances))
        option.issue = OptionIssue::TooManyGpus;
    else if (c.rdmaForMultiNode && option.instances > 1 && o.rdma == RdmaKind::None)
        option.issue = OptionIssue::NeedsRdma;
    else if (o.suspect() && !c.includeSuspect)
        option.issue = OptionIssue::SuspectPrice;

    const auto &fx = m_fxFactor[std::size_t(m_offerCurrency[std::size_t(option.offer)])];
    if (!fx) {
        if (option.issue == OptionIssue::None)
            option.issue = OptionIssue::NoFxRate;
        return;
    }
    option.fxFactor = *fx;
    const ProviderTerms &terms = m_providerTerms[std::size_t(m_offerProvider[std::size_t(option.offer)])];
    auto extrasFor = [&](double hours) { return extrasCost(a.usage, *terms.extras, hours / kHoursPerMonth) * terms.extrasFactor; };
    option.extras = extrasFor(option.hours);
    const RunLengthRange range = serving ? RunLengthRange{} : RunLengthRange{e.campaign.low, e.campaign.high};
    option.rangeLow = float(range.low);
    option.rangeHigh = float(range.high);
    option.tunedHours = serving ? option.hours : e.campaign.tunedWallTimeHours;

    const BillingRule rule = terms.rule;
    const double budget = c.budget;
    auto onDemandCost = [&](double price) {
        return [&, price](double hours) { return sessionCost(hours, option.instances, price, rule) + extrasFor(hours); };
    };

    switch (option.billing) {
    case Billing::OnDemand:
        option.pricePerHour = o.pricePerHour * option.fxFactor;
        settleRange(option, option.hours, range, c, onDemandCost(option.pricePerHour));
        break;
    case Billing::Spot: {
        const double price = (a.spotUsesMedianPrice ? o.medianPricePerHour.value_or(o.pricePerHour) : o.pricePerHour)
            * option.fxFactor;
        option.pricePerHour = price;
        // The user's own figure, else the provider's published one, else the default.
        option.interruptionPublished = !a.interruptions.match(o.provider, o.instanceType)
            && o.interruptionRateMonthly.has_value();
        option.interruptionRate = option.interruptionPublished ? *o.interruptionRateMonthly
                                                               : a.interruptions.monthlyRate(o.provider, o.instanceType);
        option.expectedInterruptions = option.interruptionRate * option.instances * option.hours / kHoursPerMonth;
        if (option.issue == OptionIssue::None && c.maxSpotInterruptions >= 0
            && option.expectedInterruptions > c.maxSpotInterruptions)
            option.issue = OptionIssue::TooManyInterruptions;
        if (serving || !option.usable()) {
            // Serving does not finish later when reclaimed, it drops capacity: it pays for the
            // spare replicas that keep the load's replicas up at the availability target.
            if (serving) {
                option.spareReplicas = servingSpares(option.instances, option.interruptionRate, a.restartHours,
                                                     a.servingAvailability);
                option.instances += option.spareReplicas;
                option.gpus = option.instances * std::max(1, int(o.gpuCount));
                option.gpuHours = option.hours * option.gpus;
                option.expectedInterruptions = option.interruptionRate * option.instances * option.hours / kHoursPerMonth;
            }
            settleRange(option, option.hours, range, c, onDemandCost(price));
            break;
        }
        SpotJob job;
        job.instances = option.instances;
        job.monthlyRate = option.interruptionRate;
        job.checkpointHours = a.checkpointHours;
        // The goodput model's reload time joins the restart: a large model's checkpoint takes time to read.
        job.restartHours = a.restartHours + e.goodputTerms.checkpointWriteSeconds / 3600.0;
        job.rule = rule;
        auto simulate = [&](double ratio) {
            job.workHours = option.hours * ratio;
            const std::lock_guard<std::mutex> lock(m_spotMutex);
            return m_spot.run(job, price, extrasFor(job.workHours), c.deadlineHours, budget);
        };
        const SpotOutcome out = simulate(1.0);
        option.cost = out.costMean;
        option.costP50 = out.costP50;
        option.costP90 = out.costP90;
        option.timeP50 = out.timeP50;
        option.timeP90 = out.timeP90;
        option.pMeetDeadline = out.pMeetDeadline;
        option.pMeetBudget = out.pMeetBudget;
        option.pMeetBoth = out.pMeetBoth;
        if (range.certain())
            break;
        // The estimate's range and the interruptions are independent: the chances and the mean
        // cost average the simulation over the range, the P90s combine as log-normal factors.
        option.cost *= kHermiteW[1];
        option.pMeetDeadline *= kHermiteW[1];
        option.pMeetBudget *= kHermiteW[1];
        option.pMeetBoth *= kHermiteW[1];
        for (int k : {0, 2}) {
            const SpotOutcome side = simulate(range.ratioAt(kHermiteZ[k]));
            option.cost += kHermiteW[k] * side.costMean;
            option.pMeetDeadline += kHermiteW[k] * side.pMeetDeadline;
            option.pMeetBudget += kHermiteW[k] * side.pMeetBudget;
            option.pMeetBoth += kHermiteW[k] * side.pMeetBoth;
        }
        option.costP90 = combinedP90(option.costP50, option.costP90, range.high);
        option.timeP90 = combinedP90(option.timeP50, option.timeP90, range.high);
        break;
    }
    case Billing::Reserved:
    case Billing::SavingsPlan:
        priceCommitment(request, option, range);
        break;
    case Billing::CapacityBlock: {
        // Booked for the run and paid for every booked hour: AWS books whole days up to 14 days,
        // then whole weeks (EC2 User Guide, "Find and purchase Capacity Blocks").
        option.pricePerHour = o.pricePerHour * option.fxFactor;
        const double minHours = o.minDurationHours.value_or(24);
        const double maxHours = o.maxDurationHours.value_or(std::numeric_limits<double>::max());
        auto bookedHours = [&](double hours) {
            double days = std::ceil(hours / 24.0 - 1e-9);
            if (days > 14)
                days = std::ceil(days / 7.0) * 7.0;
            return std::max(minHours, days * 24.0);
        };
        const double booked = bookedHours(option.hours);
        if (option.issue == OptionIssue::None && booked > maxHours)
            option.issue = OptionIssue::TooLongForBlock;
        option.commitmentTerms = int(booked / 24.0);
        option.commitmentTotal = option.pricePerHour * booked * option.instances;
        option.costPerUsedGpuHour = option.gpuHours > 0 ? option.commitmentTotal / option.gpuHours : 0;
        settleRange(option, option.hours, range, c, [&](double hours) {
            return option.pricePerHour * bookedHours(hours) * option.instances + extrasFor(hours);
        });
        break;
    }
    }
    if (serving)
        priceTokens(request.workload, option, e);
}

void Planner::priceTokens(const Workload &w, PlanOption &option, const Estimate &e)
{
    // The option's whole cost over the tokens it serves: the demand (or, without one, the fleet's
    // capacity) for the serving months. Per output token, as the figure people hold against an
    // API's price, and per token in and out.
    option.tpotSeconds = float(e.tpotSeconds);
    const double outputTokens = e.throughput * option.hours * 3600.0;
    const double inputTokens = outputTokens * w.inference.promptTokens / std::max(1.0, w.inference.outputTokens);
    if (outputTokens <= 0 || option.cost <= 0)
        return;
    option.outputTokensServed = outputTokens;
    option.costPerMillionOutputTokens = option.cost / outputTokens * 1e6;
    option.costPerMillionTokens = option.cost / (outputTokens + inputTokens) * 1e6;
}

void Planner::priceCommitment(const PlanRequest &request, PlanOption &option, const RunLengthRange &range)
{
    const Offer &o = m_offers.at(option.offer);
    const Assumptions &a = request.assumptions;
    const int twin = m_onDemandTwin[std::size_t(option.offer)];
    const double onDemand = twin >= 0 ? m_offers.at(twin).pricePerHour * option.fxFactor : 0;
    Commitment commitment;
    if (option.derivedCommitment()) {
        const CommitmentTerm &t = a.commitments.at(option.commitmentTerm);
        if (t.quoted()) {
            const auto fx = a.fx.factor(t.currency, request.displayCurrency);
            if (!fx) {
                if (option.issue == OptionIssue::None)
                    option.issue = OptionIssue::NoFxRate;
                return;
            }
            commitment.termMonths = t.termMonths;
            commitment.hourlyRate = *t.quotedPricePerHour * *fx;
            commitment.upfrontFee = t.upfrontFee * *fx;
        } else {
            commitment = commitmentFromDiscount(onDemand, t.discount, t.termMonths, t.upfront);
        }
    } else {
        commitment.termMonths = std::max(1, o.termMonths);
        // An effective rate already holds the upfront fee spread over the term; split it out when
        // the fee is known so cash flows start with it, else bill it all by the hour (same total).
        const double fee = o.upfrontFee.value_or(0) * option.fxFactor;
        const double price = o.pricePerHour * option.fxFactor;
        commitment.upfrontFee = fee;
        commitment.hourlyRate = o.priceBasis == PriceBasis::Effective
            ? std::max(0.0, price - fee / commitment.termHours())
            : price;
    }
    option.commitmentHourly = commitment.hourlyRate;
    option.commitmentUpfront = commitment.upfrontFee;
    // The whole commitment is owed, used or not: a run longer than the term needs consecutive
    // terms. Unless the user says other work keeps it busy, this job pays all of it.
    const double termHours = commitment.termHours();
    const std::optional<double> expectedUse = a.expectedUtilization;
    const int instances = option.instances;
    auto termsFor = [=](double hours) { return std::max(1, int(std::ceil(hours / termHours - 1e-9))); };
    auto jobCostFor = [=](double hours) {
        const int n = termsFor(hours);
        const double total = commitment.total() * n * instances;
        if (!expectedUse)
            return total;
        const double jobShare = hours / (termHours * n);
        return total * jobShare / std::max(*expectedUse, jobShare);
    };
    option.commitmentTerms = termsFor(option.hours);
    option.commitmentTotal = commitment.total() * option.commitmentTerms * option.instances;
    const double jobCost = jobCostFor(option.hours);
    // The rate the provider charges per instance-hour: recurring plus the fee spread over the term.
    // What this job pays per hour it uses is costPerUsedGpuHour, and the whole term commitmentTotal.
    option.pricePerHour = commitment.hourlyRate + commitment.upfrontFee / termHours;
    option.costPerUsedGpuHour = option.gpuHours > 0 ? jobCost / option.gpuHours : 0;
    option.breakEvenUtilization = onDemand > 0 ? breakEvenUtilization(commitment, onDemand) : 0;
    const ProviderTerms &terms = m_providerTerms[std::size_t(m_offerProvider[std::size_t(option.offer)])];
    const double extrasFactor = terms.extrasFactor;
    const ExtrasPrices &extras = *terms.extras;
    settleRange(option, option.hours, range, request.constraints, [&](double hours) {
        return jobCostFor(hours) + extrasCost(a.usage, extras, hours / kHoursPerMonth) * extrasFactor;
    });
}

template <class Before> void Planner::sortKeys(Before before)
{
    // A total order sorts to one result however it is sorted: halves on two threads, merged.
    const std::size_t n = m_rankKeys.size();
    const std::size_t machine = m_pricingThreads > 0 ? m_pricingThreads : std::thread::hardware_concurrency();
    if (n < m_parallelFrom || machine < 2) {
        std::sort(m_rankKeys.begin(), m_rankKeys.end(), before);
        return;
    }
    const auto middle = m_rankKeys.begin() + std::ptrdiff_t(n / 2);
    std::thread second([&] { std::sort(middle, m_rankKeys.end(), before); });
    std::sort(m_rankKeys.begin(), middle, before);
    second.join();
    m_mergedKeys.resize(n);
    std::merge(m_rankKeys.begin(), middle, middle, m_rankKeys.end(), m_mergedKeys.begin(), before);
    m_rankKeys.swap(m_mergedKeys);
}

void Planner::rank(const PlanRequest &request)
{
    const double confidence = request.constraints.confidence;
    const RankBy by = request.rankBy;
    std::vector<PlanOption> &options = m_result.options;
    // Each option's keys for the ranking, in a small packed array: the sort compares these, in
    // the same order and with the same results as comparing the options themselves, so the
    // order (ties included) is the same, without reading large structs scattered in memory.
    m_rankKeys.resize(options.size());
    for (std::size_t i = 0; i < options.size(); ++i) {
        const PlanOption &o = options[i];
        RankKey &k = m_rankKeys[i];
        switch (by) {
        case RankBy::Cost: k.first = o.cost; break;
        case RankBy::Time:
            k.first = o.timeP50;
            k.second = o.cost;
            break;
        case RankBy::Risk:
            k.first = o.pMeetBoth;
            k.second = o.timeP90;
            k.third = o.costP90;
            break;
        }
        k.offer = o.offer;
        k.billing = int(o.billing);
        k.index = int(i);
        k.usable = o.usable();
        k.meets = o.pMeetBoth >= confidence;
    }
    auto before = [by](const RankKey &a, const RankKey &b) {
        if (a.usable != b.usable)
            return a.usable;
        if (by != RankBy::Risk && a.meets != b.meets)
            return a.meets;
        switch (by) {
        case RankBy::Cost:
            if (a.first != b.first)
                return a.first < b.first;
            break;
        case RankBy::Time:
            if (a.first != b.first)
                return a.first < b.first;
            if (a.second != b.second)
                return a.second < b.second;
            break;
        case RankBy::Risk:
            if (a.first != b.first)
                return a.first > b.first; // the likelier first
            if (a.second != b.second)
                return a.second < b.second;
            if (a.third != b.third)
                return a.third < b.third;
            break;
        }
        if (a.offer != b.offer)
            return a.offer < b.offer;
        if (a.billing != b.billing)
            return a.billing < b.billing;
        return a.index < b.index; // the order the options were made in: a total order
    };
    sortKeys(before);
    m_sorted.clear();
    m_sorted.reserve(options.size());
    for (const RankKey &k : m_rankKeys)
        m_sorted.push_back(std::move(options[std::size_t(k.index)]));
    options.swap(m_sorted);
    m_result.usable = int(std::count_if(m_rankKeys.begin(), m_rankKeys.end(), [](const RankKey &k) { return k.usable; }));
}

void Planner::markPareto()
{
    // Sweep by time, then cost: an option is on the front when it is cheaper than every faster one.
    m_order.clear();
    for (int i = 0; i < m_result.usable; ++i)
        m_order.push_back(i);
    const auto &opts = m_result.options;
    std::sort(m_order.begin(), m_order.end(), [&](int a, int b) {
        if (opts[std::size_t(a)].timeP50 != opts[std::size_t(b)].timeP50)
            return opts[std::size_t(a)].timeP50 < opts[std::size_t(b)].timeP50;
        return opts[std::size_t(a)].cost < opts[std::size_t(b)].cost;
    });
    // Exact duplicates (same time and cost) do not dominate each other: both stay on the front.
    double best = std::numeric_limits<double>::infinity();
    double bestTime = -1;
    for (int i : m_order) {
        PlanOption &o = m_result.options[std::size_t(i)];
        o.pareto = o.cost < best || (o.cost == best && o.timeP50 == bestTime);
        if (o.cost < best) {
            best = o.cost;
            bestTime = o.timeP50;
        }
    }
}

void Planner::pickRecommendation(const PlanRequest &request)
{
    const double confidence = request.constraints.confidence;
    int best = -1;
    int bestChance = -1;
    int onDemand = -1;
    int onDemandAny = -1;
    for (int i = 0; i < m_result.usable; ++i) {
        const PlanOption &o = m_result.options[std::size_t(i)];
        const bool meets = o.pMeetBoth >= confidence;
        if (meets && (best < 0 || o.cost < m_result.options[std::size_t(best)].cost))
            best = i;
        if (bestChance < 0 || o.pMeetBoth > m_result.options[std::size_t(bestChance)].pMeetBoth
            || (o.pMeetBoth == m_result.options[std::size_t(bestChance)].pMeetBoth
                && o.cost < m_result.options[std::size_t(bestChance)].cost))
            bestChance = i;
        if (o.billing == Billing::OnDemand) {
            if (meets && (onDemand < 0 || o.cost < m_result.options[std::size_t(onDemand)].cost))
                onDemand = i;
            if (onDemandAny < 0 || o.cost < m_result.options[std::size_t(onDemandAny)].cost)
                onDemandAny = i;
        }
    }
    m_result.recommended = best >= 0 ? best : bestChance;
    m_result.cheapestOnDemand = onDemand >= 0 ? onDemand : onDemandAny;
}

void Planner::flagOversized()
{
    // A job so small that its start-up is nearly all of it gains nothing from more GPUs: on the
    // fewest GPUs any option uses it would take under 5% longer (work scaled linearly).
    int fewest = 0;
    for (const PlanOption &o : m_result.options) {
        if (o.fits && (fewest == 0 || o.gpus < fewest))
            fewest = o.gpus;
    }
    if (fewest <= 0)
        return;
    for (PlanOption &o : m_result.options) {
        if (!o.fits || o.issue != OptionIssue::None || o.gpus < 2 * fewest)
            continue;
        const double work = std::max(0.0, o.hours - o.startupHours);
        const double onFewest = o.startupHours + work * double(o.gpus) / fewest;
        if (onFewest <= kOversizeSlowdown * o.hours)
            o.issue = OptionIssue::OversizedForJob;
    }
}

bool Planner::priceAll(const PlanRequest &request, const std::atomic_bool *cancel)
{
    const std::size_t n = m_passing.size();
    const std::size_t machine = m_pricingThreads > 0 ? m_pricingThreads : std::thread::hardware_concurrency();
    const std::size_t threads = n < m_parallelFrom ? 1 : std::clamp<std::size_t>(machine, 1, kPricingThreadsMax);
    if (threads <= 1)
        return priceOffers(request, m_passing.data(), n, m_result.options, cancel);
    // Contiguous runs of offers, one per thread, joined in order: the same options in the same
    // order as one thread would price them.
    // Kept between plans, so their memory is not faulted in again.
    std::vector<std::vector<PlanOption>> &parts = m_pricingParts;
    parts.resize(threads - 1);
    for (std::vector<PlanOption> &part : parts)
        part.clear();
    std::vector<std::thread> workers;
    std::vector<char> done(threads - 1, 0);
    const std::size_t step = (n + threads - 1) / threads;
    for (std::size_t t = 1; t < threads; ++t) {
        const std::size_t from = std::min(n, t * step);
        const std::size_t count = std::min(n, from + step) - from;
        parts[t - 1].reserve(count + count / 8);
        workers.emplace_back([&, t, from, count] {
            done[t - 1] = priceOffers(request, m_passing.data() + from, count, parts[t - 1], cancel);
        });
    }
    bool ok = priceOffers(request, m_passing.data(), std::min(n, step), m_result.options, cancel);
    for (std::thread &w : workers)
        w.join();
    for (std::size_t t = 0; t + 1 < threads; ++t) {
        ok = ok && done[t];
        m_result.options.insert(m_result.options.end(), parts[t].cbegin(), parts[t].cend());
    }
    return ok;
}

const PlanResult &Planner::plan(const PlanRequest &request, const std::atomic_bool *cancel)
{
    m_result.options.clear();
    m_result.usable = 0;
    m_result.recommended = -1;
    m_result.cheapestOnDemand = -1;
    m_result.offersConsidered = 0;
    m_result.offersFilteredOut = 0;
    m_result.cancelled = false;
    m_useCalibration = request.useCalibration;
    // The estimates stay while what they read stays: an edit of a price or an assumption
    // re-prices the kept estimates.
    EstimateInputs inputs{request.workload, request.constraints.deadlineHours, request.constraints.maxInstances,
                          request.constraints.maxGpus, request.useCalibration,
                          request.constraints.deadlineHours > 0 ? request.constraints.confidence : 0.5};
    if (!m_haveEstimateInputs || !(inputs == m_estimateInputs)) {
        m_estimateInputs = std::move(inputs);
        m_haveEstimateInputs = true;
        m_visionShapes = request.workload.kind == WorkloadKind::Vision;
        m_shapePlan.assign((m_visionShapes ? m_hostShapeOffer : m_shapeOffer).size(), -1);
        m_instancePlans.clear();
    }
    m_estimatesComputed = 0;
    // A spot job's draws depend on the job, the seed and the draw count only, so they are kept
    // across plans too, up to a bound on their memory (each job holds a few arrays of draws).
    if (m_spot.cachedJobs() > kSpotJobsKept)
        m_spot.clearCache();
    m_spot.setSeed(request.assumptions.seed);
    m_spot.setDraws(request.assumptions.monteCarloDraws);
    preparePricing(request);
    m_result.options.reserve(std::size_t(m_offers.size()) + 16);

    // The filters, and each passing offer's estimate (once per shape), on this thread.
    m_passing.clear();
    for (qsizetype i = 0; i < m_offers.size(); ++i) {
        if (cancel && (i & 255) == 0 && cancel->load(std::memory_order_relaxed)) {
            m_result.cancelled = true;
            return m_result;
        }
        if (!passesFilters(m_offers.at(i), request.constraints)) {
            ++m_result.offersFilteredOut;
            continue;
        }
        ++m_result.offersConsidered;
        instancePlan(request, int(i));
        m_passing.push_back(int(i));
    }
    if (!priceAll(request, cancel)) {
        m_result.cancelled = true;
        return m_result;
    }
    if (request.workload.kind != WorkloadKind::Inference)
        flagOversized();
    rank(request);
    markPareto();
    pickRecommendation(request);
    return m_result;
}

QString rankById(RankBy r)
{
    switch (r) {
    case RankBy::Cost: return QStringLiteral("cost");
    case RankBy::Time: return QStringLiteral("time");
    case RankBy::Risk: return QStringLiteral("risk");
    }
    return {};
}

std::optional<RankBy> rankByFromId(QStringView id)
{
    for (RankBy r : {RankBy::Cost, RankBy::Time, RankBy::Risk}) {
        if (rankById(r) == id)
            return r;
    }
    return std::nullopt;
}

QString optionIssueId(OptionIssue issue)
{
    switch (issue) {
    case OptionIssue::None: return QString();
    case OptionIssue::DoesNotFit: return QStringLiteral("does_not_fit");
    case OptionIssue::TooManyGpus: return QStringLiteral("too_many_gpus");
    case OptionIssue::NeedsRdma: return QStringLiteral("needs_rdma");
    case OptionIssue::NoFxRate: return QStringLiteral("no_fx_rate");
    case OptionIssue::TooManyInterruptions: return QStringLiteral("too_many_interruptions");
    case OptionIssue::SuspectPrice: return QStringLiteral("suspect_price");
    case OptionIssue::TooLongForBlock: return QStringLiteral("too_long_for_capacity_block");
    case OptionIssue::OversizedForJob: return QStringLiteral("oversized_for_job");
    }
    return {};
}

} // namespace gpuplanner::core
