#pragma once
// PlanTotals: the figures every surface states about a plan (the Plan tab, the Timeline, the
// CLI, the JSON and the PDF), computed once so they cannot disagree. A plan has two totals that
// people confuse: the main run (the job the options compare) and the whole project (every phase
// over the timeline's months). Both are named as what they are, with the option or strategy
// each one prices.

#include "core/plan/Planner.h"
#include "core/plan/Timeline.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace gpuplanner::core {

struct PlanTotals
{
    QString currency;

    // The main run under the recommended option; absent when nothing is usable.
    struct MainRun
    {
        QString option; // "Google Cloud tpu-v5p-768 in us-central1 (spot)"
        double cost = 0;
        double costP90 = 0;
    };
    std::optional<MainRun> recommended;
    std::optional<MainRun> cheapestOnDemand; // when it is not the recommendation

    // Every phase of the project over the timeline; absent without phases or a timeline.
    struct Project
    {
        int phases = 0;
        bool includesMainRun = false; // the planned job is one of the phases
        QString firstMonth; // "2026-09"
        QString lastMonth;  // the last month anything is paid (a commitment may run past the work)
        // The strategy that bills the project as the recommendation bills the main run
        // (spot where allowed, a commitment base, all on-demand); empty when none does.
        QString strategyId;
        QString strategyName;
        double withRecommendation = 0;
        double allOnDemand = 0;
        QString onDemandOption; // the instance the all-on-demand strategy rents
        // Every other strategy the timeline priced (the chosen instance on-demand, each commitment
        // base, spot, owning), with its total, in the timeline's order.
        struct Alternative
        {
            QString id;
            QString name;
            double total = 0;
        };
        QList<Alternative> alternatives;

        // The recommendation's strategy bills the project otherwise than all on-demand (spot where
        // no phase allows spot is all on-demand under another name): both figures are stated.
        bool strategyDiffers() const;
    };
    std::optional<Project> project;
};

PlanTotals planTotals(const Planner &planner, const PlanRequest &request, const Timeline *timeline);

// The totals as sentences, the same on every surface: "Main run: …", "Cheapest on-demand main
// run: …", "Whole project (3 phases, 2026-09 to 2027-11): …".
QStringList planTotalsLines(const PlanTotals &totals);

// The last of those lines: the whole project's figure; empty without a project.
QString projectTotalsLine(const PlanTotals &totals);

QJsonObject planTotalsToJson(const PlanTotals &totals);

} // namespace gpuplanner::core
