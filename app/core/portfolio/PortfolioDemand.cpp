#include "core/portfolio/PortfolioDemand.h"

#include "core/plan/PlanExplain.h"

#include <QHash>

#include <algorithm>
#include <cmath>

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
    if (o.derivedCommitment()) {
        const CommitmentTerm &t = request.assumptions.commitments.at(o.commitmentTerm);
        c.priceSource = t.source;
        c.priceDate = t.quotedOn.isValid() ? t.quotedOn.toString(Qt::ISODate) : QString();
    } else {
        c.priceSource = offer.source;
        c.priceDate = offer.effectiveDate;
    }
    if (o.billing == Billing::CapacityBlock) {
        c.hourly = o.pricePerHour; // display currency, paid for every booked hour
        // The longest booking that fits in a month: whole days up to 14, then whole weeks (AWS EC2
        // User Guide, "Find and purchase Capacity Blocks", as the planner books them): 28 days.
        double days = std::floor(std::min(kHoursPerMonth, offer.maxDurationHours.value_or(kHoursPerMonth)) / 24.0);
        if (days > 14)
            days = std::floor(days / 7.0) * 7.0;
        c.bookedHours = days * 24.0;
        if (c.bookedHours < offer.minDurationHours.value_or(24.0))
            c.bookedHours = 0; // no booking fits in a month
        c.label = QStringLiteral("capacity block, %1 days in the month").arg(days, 0, 'f', 0);
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

namespace {

// The candidate on option od's instance for phases (a main run among them at od's size).
Candidate candidate(const Planner &planner, const PlanRequest &request, const PlanOption &od, const QList<Phase> &phases,
                    const QDate &start, int months)
{
    const PlanResult &r = planner.result();
    const Offer &odOffer = planner.offer(od);
    Candidate c;
    c.provider = odOffer.provider;
    c.providerLabel = odOffer.providerLabel();
    c.instanceType = odOffer.instanceType;
    c.region = odOffer.region;
    c.gpusPerInstance = std::max(1.0, odOffer.gpuCount);
    c.onDemandPerGpuHour = od.pricePerHour / c.gpusPerInstance;
    c.onDemandSource = odOffer.source;
    c.onDemandDate = odOffer.effectiveDate;
    c.expected = phaseGpuHours(phases, start, months, od.gpus, od.hours);
    c.p10 = phaseGpuHours(phases, start, months, od.gpus, od.hours * double(od.rangeLow));
    c.p90 = phaseGpuHours(phases, start, months, od.gpus, od.hours * double(od.rangeHigh));
    QList<Phase> spotPhases;
    for (const Phase &p : phases) {
        if (p.spotAllowed)
            spotPhases.append(p);
    }
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
        if (offer.billing == Billing::CapacityBlock && offer.bookedHours <= 0)
            continue;
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
    return c;
}

// Per provider, the usable on-demand option that is best by better(a, b), providers sorted.
template<typename Better>
QList<int> bestPerProvider(const Planner &planner, Better better)
{
    const PlanResult &r = planner.result();
    QHash<QString, int> best;
    for (int i = 0; i < r.usable; ++i) {
        const PlanOption &o = r.options[std::size_t(i)];
        if (o.billing != Billing::OnDemand)
            continue;
        const QString &provider = planner.offer(o).provider;
        const auto it = best.constFind(provider);
        if (it == best.cend() || better(o, r.options[std::size_t(*it)]))
            best.insert(provider, i);
    }
    QStringList providers = best.keys();
    std::sort(providers.begin(), providers.end());
    QList<int> out;
    for (const QString &p : std::as_const(providers))
        out << best.value(p);
    return out;
}

} // namespace

Result<QList<WorkloadDemand>> workloadDemands(const Planner &planner, const PlanRequest &request,
                                              const Scenario &scenario, const QString &name, const QDate &start,
                                              int months, int owner)
{
    const PlanResult &r = planner.result();
    QList<Phase> mainRun, steady;
    for (const Phase &p : scenario.phases)
        (p.load == PhaseLoad::MainRun ? mainRun : steady).append(p);
    QList<WorkloadDemand> parts;
    if (!mainRun.isEmpty()) {
        // The run itself: each provider's cheapest option for it (its size, its length).
        const QList<int> best = bestPerProvider(planner, [](const PlanOption &a, const PlanOption &b) {
            return a.cost < b.cost;
        });
        WorkloadDemand d{steady.isEmpty() ? name : QStringLiteral("%1: main run").arg(name), {}, owner, name};
        for (int i : best)
            d.candidates.append(candidate(planner, request, r.options[std::size_t(i)], mainRun, start, months));
        parts.append(d);
    }
    if (!steady.isEmpty()) {
        // GPUs or GPU-hours month after month: each provider's cheapest GPU-hour on an instance
        // the workload runs on, the smallest such instance (reservations come by the instance).
        const QList<int> best = bestPerProvider(planner, [&](const PlanOption &a, const PlanOption &b) {
            const Offer &oa = planner.offer(a);
            const Offer &ob = planner.offer(b);
            const double pa = a.pricePerHour / std::max(1.0, oa.gpuCount);
            const double pb = b.pricePerHour / std::max(1.0, ob.gpuCount);
            if (std::abs(pa - pb) > 1e-9 * std::max(pa, pb))
                return pa < pb;
            return oa.gpuCount < ob.gpuCount;
        });
        WorkloadDemand d{name, {}, owner, name};
        for (int i : best)
            d.candidates.append(candidate(planner, request, r.options[std::size_t(i)], steady, start, months));
        parts.append(d);
    }
    if (parts.isEmpty() || parts.first().candidates.isEmpty())
        return Error{QStringLiteral("no usable on-demand option: allow on_demand billing or relax the constraints")};
    return parts;
}

} // namespace gpuplanner::core
