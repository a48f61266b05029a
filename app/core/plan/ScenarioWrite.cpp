// Writing scenarios: every field the loader reads, so load(save(s)) gives s back.

#include "core/plan/Scenario.h"

#include <QJsonArray>

namespace gpuplanner::core {

namespace {

bool sameExtras(const ExtrasPrices &a, const ExtrasPrices &b)
{
    return a.storagePerGbMonth == b.storagePerGbMonth && a.egressPerGb == b.egressPerGb && a.currency == b.currency
        && a.source == b.source;
}

QJsonObject constraintsToJson(const Constraints &c)
{
    QJsonObject o;
    if (c.deadlineHours > 0)
        o.insert(QStringLiteral("deadline"), c.deadlineHours);
    if (c.budget > 0)
        o.insert(QStringLiteral("budget"), c.budget);
    if (c.maxGpus > 0)
        o.insert(QStringLiteral("max_gpus"), c.maxGpus);
    if (c.maxInstances > 0)
        o.insert(QStringLiteral("max_instances"), c.maxInstances);
    auto list = [&o](const char16_t *key, const QStringList &values) {
        if (!values.isEmpty())
            o.insert(QString::fromUtf16(key), QJsonArray::fromStringList(values));
    };
    list(u"providers", c.providers);
    list(u"regions", c.regions);
    list(u"geographies", c.geographies);
    list(u"gpus", c.gpus);
    QStringList billing;
    for (Billing b : c.billing)
        billing << billingId(b);
    list(u"billing", billing);
    o.insert(QStringLiteral("rdma_for_multi_node"), c.rdmaForMultiNode);
    if (c.includeSuspect)
        o.insert(QStringLiteral("include_suspect"), true);
    if (c.minGpuMemoryGib > 0)
        o.insert(QStringLiteral("min_gpu_memory_gib"), c.minGpuMemoryGib);
    if (c.minGpusPerInstance > 0)
        o.insert(QStringLiteral("min_gpus_per_instance"), c.minGpusPerInstance);
    o.insert(QStringLiteral("confidence"), c.confidence);
    if (c.maxSpotInterruptions >= 0)
        o.insert(QStringLiteral("spot_max_interruptions"), c.maxSpotInterruptions);
    return o;
}

QJsonArray phasesToJson(const QList<Phase> &phases)
{
    QJsonArray out;
    for (const Phase &p : phases) {
        QJsonObject o;
        o.insert(QStringLiteral("name"), p.name);
        o.insert(QStringLiteral("start"), p.start.toString(QStringLiteral("yyyy-MM")));
        o.insert(QStringLiteral("months"), p.months);
        switch (p.load) {
        case PhaseLoad::GpuHoursPerMonth: o.insert(QStringLiteral("gpu_hours_per_month"), p.gpuHoursPerMonth); break;
        case PhaseLoad::Gpus: o.insert(QStringLiteral("gpus"), p.gpus); break;
        case PhaseLoad::MainRun: o.insert(QStringLiteral("main_run"), true); break;
        }
        // The planned job's spot follows constraints.billing; only other phases carry their own.
        if (p.load != PhaseLoad::MainRun)
            o.insert(QStringLiteral("spot_allowed"), p.spotAllowed);
        out.append(o);
    }
    return out;
}

QJsonObject assumptionsToJson(const Assumptions &a)
{
    QJsonObject o;
    QJsonArray fx;
    for (const FxRate &r : a.fx.rates()) {
        if (r.currency == u"USD")
            continue;
        fx.append(QJsonObject{{QStringLiteral("currency"), r.currency}, {QStringLiteral("per_usd"), r.ratePerUsd},
                              {QStringLiteral("date"), r.date}, {QStringLiteral("source"), r.source}});
    }
    if (!fx.isEmpty())
        o.insert(QStringLiteral("fx"), fx);
    QJsonArray rules;
    for (const InterruptionRule &r : a.interruptions.rules()) {
        QJsonObject j{{QStringLiteral("monthly"), r.monthlyRate}};
        if (!r.provider.isEmpty())
            j.insert(QStringLiteral("provider"), r.provider);
        if (!r.instanceGlob.isEmpty())
            j.insert(QStringLiteral("instance_type"), r.instanceGlob);
        if (!r.source.isEmpty())
            j.insert(QStringLiteral("source"), r.source);
        rules.append(j);
    }
    o.insert(QStringLiteral("interruption"),
             QJsonObject{{QStringLiteral("default_monthly"), a.interruptions.defaultRate()}, {QStringLiteral("rules"), rules}});
    o.insert(QStringLiteral("checkpoint_interval"), a.checkpointHours);
    o.insert(QStringLiteral("restart_overhead"), a.restartHours);
    o.insert(QStringLiteral("monte_carlo"), QJsonObject{{QStringLiteral("draws"), a.monteCarloDraws},
                                                        {QStringLiteral("seed"), double(a.seed)}});
    o.insert(QStringLiteral("storage"), QJsonObject{{QStringLiteral("data_gb"), a.usage.dataGb},
                                                    {QStringLiteral("checkpoint_gb"), a.usage.checkpointGb},
                                                    {QStringLiteral("egress_gb"), a.usage.egressGb}});
    const ExtrasTable defaults = ExtrasTable::defaults();
    QJsonArray prices;
    QStringList providers = a.extras.providers();
    providers.sort();
    for (const QString &p : providers) {
        const ExtrasPrices &x = a.extras.forProvider(p);
        if (defaults.providers().contains(p) && sameExtras(defaults.forProvider(p), x))
            continue;
        prices.append(QJsonObject{{QStringLiteral("provider"), p}, {QStringLiteral("storage_per_gb_month"), x.storagePerGbMonth},
                                  {QStringLiteral("egress_per_gb"), x.egressPerGb}, {QStringLiteral("currency"), x.currency},
                                  {QStringLiteral("source"), x.source}});
    }
    if (!prices.isEmpty())
        o.insert(QStringLiteral("extras_prices"), prices);
    QJsonArray commitments;
    for (const CommitmentTerm &t : a.commitments) {
        QJsonObject j{{QStringLiteral("provider"), t.provider}, {QStringLiteral("term_months"), t.termMonths},
                      {QStringLiteral("upfront"), upfrontId(t.upfront)}, {QStringLiteral("source"), t.source}};
        if (!t.instanceType.isEmpty())
            j.insert(QStringLiteral("instance_type"), t.instanceType);
        if (t.quoted()) {
            j.insert(QStringLiteral("price_per_hour"), *t.quotedPricePerHour);
            j.insert(QStringLiteral("upfront_fee"), t.upfrontFee);
            j.insert(QStringLiteral("currency"), t.currency);
        } else {
            j.insert(QStringLiteral("discount"), t.discount);
        }
        if (t.quotedOn.isValid())
            j.insert(QStringLiteral("quoted_on"), t.quotedOn.toString(Qt::ISODate));
        commitments.append(j);
    }
    if (!commitments.isEmpty())
        o.insert(QStringLiteral("commitments"), commitments);
    if (a.expectedUtilization)
        o.insert(QStringLiteral("expected_utilization"), *a.expectedUtilization);
    o.insert(QStringLiteral("serving_months"), a.servingMonths);
    if (a.servingAvailability != Assumptions().servingAvailability)
        o.insert(QStringLiteral("serving_availability"), a.servingAvailability);
    o.insert(QStringLiteral("spot_price"), a.spotUsesMedianPrice ? QStringLiteral("median") : QStringLiteral("lowest"));
    return o;
}

QJsonObject ownershipToJson(const Ownership &w)
{
    QJsonObject o{{QStringLiteral("gpus"), w.gpus},
                  {QStringLiteral("purchase_price"), w.purchasePrice},
                  {QStringLiteral("currency"), w.currency},
                  {QStringLiteral("depreciation_years"), w.depreciationYears},
                  {QStringLiteral("pue"), w.pue},
                  {QStringLiteral("electricity_per_kwh"), w.electricityPerKwh},
                  {QStringLiteral("hosting_per_month"), w.hostingPerMonth},
                  {QStringLiteral("utilization"), w.utilization}};
    if (!w.gpu.isEmpty())
        o.insert(QStringLiteral("gpu"), w.gpu);
    if (w.tdpW > 0)
        o.insert(QStringLiteral("tdp_w"), w.tdpW);
    return o;
}

} // namespace

QJsonObject scenarioToJson(const Scenario &s)
{
    QJsonObject o;
    o.insert(QStringLiteral("format"), QStringLiteral("gpu-planner-scenario"));
    o.insert(QStringLiteral("version"), kScenarioVersion);
    if (!s.name.isEmpty())
        o.insert(QStringLiteral("name"), s.name);
    if (!s.description.isEmpty())
        o.insert(QStringLiteral("description"), s.description);
    o.insert(QStringLiteral("display_currency"), s.displayCurrency);
    o.insert(QStringLiteral("sort"), rankById(s.rankBy));
    if (!s.useCalibration)
        o.insert(QStringLiteral("calibration"), false);
    if (!s.project.isEmpty())
        o.insert(QStringLiteral("project"), s.project);
    if (!s.pricedOn.isEmpty())
        o.insert(QStringLiteral("priced_on"), s.pricedOn);
    o.insert(QStringLiteral("workload"), s.workloadSpec);
    o.insert(QStringLiteral("constraints"), constraintsToJson(s.constraints));
    if (!s.phases.isEmpty())
        o.insert(QStringLiteral("phases"), phasesToJson(s.phases));
    o.insert(QStringLiteral("assumptions"), assumptionsToJson(s.assumptions));
    if (s.ownership.enabled)
        o.insert(QStringLiteral("ownership"), ownershipToJson(s.ownership));
    if (s.timelineInstance.isSet())
        o.insert(QStringLiteral("timeline_instance"),
                 QJsonObject{{QStringLiteral("provider"), s.timelineInstance.provider},
                             {QStringLiteral("instance"), s.timelineInstance.instanceType},
                             {QStringLiteral("region"), s.timelineInstance.region}});
    return o;
}

} // namespace gpuplanner::core
