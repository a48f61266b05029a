// The campaign figures of a training estimate in words and JSON: the expected campaign, its
// P10-P90 range and the tuned best case, with where each term comes from.

#include "core/estimate/Campaign.h"
#include "core/estimate/Explain.h"

#include <QJsonObject>

#include <cmath>

namespace gpuplanner::core {

namespace {

QString hoursText(double gpuHours)
{
    if (gpuHours >= 1e6)
        return QStringLiteral("%1 M").arg(gpuHours / 1e6, 0, 'f', 2);
    if (gpuHours >= 1e4)
        return QStringLiteral("%1 k").arg(gpuHours / 1e3, 0, 'f', 1);
    return QString::number(gpuHours, 'f', gpuHours >= 100 ? 0 : 1);
}

QString factorText(double f)
{
    return QStringLiteral("x %1").arg(f, 0, 'f', 2);
}

QString generationName(CampaignGeneration g)
{
    switch (g) {
    case CampaignGeneration::Volta:
        return QStringLiteral("V100");
    case CampaignGeneration::Ampere:
        return QStringLiteral("A100/A800");
    case CampaignGeneration::Hopper:
        return QStringLiteral("H100/H800");
    case CampaignGeneration::Other:
        break;
    }
    return {};
}

} // namespace

QString rangeBasisId(RangeBasis b)
{
    switch (b) {
    case RangeBasis::Campaigns:
        return QStringLiteral("published_campaigns");
    case RangeBasis::SteadyState:
        return QStringLiteral("tuned_steady_state");
    case RangeBasis::None:
        break;
    }
    return QStringLiteral("none");
}

QStringList campaignAssumptions(const Workload &w, const ClusterConfig &c, const Estimate &e)
{
    QStringList out;
    const CampaignRange &r = e.campaign;
    if (!e.fits || w.kind == WorkloadKind::Inference)
        return out;
    const CampaignModel &m = publishedCampaignModel();
    const QString range = QStringLiteral("P10 %1 to P90 %2 GPU-hours").arg(hoursText(e.gpuHoursP10()), hoursText(e.gpuHoursP90()));
    const QString best = QStringLiteral("Best case, a tuned stack at steady state with no incidents: %1 GPU-hours "
                                        "(%2 h wall time); budget on the expected figure, not on this.")
                             .arg(hoursText(r.tunedGpuHours))
                             .arg(r.tunedWallTimeHours, 0, 'f', 1);
    switch (r.basis) {
    case RangeBasis::Campaigns: {
        if (r.factorApplied) {
            const CampaignGeneration g = campaignGeneration(c.gpu.generation);
            const QString generation = g == CampaignGeneration::Other
                ? QStringLiteral("no published campaigns on this GPU's generation: the all-generation figure %1")
                      .arg(factorText(r.generationFactor))
                : QStringLiteral("%1 campaigns %2 (%3 of them)")
                      .arg(generationName(g), factorText(r.generationFactor))
                      .arg(r.generationRows);
            out << QStringLiteral("Expected campaign: %1 GPU-hours (%2), what published pre-training campaigns took "
                                  "against this model: the modelled run (tuned steady state and the goodput terms) %3; "
                                  "%4; scale %5 at %6 GPUs (%7 per doubling from %8); the campaign terms below %9. "
                                  "Fitted on %10 published campaigns (tests/data/validation-campaigns.csv, each with its "
                                  "source); the factor carries what a campaign loses beyond the modelled incidents: lower "
                                  "efficiency than a tuned benchmark, loss spikes and reruns, data stalls, evaluation.")
                       .arg(hoursText(e.gpuHours), range, factorText(r.factor), generation, factorText(r.scaleFactor))
                       .arg(e.gpus)
                       .arg(std::exp(m.perDoubling), 0, 'f', 3)
                       .arg(CampaignModel::kReferenceGpus, 0, 'f', 0)
                       .arg(factorText(r.stackFactor * r.failureFactor * r.firstRunFactor))
                       .arg(m.rows);
        } else {
            out << QStringLiteral("Expected campaign: %1 GPU-hours (%2). Your own efficiency or goodput figure "
                                  "describes the run, so no campaign factor is applied; the range is the spread of "
                                  "%3 published campaigns around the campaign model.")
                       .arg(hoursText(e.gpuHours), range)
                       .arg(m.rows);
        }
        if (r.calibrated && stackOf(w.training.campaign) == StackMaturity::Measured && !(c.gpu.trainingMeasured))
            out << QStringLiteral("Your measured MFU sets the steady state: the range keeps only the campaigns' own "
                                  "spread, without the steady-state model's (%1% log spread over %2 tuned runs).")
                       .arg(m.tunedLogSigma * 100.0, 0, 'f', 0)
                       .arg(m.tunedRows);
        else if (r.calibrated)
            out << QStringLiteral("Your calibration measured this GPU's training step: the range keeps only the "
                                  "campaigns' own spread, without the steady-state model's (%1% log spread over %2 "
                                  "tuned runs).")
                       .arg(m.tunedLogSigma * 100.0, 0, 'f', 0)
                       .arg(m.tunedRows);
        else
            out << QStringLiteral("The range is the P10-P90 of the published campaigns around the model, each "
                                  "predicted by a fit without it; a calibration on this GPU narrows it.");
        break;
    }
    case RangeBasis::SteadyState:
        out << QStringLiteral("Expected: %1 GPU-hours (%2). No published campaign data covers %3, so the expected "
                              "figure is the modelled run; %4")
                   .arg(hoursText(e.gpuHours), range,
                        w.kind == WorkloadKind::Vision ? QStringLiteral("vision training") : QStringLiteral("fine-tuning"),
                        r.calibrated ? QStringLiteral("your calibration measured this GPU's training step, so no "
                                                      "range is left from the steady-state model.")
                                     : QStringLiteral("the range is the spread of tuned steady-state runs around "
                                                      "this estimator (tests/data/validation-campaigns.csv)."));
        break;
    case RangeBasis::None:
        out << QStringLiteral("Your measured throughput sets the run: no range from published runs applies.");
        break;
    }
    out << best;
    return out;
}

void insertCampaignJson(QJsonObject &o, const Estimate &e)
{
    const CampaignRange &r = e.campaign;
    o.insert(QStringLiteral("gpu_hours_p10"), e.gpuHoursP10());
    o.insert(QStringLiteral("gpu_hours_p90"), e.gpuHoursP90());
    o.insert(QStringLiteral("gpu_hours_tuned"), r.tunedGpuHours);
    o.insert(QStringLiteral("wall_time_hours_p10"), e.wallTimeHours * r.low);
    o.insert(QStringLiteral("wall_time_hours_p90"), e.wallTimeHours * r.high);
    o.insert(QStringLiteral("wall_time_hours_tuned"), r.tunedWallTimeHours);
    const CampaignModel &m = publishedCampaignModel();
    QJsonObject c;
    c.insert(QStringLiteral("range_basis"), rangeBasisId(r.basis));
    c.insert(QStringLiteral("factor_applied"), r.factorApplied);
    c.insert(QStringLiteral("factor"), r.factor);
    c.insert(QStringLiteral("generation_factor"), r.generationFactor);
    c.insert(QStringLiteral("generation_campaigns"), r.generationRows);
    c.insert(QStringLiteral("scale_factor"), r.scaleFactor);
    c.insert(QStringLiteral("modelled_gpu_hours"), r.modelledGpuHours);
    c.insert(QStringLiteral("p10_ratio"), r.low);
    c.insert(QStringLiteral("p90_ratio"), r.high);
    c.insert(QStringLiteral("calibrated"), r.calibrated);
    c.insert(QStringLiteral("campaigns_fitted"), m.rows);
    c.insert(QStringLiteral("source"), QStringLiteral("tests/data/validation-campaigns.csv"));
    o.insert(QStringLiteral("campaign"), c);
}

} // namespace gpuplanner::core
