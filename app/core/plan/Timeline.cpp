#include "core/plan/Timeline.h"

#include "core/plan/PlanExplain.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <tuple>

// Strategy names and notes are read by people: translated under this context in the desktop
// app (the CLI installs no translator). Strategy ids stay as they are.
class TimelineText
{
    Q_DECLARE_TR_FUNCTIONS(TimelineText)
};

namespace gpuplanner::core {

namespace {

int monthIndex(const QDate &start, const QDate &d)
{
    return (d.year() - start.year()) * 12 + (d.month() - start.month());
}

// GPU-hours per month of every phase; the main run at `gpus` for `hours` of wall time.
std::vector<double> phaseLoad(const QList<Phase> &phases, const QDate &start, int gpus, double hours, bool spot,
                              double spotFactor, int horizon)
{
    std::vector<double> load(std::size_t(horizon), 0.0);
    for (const Phase &p : phases) {
        const int first = monthIndex(start, p.start);
        const double factor = spot && p.spotAllowed ? spotFactor : 1.0;
        if (p.load == PhaseLoad::MainRun) {
            // Full months at the run's size until its GPU-hours are spent.
            double left = gpus * hours * factor;
            const double perMonth = std::max(1, gpus) * kHoursPerMonth;
            for (int m = first; left > 1e-9 && m < horizon; ++m) {
                const double used = std::min(left, perMonth);
                load[std::size_t(m)] += used;
                left -= used;
            }
            continue;
        }
        const double perMonth = p.load == PhaseLoad::Gpus ? p.gpus * kHoursPerMonth : p.gpuHoursPerMonth;
        for (int m = first; m < first + p.months && m < horizon; ++m)
            load[std::size_t(m)] += perMonth * factor;
    }
    return load;
}

// The main run's extras (storage, egress) spread over its months as its GPU-hours are.
std::vector<double> extrasByMonth(const QList<Phase> &phases, const QDate &start, int gpus, double hours,
                                  double timeFactor, double extras, int horizon)
{
    QList<Phase> mainRuns;
    for (const Phase &p : phases) {
        if (p.load == PhaseLoad::MainRun)
            mainRuns.append(p);
    }
    std::vector<double> out = phaseLoad(mainRuns, start, gpus, hours, true, timeFactor, horizon);
    double total = 0;
    for (double v : out)
        total += v;
    for (double &v : out)
        v = total > 0 ? v / total * extras : 0.0;
    return out;
}

void finish(StrategySeries &s, const std::vector<double> *onDemand)
{
    s.cumulative.resize(s.monthly.size());
    double sum = 0;
    for (std::size_t i = 0; i < s.monthly.size(); ++i) {
        sum += s.monthly[i];
        s.cumulative[i] = sum;
    }
    s.total = sum;
    if (!onDemand)
        return;
    s.breakEvenMonth = -1;
    for (int m = int(s.cumulative.size()) - 1; m >= 0; --m) {
        if (s.cumulative[std::size_t(m)] > (*onDemand)[std::size_t(m)] + 1e-6)
            break;
        s.breakEvenMonth = m;
    }
}

struct ReservedChoice
{
    int base = 0;
    int first = 0;
    int terms = 0;
};

std::vector<double> reservedMonthly(const std::vector<double> &load, const Commitment &c, double od,
                                    const ReservedChoice &r)
{
    std::vector<double> out(load.size(), 0.0);
    const int last = r.first + r.terms * c.termMonths;
    for (int m = 0; m < int(load.size()); ++m) {
        double base = 0;
        if (r.base > 0 && m >= r.first && m < last) {
            base = r.base * kHoursPerMonth;
            out[std::size_t(m)] += r.base * c.hourlyRate * kHoursPerMonth;
            if ((m - r.first) % c.termMonths == 0)
                out[std::size_t(m)] += r.base * c.upfrontFee;
        }
        out[std::size_t(m)] += std::max(0.0, load[std::size_t(m)] - base) * od;
    }
    return out;
}

ReservedChoice bestReservedBase(const std::vector<double> &load, const Commitment &c, double od)
{
    ReservedChoice best;
    double bestTotal = 0;
    for (double l : load)
        bestTotal += l * od;
    const double peak = load.empty() ? 0 : *std::max_element(load.begin(), load.end());
    const int maxBase = int(std::ceil(peak / kHoursPerMonth));
    const int months = int(load.size());
    const double termCost = c.total();
    for (int first = 0; first < months; ++first) {
        for (int terms = 1; first + (terms - 1) * c.termMonths < months; ++terms) {
            const int last = first + terms * c.termMonths;
            for (int base = 1; base <= maxBase; ++base) {
                double total = base * termCost * terms;
                const double covered = base * kHoursPerMonth;
                for (int m = 0; m < months; ++m)
                    total += std::max(0.0, load[std::size_t(m)] - (m >= first && m < last ? covered : 0.0)) * od;
                if (total < bestTotal - 1e-6) {
                    bestTotal = total;
                    best = ReservedChoice{base, first, terms};
                }
            }
        }
    }
    return best;
}

} // namespace

namespace {

bool sameInstance(const Offer &a, const Offer &b)
{
    return a.provider == b.provider && a.instanceType == b.instanceType && a.region == b.region;
}

QString instanceLabel(const Offer &o)
{
    return TimelineText::tr("%1 %2 in %3").arg(o.providerLabel(), o.instanceType, o.region);
}

// An option whose price the timeline may use: it fits, and its price is neither unconvertible nor suspect.
bool priceable(const PlanOption &o)
{
    return o.fits && o.issue != OptionIssue::NoFxRate && o.issue != OptionIssue::SuspectPrice;
}

// GPU-hours of the phases that are not the planned job (those cost the same hours on any instance).
double otherPhasesGpuHours(const QList<Phase> &phases)
{
    double total = 0;
    for (const Phase &p : phases) {
        if (p.load == PhaseLoad::Gpus)
            total += p.gpus * kHoursPerMonth * p.months;
        else if (p.load == PhaseLoad::GpuHoursPerMonth)
            total += p.gpuHoursPerMonth * p.months;
    }
    return total;
}

// The cheapest on-demand plan for the phases: the other phases' GPU-hours at its rate plus, when the
// planned job is a phase, the job's cost on it. Options that meet the constraints come first; an
// instance with less than one whole GPU cannot rent the phases' whole GPUs, so it comes last.
int cheapestOnDemandPlan(const Planner &planner, const Scenario &scenario)
{
    const PlanResult &r = planner.result();
    const double otherHours = otherPhasesGpuHours(scenario.phases);
    const bool mainRun = std::any_of(scenario.phases.cbegin(), scenario.phases.cend(),
                                     [](const Phase &p) { return p.load == PhaseLoad::MainRun; });
    int best = -1;
    std::tuple<bool, bool, double> bestKey;
    for (int i = 0; i < r.usable; ++i) {
        const PlanOption &o = r.options[std::size_t(i)];
        if (o.billing != Billing::OnDemand || !priceable(o))
            continue;
        const Offer &offer = planner.offer(o);
        const double perGpuHour = o.pricePerHour / std::max(1.0, offer.gpuCount);
        const double total = otherHours * perGpuHour + (mainRun || otherHours <= 0 ? o.cost : 0.0);
        const auto key = std::tuple(o.pMeetBoth < scenario.constraints.confidence, offer.gpuCount < 1.0, total);
        if (best < 0 || key < bestKey) {
            best = i;
            bestKey = key;
        }
    }
    return best >= 0 ? best : r.cheapestOnDemand;
}

} // namespace

QList<TimelineChoice> timelineChoices(const Planner &planner)
{
    const PlanResult &r = planner.result();
    struct Entry
    {
        TimelineChoice choice;
        double cheapest = 0;
        QStringList terms;
    };
    QList<Entry> entries;
    QHash<QString, qsizetype> index;
    for (int i = 0; i < r.usable; ++i) {
        const PlanOption &o = r.options[std::size_t(i)];
        if (!priceable(o))
            continue;
        const Offer &offer = planner.offer(o);
        const QString key = offer.provider + u'\n' + offer.instanceType + u'\n' + offer.region;
        auto it = index.constFind(key);
        if (it == index.cend()) {
            Entry e;
            e.choice.instance = TimelineInstance{offer.provider, offer.instanceType, offer.region};
            e.choice.label = instanceLabel(offer);
            e.cheapest = o.cost;
            it = index.insert(key, entries.size());
            entries.append(e);
        }
        Entry &e = entries[*it];
        e.cheapest = std::min(e.cheapest, o.cost);
        if (o.billing == Billing::Reserved || o.billing == Billing::SavingsPlan) {
            const QString term = QStringLiteral("%1_%2").arg(billingId(o.billing)).arg(o.termMonths);
            if (!e.terms.contains(term))
                e.terms.append(term);
        }
    }
    std::stable_sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        return std::tuple(a.terms.isEmpty(), a.cheapest) < std::tuple(b.terms.isEmpty(), b.cheapest);
    });
    QList<TimelineChoice> out;
    for (Entry &e : entries) {
        e.choice.commitmentTerms = int(e.terms.size());
        out.append(e.choice);
    }
    return out;
}

