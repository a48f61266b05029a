#pragma once
// Timeline: a project's phases over calendar months, priced under strategies side by side
// (all on-demand; a reserved base plus on-demand burst; spot where phases allow it; owning
// the hardware) as monthly and cumulative series, with the month each strategy breaks even
// against all on-demand.

#include "core/common/Result.h"
#include "core/cost/BillingCost.h"
#include "core/plan/Planner.h"
#include "core/plan/Scenario.h"

#include <QDate>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gpuplanner::core {

// The prices a timeline uses, per GPU-hour in the display currency, and the main run's size.
struct TimelineRates
{
    // "All on-demand": the cheapest on-demand plan for the phases (issue 47), named as such.
    double onDemandPerGpuHour = 0;
    QString onDemandLabel; // "Alibaba Cloud ecs.vgn6i-m16-vws.5xlarge in cn-hangzhou on-demand"
    int mainRunGpus = 0;
    double mainRunHours = 0;
    // What the plan's option costs beyond its GPU-hours at the hourly rate (storage, egress, the
    // provider's billing increments), so the timeline's main run costs what the plan's option costs.
    double mainRunExtras = 0;

    // The instance the commitment strategies are priced on: the scenario's timeline_instance, else
    // the recommendation's. Its own on-demand line is drawn when it is not the cheapest plan's.
    struct Chosen
    {
        QString label; // "Alibaba Cloud ecs.gn6i-c4g1.xlarge in cn-hangzhou"
        bool isRecommendation = true;
        std::optional<double> onDemandPerGpuHour; // when it has a usable on-demand option
        int mainRunGpus = 0;
        double mainRunHours = 0;
        double mainRunExtras = 0;
    };
    Chosen chosen;
    bool chosenIsCheapest = true; // the chosen instance is the cheapest on-demand plan's

    std::optional<double> spotPerGpuHour;
    double spotTimeFactor = 1; // expected billed time over the uninterrupted time
    int spotMainRunGpus = 0;
    double spotMainRunHours = 0;
    double spotMainRunExtras = 0;
    QString spotLabel;
    int spotSpareReplicas = 0; // serving on spot: spare replicas in spotMainRunGpus (no run to lengthen)

    // Every commitment term available for the chosen instance type and region (the provider's own
    // price list, or the user's negotiated term), the cheapest variant per term.
    struct Term
    {
        QString id;        // reserved_12, reserved_36, savings_plan_36, ...
        QString label;     // "36-month standard reserved, no upfront"
        QString source;    // where its price came from
        Commitment perGpu; // one GPU's share of one instance's commitment
    };
    QList<Term> commitments;
    // Said when the chosen instance has no commitment price: what the user can do about it.
    QString noCommitmentHint;

    double gpuTdpW = 0; // for ownership when the scenario gives none
};

// An instance of the plan the Timeline can price its strategies on.
struct TimelineChoice
{
    TimelineInstance instance;
    QString label;       // "Alibaba Cloud ecs.gn6i-c4g1.xlarge in cn-hangzhou"
    int commitmentTerms = 0; // catalog or negotiated terms the plan priced for it
};

// The instances a Timeline can be priced on: every fitting instance and region of the plan's usable
// options, those with commitment terms first, then by their cheapest cost.
QList<TimelineChoice> timelineChoices(const Planner &planner);

// Reads the rates off a plan: the cheapest on-demand plan for the phases (preferring options that
// meet the constraints), the chosen instance (scenario.timelineInstance, else the recommendation)
// with its on-demand option and every commitment term the plan priced for it, and the spot option
// the plan recommends, else the cheapest spot option (preferring those that meet the constraints).
// Fails when no on-demand option is usable, or names a chosen instance the plan does not have.
Result<TimelineRates> timelineRatesFromPlan(const Planner &planner, const Scenario &scenario);

struct StrategySeries
{
    QString id;   // on_demand, reserved_12 / reserved_36 / savings_plan_36 ..., spot, own
    QString name;
    std::vector<double> monthly;
    std::vector<double> cumulative;
    double total = 0;
    int breakEvenMonth = -1; // first month from which it stays at or below all on-demand; -1 never
    QString note;
};

struct OwnershipCost
{
    double costPerGpuHour = 0;       // at the scenario's utilization, depreciation included
    double powerPerGpuHour = 0;
    double fixedPerMonth = 0;        // depreciation + hosting
    double breakEvenUtilization = 0; // above it owning beats on-demand per GPU-hour; > 1 never
};

// Owning `w.gpus` GPUs: depreciation over the years, power = TDP x PUE x price per kWh per
// used hour, hosting per month; amounts converted with fxFactor (display units per w.currency unit).
OwnershipCost ownershipCost(const Ownership &w, double tdpW, double fxFactor, double cloudPerGpuHour);

struct Timeline
{
    QDate start;
    int phases = 0;     // the scenario's project phases it prices
    bool pricesMainRun = false; // one of them is the planned job (the plan's main run)
    // The commitment strategies (and on_demand_chosen) price the recommendation's instance.
    bool chosenIsRecommendation = true;
    QStringList months; // "2026-09", ...
    std::vector<double> loadGpuHours; // on-demand view of the load, per month
    QList<StrategySeries> strategies;
    std::optional<OwnershipCost> ownership;
    QStringList notes;
};

Result<Timeline> buildTimeline(const Scenario &scenario, const TimelineRates &rates, const FxTable &fx);

QJsonObject timelineToJson(const Timeline &t, const QString &currency);
QString timelineToCsv(const Timeline &t);
QString timelineToTable(const Timeline &t, const QString &currency);

} // namespace gpuplanner::core
