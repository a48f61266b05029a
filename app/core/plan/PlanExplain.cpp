#include "core/plan/PlanExplain.h"

#include "core/catalog/CatalogInfo.h"

#include "core/estimate/Explain.h"
#include "core/io/CsvReader.h"
#include "core/io/TextTable.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QJsonArray>

#include <cmath>

// Sentences for people go through Qt's translations under this context; the CLI installs no
// translator and prints them as written, the desktop app shows them in its language.
class PlanText
{
    Q_DECLARE_TR_FUNCTIONS(PlanText)
};

namespace gpuplanner::core {

namespace {

// From this many instances a spot plan warns that the region may not have that much spare capacity.
constexpr int kLargeSpotFleet = 8;

QString percent(double share)
{
    return QStringLiteral("%1%").arg(share * 100.0, 0, 'f', 0);
}

QString bottleneckWords(Bottleneck b)
{
    switch (b) {
    case Bottleneck::Compute: return PlanText::tr("compute");
    case Bottleneck::MemoryBandwidth: return PlanText::tr("memory bandwidth");
    case Bottleneck::Interconnect: return PlanText::tr("interconnect");
    case Bottleneck::Network: return PlanText::tr("network");
    case Bottleneck::MemoryCapacity: return PlanText::tr("memory capacity");
    case Bottleneck::HostData: return PlanText::tr("host data pipeline");
    }
    return {};
}

QString classText(const QString &offeringClass)
{
    if (offeringClass == u"standard")
        return PlanText::tr("standard reserved");
    if (offeringClass == u"convertible")
        return PlanText::tr("convertible reserved");
    return PlanText::tr("reserved");
}

QString fitProblemText(FitProblem p)
{
    switch (p) {
    case FitProblem::None: return QString();
    case FitProblem::MemoryCapacity: return PlanText::tr("no layout holds the job in the GPUs' memory");
    case FitProblem::NoComputeSpecs: return PlanText::tr("the GPU has no published peak for this precision");
    case FitProblem::MissingInput: return PlanText::tr("the workload lacks a number the estimate needs");
    case FitProblem::ReplicaTooWide: return PlanText::tr("one replica needs more GPUs than one NVLink domain");
    case FitProblem::LatencyUnreachable: return PlanText::tr("the latency targets cannot be met on this GPU");
    case FitProblem::BatchTooSmall: return PlanText::tr("the global batch is smaller than the data-parallel width");
    case FitProblem::LayoutMismatch: return PlanText::tr("the tensor and pipeline sizes set do not fit this GPU count");
    }
    return {};
}

double jsonNumber(double v)
{
    return std::isfinite(v) ? v : -1.0;
}

} // namespace

// "384 GPUs", or "384 TPU chips" where the accelerator is a TPU (Google sells TPU chips, not GPUs).
QString acceleratorCountText(const Offer &o, int count)
{
    if (o.gpu.startsWith(u"TPU", Qt::CaseInsensitive))
        return count == 1 ? PlanText::tr("1 TPU chip") : PlanText::tr("%1 TPU chips").arg(count);
    return count == 1 ? PlanText::tr("1 GPU") : PlanText::tr("%1 GPUs").arg(count);
}

QString optionShortName(const Offer &o, const PlanOption &option)
{
    return PlanText::tr("%1 %2 in %3 (%4)").arg(o.providerLabel(), o.instanceType, o.region, optionBillingText(o, option));
}

QString optionBillingText(const Offer &offer, const PlanOption &o)
{
    switch (o.billing) {
    case Billing::OnDemand: return PlanText::tr("on-demand");
    case Billing::Spot: return PlanText::tr("spot");
    case Billing::SavingsPlan:
        if (offer.offeringClass == u"compute")
            return PlanText::tr("%1-month compute savings plan, %2 upfront").arg(o.termMonths).arg(upfrontText(o.upfront));
        if (offer.offeringClass == u"instance")
            return PlanText::tr("%1-month instance savings plan, %2 upfront").arg(o.termMonths).arg(upfrontText(o.upfront));
        return PlanText::tr("%1-month savings plan, %2 upfront").arg(o.termMonths).arg(upfrontText(o.upfront));
    case Billing::Reserved:
        if (o.derivedCommitment())
            return PlanText::tr("%1-month commitment, %2 upfront, your terms").arg(o.termMonths).arg(upfrontText(o.upfront));
        // The Chinese clouds sell prepaid subscriptions (包年包月), paid in full when bought.
        if (o.upfront == Upfront::All
            && (offer.provider == u"alicloud" || offer.provider == u"tencentcloud" || offer.provider == u"huaweicloud"))
            return PlanText::tr("%1-month subscription, prepaid").arg(o.termMonths);
        return PlanText::tr("%1-month %2, %3 upfront").arg(o.termMonths).arg(classText(offer.offeringClass),
                                                                                upfrontText(o.upfront));
    case Billing::CapacityBlock: return PlanText::tr("capacity block, %1 day(s)").arg(o.commitmentTerms);
    }
    return {};
}

namespace {

// The day a price's age counts from (a month-only date: its first day); invalid when unreadable.
QDate ageDate(const Offer &offer)
{
    return dayOfCatalogDate(offer.ageDate());
}

bool olderThanSixMonths(const QDate &date, const QDate &today)
{
    return date.isValid() && date.addMonths(6) < today;
}

} // namespace

QString staleNote(const Offer &offer, const QDate &today)
{
    if (!olderThanSixMonths(ageDate(offer), today))
        return {};
    return PlanText::tr("Price observed %1, over 6 months ago: refresh the catalog or check the provider's page.")
        .arg(offer.ageDate().left(10));
}

QString priceAgeText(const Offer &offer, const QDate &today)
{
    const QDate date = ageDate(offer);
    if (!date.isValid())
        return PlanText::tr("date unknown");
    const QString day = offer.ageDate().left(10);
    const qint64 days = date.daysTo(today);
    if (days < 0)
        return day;
    if (days < 45)
        return PlanText::tr("%1, %n day(s) ago", nullptr, int(days)).arg(day);
    const int months = int((days + 15) / 30.44);
    return PlanText::tr("%1, %n month(s) ago", nullptr, months).arg(day);
}

QString fresherComparableNote(const Offer &offer, const QList<Offer> &offers, const QDate &today)
{
    const QDate date = ageDate(offer);
    if (!olderThanSixMonths(date, today))
        return {};
    const Offer *best = nullptr;
    QDate bestDate;
    for (const Offer &o : offers) {
        if (o.gpu != offer.gpu || o.gpuCount != offer.gpuCount || o.billing != offer.billing || o.suspect()
            || !o.unavailableSince.isEmpty())
            continue;
        const QDate d = ageDate(o);
        if (!d.isValid() || d <= date || olderThanSixMonths(d, today))
            continue;
        if (!best || d > bestDate || (d == bestDate && o.pricePerHourUsd < best->pricePerHourUsd)) {
            best = &o;
            bestDate = d;
        }
    }
    if (!best)
        return {};
    return PlanText::tr("A comparable offer has a fresher price: %1 %2 in %3 at %4 per hour (observed %5).")
        .arg(best->providerLabel(), best->instanceType, best->region, formatMoney(best->pricePerHour, best->currency),
             best->ageDate().left(10));
}

QString fresherComparableNote(const Offer &offer, const Planner &planner, const PlanRequest &request)
{
    // Where the scenario names its providers, a fresher price elsewhere is no answer to it.
    const QStringList &providers = request.constraints.providers;
    if (providers.isEmpty())
        return fresherComparableNote(offer, planner.offers());
    QList<Offer> within;
    for (const Offer &candidate : planner.offers()) {
        if (providers.contains(candidate.provider))
            within.append(candidate);
    }
    return fresherComparableNote(offer, within);
}

QString staleNote(const Offer &offer, const PlanRequest &request, const PlanOption &option, const QDate &today)
{
    // A price the user was quoted is theirs, not the catalog's: the catalog's date says nothing
    // about it; its own date does.
    if (option.derivedCommitment() && option.commitmentTerm < request.assumptions.commitments.size()
        && request.assumptions.commitments.at(option.commitmentTerm).quoted()) {
        const QDate quoted = request.assumptions.commitments.at(option.commitmentTerm).quotedOn;
        if (!quoted.isValid())
            return PlanText::tr("Your quote has no date: give the day it was made, so its age shows.");
        if (quoted.addMonths(6) < today)
            return PlanText::tr("Your quote of %1 is over 6 months old: check that it still stands.")
                .arg(quoted.toString(Qt::ISODate));
        return {};
    }
    return staleNote(offer, today);
}

QString optionBillingShort(const PlanOption &o)
{
    switch (o.billing) {
    case Billing::OnDemand: return PlanText::tr("on-demand");
    case Billing::Spot: return PlanText::tr("spot");
    case Billing::Reserved: return PlanText::tr("reserved %1 mo").arg(o.termMonths);
    case Billing::SavingsPlan: return PlanText::tr("savings plan %1 mo").arg(o.termMonths);
    case Billing::CapacityBlock: return PlanText::tr("capacity block");
    }
    return {};
}

QString upfrontText(Upfront u)
{
    switch (u) {
    case Upfront::None: return PlanText::tr("no");
    case Upfront::Partial: return PlanText::tr("partial");
    case Upfront::All: return PlanText::tr("all");
    }
    return {};
}

QString durationText(double hours)
{
    if (!std::isfinite(hours))
        return PlanText::tr("never");
    // Whole numbers print without decimals ("30 days"), the rest with one.
    auto number = [](double v) { return std::abs(v - std::round(v)) < 0.05 ? QString::number(std::round(v), 'f', 0)
                                                                         : QString::number(v, 'f', 1); };
    // Under an hour in whole minutes: a 12-minute run is not "0.2 h".
    if (hours < 0.95)
        return PlanText::tr("%1 min").arg(std::max(1.0, std::round(hours * 60.0)));
    if (hours < 48)
        return PlanText::tr("%1 h").arg(number(hours));
    return PlanText::tr("%1 days").arg(number(hours / 24.0));
}

QString commitmentSourceText(const Planner &planner, const PlanRequest &request, const PlanOption &option)
{
    return commitmentSourceText(planner.offer(option), request, option);
}

QString commitmentSourceText(const Offer &o, const PlanRequest &request, const PlanOption &option)
{
    if (option.derivedCommitment()) {
        // The user's own terms, with their own date: never the catalog's.
        const CommitmentTerm &t = request.assumptions.commitments.at(option.commitmentTerm);
        const QString when = t.quotedOn.isValid() ? t.quotedOn.toString(Qt::ISODate) : PlanText::tr("undated");
        return t.quoted() ? PlanText::tr("your quoted price of %1 (%2)").arg(when, t.source)
                          : PlanText::tr("your negotiated %1 discount off on-demand of %2 (%3)")
                                .arg(percent(t.discount), when, t.source);
    }
    return PlanText::tr("%1, as of %2").arg(o.source, o.effectiveDate);
}

QString percentText(double share)
{
    return percent(share);
}

QString availabilityText(double share)
{
    // 99.9%, 99.95%: the nines a target has, never rounded up to 100%.
    return QStringLiteral("%1%").arg(QString::number(share * 100.0, 'f', 4).remove(QRegularExpression(QStringLiteral("\\.?0+$"))));
}

QString bottleneckText(Bottleneck bottleneck)
{
    return bottleneckWords(bottleneck);
}

QStringList optionReasons(const Planner &planner, const PlanRequest &request, const PlanOption &option)
{
    return optionReasons(planner.offer(option), request, option);
}

QStringList optionReasons(const Offer &o, const PlanRequest &request, const PlanOption &option)
{
    const Constraints &c = request.constraints;
    const QString &cur = request.displayCurrency;
    QStringList out;
    switch (option.issue) {
    case OptionIssue::DoesNotFit:
        out << PlanText::tr("Does not fit: %1.").arg(fitProblemText(option.problem));
        return out;
    case OptionIssue::TooManyGpus:
        out << PlanText::tr("Needs %1 GPUs on %2 instance(s), more than the limit allows.").arg(option.gpus).arg(option.instances);
        return out;
    case OptionIssue::NeedsRdma:
        out << PlanText::tr("Needs %1 instances but this type has no RDMA network, which multi-node runs require here.")
                   .arg(option.instances);
        return out;
    case OptionIssue::NoFxRate:
        out << PlanText::tr("No FX rate from %1 to %2; add one under assumptions.fx.").arg(o.currency, cur);
        return out;
    case OptionIssue::TooManyInterruptions:
        out << PlanText::tr("Expects %1 spot interruptions over the run, more than the spot tolerance allows (%2).")
                   .arg(option.expectedInterruptions, 0, 'f', 1)
                   .arg(request.constraints.maxSpotInterruptions, 0, 'f', 0);
        return out;
    case OptionIssue::SuspectPrice:
        out << PlanText::tr("Left out: its price is suspect (%1). Include suspect offers to consider it.")
                   .arg(o.suspectReasons.join(QStringLiteral("; ")));
        return out;
    case OptionIssue::TooLongForBlock:
        out << PlanText::tr("The run needs %1, longer than the longest capacity block (%2).")
                   .arg(durationText(option.hours), durationText(o.maxDurationHours.value_or(0)));
        return out;
    case OptionIssue::OversizedForJob:
        out << PlanText::tr("Left out: %1 GPUs for a job this small buy no time; %2 of its %3 is the fixed start-up, "
                            "and far fewer GPUs would finish under 5% later.")
                   .arg(option.gpus)
                   .arg(durationText(option.startupHours), durationText(option.hours));
        return out;
    case OptionIssue::None:
        break;
    }
    const bool serving = request.workload.kind == WorkloadKind::Inference;
    if (serving && !request.assumptions.servingPhase.isEmpty())
        out << PlanText::tr("%1 x %2 (%3) serve the demand; priced for %4 month(s), the months of the phase "
                            "\"%5\".")
                   .arg(option.instances).arg(o.instanceType).arg(acceleratorCountText(o, option.gpus))
                   .arg(request.assumptions.servingMonths)
                   .arg(request.assumptions.servingPhase);
    else if (serving)
        out << PlanText::tr("%1 x %2 (%3) serve the demand; priced for %4 month(s).")
                   .arg(option.instances).arg(o.instanceType).arg(acceleratorCountText(o, option.gpus))
                   .arg(request.assumptions.servingMonths);
    else
        out << PlanText::tr("%1 x %2 (%3) finish in %4 without interruptions; bottleneck: %5.")
                   .arg(option.instances).arg(o.instanceType).arg(acceleratorCountText(o, option.gpus))
                   .arg(durationText(option.hours), bottleneckText(option.bottleneck));
    if (option.spareInstances > 0)
        out << PlanText::tr("%n of these instance(s) are the spare capacity you stated, paid for the whole run.", nullptr,
                            option.spareInstances);
    if (option.formatUsed != option.formatAsked && option.formatLacking)
        out << PlanText::tr("%1 has no %2: estimated in %3, the format it runs.")
                   .arg(o.gpu, numberFormatName(option.formatAsked), numberFormatName(option.formatUsed));
    else if (option.formatUsed != option.formatAsked)
        out << PlanText::tr("The spec table has no %1 rate for %2: estimated at its %3 rate, which may understate it.")
                   .arg(numberFormatName(option.formatAsked), o.gpu, numberFormatName(option.formatUsed));
    if (option.billing == Billing::Spot) {
        if (serving)
            out << PlanText::tr("Spot capacity can be reclaimed at about %1 a month per instance: priced with %n "
                                "spare replica(s) (at least one), so the replicas the load needs are up %2 of the "
                                "time when a reclaimed one takes %3 to replace (assumptions serving_availability and "
                                "restart_overhead); each interruption drops that replica's requests in flight.",
                                nullptr, option.spareReplicas)
                       .arg(percent(option.interruptionRate), availabilityText(request.assumptions.servingAvailability),
                            durationText(request.assumptions.restartHours));
        else if (option.hours <= request.assumptions.checkpointHours)
            // Nothing is saved before the run ends: an interruption starts it again.
            out << PlanText::tr("Spot: %1 of instances interrupted per month; this %2 run ends before its first "
                                "checkpoint (every %3), so an interruption restarts it from the beginning, %4 to "
                                "restart; P50 %5, P90 %6.")
                       .arg(percent(option.interruptionRate), durationText(option.hours),
                            durationText(request.assumptions.checkpointHours),
                            durationText(request.assumptions.restartHours), durationText(option.timeP50),
                            durationText(option.timeP90));
        else
            out << PlanText::tr("Spot: %1 of instances interrupted per month, checkpoints every %2, %3 to restart; "
                                  "P50 %4, P90 %5.")
                       .arg(percent(option.interruptionRate), durationText(request.assumptions.checkpointHours),
                            durationText(request.assumptions.restartHours), durationText(option.timeP50),
                            durationText(option.timeP90));
    }
    if (option.billing == Billing::Spot) {
        if (const InterruptionRule *rule = request.assumptions.interruptions.match(o.provider, o.instanceType))
            out << PlanText::tr("Interruption rate %1 a month from the scenario (%2).")
                       .arg(percent(option.interruptionRate), rule->source);
        else if (option.interruptionPublished)
            out << PlanText::tr("Interruption bucket %1 from %2.").arg(o.interruptionBucket, o.interruptionSource);
        else
            out << PlanText::tr("No published interruption figure for this offer: the default %1 a month is assumed; "
                                  "give the provider's figure under assumptions.interruption if you have it.")
                       .arg(percent(option.interruptionRate));
        // Spot capacity is whatever the region has spare at the moment: a large fleet may not be there.
        if (option.instances >= kLargeSpotFleet)
            out << PlanText::tr("This plan assumes %1 spot instances of %2 at once in %3; a fleet that large may not "
                                  "be obtainable in one region.")
                       .arg(option.instances).arg(o.instanceType, o.region);
    }
    if (option.billing == Billing::Reserved || option.billing == Billing::SavingsPlan) {
        const double usedShare = request.assumptions.expectedUtilization.value_or(
            option.hours / (option.commitmentTerms * option.termMonths * kHoursPerMonth));
        out << PlanText::tr("%1: the commitment costs %2 over %3 term(s), used or not; each GPU-hour this job uses "
                              "costs %4 at %5 use of the term; it beats on-demand above %6 utilization.")
                   .arg(optionBillingText(o, option), formatMoney(option.commitmentTotal, cur))
                   .arg(option.commitmentTerms)
                   .arg(formatMoney(option.costPerUsedGpuHour, cur), percent(std::min(1.0, usedShare)),
                        percent(option.breakEvenUtilization));
        out << PlanText::tr("Commitment price: %1.").arg(commitmentSourceText(o, request, option));
    }
    if (option.billing == Billing::CapacityBlock)
        out << PlanText::tr("Capacity block booked for %1 day(s) at %2 per instance-hour: %3 paid for the booking. "
                              "Price: %4.")
                   .arg(option.commitmentTerms)
                   .arg(formatMoney(option.pricePerHour, cur), formatMoney(option.commitmentTotal, cur),
                        commitmentSourceText(o, request, option));
    if (o.suspect() && option.usable())
        out << PlanText::tr("Suspect price, included on request: %1.").arg(o.suspectReasons.join(QStringLiteral("; ")));
    if (const QString stale = staleNote(o, request, option); !stale.isEmpty())
        out << stale;
    // From the same chance the headline and the table use: a run whose spread straddles the
    // deadline meets it with that chance; only a run that cannot make it misses it, by a positive time.
    if (c.deadlineHours > 0) {
        if ((option.billing == Billing::Spot && !serving) || (option.pMeetDeadline > 0 && option.pMeetDeadline < 1))
            out << PlanText::tr("Meets the %1 deadline with %2 probability.")
                       .arg(durationText(c.deadlineHours), percent(option.pMeetDeadline));
        else if (option.pMeetDeadline >= 1)
            out << PlanText::tr("Meets the %1 deadline.").arg(durationText(c.deadlineHours));
        else
            out << PlanText::tr("Misses the %1 deadline by %2.")
                       .arg(durationText(c.deadlineHours),
                            durationText((option.timeP50 > c.deadlineHours ? option.timeP50 : option.timeP90)
                                         - c.deadlineHours));
    }
    if (c.budget > 0) {
        if (option.pMeetBudget >= 1)
            out << PlanText::tr("Within the %1 budget.").arg(formatMoney(c.budget, cur));
        else if (option.pMeetBudget > 0)
            out << PlanText::tr("Stays within the %1 budget with %2 probability.")
                       .arg(formatMoney(c.budget, cur), percent(option.pMeetBudget));
        else
            out << PlanText::tr("Over the %1 budget.").arg(formatMoney(c.budget, cur));
    }
    if (option.extras > 0)
        out << PlanText::tr("Includes %1 of storage and egress.").arg(formatMoney(option.extras, cur));
    if (o.currency != cur)
        out << PlanText::tr("Priced in %1, shown in %2.").arg(o.currency, cur);
    return out;
}

QString recommendationText(const Planner &planner, const PlanRequest &request)
{
    const PlanResult &r = planner.result();
    if (r.recommended < 0)
        return PlanText::tr("No offer can run this workload under the constraints.");
    const PlanOption &best = r.options[std::size_t(r.recommended)];
    const Offer &o = planner.offer(best);
    const Constraints &c = request.constraints;
    QStringList goals;
    if (c.deadlineHours > 0)
        goals << PlanText::tr("the %1 deadline").arg(durationText(c.deadlineHours));
    if (c.budget > 0)
        goals << PlanText::tr("the %1 budget").arg(formatMoney(c.budget, request.displayCurrency));
    const QString what = goals.join(PlanText::tr(" and "));
    QString text;
    if (best.pMeetBoth >= c.confidence) {
        text = goals.isEmpty() ? PlanText::tr("%1: the cheapest option.").arg(optionShortName(o, best))
                               : PlanText::tr("%1: the cheapest option that meets %2 with at least %3 probability.")
                                     .arg(optionShortName(o, best), what, percent(c.confidence));
    } else {
        text = PlanText::tr("No option meets %1 with %2 probability; %3 gives the best chance (%4).")
                   .arg(what, percent(c.confidence), optionShortName(o, best), percent(best.pMeetBoth));
    }
    text += PlanText::tr(" Expected cost %1").arg(formatMoney(best.cost, request.displayCurrency));
    if (request.workload.kind != WorkloadKind::Inference)
        text += PlanText::tr(", %1 (P90 %2)").arg(durationText(best.timeP50), durationText(best.timeP90));
    text += PlanText::tr(".", "ends the expected-cost sentence");
    // The age of the price it rests on: the stale note says it when old, this sentence otherwise.
    if (const QString stale = staleNote(o, request, best); !stale.isEmpty()) {
        text += u' ' + stale;
        if (!best.derivedCommitment()) {
            if (const QString fresher = fresherComparableNote(o, planner, request); !fresher.isEmpty())
                text += u' ' + fresher;
        }
    } else if (!best.derivedCommitment()) {
        text += u' ' + PlanText::tr("Its price was observed on %1.").arg(o.ageDate().left(10));
    }
    if (r.cheapestOnDemand >= 0 && r.cheapestOnDemand != r.recommended) {
        const PlanOption &od = r.options[std::size_t(r.cheapestOnDemand)];
        if (od.cost > 0 && best.cost < od.cost)
            text += PlanText::tr(" %1 below the cheapest on-demand option (%2 %3 in %4 at %5).")
                        .arg(percent(1.0 - best.cost / od.cost), planner.offer(od).providerLabel(), planner.offer(od).instanceType,
                             planner.offer(od).region, formatMoney(od.cost, request.displayCurrency));
    }
    if (const QString missing = missingCommitmentNote(planner, request); !missing.isEmpty())
        text += u' ' + missing;
    return text;
}

QString noCommitmentPriceText(const Offer &offer, bool wholePlan)
{
    QString how;
    if (offer.provider == u"alicloud")
        how = PlanText::tr("refresh Alibaba Cloud from its published price file, which lists 1-, 12- and 36-month "
                           "subscriptions and needs no account (gpu-planner-cli refresh --source native --provider "
                           "alicloud, or Tools ▸ Refresh prices… with the provider's own API)");
    else if (offer.provider == u"tencentcloud")
        how = PlanText::tr("refresh Tencent Cloud from its price API with an account (Settings ▸ API keys, or "
                           "GPUPLANNER_TENCENT_SECRET_ID and GPUPLANNER_TENCENT_SECRET_KEY with gpu-planner-cli "
                           "refresh --source native --provider tencentcloud)");
    else if (offer.provider == u"huaweicloud")
        how = PlanText::tr("refresh Huawei Cloud from its price API with an account (Settings ▸ API keys, or the "
                           "GPUPLANNER_HUAWEI_* variables with gpu-planner-cli refresh --source native --provider "
                           "huaweicloud)");
    const QString what = wholePlan
        ? PlanText::tr("No option of this plan has a subscription or reserved price in the catalog (%1 is priced "
                       "pay-as-you-go only here).")
              .arg(offer.providerLabel())
        : PlanText::tr("The catalog has no subscription or reserved price for %1 %2 in %3.")
              .arg(offer.providerLabel(), offer.instanceType, offer.region);
    if (how.isEmpty())
        return what + u' '
               + PlanText::tr("If the provider sells one, add its dated quote as a negotiated term (provider, quoted "
                              "price or discount, term, source and date) to compare it.");
    return what + u' '
           + PlanText::tr("To compare one, %1, or add a dated quote as a negotiated term (quoted price or discount, "
                          "term, source and date).")
                 .arg(how);
}

QString missingCommitmentNote(const Planner &planner, const PlanRequest &request)
{
    const PlanResult &r = planner.result();
    const QList<Billing> &asked = request.constraints.billing;
    if (r.recommended < 0 || (!asked.contains(Billing::Reserved) && !asked.contains(Billing::SavingsPlan)))
        return {};
    for (int i = 0; i < r.usable; ++i) {
        const Billing b = r.options[std::size_t(i)].billing;
        if (b == Billing::Reserved || b == Billing::SavingsPlan)
            return {};
    }
    return noCommitmentPriceText(planner.offer(r.options[std::size_t(r.recommended)]), true);
}

QJsonObject planToJson(const Planner &planner, const PlanRequest &request, int top)
{
    const PlanResult &r = planner.result();
    const int n = top > 0 ? std::min(top, r.usable) : r.usable;
    QJsonArray options;
    for (int i = 0; i < n; ++i) {
        const PlanOption &p = r.options[std::size_t(i)];
        const Offer &o = planner.offer(p);
        QJsonObject j;
        j.insert(QStringLiteral("rank"), i + 1);
        j.insert(QStringLiteral("provider"), o.provider);
        j.insert(QStringLiteral("provider_name"), o.providerLabel());
        j.insert(QStringLiteral("instance_type"), o.instanceType);
        j.insert(QStringLiteral("region"), o.region);
        j.insert(QStringLiteral("gpu"), o.gpu);
        j.insert(QStringLiteral("billing"), billingId(p.billing));
        if (isCommitment(p.billing)) {
            j.insert(QStringLiteral("term_months"), p.termMonths);
            j.insert(QStringLiteral("upfront"), upfrontId(p.upfront));
            j.insert(QStringLiteral("offering_class"), p.derivedCommitment() ? QString() : o.offeringClass);
            j.insert(QStringLiteral("commitment_total"), p.commitmentTotal);
            j.insert(QStringLiteral("commitment_terms"), p.commitmentTerms);
            j.insert(QStringLiteral("commitment_source"), commitmentSourceText(planner, request, p));
            if (p.derivedCommitment()) {
                // The user's own terms (a quote or a negotiated discount), dated by the user.
                const CommitmentTerm &t = request.assumptions.commitments.at(p.commitmentTerm);
                j.insert(QStringLiteral("terms"), QStringLiteral("user"));
                j.insert(QStringLiteral("quoted_on"),
                         t.quotedOn.isValid() ? QJsonValue(t.quotedOn.toString(Qt::ISODate)) : QJsonValue(QJsonValue::Null));
            }
            j.insert(QStringLiteral("cost_per_used_gpu_hour"), p.costPerUsedGpuHour);
            j.insert(QStringLiteral("break_even_utilization"), p.breakEvenUtilization);
        }
        j.insert(QStringLiteral("suspect"), o.suspect());
        if (const CalibrationEffect *c = planner.calibration(o.gpu, request))
            j.insert(QStringLiteral("calibration"), c->note);
        j.insert(QStringLiteral("instances"), p.instances);
        j.insert(QStringLiteral("gpus"), p.gpus);
        j.insert(QStringLiteral("hours"), p.hours);
        if (request.workload.kind != WorkloadKind::Inference) {
            // The expected campaign (what to budget), its P10-P90 and the tuned best case.
            j.insert(QStringLiteral("gpu_hours"), jsonNumber(p.gpuHours));
            j.insert(QStringLiteral("gpu_hours_p10"), jsonNumber(p.gpuHoursP10()));
            j.insert(QStringLiteral("gpu_hours_p90"), jsonNumber(p.gpuHoursP90()));
            j.insert(QStringLiteral("gpu_hours_tuned"), jsonNumber(p.gpuHoursTuned()));
            j.insert(QStringLiteral("hours_tuned"), jsonNumber(p.tunedHours));
        }
        j.insert(QStringLiteral("price_per_hour"), p.pricePerHour);
        j.insert(QStringLiteral("cost"), jsonNumber(p.cost));
        j.insert(QStringLiteral("cost_p50"), jsonNumber(p.costP50));
        j.insert(QStringLiteral("cost_p90"), jsonNumber(p.costP90));
        j.insert(QStringLiteral("time_p50_hours"), jsonNumber(p.timeP50));
        j.insert(QStringLiteral("time_p90_hours"), jsonNumber(p.timeP90));
        j.insert(QStringLiteral("p_meet_deadline"), p.pMeetDeadline);
        j.insert(QStringLiteral("p_meet_budget"), p.pMeetBudget);
        if (request.workload.kind == WorkloadKind::Inference) {
            j.insert(QStringLiteral("cost_per_million_output_tokens"), jsonNumber(p.costPerMillionOutputTokens));
            j.insert(QStringLiteral("cost_per_million_tokens"), jsonNumber(p.costPerMillionTokens));
            j.insert(QStringLiteral("output_tokens_served"), jsonNumber(p.outputTokensServed));
        }
        j.insert(QStringLiteral("currency"), request.displayCurrency);
        j.insert(QStringLiteral("native_currency"), o.currency);
        j.insert(QStringLiteral("fits"), p.fits);
        j.insert(QStringLiteral("pareto"), p.pareto);
        j.insert(QStringLiteral("bottleneck"), bottleneckId(p.bottleneck));
        if (p.billing == Billing::Spot) {
            j.insert(QStringLiteral("interruption_rate_monthly"), p.interruptionRate);
            j.insert(QStringLiteral("interruption_bucket"), p.interruptionPublished ? o.interruptionBucket : QString());
            j.insert(QStringLiteral("interruption_source"),
                     p.interruptionPublished ? o.interruptionSource : QStringLiteral("default"));
        }
        j.insert(QStringLiteral("reasons"), QJsonArray::fromStringList(optionReasons(planner, request, p)));
        options.append(j);
    }
    QJsonObject rec;
    rec.insert(QStringLiteral("text"), recommendationText(planner, request));
    if (r.recommended >= 0) {
        rec.insert(QStringLiteral("rank"), r.recommended < n ? r.recommended + 1 : QJsonValue());
        const PlanOption &p = r.options[std::size_t(r.recommended)];
        rec.insert(QStringLiteral("provider"), planner.offer(p).provider);
        rec.insert(QStringLiteral("provider_name"), planner.offer(p).providerLabel());
        rec.insert(QStringLiteral("instance_type"), planner.offer(p).instanceType);
        rec.insert(QStringLiteral("region"), planner.offer(p).region);
        rec.insert(QStringLiteral("billing"), billingId(p.billing));
        rec.insert(QStringLiteral("cost"), jsonNumber(p.cost));
    }
    QJsonObject out;
    out.insert(QStringLiteral("currency"), request.displayCurrency);
    out.insert(QStringLiteral("sort"), rankById(request.rankBy));
    out.insert(QStringLiteral("offers_considered"), r.offersConsidered);
    out.insert(QStringLiteral("usable_options"), r.usable);
    out.insert(QStringLiteral("options"), options);
    out.insert(QStringLiteral("recommendation"), rec);
    return out;
}

QString planToCsv(const Planner &planner, const PlanRequest &request, int top)
{
    const PlanResult &r = planner.result();
    const int n = top > 0 ? std::min(top, r.usable) : r.usable;
    QString out = QStringLiteral("rank,provider,instance_type,region,billing,instances,gpus,hours,cost,cost_p50,cost_p90,"
                                 "time_p50_hours,time_p90_hours,p_meet_deadline,p_meet_budget,currency,fits,pareto,"
                                 "bottleneck,reasons\n");
    for (int i = 0; i < n; ++i) {
        const PlanOption &p = r.options[std::size_t(i)];
        const Offer &o = planner.offer(p);
        const QStringList cells = {
            QString::number(i + 1), csvEscape(o.provider), csvEscape(o.instanceType), csvEscape(o.region),
            billingId(p.billing), QString::number(p.instances), QString::number(p.gpus),
            QString::number(p.hours, 'f', 2), QString::number(p.cost, 'f', 2), QString::number(p.costP50, 'f', 2),
            QString::number(p.costP90, 'f', 2), QString::number(p.timeP50, 'f', 2), QString::number(p.timeP90, 'f', 2),
            QString::number(p.pMeetDeadline, 'f', 3), QString::number(p.pMeetBudget, 'f', 3), request.displayCurrency,
            p.fits ? QStringLiteral("true") : QStringLiteral("false"),
            p.pareto ? QStringLiteral("true") : QStringLiteral("false"), bottleneckId(p.bottleneck),
            csvEscape(optionReasons(planner, request, p).join(u' '))};
        out += cells.join(u',') + u'\n';
    }
    return out;
}

QString planToTable(const Planner &planner, const PlanRequest &request, int top)
{
    const PlanResult &r = planner.result();
    const int n = top > 0 ? std::min(top, r.usable) : r.usable;
    const QString &cur = request.displayCurrency;
    TextTable table({QStringLiteral("#"), QStringLiteral("Provider"), QStringLiteral("Instance"), QStringLiteral("Region"),
                     QStringLiteral("Billing"), QStringLiteral("GPUs"), QStringLiteral("Time P50"),
                     QStringLiteral("Time P90"), QStringLiteral("Cost P50"), QStringLiteral("Cost P90"),
                     QStringLiteral("P(meet)"), QStringLiteral("Pareto")},
                    {true, false, false, false, false, true, true, true, true, true, true, false});
    for (int i = 0; i < n; ++i) {
        const PlanOption &p = r.options[std::size_t(i)];
        const Offer &o = planner.offer(p);
        table.addRow({QString::number(i + 1), o.provider, o.instanceType, o.region, optionBillingText(o, p),
                      QStringLiteral("%1 x %2").arg(p.instances).arg(int(o.gpuCount)), durationText(p.timeP50),
                      durationText(p.timeP90), formatMoney(p.costP50, cur), formatMoney(p.costP90, cur),
                      percent(p.pMeetBoth), p.pareto ? QStringLiteral("*") : QString()});
    }
    QString out = table.render();
    out += QStringLiteral("\n%1 usable option(s) from %2 offer(s); amounts in %3.\n\nRecommendation: %4\n")
               .arg(r.usable).arg(r.offersConsidered).arg(cur, recommendationText(planner, request));
    // Where a row's speed came from, once per GPU model shown.
    QStringList calibrated;
    for (int i = 0; i < n; ++i) {
        const QString &gpu = planner.offer(r.options[std::size_t(i)]).gpu;
        const CalibrationEffect *c = planner.calibration(gpu, request);
        const QString line = c ? QStringLiteral("  %1: %2\n").arg(gpu, c->note) : QString();
        if (c && !calibrated.contains(line))
            calibrated << line;
    }
    if (!calibrated.isEmpty())
        out += QStringLiteral("\nCalibrations:\n") + calibrated.join(QString());
    return out;
}

} // namespace gpuplanner::core
