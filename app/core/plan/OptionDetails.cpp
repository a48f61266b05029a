#include "core/plan/OptionDetails.h"

#include "core/cost/Money.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/Explain.h"
#include "core/estimate/Hardware.h"
#include "core/plan/PlanExplain.h"

#include <QCoreApplication>
#include <QLocale>

// Words for people go through Qt's translations under this context (see PlanExplain.cpp).
class DetailText
{
    Q_DECLARE_TR_FUNCTIONS(DetailText)
};

namespace gpuplanner::core {

namespace {

constexpr double kGib = 1024.0 * 1024.0 * 1024.0;

QString gib(double bytes)
{
    return QLocale().toString(bytes / kGib, 'f', 1);
}

QString seconds(double s)
{
    return s >= 10 ? QLocale().toString(s, 'f', 0) : QLocale().toString(s, 'f', 2);
}

QString intraLinkText(const ClusterConfig &c, const Offer &offer)
{
    const QString name = !offer.interconnect.isEmpty() ? offer.interconnect
                         : c.intraLink == IntraLink::NvSwitch ? DetailText::tr("NVSwitch")
                         : c.intraLink == IntraLink::NvLinkBridge ? DetailText::tr("NVLink bridge")
                                                                  : DetailText::tr("PCIe");
    if (c.gpusPerInstance <= 1)
        return DetailText::tr("%1 (one GPU per instance)").arg(name);
    return DetailText::tr("%1, about %2 GB/s per GPU").arg(name, QLocale().toString(c.intraBandwidthGbs(), 'f', 0));
}

QString networkText(const Offer &offer)
{
    QString rdma;
    switch (offer.rdma) {
    case RdmaKind::InfiniBand: rdma = DetailText::tr("InfiniBand (RDMA)"); break;
    case RdmaKind::Efa: rdma = DetailText::tr("EFA (RDMA)"); break;
    case RdmaKind::RoCE: rdma = DetailText::tr("RoCE (RDMA)"); break;
    case RdmaKind::None: rdma = DetailText::tr("no RDMA"); break;
    }
    if (!offer.networkGbps)
        return DetailText::tr("%1; bandwidth not published (100 Gbit/s assumed)").arg(rdma);
    return DetailText::tr("%1 Gbit/s per instance, %2").arg(QLocale().toString(*offer.networkGbps, 'f', 0), rdma);
}

QString memoryText(const Estimate &e)
{
    const MemoryBreakdown &m = e.memory;
    QStringList parts;
    auto add = [&](double bytes, const QString &what) {
        if (bytes > 0)
            parts.append(DetailText::tr("%1 %2").arg(what, gib(bytes)));
    };
    add(m.weights, DetailText::tr("weights"));
    add(m.gradients, DetailText::tr("gradients"));
    add(m.optimizer, DetailText::tr("optimizer"));
    add(m.activations, DetailText::tr("activations"));
    add(m.kvCache, DetailText::tr("KV cache"));
    add(m.overhead, DetailText::tr("overhead"));
    return DetailText::tr("%1 of %2 GiB (%3)").arg(gib(m.total()), gib(e.memoryCapacityBytes), parts.join(QStringLiteral(", ")));
}

void addEstimate(QList<DetailSection> &out, const Offer &offer, const GpuModel &gpu, const PlanRequest &request,
                 const PlanOption &option, const CalibrationEffect *calibration)
{
    const GpuSpec spec = calibration && calibration->applies ? calibration->spec : gpuSpecFromModel(gpu);
    const ClusterConfig cluster = clusterFromOffer(spec, offer, std::max(1, option.instances));
    const Estimate e = estimate(request.workload, cluster);
    const WorkloadKind kind = request.workload.kind;
    const bool serving = kind == WorkloadKind::Inference;

    DetailSection layout{DetailText::tr("Layout"), {}};
    layout.lines.append({DetailText::tr("Instances"), DetailText::tr("%1 x %2 = %3 x %4")
                                                          .arg(option.instances)
                                                          .arg(offer.instanceType)
                                                          .arg(option.gpus)
                                                          .arg(offer.gpu)});
    if (e.fits)
        layout.lines.append({DetailText::tr("Parallelism"), layoutText(e, kind)});
    if (serving && e.fits)
        layout.lines.append({DetailText::tr("Latency"), DetailText::tr("first token %1 s, then %2 s per token")
                                                            .arg(seconds(e.ttftSeconds), seconds(e.tpotSeconds))});
    out.append(layout);

    DetailSection hardware{DetailText::tr("Hardware"), {}};
    hardware.lines.append({DetailText::tr("GPU"), gpu.memoryGib ? DetailText::tr("%1, %2 GiB each").arg(offer.gpu).arg(*gpu.memoryGib)
                                                               : offer.gpu});
    if (calibration && calibration->applies)
        hardware.lines.append({DetailText::tr("Calibration"), calibration->note});
    hardware.lines.append({DetailText::tr("Between GPUs"), intraLinkText(cluster, offer)});
    hardware.lines.append({DetailText::tr("Between instances"), networkText(offer)});
    if (e.memoryCapacityBytes > 0)
        hardware.lines.append({DetailText::tr("Memory per GPU"), memoryText(e)});
    out.append(hardware);

    if (!e.fits)
        return;
    DetailSection speed{DetailText::tr("Speed"), {}};
    const QString unit = e.throughputInTokens ? DetailText::tr("tokens/s") : DetailText::tr("samples/s");
    speed.lines.append({DetailText::tr("Throughput"), DetailText::tr("%1 %2").arg(QLocale().toString(e.throughput, 'f', 0), unit)});
    if (!serving && e.mfu > 0)
        speed.lines.append({DetailText::tr("MFU"), DetailText::tr("%1 of the %2 TFLOP/s peak per GPU")
                                                       .arg(percentText(e.mfu), QLocale().toString(e.peakTflops, 'f', 0))});
    if (e.stepSeconds > 0)
        speed.lines.append({DetailText::tr("Step"), DetailText::tr("%1 s: compute %2, tensor-parallel %3, pipeline bubble %4, "
                                                                   "data-parallel %5 (exposed %6)")
                                                        .arg(seconds(e.stepSeconds), seconds(e.computeSeconds),
                                                             seconds(e.tensorParallelSeconds), seconds(e.bubbleSeconds),
                                                             seconds(e.dataParallelSeconds), seconds(e.dataParallelExposedSeconds))});
    if (e.goodput < 1)
        speed.lines.append({DetailText::tr("Goodput"), DetailText::tr("%1 of wall time does useful work").arg(percentText(e.goodput))});
    speed.lines.append({DetailText::tr("Bottleneck"), bottleneckText(e.bottleneck)});
    out.append(speed);
}

} // namespace

QList<DetailSection> optionDetails(const Offer &offer, const GpuModel *gpu, const PlanRequest &request,
                                   const PlanOption &option, const CalibrationEffect *calibration,
                                   const QList<Offer> *catalog)
{
    QList<DetailSection> out;
    if (gpu)
        addEstimate(out, offer, *gpu, request, option, calibration);
    if (!option.fits)
        return out;

    const QString &cur = request.displayCurrency;
    const Constraints &c = request.constraints;
    DetailSection run{DetailText::tr("Time and cost"), {}};
    run.lines.append({DetailText::tr("Time"), option.billing == Billing::Spot
                                                  ? DetailText::tr("P50 %1, P90 %2 (without interruptions %3)")
                                                        .arg(durationText(option.timeP50), durationText(option.timeP90),
                                                             durationText(option.hours))
                                                  : option.timeP90 > option.hours * (1 + 1e-9)
                                                  ? DetailText::tr("expected %1, P90 %2")
                                                        .arg(durationText(option.hours), durationText(option.timeP90))
                                                  : durationText(option.hours)});
    if (request.workload.kind != WorkloadKind::Inference && option.tunedHours > 0) {
        // Training: the expected campaign is what to budget; its range and the best case beside it.
        const bool ranged = option.rangeLow < 1.0f || option.rangeHigh > 1.0f;
        run.lines.append({DetailText::tr("GPU-hours"),
                          ranged ? DetailText::tr("%1 expected, the figure to budget (P10 %2, P90 %3)")
                                       .arg(QLocale().toString(option.gpuHours, 'f', 0),
                                            QLocale().toString(option.gpuHoursP10(), 'f', 0),
                                            QLocale().toString(option.gpuHoursP90(), 'f', 0))
                                 : QLocale().toString(option.gpuHours, 'f', 0)});
        run.lines.append({DetailText::tr("Best case"), DetailText::tr("%1 GPU-hours in %2: a tuned stack, no incidents")
                                                           .arg(QLocale().toString(option.gpuHoursTuned(), 'f', 0),
                                                                durationText(option.tunedHours))});
    } else {
        run.lines.append({DetailText::tr("GPU-hours"), QLocale().toString(option.gpuHours, 'f', 0)});
    }
    run.lines.append({DetailText::tr("Cost"), DetailText::tr("expected %1, P50 %2, P90 %3")
                                                  .arg(formatMoney(option.cost, cur), formatMoney(option.costP50, cur),
                                                       formatMoney(option.costP90, cur))});
    run.lines.append({DetailText::tr("Cost split"), DetailText::tr("GPUs %1, storage and egress %2")
                                                        .arg(formatMoney(option.cost - option.extras, cur),
                                                             formatMoney(option.extras, cur))});
    if (option.costPerMillionOutputTokens > 0)
        run.lines.append({DetailText::tr("Per million tokens"),
                          DetailText::tr("%1 per million output tokens, %2 per million tokens in and out: the whole "
                                         "cost over the %3 output tokens served at your demand")
                              .arg(formatMoney(option.costPerMillionOutputTokens, cur),
                                   formatMoney(option.costPerMillionTokens, cur),
                                   QLocale().toString(option.outputTokensServed, 'g', 3))});
    if (isCommitment(option.billing))
        run.lines.append({DetailText::tr("Commitment"), DetailText::tr("%1 in all over %2 term(s), used or not; break-even at %3 use")
                                                            .arg(formatMoney(option.commitmentTotal, cur))
                                                            .arg(option.commitmentTerms)
                                                            .arg(percentText(option.breakEvenUtilization))});
    if (c.deadlineHours > 0)
        run.lines.append({DetailText::tr("Meets the deadline"), percentText(option.pMeetDeadline)});
    if (c.budget > 0)
        run.lines.append({DetailText::tr("Within the budget"), percentText(option.pMeetBudget)});
    out.append(run);

    DetailSection price{DetailText::tr("Price"), {}};
    price.lines.append({DetailText::tr("Per instance-hour"), offer.currency == cur
                                                                 ? formatMoney(option.pricePerHour, cur)
                                                                 : DetailText::tr("%1 (%2 in %3)")
                                                                       .arg(formatMoney(option.pricePerHour, cur),
                                                                            formatMoney(offer.pricePerHour, offer.currency),
                                                                            offer.currency)});
    price.lines.append({DetailText::tr("Source"), isCommitment(option.billing)
                                                      ? commitmentSourceText(offer, request, option)
                                                      : DetailText::tr("%1, as of %2").arg(offer.source, offer.effectiveDate)});
    // The user's own terms carry their own date (in the source line above), not the catalog's.
    if (!option.derivedCommitment()) {
        price.lines.append({DetailText::tr("Price observed"), priceAgeText(offer)});
        if (const QString stale = staleNote(offer); !stale.isEmpty()) {
            QString fresher;
            if (catalog) {
                // Among the providers the scenario names, as the recommendation's note.
                QList<Offer> within;
                for (const Offer &candidate : *catalog) {
                    if (!request.constraints.providers.isEmpty() && request.constraints.providers.contains(candidate.provider))
                        within.append(candidate);
                }
                fresher = fresherComparableNote(offer, request.constraints.providers.isEmpty() ? *catalog : within);
            }
            price.lines.append({DetailText::tr("Age"), fresher.isEmpty() ? stale : stale + u' ' + fresher});
        }
    }
    if (option.billing == Billing::Spot)
        price.lines.append({DetailText::tr("Interruptions"), option.interruptionPublished
                                                                 ? DetailText::tr("%1 a month (%2: %3)")
                                                                       .arg(percentText(option.interruptionRate),
                                                                            offer.interruptionBucket, offer.interruptionSource)
                                                                 : DetailText::tr("%1 a month (a default: no published figure)")
                                                                       .arg(percentText(option.interruptionRate))});
    out.append(price);
    return out;
}

} // namespace gpuplanner::core
