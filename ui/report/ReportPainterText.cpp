// ReportPainter's words and numbers in the report's language: durations, billing models,
// option names and axis labels. Amounts use core's formatMoney so they equal `plan` output.

#include "ui/report/ReportPainter.h"

#include "core/estimate/Campaign.h"
#include "core/estimate/CampaignTerms.h"
#include "core/plan/PlanExplain.h"
#include "core/plan/PlanTotals.h"

#include <algorithm>
#include <cmath>

namespace gpuplanner::ui {

using namespace gpuplanner::core;

QString ReportPainter::title() const
{
    if (!m_opt.title.isEmpty())
        return m_opt.title;
    if (m_in.portfolio)
        return tr("Commitment portfolio plan");
    return m_in.benchmark ? tr("Benchmark report") : tr("GPU rental plan");
}

QString ReportPainter::money(double amount) const
{
    return formatMoney(amount, m_in.request.displayCurrency);
}

QString ReportPainter::duration(double hours) const
{
    if (!std::isfinite(hours))
        return tr("never");
    // Rounded like core's durationText, so the figures match `plan` output.
    auto number = [](double v) {
        return std::abs(v - std::round(v)) < 0.05 ? QString::number(std::round(v), 'f', 0) : QString::number(v, 'f', 1);
    };
    if (hours > 0 && hours < 1)
        return tr("%1 min").arg(std::round(hours * 60.0));
    if (hours < 48)
        return tr("%1 h").arg(number(hours));
    return tr("%1 days").arg(number(hours / 24.0));
}

QString ReportPainter::percent(double share) const
{
    return QStringLiteral("%1%").arg(share * 100.0, 0, 'f', 0);
}

QString ReportPainter::sentence(const QString &text) const
{
    return text + tr(".");
}

QString ReportPainter::billingText(const PlanOption &o) const
{
    return optionBillingText(m_in.planner->offer(o), o);
}

QString ReportPainter::optionName(const PlanOption &option) const
{
    const Offer &o = m_in.planner->offer(option);
    return tr("%1 %2 in %3 (%4)").arg(o.providerLabel(), o.instanceType, o.region, billingText(option));
}

QString ReportPainter::compactNumber(double v) const
{
    const double a = std::abs(v);
    auto fmt = [](double x) { return std::abs(x - std::round(x)) < 1e-6 ? QString::number(x, 'f', 0) : QString::number(x, 'g', 3); };
    if (a >= 1e9)
        return fmt(v / 1e9) + u'B';
    if (a >= 1e6)
        return fmt(v / 1e6) + u'M';
    if (a >= 1e3)
        return fmt(v / 1e3) + u'k';
    return fmt(v);
}

const PlanResult &ReportPainter::plan() const
{
    return m_in.planner->result();
}

int ReportPainter::rows() const
{
    return std::min(std::max(1, m_opt.top), plan().usable);
}

bool ReportPainter::serving() const
{
    return m_in.request.workload.kind == WorkloadKind::Inference;
}

QList<QPair<QString, QString>> ReportPainter::totalsFacts() const
{
    const PlanTotals t = planTotals(*m_in.planner, m_in.request, m_in.timeline ? &*m_in.timeline : nullptr);
    QList<QPair<QString, QString>> facts;
    if (!t.recommended)
        return facts;
    facts << qMakePair(tr("Main run"), tr("%1 expected (P90 %2)").arg(money(t.recommended->cost), money(t.recommended->costP90)));
    const PlanResult &r = plan();
    if (t.cheapestOnDemand)
        facts << qMakePair(tr("Cheapest on-demand"), tr("%1 for the main run (%2)")
                                                          .arg(money(t.cheapestOnDemand->cost),
                                                               optionName(r.options[std::size_t(r.cheapestOnDemand)])));
    if (t.project) {
        const PlanTotals::Project &p = *t.project;
        const QString span = tr("%1 phase(s), %2 to %3").arg(p.phases).arg(p.firstMonth, p.lastMonth);
        QString strategy;
        for (const StrategySeries &s : m_in.timeline->strategies) {
            if (s.id == p.strategyId)
                strategy = strategyName(s);
        }
        QString value = p.strategyDiffers()
            ? tr("%1 %2; all on-demand %3 (%4)").arg(strategy, money(p.withRecommendation), money(p.allOnDemand), span)
            : tr("all on-demand %1 (%2)").arg(money(p.allOnDemand), span);
        if (!p.includesMainRun)
            value += u' ' + tr("(the planned job is not one of the phases)");
        facts << qMakePair(tr("Whole project"), value);
    }
    return facts;
}

// The campaign terms the figures assume (issue 46), each with its value, whether it was stated or
// is the default, and its factor on GPU-hours; their sources are in `estimate`'s assumptions.
QString ReportPainter::campaignTermsText() const
{
    const CampaignTerms &t = m_in.request.workload.training.campaign;
    CampaignRange r;
    setCampaignTermFactors(t, publishedCampaignModel(), 0.0, r);
    auto term = [this](const QString &value, bool stated, double factor) {
        return tr("%1 (%2, x %3)").arg(value, stated ? tr("stated") : tr("default"), QLocale::c().toString(factor, 'f', 2));
    };
    QString stack;
    switch (stackOf(t)) {
    case StackMaturity::Tuned:
        stack = tr("tuned at this scale");
        break;
    case StackMaturity::Measured:
        stack = tr("measured MFU %1").arg(percent(t.measuredMfu));
        break;
    default:
        stack = tr("generic or first time at this scale");
        break;
    }
    const bool stackStated = t.stack != StackMaturity::Default && stackOf(t) == t.stack;
    const QString failure = failureHandlingOf(t) == FailureHandling::Automatic ? tr("automatic") : tr("manual");
    const QString first = firstRunOf(t) == FirstRun::Yes ? tr("yes") : tr("no");
    const QString spare = tr("%1 %").arg(QLocale::c().toString(spareCapacityPercentOf(t), 'g', 4));
    return tr("Campaign terms (factor on GPU-hours): stack %1; failure handling %2; first run at this scale %3; "
              "spare capacity %4.")
        .arg(stackOf(t) == StackMaturity::Measured ? tr("%1 (stated, set against each GPU's tuned MFU)").arg(stack)
                                                   : term(stack, stackStated, r.stackFactor),
             term(failure, t.failureHandling != FailureHandling::Default, r.failureFactor),
             term(first, t.firstRun != FirstRun::Default, r.firstRunFactor),
             term(spare, t.spareCapacityPercent >= 0, r.spareFactor));
}

} // namespace gpuplanner::ui
