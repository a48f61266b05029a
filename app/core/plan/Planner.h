#pragma once
// Planner: the workload over every catalog offer and billing model -> hard filters, instance
// count, cost with billing rules and spot risk, ranking, Pareto front and a recommendation.
// Keeps its buffers between calls so the GUI can re-plan on every edit without churn. The cost of
// a plan grows with the distinct instance shapes, not with the catalog's rows: each offer's shape
// is worked out once per catalog, each shape is estimated once, and the estimates are kept from
// one plan to the next while nothing they depend on changes (a price edit only re-prices).

#include "core/calibrate/Calibration.h"
#include "core/catalog/GpuModel.h"
#include "core/catalog/Offer.h"
#include "core/estimate/InstancePlanner.h"
#include "core/catalog/CatalogInfo.h"
#include "core/estimate/RunLength.h"
#include "core/plan/PlanTypes.h"

#include <QHash>
#include <QList>
#include <QStringList>

#include <atomic>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace gpuplanner::core {

class Planner
{
public:
    Planner() = default;

    // The catalog to plan over: its offers (any billing model) and GPU models (for specs).
    // providers give each offer's start-up default by provider kind; without them, the VM default.
    void setCatalog(QList<Offer> offers, const QList<GpuModel> &gpus, const QList<ProviderInfo> &providers = {});
    const QList<Offer> &offers() const { return m_offers; }
    const Offer &offer(const PlanOption &o) const { return m_offers.at(o.offer); }
    const GpuModel *gpuModel(const QString &id) const;
    const QList<GpuModel> &gpuModels() const { return m_gpuModels; }
    // Stored probe runs: estimates on a calibrated GPU model (or one scaled from the nearest
    // run) use the measured rates when the request allows it. Call after setCatalog.
    void setCalibrations(const CalibrationSet &calibrations);
    // What calibrates a GPU model's estimates under request; nullptr when nothing does.
    const CalibrationEffect *calibration(const QString &gpuId, const PlanRequest &request) const;

    // Plans request; the result stays valid until the next call. When cancel becomes true the
    // plan stops within a few hundred offers and its result says cancelled (a newer edit has
    // superseded it); the estimates made so far are kept for the next plan.
    const PlanResult &plan(const PlanRequest &request, const std::atomic_bool *cancel = nullptr);
    const PlanResult &result() const { return m_result; }
    // Hands the last plan's result over, leaving none here: a large plan moves instead of copying.
    PlanResult takeResult()
    {
        PlanResult taken = std::move(m_result);
        m_result = PlanResult{};
        return taken;
    }
    // Gives a taken result's option buffer back for the next plan to fill: at ten times today's
    // catalog it is 35 MB, which a new buffer would fault in page by page on every plan.
    void reuseOptionBuffer(std::vector<PlanOption> buffer)
    {
        if (buffer.capacity() > m_result.options.capacity()) {
            buffer.clear();
            m_result.options.swap(buffer);
        }
    }

    // A catalog with at least this many offers past the filters is priced on several threads
    // (each takes a contiguous run of offers, so the options come out in the same order and
    // with the same figures as on one); tests lower it to compare the two.
    static constexpr std::size_t kParallelFrom = 8192;
    static constexpr std::size_t kPricingThreadsMax = 4;
    // threads 0: as many as the machine has, up to kPricingThreadsMax.
    void setParallelPricing(std::size_t fromOffers, std::size_t threads = 0)
    {
        m_parallelFrom = fromOffers;
        m_pricingThreads = threads;
    }

    // Shapes estimated for the current estimate inputs (for tests and tuning).
    int estimatesCached() const { return int(m_instancePlans.size()); }
    // Shapes estimated by the last plan itself (0 when every estimate was kept from before).
    int estimatesComputed() const { return m_estimatesComputed; }
    // Distinct spot jobs simulated in the last plan (offers with the same job share draws).
    int spotJobsSimulated() const { return m_spot.cachedJobs(); }

private:
    // What an offer's estimate depends on besides the workload: its GPU spec and instance shape.
    // The host's vCPUs and memory matter to vision training only (its data loaders).
    struct ShapeKey
    {
        int gpu;
        int gpusPerInstance;
        int intraLink;
        int network;
        double networkGbps;
        double startupHours;
        double vcpus;
        double hostMemoryGib;
        bool operator==(const ShapeKey &) const = default;
    };
    struct ShapeHash
    {
        std::size_t operator()(const ShapeKey &k) const noexcept;
    };
    // Everything of a request that the estimates read: equal inputs, equal estimates.
    struct EstimateInputs
    {
        Workload workload;
        double deadlineHours = 0;
        int maxInstances = 0;
        int maxGpus = 0;
        bool useCalibration = false;
        double confidence = 0.5; // the deadline's: it sizes the instance count
        bool operator==(const EstimateInputs &) const = default;
    };

