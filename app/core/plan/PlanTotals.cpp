#include "core/plan/PlanTotals.h"

#include "core/cost/Money.h"
#include "core/plan/PlanExplain.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

class TotalsText
{
    Q_DECLARE_TR_FUNCTIONS(TotalsText)
};

namespace gpuplanner::core {

namespace {

// The timeline strategy that bills the whole project the way the recommendation bills its run.
const StrategySeries *strategyFor(const Timeline &t, const PlanOption &option)
{
    QString id;
    switch (option.billing) {
    case Billing::OnDemand:
        // The recommended instance's own on-demand line, where it is not the cheapest plan's.
        id = t.chosenIsRecommendation && std::any_of(t.strategies.cbegin(), t.strategies.cend(),
                                                      [](const StrategySeries &s) { return s.id == u"on_demand_chosen"; })
            ? QStringLiteral("on_demand_chosen")
            : QStringLiteral("on_demand");
        break;
    case Billing::Spot: id = QStringLiteral("spot"); break;
    case Billing::CapacityBlock: return nullptr; // a block is bought for the run alone
    default:
        if (!t.chosenIsRecommendation)
            return nullptr; // the timeline's commitments are on another instance
        id = QStringLiteral("%1_%2").arg(billingId(option.billing)).arg(option.termMonths);
        break;
    }
    for (const StrategySeries &s : t.strategies) {
        if (s.id == id)
            return &s;
    }
    return nullptr;
}

PlanTotals::MainRun mainRun(const Planner &planner, const PlanOption &option)
{
    return {optionShortName(planner.offer(option), option), option.cost, option.costP90};
}

} // namespace

bool PlanTotals::Project::strategyDiffers() const
{
    return !strategyId.isEmpty() && strategyId != u"on_demand" && std::abs(withRecommendation - allOnDemand) >= 0.005;
}

PlanTotals planTotals(const Planner &planner, const PlanRequest &request, const Timeline *timeline)
{
    PlanTotals totals;
    totals.currency = request.displayCurrency;
    const PlanResult &r = planner.result();
    if (r.recommended < 0)
        return totals;
    const PlanOption &best = r.options[std::size_t(r.recommended)];
    totals.recommended = mainRun(planner, best);
    if (r.cheapestOnDemand >= 0 && r.cheapestOnDemand != r.recommended)
        totals.cheapestOnDemand = mainRun(planner, r.options[std::size_t(r.cheapestOnDemand)]);
    if (!timeline || timeline->strategies.isEmpty() || timeline->months.isEmpty())
        return totals;
    PlanTotals::Project project;
    project.firstMonth = timeline->months.first();
    project.lastMonth = timeline->months.last();
    for (const StrategySeries &s : timeline->strategies) {
        if (s.id == u"on_demand") {
            project.allOnDemand = s.total;
            project.onDemandOption = s.note;
        } else {
            project.alternatives.append({s.id, s.name, s.total});
        }
    }
    if (const StrategySeries *s = strategyFor(*timeline, best)) {
        project.strategyId = s->id;
        project.strategyName = s->name;
        project.withRecommendation = s->total;
    }
    project.phases = timeline->phases;
    project.includesMainRun = timeline->pricesMainRun;
    totals.project = project;
    return totals;
}

QString projectTotalsLine(const PlanTotals &t)
{
    if (!t.project)
        return {};
    const PlanTotals::Project &p = *t.project;
    auto money = [&](double v) { return formatMoney(v, t.currency); };
    const QString span = TotalsText::tr("Whole project (%n phase(s), %1 to %2)", nullptr, p.phases).arg(p.firstMonth, p.lastMonth);
    QString line = p.strategyDiffers() ? TotalsText::tr("%1: %2 %3; all on-demand %4 (%5).")
                                 .arg(span, p.strategyName, money(p.withRecommendation), money(p.allOnDemand), p.onDemandOption)
                           : TotalsText::tr("%1: all on-demand %2 (%3).").arg(span, money(p.allOnDemand), p.onDemandOption);
    if (!p.includesMainRun)
        line += u' ' + TotalsText::tr("The planned job is not one of its phases: add it on the Timeline to count it.");
    return line;
}

QStringList planTotalsLines(const PlanTotals &t)
{
    QStringList lines;
    if (!t.recommended)
        return lines;
    auto money = [&](double v) { return formatMoney(v, t.currency); };
    lines << TotalsText::tr("Main run: %1 expected (P90 %2) with %3.")
                 .arg(money(t.recommended->cost), money(t.recommended->costP90), t.recommended->option);
    if (t.cheapestOnDemand)
        lines << TotalsText::tr("Main run on the cheapest on-demand option: %1 (%2).")
                     .arg(money(t.cheapestOnDemand->cost), t.cheapestOnDemand->option);
    if (const QString project = projectTotalsLine(t); !project.isEmpty()) {
        lines << project;
        QStringList others;
        for (const PlanTotals::Project::Alternative &a : t.project->alternatives)
            others << TotalsText::tr("%1 %2").arg(a.name, money(a.total));
        if (!others.isEmpty())
            lines << TotalsText::tr("The same project priced otherwise: %1.").arg(others.join(QStringLiteral("; ")));
    }
    return lines;
}

QJsonObject planTotalsToJson(const PlanTotals &t)
{
    QJsonObject o;
    o.insert(QStringLiteral("currency"), t.currency);
    auto run = [](const PlanTotals::MainRun &m) {
        return QJsonObject{{QStringLiteral("option"), m.option},
                           {QStringLiteral("cost"), m.cost},
                           {QStringLiteral("cost_p90"), m.costP90}};
    };
    if (t.recommended)
        o.insert(QStringLiteral("main_run"), run(*t.recommended));
    if (t.cheapestOnDemand)
        o.insert(QStringLiteral("main_run_cheapest_on_demand"), run(*t.cheapestOnDemand));
    if (t.project) {
        const PlanTotals::Project &p = *t.project;
        QJsonObject j{{QStringLiteral("phases"), p.phases},
                      {QStringLiteral("includes_main_run"), p.includesMainRun},
                      {QStringLiteral("first_month"), p.firstMonth},
                      {QStringLiteral("last_month"), p.lastMonth},
                      {QStringLiteral("all_on_demand"), p.allOnDemand},
                      {QStringLiteral("on_demand_option"), p.onDemandOption}};
        if (!p.strategyId.isEmpty()) {
            j.insert(QStringLiteral("strategy"), p.strategyId);
            j.insert(QStringLiteral("with_recommendation"), p.withRecommendation);
        }
        QJsonArray alternatives;
        for (const PlanTotals::Project::Alternative &a : p.alternatives)
            alternatives.append(QJsonObject{{QStringLiteral("strategy"), a.id},
                                            {QStringLiteral("name"), a.name},
                                            {QStringLiteral("total"), a.total}});
        if (!alternatives.isEmpty())
            j.insert(QStringLiteral("alternatives"), alternatives);
        o.insert(QStringLiteral("project"), j);
    }
    return o;
}

} // namespace gpuplanner::core
