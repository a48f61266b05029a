#include "core/portfolio/BillPortfolio.h"

#include "core/cost/BillingCost.h"
#include "core/portfolio/Portfolio.h"

#include <QJsonArray>

#include <cmath>

namespace gpuplanner::core {

namespace {

QString monthText(const QDate &d)
{
    return d.toString(QStringLiteral("yyyy-MM"));
}

QString percent(double share)
{
    return QString::number(share * 100.0, 'f', 0) + QStringLiteral(" %");
}

// The scenario of one steady part: the GPU model and place it ran on; the load is its phase.
QJsonObject steadyScenario(const actuals::SteadyUsage &s, const BillPortfolioOptions &o, double gpuHoursPerMonth,
                           const QString &name)
{
    QJsonObject constraints{{QStringLiteral("gpus"), QJsonArray{s.gpu}},
                            {QStringLiteral("billing"), QJsonArray{QStringLiteral("on_demand"), QStringLiteral("spot"),
                                                                   QStringLiteral("reserved"), QStringLiteral("savings_plan"),
                                                                   QStringLiteral("capacity_block")}}};
    // Instances as large as the smallest the team ran it on: work spread over 8-GPU nodes is not
    // moved onto single GPUs by a commitment.
    if (s.minGpusPerInstance >= 2)
        constraints.insert(QStringLiteral("min_gpus_per_instance"), int(std::floor(s.minGpusPerInstance + 1e-9)));
    if (o.sameGeography && !s.geography.isEmpty())
        constraints.insert(QStringLiteral("geographies"), QJsonArray{s.geography});
    if (!o.providers.isEmpty())
        constraints.insert(QStringLiteral("providers"), QJsonArray::fromStringList(o.providers));
    if (!o.regions.isEmpty())
        constraints.insert(QStringLiteral("regions"), QJsonArray::fromStringList(o.regions));
    return QJsonObject{
        {QStringLiteral("format"), QStringLiteral("gpu-planner-scenario")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("name"), name},
        {QStringLiteral("description"),
         QStringLiteral("Steady usage read from a bill. The workload below only lets the planner find the instances "
                        "of this GPU model; the demand is the phase's GPU-hours, as the bill shows them.")},
        // Small enough to run on any GPU, so every instance of the model is a candidate.
        {QStringLiteral("workload"), QJsonObject{{QStringLiteral("task"), QStringLiteral("finetune")},
                                                 {QStringLiteral("model"), QStringLiteral("bert-base")},
                                                 {QStringLiteral("tokens"), QStringLiteral("10M")}}},
        {QStringLiteral("constraints"), constraints},
        {QStringLiteral("phases"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("Steady usage from the bill")},
                                {QStringLiteral("start"), monthText(o.start)},
                                {QStringLiteral("months"), o.months},
                                {QStringLiteral("gpu_hours_per_month"), gpuHoursPerMonth}}}},
    };
}

} // namespace

Result<BillPortfolio> portfolioFromUsage(const actuals::BillUsage &usage, const BillPortfolioOptions &options)
{
    BillPortfolioOptions o = options;
    if (o.months < 1 || o.months > kMaxPortfolioMonths)
        return Error{QStringLiteral("--months: %1 is not between 1 and %2").arg(o.months).arg(kMaxPortfolioMonths)};
    if (!(o.growth > -1.0) || o.growth > 10.0)
        return Error{QStringLiteral("--growth: %1 is not between -100 % and +1000 %").arg(percent(o.growth))};
    if (!(o.shortfall >= 0) || o.shortfall > 0.95)
        return Error{QStringLiteral("--shortfall: %1 is not between 0 and 95 %").arg(percent(o.shortfall))};
    if (usage.months.isEmpty())
        return Error{QStringLiteral("the bill has no dated usage to plan from")};
    if (!o.start.isValid())
        o.start = QDate::fromString(usage.months.last() + QStringLiteral("-01"), Qt::ISODate).addMonths(1);
    BillPortfolio out;
    QJsonArray workloads;
    for (const actuals::SteadyUsage &s : usage.steady) {
        const QString where = s.geography.isEmpty() ? QStringLiteral("regions not in the catalog") : s.geography;
        if (s.steadyGpus <= 0) {
            out.notes << QStringLiteral("%1 in %2: no usage in every month (%3 GPU-hours, all bursty): nothing to commit to")
                             .arg(s.gpu, where)
                             .arg(s.burstGpuHours, 0, 'f', 1);
            continue;
        }
        const double gpus = s.steadyGpus * (1.0 + o.growth);
        const double hours = std::round(gpus * kHoursPerMonth * 10.0) / 10.0;
        const QString name = QStringLiteral("%1 in %2, %3 GPUs steady").arg(s.gpu, where).arg(gpus, 0, 'g', 4);
        if (workloads.size() >= kMaxPortfolioWorkloads) {
            out.notes << QStringLiteral("%1: left out, a portfolio holds at most %2 workloads").arg(name).arg(kMaxPortfolioWorkloads);
            continue;
        }
        if (s.geography.isEmpty() && o.sameGeography)
            out.notes << QStringLiteral("%1: the bill's region is not in the catalog, so any geography is planned").arg(name);
        workloads.append(QJsonObject{{QStringLiteral("name"), name},
                                     {QStringLiteral("scenario"), steadyScenario(s, o, hours, name)}});
    }
    if (workloads.isEmpty())
        return Error{QStringLiteral("no GPU usage ran in every month of the bill (%1 to %2): nothing steady to commit to")
                         .arg(usage.months.first(), usage.months.last())};
    const QString source = o.source.isEmpty() ? QStringLiteral("a bill") : o.source;
    out.workloads = int(workloads.size());
    out.portfolio = QJsonObject{
        {QStringLiteral("format"), QStringLiteral("gpu-planner-portfolio")},
        {QStringLiteral("version"), kPortfolioVersion},
        {QStringLiteral("name"), o.name.isEmpty() ? QStringLiteral("Commitments from %1").arg(source) : o.name},
        {QStringLiteral("description"),
         QStringLiteral("Started from %1 (%2 to %3): the GPU usage present in every month, %4 growth; the bursty rest "
                        "is left to on-demand and spot.")
             .arg(source, usage.months.first(), usage.months.last(), QString(o.growth >= 0 ? QStringLiteral("+") : QString()) + percent(o.growth))},
        {QStringLiteral("start"), monthText(o.start)},
        {QStringLiteral("months"), o.months},
        {QStringLiteral("display_currency"), QStringLiteral("USD")},
        {QStringLiteral("demand_shortfall"), o.shortfall},
        {QStringLiteral("workloads"), workloads},
    };
    if (!o.providers.isEmpty())
        out.portfolio.insert(QStringLiteral("providers"), QJsonArray::fromStringList(o.providers));
    return out;
}

} // namespace gpuplanner::core