    bool passesFilters(const Offer &o, const Constraints &c) const;
    void indexShapes();
    void preparePricing(const PlanRequest &request);
    const InstancePlan &instancePlan(const PlanRequest &request, int offerIndex);
    // The offers' options, priced in order into out (instancePlan() already ran for each offer).
    // Returns false when the cancel flag stopped it.
    // Every passing offer's options into m_result, on up to kPricingThreadsMax threads.
    bool priceAll(const PlanRequest &request, const std::atomic_bool *cancel);
    bool priceOffers(const PlanRequest &request, const int *offers, std::size_t count, std::vector<PlanOption> &out,
                     const std::atomic_bool *cancel);
    void addOptions(const PlanRequest &request, int offerIndex, std::vector<PlanOption> &out);
    void priceOption(const PlanRequest &request, PlanOption &option, const InstancePlan &plan);
    void flagOversized();
    void priceTokens(const Workload &w, PlanOption &option, const Estimate &e);
    void priceCommitment(const PlanRequest &request, PlanOption &option, const RunLengthRange &range);
    void rank(const PlanRequest &request);
    template <class Before> void sortKeys(Before before);
    void markPareto();
    void pickRecommendation(const PlanRequest &request);

    QList<Offer> m_offers;
    QHash<QString, double> m_startupHours; // by provider id
    QList<GpuModel> m_gpuModels;
    std::vector<GpuSpec> m_specs;
    std::vector<GpuSpec> m_calibratedSpecs; // m_specs with the calibrations applied
    QHash<QString, CalibrationEffect> m_calibrations; // by GPU model id, the ones that apply
    bool m_useCalibration = false;          // of the request being planned
    std::vector<int> m_offerSpec;      // offer index -> m_specs index, -1 when unknown
    std::vector<int> m_onDemandTwin;   // offer index -> on-demand offer of the same instance and region
    std::vector<Upfront> m_offerUpfront; // offer index -> its payment option, parsed once
    std::vector<int> m_offerCurrency;    // offer index -> m_currencies
    std::vector<int> m_offerProvider;    // offer index -> m_providers
    QStringList m_currencies;
    QStringList m_providers;
    // Of the request being planned: per currency, its factor to the display currency; per
    // provider, its storage and egress prices, their factor and its billing rule.
    struct ProviderTerms
    {
        const ExtrasPrices *extras = nullptr;
        double extrasFactor = 0;
        BillingRule rule;
    };
    std::vector<std::optional<double>> m_fxFactor;
    std::vector<ProviderTerms> m_providerTerms;
    // Shapes, worked out once per catalog: offer index -> shape, with and without the host.
    std::vector<int> m_offerShape;
    std::vector<int> m_offerHostShape;
    std::vector<int> m_shapeOffer;     // shape -> an offer of that shape (to build its cluster)
    std::vector<int> m_hostShapeOffer;
    // Estimates of the current inputs: shape -> index into m_instancePlans, -1 when not yet.
    EstimateInputs m_estimateInputs;
    bool m_haveEstimateInputs = false;
    bool m_visionShapes = false;
    std::vector<int> m_shapePlan;
    std::vector<InstancePlan> m_instancePlans;
    int m_estimatesComputed = 0;
    std::vector<int> m_order;
    std::vector<PlanOption> m_sorted;
    // What the ranking compares of each option, packed so that the sort reads a small array.
    struct RankKey
    {
        double first = 0;
        double second = 0;
        double third = 0;
        int offer = 0;
        int billing = 0;
        int index = 0;
        bool usable = false;
        bool meets = false;
    };
    std::vector<RankKey> m_rankKeys;
    std::vector<RankKey> m_mergedKeys;
    std::vector<std::vector<PlanOption>> m_pricingParts; // the options of the pricing threads after the first
    SpotSimulator m_spot;
    std::mutex m_spotMutex; // the simulator's draws are shared by the pricing threads
    std::vector<int> m_passing; // the last plan's offers that passed the filters
    std::size_t m_parallelFrom = kParallelFrom;
    std::size_t m_pricingThreads = 0;
    PlanResult m_result;
};

} // namespace gpuplanner::core