Result<TimelineRates> timelineRatesFromPlan(const Planner &planner, const Scenario &scenario)
{
    const PlanResult &r = planner.result();
    if (r.cheapestOnDemand < 0)
        return Error{QStringLiteral("no usable on-demand option to price the timeline with; allow on_demand billing "
                                    "or relax the constraints")};
    TimelineRates rates;
    const int odIndex = cheapestOnDemandPlan(planner, scenario);
    const PlanOption &od = r.options[std::size_t(odIndex)];
    const Offer &odOffer = planner.offer(od);
    rates.onDemandPerGpuHour = od.pricePerHour / std::max(1.0, odOffer.gpuCount);
    rates.onDemandLabel = TimelineText::tr("cheapest on-demand plan: %1").arg(instanceLabel(odOffer));
    rates.mainRunGpus = od.gpus;
    rates.mainRunHours = od.hours;
    rates.mainRunExtras = std::max(0.0, od.cost - od.pricePerHour * od.instances * od.hours);

    // The chosen instance: the scenario's, else the recommendation's.
    const Offer *chosen = nullptr;
    if (scenario.timelineInstance.isSet()) {
        const TimelineInstance &want = scenario.timelineInstance;
        for (int i = 0; i < r.usable && !chosen; ++i) {
            const Offer &offer = planner.offer(r.options[std::size_t(i)]);
            if (offer.provider == want.provider && offer.instanceType == want.instanceType && offer.region == want.region)
                chosen = &offer;
        }
        if (!chosen)
            return Error{QStringLiteral("timeline_instance: %1 %2 in %3 is not one of the plan's usable options; choose "
                                        "another instance or leave it out for the recommendation")
                             .arg(want.provider, want.instanceType, want.region)};
        rates.chosen.isRecommendation = r.recommended >= 0 && sameInstance(*chosen, planner.offer(r.options[std::size_t(r.recommended)]));
    } else {
        chosen = r.recommended >= 0 ? &planner.offer(r.options[std::size_t(r.recommended)]) : &odOffer;
    }
    rates.chosen.label = instanceLabel(*chosen);
    rates.chosenIsCheapest = sameInstance(*chosen, odOffer);
    const double perInstanceGpus = std::max(1.0, chosen->gpuCount);
    // Its main run: its on-demand option, else any of its options (a commitment prices the same run).
    int chosenRun = -1;
    for (int i = 0; i < r.usable; ++i) {
        const PlanOption &o = r.options[std::size_t(i)];
        if (!priceable(o) || !sameInstance(planner.offer(o), *chosen) || o.billing == Billing::Spot)
            continue;
        if (o.billing == Billing::OnDemand) {
            rates.chosen.onDemandPerGpuHour = o.pricePerHour / perInstanceGpus;
            chosenRun = i;
            break;
        }
        if (chosenRun < 0)
            chosenRun = i;
    }
    if (chosenRun >= 0) {
        const PlanOption &run = r.options[std::size_t(chosenRun)];
        rates.chosen.mainRunGpus = run.gpus;
        rates.chosen.mainRunHours = run.hours;
        rates.chosen.mainRunExtras = run.billing == Billing::OnDemand
                                         ? std::max(0.0, run.cost - run.pricePerHour * run.instances * run.hours)
                                         : std::max(0.0, run.extras);
    } else {
        rates.chosen.mainRunGpus = rates.mainRunGpus;
        rates.chosen.mainRunHours = rates.mainRunHours;
        rates.chosen.mainRunExtras = rates.mainRunExtras;
    }

    const QString ownedGpu = scenario.ownership.gpu.isEmpty() ? odOffer.gpu : scenario.ownership.gpu;
    if (const GpuModel *g = planner.gpuModel(ownedGpu))
        rates.gpuTdpW = g->tdpW.value_or(0);
    else if (!scenario.ownership.gpu.isEmpty())
        return Error{QStringLiteral("ownership.gpu: \"%1\" is not a GPU model id in the catalog").arg(ownedGpu)};

    // The spot the plan recommends, so the project's spot strategy prices the same run.
    const bool spotRecommended = r.recommended >= 0 && r.options[std::size_t(r.recommended)].billing == Billing::Spot;
    int spot = spotRecommended ? r.recommended : -1;
    for (int i = 0; i < r.usable && !spotRecommended; ++i) {
        const PlanOption &o = r.options[std::size_t(i)];
        if (o.billing != Billing::Spot)
            continue;
        const bool meets = o.pMeetBoth >= scenario.constraints.confidence;
        if (spot < 0) {
            spot = i;
            continue;
        }
        const PlanOption &best = r.options[std::size_t(spot)];
        const bool bestMeets = best.pMeetBoth >= scenario.constraints.confidence;
        if ((meets && !bestMeets) || (meets == bestMeets && o.cost < best.cost))
            spot = i;
    }
    if (spot >= 0) {
        const PlanOption &s = r.options[std::size_t(spot)];
        const Offer &so = planner.offer(s);
        rates.spotPerGpuHour = s.pricePerHour / std::max(1.0, so.gpuCount);
        const double plain = s.pricePerHour * s.instances * s.hours;
        rates.spotTimeFactor = plain > 0 ? std::max(1.0, (s.cost - s.extras) / plain) : 1.0;
        rates.spotMainRunGpus = s.gpus;
        rates.spotMainRunHours = s.hours;
        rates.spotMainRunExtras = std::max(0.0, s.cost - rates.spotTimeFactor * plain);
        rates.spotLabel = TimelineText::tr("%1 %2 spot").arg(so.providerLabel(), so.instanceType);
        rates.spotSpareReplicas = s.spareReplicas;
    }
    // The cheapest variant (upfront option, offering class) of each billing model and term.
    QHash<QString, qsizetype> byTerm;
    const PlanRequest request = scenario.request();
    for (const PlanOption &o : r.options) {
        const Offer &offer = planner.offer(o);
        if ((o.billing != Billing::Reserved && o.billing != Billing::SavingsPlan) || !priceable(o)
            || !sameInstance(offer, *chosen))
            continue;
        TimelineRates::Term term;
        term.id = QStringLiteral("%1_%2").arg(billingId(o.billing)).arg(o.termMonths);
        term.label = optionBillingText(offer, o);
        term.source = commitmentSourceText(planner, request, o);
        term.perGpu.termMonths = o.termMonths;
        term.perGpu.hourlyRate = o.commitmentHourly / perInstanceGpus;
        term.perGpu.upfrontFee = o.commitmentUpfront / perInstanceGpus;
        const auto it = byTerm.constFind(term.id);
        if (it == byTerm.cend()) {
            byTerm.insert(term.id, rates.commitments.size());
            rates.commitments.append(term);
        } else if (term.perGpu.total() < rates.commitments.at(*it).perGpu.total()) {
            rates.commitments[*it] = term;
        }
    }
    std::sort(rates.commitments.begin(), rates.commitments.end(), [](const auto &a, const auto &b) {
        return std::tuple(a.perGpu.termMonths, a.id) < std::tuple(b.perGpu.termMonths, b.id);
    });
    if (rates.commitments.isEmpty())
        rates.noCommitmentHint = noCommitmentPriceText(*chosen);
    return rates;
}

