#pragma once
// Planner: the workload over every catalog offer and billing model -> hard filters, instance
// count, cost with billing rules and spot risk, ranking, Pareto front and a recommendation.
// Keeps its buffers between calls so the GUI can re-plan on every edit without churn.

#include "core/calibrate/Calibration.h"
#include "core/catalog/GpuModel.h"
#include "core/catalog/Offer.h"
#include "core/estimate/InstancePlanner.h"
#include "core/catalog/CatalogInfo.h"
#include "core/plan/PlanTypes.h"

#include <QHash>
#include <QList>

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

    // Plans request; the result stays valid until the next call.
    const PlanResult &plan(const PlanRequest &request);
    const PlanResult &result() const { return m_result; }

    // Shape cache statistics of the last plan (for tests and tuning).
    int estimatesCached() const { return int(m_shapes.size()); }
    // Distinct spot jobs simulated in the last plan (offers with the same job share draws).
    int spotJobsSimulated() const { return m_spot.cachedJobs(); }

private:
    struct ShapeKey
    {
        int gpu;
        int gpusPerInstance;
        int intraLink;
        int network;
        double networkGbps;
        double startupHours;
        bool operator==(const ShapeKey &) const = default;
    };
    struct ShapeHash
    {
        std::size_t operator()(const ShapeKey &k) const noexcept;
    };

    bool passesFilters(const Offer &o, const Constraints &c) const;
    const InstancePlan &instancePlan(const PlanRequest &request, int offerIndex);
    void addOptions(const PlanRequest &request, int offerIndex);
    void priceOption(const PlanRequest &request, PlanOption &option, const InstancePlan &plan);
    void flagOversized();
    void priceTokens(const Workload &w, PlanOption &option, const Estimate &e);
    void priceCommitment(const PlanRequest &request, PlanOption &option);
    void rank(const PlanRequest &request);
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
    std::unordered_map<ShapeKey, InstancePlan, ShapeHash> m_shapes;
    std::vector<int> m_order;
    SpotSimulator m_spot;
    PlanResult m_result;
};

} // namespace gpuplanner::core
