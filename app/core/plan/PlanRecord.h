#pragma once
// PlanRecord: what a plan was priced on, saved with the scenario ("priced_on") so a plan signed
// a month ago can say what changed since. It holds the catalog's content identity (a hash of
// every offer the plan could use and each provider's data date), the exchange rates and
// calibrations used, the app's version, the totals, and the recommended and top options with
// their prices and dates. comparePlan() holds a record against a plan made now and lists what
// moved: prices changed, offers withdrawn, the recommendation and the totals, each with its
// source and date.

#include "core/common/Result.h"
#include "core/plan/PlanTotals.h"
#include "core/plan/PricedOn.h"
#include "core/plan/Planner.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace gpuplanner::core {

struct RecordedOption
{
    QString key;  // provider/instance/region/billing/term/upfront: stable across refreshes
    QString name; // "Amazon Web Services p4d.24xlarge in us-east-1 (on-demand)"
    double pricePerHour = 0; // per instance-hour, as the plan priced it, in currency (the plan's)
    QString currency;
    double cost = 0; // the option's expected cost, in the plan's display currency
    QString source;  // the price's source and date as the catalog gives them
    QString date;
};

// The shared part (PricedOn: version, time, currency, catalog identity, FX, calibrations), then
// the plan's answer.
struct PlanRecord : PricedOn
{
    std::optional<RecordedOption> recommended;
    QList<RecordedOption> options; // the top options, ranked, then the cheapest on-demand one
    double mainRunCost = 0;
    std::optional<double> projectCost; // the whole project under the recommendation's strategy
};

// The key an option keeps across catalog refreshes.
QString optionKey(const Offer &offer, const PlanOption &option);

// A finished plan as the record reads it: the planner's offers (indexed by PlanOption::offer),
// its result, the request it answered, its totals, and the calibrations it used ("GPU:
// calibration id"). The CLI builds one from its planner, the desktop from its plan snapshot.
struct PlanFacts
{
    const QList<Offer> &offers;
    const PlanResult &result;
    const PlanRequest &request;
    const PlanTotals &totals;
    QStringList calibrations;

    const Offer &offer(const PlanOption &o) const { return offers.at(o.offer); }
};
PlanFacts planFacts(const Planner &planner, const PlanRequest &request, const PlanTotals &totals);
// The calibrations the plan used: "GPU: calibration id" per GPU model calibrated.
QStringList planCalibrations(const Planner &planner, const PlanRequest &request);

// Records a finished plan: the recommendation, the `top` options and the cheapest on-demand one.
PlanRecord recordPlan(const PlanFacts &plan, int top = 10);

QJsonObject planRecordToJson(const PlanRecord &record);
// Errors name the field as "priced_on.<field>".
Result<PlanRecord> planRecordFromJson(const QJsonObject &json);

struct PlanSince
{
    PlanRecord then;
    QList<PlanChange> changes;
    bool recommendationChanged = false;
    double costThen = 0;
    double costNow = 0;
    bool unchanged() const { return changes.isEmpty(); }
};

// What moved between the record and a plan made now.
PlanSince comparePlan(const PlanRecord &then, const PlanFacts &now);

// "Since this plan was made on 2026-11-02 (catalog …): …" and one line per change, for the CLI.
QString planSinceText(const PlanSince &since);
QJsonObject planSinceToJson(const PlanSince &since);

} // namespace gpuplanner::core