OwnershipCost ownershipCost(const Ownership &w, double tdpW, double fxFactor, double cloudPerGpuHour)
{
    OwnershipCost c;
    const double gpuHoursPerMonth = std::max(1, w.gpus) * kHoursPerMonth;
    c.fixedPerMonth = (w.purchasePrice / (w.depreciationYears * 12.0) + w.hostingPerMonth) * fxFactor;
    c.powerPerGpuHour = tdpW / 1000.0 * w.pue * w.electricityPerKwh * fxFactor;
    c.costPerGpuHour = c.fixedPerMonth / (gpuHoursPerMonth * w.utilization) + c.powerPerGpuHour;
    const double margin = cloudPerGpuHour - c.powerPerGpuHour;
    c.breakEvenUtilization = margin > 0 ? c.fixedPerMonth / (gpuHoursPerMonth * margin) : 1e9;
    return c;
}

Result<Timeline> buildTimeline(const Scenario &scenario, const TimelineRates &rates, const FxTable &fx)
{
    if (scenario.phases.isEmpty())
        return Error{QStringLiteral("phases: the scenario has no project phases")};
    Timeline t;
    t.phases = int(scenario.phases.size());
    t.pricesMainRun = std::any_of(scenario.phases.cbegin(), scenario.phases.cend(),
                                  [](const Phase &p) { return p.load == PhaseLoad::MainRun; });
    t.chosenIsRecommendation = rates.chosen.isRecommendation;
    // Rates made by hand (tests, older callers) name no chosen run: it is the cheapest plan's.
    const bool chosenRun = rates.chosen.mainRunGpus > 0;
    const int chosenGpus = chosenRun ? rates.chosen.mainRunGpus : rates.mainRunGpus;
    const double chosenHours = chosenRun ? rates.chosen.mainRunHours : rates.mainRunHours;
    const double chosenExtrasTotal = chosenRun ? rates.chosen.mainRunExtras : rates.mainRunExtras;
    t.start = scenario.phases.first().start;
    for (const Phase &p : scenario.phases)
        t.start = std::min(t.start, p.start);
    // Long enough for every phase, the slowest main run and a whole commitment term.
    int horizon = 1;
    for (const Phase &p : scenario.phases) {
        int len = p.months;
        if (p.load == PhaseLoad::MainRun) {
            const double wall = std::max({rates.mainRunHours, chosenHours,
                                          rates.spotMainRunHours * rates.spotTimeFactor});
            len = std::max(1, int(std::ceil(wall / kHoursPerMonth)));
        }
        horizon = std::max(horizon, monthIndex(t.start, p.start) + len);
    }
    const int projectMonths = horizon;
    // For each term, the reserved base that costs least: `base` GPUs committed from month
    // `first` for `terms` consecutive terms (commitments fill the steady part of the load,
    // on-demand takes the peaks). A term may run past the project; those months are paid too.
    // Commitments are bought on the chosen instance; the load above the base runs on its on-demand
    // price where it has one, else on the cheapest on-demand plan's.
    const double burst = rates.chosen.onDemandPerGpuHour.value_or(rates.onDemandPerGpuHour);
    std::vector<ReservedChoice> reserved;
    const std::vector<double> projectLoad =
        phaseLoad(scenario.phases, t.start, chosenGpus, chosenHours, false, 1.0, projectMonths);
    for (const TimelineRates::Term &term : rates.commitments) {
        reserved.push_back(bestReservedBase(projectLoad, term.perGpu, burst));
        horizon = std::max(horizon, reserved.back().first + reserved.back().terms * term.perGpu.termMonths);
    }
    for (int m = 0; m < horizon; ++m)
        t.months << t.start.addMonths(m).toString(QStringLiteral("yyyy-MM"));

    const double od = rates.onDemandPerGpuHour;
    t.loadGpuHours = phaseLoad(scenario.phases, t.start, rates.mainRunGpus, rates.mainRunHours, false, 1.0, horizon);

    // Every cloud strategy pays what the main run costs beyond its GPU-hours (storage, egress,
    // billing increments), as the plan's option does.
    const std::vector<double> extras =
        extrasByMonth(scenario.phases, t.start, rates.mainRunGpus, rates.mainRunHours, 1.0, rates.mainRunExtras, horizon);
    StrategySeries onDemand{QStringLiteral("on_demand"), TimelineText::tr("All on-demand"), {}, {}, 0, -1, rates.onDemandLabel};
    for (int m = 0; m < horizon; ++m)
        onDemand.monthly.push_back(t.loadGpuHours[std::size_t(m)] * od + extras[std::size_t(m)]);
    finish(onDemand, nullptr);
    t.strategies.append(onDemand);
    // A copy: appending strategies may move the list's elements.
    const std::vector<double> odCumulative = t.strategies.first().cumulative;

    // The chosen instance's load and extras (its main run may be longer or shorter).
    const std::vector<double> chosenLoad = phaseLoad(scenario.phases, t.start, chosenGpus, chosenHours, false, 1.0, horizon);
    const std::vector<double> chosenExtras =
        extrasByMonth(scenario.phases, t.start, chosenGpus, chosenHours, 1.0, chosenExtrasTotal, horizon);
    if (!rates.chosenIsCheapest && rates.chosen.onDemandPerGpuHour) {
        StrategySeries own{QStringLiteral("on_demand_chosen"),
                           rates.chosen.isRecommendation ? TimelineText::tr("Recommended instance on-demand")
                                                         : TimelineText::tr("Chosen instance on-demand"),
                           {}, {}, 0, -1, rates.chosen.label};
        for (int m = 0; m < horizon; ++m)
            own.monthly.push_back(chosenLoad[std::size_t(m)] * *rates.chosen.onDemandPerGpuHour + chosenExtras[std::size_t(m)]);
        finish(own, &odCumulative);
        t.strategies.append(own);
    }

    for (qsizetype i = 0; i < rates.commitments.size(); ++i) {
        const TimelineRates::Term &term = rates.commitments.at(i);
        const ReservedChoice &choice = reserved[std::size_t(i)];
        StrategySeries best{term.id, TimelineText::tr("%1 base + on-demand").arg(term.label), {}, {}, 0, -1, {}};
        best.monthly = reservedMonthly(chosenLoad, term.perGpu, burst, choice);
        for (int m = 0; m < horizon; ++m)
            best.monthly[std::size_t(m)] += chosenExtras[std::size_t(m)];
        finish(best, &odCumulative);
        if (choice.base == 0)
            best.breakEvenMonth = -1; // all on-demand under another name: nothing to break even with
        best.note = choice.base > 0
            ? TimelineText::tr("%1 GPU(s) on a %2 of %3 from %4, %5 term(s); the rest on-demand. Price: %6")
                  .arg(choice.base)
                  .arg(term.label, rates.chosen.label, t.months.at(choice.first))
                  .arg(choice.terms)
                  .arg(term.source)
            : TimelineText::tr("no %1 base of %2 pays off at this load. Price: %3").arg(term.label, rates.chosen.label, term.source);
        t.strategies.append(best);
    }
    if (rates.commitments.isEmpty())
        t.notes << (rates.noCommitmentHint.isEmpty()
                        ? TimelineText::tr("No commitment price for the chosen instance: add a negotiated term (provider, "
                                           "discount or quoted price, term, source) to compare one.")
                        : rates.noCommitmentHint);

    if (rates.spotPerGpuHour) {
        // Phases without spot stay on on-demand: split the load by phase.
        QList<Phase> spotPhases, otherPhases;
        for (const Phase &p : scenario.phases)
            (p.spotAllowed ? spotPhases : otherPhases).append(p);
        const std::vector<double> onSpot = phaseLoad(spotPhases, t.start, rates.spotMainRunGpus, rates.spotMainRunHours,
                                                     true, rates.spotTimeFactor, horizon);
        const std::vector<double> onDemandPart = phaseLoad(otherPhases, t.start, rates.mainRunGpus, rates.mainRunHours,
                                                           false, 1.0, horizon);
        const bool mainRunOnSpot = std::any_of(spotPhases.cbegin(), spotPhases.cend(),
                                               [](const Phase &p) { return p.load == PhaseLoad::MainRun; });
        const std::vector<double> spotExtras =
            mainRunOnSpot ? extrasByMonth(spotPhases, t.start, rates.spotMainRunGpus, rates.spotMainRunHours,
                                          rates.spotTimeFactor, rates.spotMainRunExtras, horizon)
                          : extras;
        // Serving is not lengthened by interruptions: it pays for spare replicas instead.
        const QString spotNote = rates.spotSpareReplicas > 0
            ? TimelineText::tr("%1, with %n spare replica(s) that keep serving while a reclaimed one is replaced", nullptr,
                               rates.spotSpareReplicas)
                  .arg(rates.spotLabel)
            : TimelineText::tr("%1, %2% expected extra time from interruptions")
                  .arg(rates.spotLabel)
                  .arg((rates.spotTimeFactor - 1.0) * 100.0, 0, 'f', 0);
        StrategySeries s{QStringLiteral("spot"), TimelineText::tr("Spot where allowed"), {}, {}, 0, -1, spotNote};
        for (int m = 0; m < horizon; ++m)
            s.monthly.push_back(onSpot[std::size_t(m)] * *rates.spotPerGpuHour + onDemandPart[std::size_t(m)] * od
                                + spotExtras[std::size_t(m)]);
        finish(s, &odCumulative);
        if (spotPhases.isEmpty())
            s.note = TimelineText::tr("no phase allows spot");
        t.strategies.append(s);
    }

    const Ownership &w = scenario.ownership;
    if (w.enabled) {
        const auto factor = fx.factor(w.currency, scenario.displayCurrency);
        if (!factor)
            return Error{QStringLiteral("ownership.currency: \"%1\" has no FX rate to %2").arg(w.currency, scenario.displayCurrency)};
        const double tdp = w.tdpW > 0 ? w.tdpW : rates.gpuTdpW;
        if (tdp <= 0)
            t.notes << TimelineText::tr("The GPU has no TDP in the catalog; give ownership.tdp_w to count power.");
        t.ownership = ownershipCost(w, tdp, *factor, od);
        StrategySeries s{QStringLiteral("own"), TimelineText::tr("Own the hardware"), {}, {}, 0, -1,
                         TimelineText::tr("%1 GPUs bought up front; load beyond them on-demand").arg(w.gpus)};
        const double capacity = w.gpus * kHoursPerMonth;
        const double hosting = w.hostingPerMonth * *factor;
        for (int m = 0; m < horizon; ++m) {
            const double load = t.loadGpuHours[std::size_t(m)];
            const double own = std::min(load, capacity);
            double cost = hosting + own * t.ownership->powerPerGpuHour + (load - own) * od;
            if (m == 0)
                cost += w.purchasePrice * *factor;
            s.monthly.push_back(cost);
        }
        finish(s, &odCumulative);
        t.strategies.append(s);
    }
    return t;
}

} // namespace gpuplanner::core
