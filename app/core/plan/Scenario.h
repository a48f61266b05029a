#pragma once
// Scenario: everything a plan and a timeline need, as a versioned JSON file: the workload,
// constraints, project phases, assumption overrides, ownership figures and display currency.
// Loading checks every field; an error names the JSON path and the value at fault.

#include "core/common/Result.h"
#include "core/estimate/ModelPresets.h"
#include "core/plan/PlanTypes.h"

#include <QDate>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace gpuplanner::core {

inline constexpr int kScenarioVersion = 1;

enum class PhaseLoad : quint8 {
    GpuHoursPerMonth, // a steady amount of GPU-hours each month (experiments)
    Gpus,             // this many GPUs all month (serving, a standing cluster)
    MainRun,          // the planned workload, at the size and speed the plan chose
};

struct Phase
{
    QString name;
    QDate start; // first month of the phase (day ignored)
    int months = 1; // MainRun: at most this long; its own wall time decides
    PhaseLoad load = PhaseLoad::GpuHoursPerMonth;
    double gpuHoursPerMonth = 0;
    int gpus = 0;
    bool spotAllowed = false;
};

// Owning the hardware instead of renting it; amounts in `currency`.
struct Ownership
{
    bool enabled = false;
    QString gpu;             // GPU model id (for its TDP); empty = the plan's recommended GPU
    int gpus = 8;
    double purchasePrice = 0; // servers, GPUs and network, all of it
    QString currency = QStringLiteral("USD");
    double depreciationYears = 3;
    double tdpW = 0;             // per GPU; 0 = from the GPU model
    double pue = 1.4;            // power usage effectiveness of the room
    double electricityPerKwh = 0;
    double hostingPerMonth = 0;  // colocation, support, staff share
    double utilization = 0.7;
};

// The instance the Timeline prices its commitment strategies on (issue 47): empty = the plan's
// recommendation. Any instance of the plan can be chosen, so a subscription or a negotiated term
// on an instance that is not the one-job winner can still be compared.
struct TimelineInstance
{
    QString provider;
    QString instanceType;
    QString region;
    bool isSet() const { return !provider.isEmpty() && !instanceType.isEmpty() && !region.isEmpty(); }
    bool operator==(const TimelineInstance &) const = default;
};

struct Scenario
{
    int version = kScenarioVersion;
    QString name;
    QString description;
    QString displayCurrency = QStringLiteral("USD");
    QJsonObject workloadSpec; // as written (kept for saving); `workload` is what it means
    Workload workload;
    Constraints constraints;
    Assumptions assumptions;
    QList<Phase> phases;
    Ownership ownership;
    TimelineInstance timelineInstance;
    RankBy rankBy = RankBy::Cost;
    bool useCalibration = true; // "calibration": false plans without the stored probe runs
    QString project;            // the billing project its actual spend is filed under (`actuals import --project`)
    QJsonObject pricedOn;       // what its saved plan was priced on (core::PlanRecord as JSON); empty = none

    PlanRequest request() const;
};

// Reads and checks a scenario; presets resolve workload.model.
Result<Scenario> parseScenario(const QByteArray &json, const QList<ModelPreset> &presets);
Result<Scenario> loadScenario(const QString &path, const QList<ModelPreset> &presets);

QJsonObject scenarioToJson(const Scenario &scenario);
Status saveScenario(const Scenario &scenario, const QString &path);

// The workload section alone (also what `estimate --scenario` reads); errors name "workload.<field>".
Result<Workload> workloadFromJson(const QJsonObject &spec, const QList<ModelPreset> &presets);

} // namespace gpuplanner::core
