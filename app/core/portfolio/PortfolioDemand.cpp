#include "core/portfolio/PortfolioDemand.h"

#include "core/plan/PlanExplain.h"

#include <QHash>

#include <algorithm>

namespace gpuplanner::core {

namespace {

int monthIndex(const QDate &start, const QDate &d)
{
    return (d.year() - start.year()) * 12 + (d.month() - start.month());
}

bool sameInstance(const Offer &a, const Offer &b)
{
    return a.provider == b.provider && a.instanceType == b.instanceType && a.region == b.region;
}

// A commitment option the plan priced for the candidate's instance, as the optimizer buys it.
CommitmentOffer commitmentOffer(const Planner &planner, const PlanRequest &request, const PlanOption &o)
{
    const Offer &offer = planner.offer(o);
    CommitmentOffer c;
    c.billing = o.billing;
    c.termMonths = o.billing == Billing::CapacityBlock ? 0 : o.termMonths;
    c.upfront = o.billing == Billing::CapacityBlock ? QString() : upfrontId(o.upfront);
    c.offeringClass = o.derivedCommitment() ? QString() : offer.offeringClass;
    c.negotiated = o.derivedCommitment();
    c.label = optionBillingText(offer, o);
    c.source = commitmentSourceText(planner, request, o);
    if (o.billing == Billing::CapacityBlock) {
        c.hourly = o.pricePerHour; // display currency, paid for every booked hour
        c.bookedHours = std::min(kHoursPerMonth, offer.maxDurationHours.value_or(kHoursPerMonth));
        c.label = QStringLiteral("capacity block, %1 h in the month").arg(c.bookedHours, 0, 'f', 0);
    } else {
        c.hourly = o.commitmentHourly;
        c.upfrontFee = o.commitmentUpfront;
    }
    return c;
}

bool priced(const PlanOption &o)
{
    if (!o.fits || !isCommitment(o.billing))
        return false;
    // A block longer than the run needs is fine here: the optimizer books it month by month.
    return o.issue == OptionIssue::None || (o.billing == Billing::CapacityBlock && o.issue == OptionIssue::TooLongForBlock);
}

} // namespace

std::vector<double> phaseGpuHours(const QList<Phase> &phases, const QDate &start, int months, int gpus, double hours)
{
    std::vector<double> load(std::size_t(std::max(0, months)), 0.0);
    for (const Phase &p : phases) {
        const int first = monthIndex(start, p.start);
        if (p.load == PhaseLoad::MainRun) {
            double left = std::max(0, gpus) * hours;
            const double perMonth = std::max(1, gpus) * kHoursPerMonth;
            for (int m = first; left > 1e-9 && m < months; ++m) {
                const double used = std::min(left, perMonth);
                if (m >= 0)
                    load[std::size_t(m)] += used;
                left -= used;
            }
            continue;
        }
        const double perMonth = p.load == PhaseLoad::Gpus ? p.gpus * kHoursPerMonth : p.gpuHoursPerMonth;
        for (int m = std::max(0, first); m < first + p.months && m < months; ++m)
            load[std::size_t(m)] += perMonth;
    }
    return load;
}

Result<WorkloadDemand> workloadDemand(const Planner &planner, const PlanRequest &request, const Scenario &scenario,
                                      const QString &name, const QDate &start, int months)
{
    const PlanResult &r = planner.result();
    WorkloadDemand demand;
    demand.name = name;
    // The cheapest usable on-demand option of each provider, in the order providers first appear.
    QHash<QString, int> best;
    QStringList order;
    for (int i = 0; i < r.usable; ++i) {
        const PlanOption &o = r.options[std::size_t(i)];
        if (o.billing != Billing::OnDemand)
            continue;
        const QString &provider = planner.offer(o).provider;
        const auto it = best.constFind(provider);
        if (it == best.cend()) {
            best.insert(provider, i);
            order << provider;
        } else if (o.cost < r.options[std::size_t(*it)].cost) {
            best[provider] = i;
        }
    }
    if (order.isEmpty())
        return Error{QStringLiteral("no usable on-demand option: allow on_demand billing or relax the constraints")};
    std::sort(order.begin(), order.end());

    QList<Phase> spotPhases;
    for (const Phase &p : scenario.phases) {
        if (p.spotAllowed)
            spotPhases.append(p);
    }
    for (const QString &provider : std::as_const(order)) {
        const PlanOption &od = r.options[std::size_t(best.value(provider))];
        const Offer &odOffer = planner.offer(od);
        Candidate c;
        c.provider = provider;
        c.providerLabel = odOffer.providerLabel();
        c.instanceType = odOffer.instanceType;
        c.region = odOffer.region;
        c.gpusPerInstance = std::max(1.0, odOffer.gpuCount);
        c.onDemandPerGpuHour = od.pricePerHour / c.gpusPerInstance;
        c.expected = phaseGpuHours(scenario.phases, start, months, od.gpus, od.hours);
        c.p10 = phaseGpuHours(scenario.phases, start, months, od.gpus, od.hours * double(od.rangeLow));
        c.p90 = phaseGpuHours(scenario.phases, start, months, od.gpus, od.hours * double(od.rangeHigh));
        const std::vector<double> spotLoad = phaseGpuHours(spotPhases, start, months, od.gpus, od.hours);
        c.spotShare.resize(std::size_t(months), 0.0);
        for (int m = 0; m < months; ++m) {
            const double all = c.expected[std::size_t(m)];
            c.spotShare[std::size_t(m)] = all > 0 ? std::min(1.0, spotLoad[std::size_t(m)] / all) : 0.0;
        }
        // Spot on the same instance and region, with the extra time interruptions cost.
        for (int i = 0; i < r.usable; ++i) {
            const PlanOption &s = r.options[std::size_t(i)];
            if (s.billing != Billing::Spot || !sameInstance(planner.offer(s), odOffer))
                continue;
            const double plain = s.pricePerHour * s.instances * s.hours;
            const double timeFactor = plain > 0 ? std::max(1.0, (s.cost - s.extras) / plain) : 1.0;
            c.spotPerGpuHour = s.pricePerHour / c.gpusPerInstance * timeFactor;
            break;
        }
        // The cheapest variant of each commitment kind and term the plan priced for the instance.
        QHash<QString, qsizetype> byKind;
        for (const PlanOption &o : r.options) {
            if (!priced(o) || !sameInstance(planner.offer(o), odOffer))
                continue;
            const CommitmentOffer offer = commitmentOffer(planner, request, o);
            const QString kind = QStringLiteral("%1|%2|%3").arg(billingId(offer.billing)).arg(offer.termMonths)
                                     .arg(offer.negotiated ? offer.source : QString());
            const auto it = byKind.constFind(kind);
            if (it == byKind.cend()) {
                byKind.insert(kind, c.commitments.size());
                c.commitments.append(offer);
            } else if (offer.effectiveHourly() < c.commitments.at(*it).effectiveHourly()) {
                c.commitments[*it] = offer;
            }
        }
        demand.candidates.append(c);
    }
    return demand;
}

} // namespace gpuplanner::core
