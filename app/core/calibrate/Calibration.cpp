#include "core/calibrate/Calibration.h"

#include "core/estimate/Efficiency.h"
#include "core/estimate/Estimator.h"
#include "core/plan/MeasuredReference.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace gpuplanner::core {

namespace {

// Read by people in the desktop app too: translated under this context.
class CalibrationText
{
    Q_DECLARE_TR_FUNCTIONS(CalibrationText)
};

TrainPrecision trainPrecisionOf(const QString &dtype)
{
    return dtype == u"fp32" ? TrainPrecision::Fp32 : TrainPrecision::Mixed;
}

// The matmul row that matches the training step's math.
double trainingMatmulTflops(const ProbeResult &p)
{
    if (p.training.dtype == u"fp32")
        return p.matmulTflops(QStringLiteral("fp32"));
    const double bf16 = p.matmulTflops(QStringLiteral("bf16"));
    return p.training.dtype == u"fp16" || bf16 <= 0 ? std::max(bf16, p.matmulTflops(QStringLiteral("fp16"))) : bf16;
}

QString number(double v, int decimals)
{
    return QString::number(v, 'f', decimals);
}

struct SpecCheck
{
    const char *what;
    double measured;
    double spec;
};

// The training step's model FLOP/s over the GPU's peak for its math (MFU) cannot pass 100 %:
// model FLOPs are a lower bound on the work the GPU did. The step runs on one GPU of the machine.
// fp32 steps are held to the faster of the fp32 and tf32 peaks (TF32 may be switched on outside
// the probe), 16-bit ones to the faster of bf16 and fp16.
Status checkTrainingAgainstPeak(const ProbeResult &probe, const GpuModel &gpu, const GpuSpec &spec, const QString &sourceName)
{
    const bool fp32 = probe.training.dtype == u"fp32";
    const double peak = fp32 ? std::max(spec.fp32Tflops, spec.tf32Tflops) : std::max(spec.bf16Tflops, gpu.fp16Tflops.value_or(0));
    if (peak <= 0 || probe.training.tokensPerSecond <= 0)
        return success();
    const double modelTflops = probe.training.tokensPerSecond * modelFlopsPerToken(probeTrainingWorkload(probe)) / 1e12;
    if (modelTflops <= peak)
        return success();
    return Error{QStringLiteral("%1: training.tokens_per_second %2 means %3 TFLOP/s of model math on one GPU, %4% of the %5 "
                                "%6 peak of %7 TFLOP/s (an MFU above 100 % cannot be measured): the run was not on a %5 "
                                "(pass --gpu ID) or the file is wrong")
                     .arg(sourceName, QString::number(probe.training.tokensPerSecond, 'g', 6), number(modelTflops, 1),
                          number(modelTflops / peak * 100, 0), gpu.id,
                          fp32 ? QStringLiteral("fp32/tf32") : QStringLiteral("bf16/fp16"), number(peak, 1))};
}

} // namespace

Result<QString> matchProbeGpu(const ProbeResult &probe, const QList<GpuModel> &gpus, const QString &overrideGpu,
                              const QString &sourceName)
{
    if (!overrideGpu.isEmpty()) {
        if (probe.isCpu())
            return Error{QStringLiteral("%1: a host-CPU run (options.device \"cpu\") measures no GPU; import it without --gpu")
                             .arg(sourceName)};
        const GpuModel *m = findGpuModel(gpus, overrideGpu);
        if (!m)
            return Error{QStringLiteral("--gpu: '%1' is not a GPU model in the catalog (see `gpu-planner-cli gpus`)").arg(overrideGpu)};
        return m->id;
    }
    if (probe.isCpu())
        return QString();
    QStringList names{probe.gpuName};
    QString stripped = probe.gpuName;
    for (const char *prefix : {"NVIDIA ", "Tesla ", "Quadro ", "AMD "}) {
        if (stripped.startsWith(QLatin1String(prefix), Qt::CaseInsensitive))
            stripped = stripped.mid(qsizetype(qstrlen(prefix)));
    }
    names << stripped << QString(stripped).replace(u' ', u'-');
    for (const QString &name : names) {
        if (const GpuModel *m = findGpuModel(gpus, name.trimmed()))
            return m->id;
    }
    return Error{QStringLiteral("%1: GPU \"%2\" is not a GPU model in the catalog; pass --gpu ID with the model it is "
                                "(see `gpu-planner-cli gpus`)")
                     .arg(sourceName, probe.gpuName)};
}

Status checkProbeAgainstSpec(const ProbeResult &probe, const GpuModel &gpu, const QString &sourceName)
{
    if (probe.gpuMemoryGib && gpu.memoryGib) {
        // The spec table lists marketing GB; torch reports GiB, a little less usable.
        const double ratio = *probe.gpuMemoryGib / *gpu.memoryGib;
        if (ratio > kProbeMemoryAboveSpecLimit || ratio < 0.8) {
            return Error{QStringLiteral("%1: the run reports %2 GiB per GPU but %3 has %4 GB: another GPU model than %3 "
                                        "(pass --gpu ID)")
                             .arg(sourceName, number(*probe.gpuMemoryGib, 1), gpu.id, number(*gpu.memoryGib, 0))};
        }
    }
    // The step's peak memory against the spec as well: the run's own memory size may be null in the file.
    if (const auto peak = probe.training.peakMemoryGib; peak && gpu.memoryGib && *peak > *gpu.memoryGib * kProbeMemoryAboveSpecLimit) {
        return Error{QStringLiteral("%1: training.peak_memory_gib %2 GiB is more than the %3 GB of one %4: the run was not on a %4 "
                                    "(pass --gpu ID) or the file is wrong")
                         .arg(sourceName, number(*peak, 1), number(*gpu.memoryGib, 0), gpu.id)};
    }
    const GpuSpec spec = gpuSpecFromModel(gpu);
    if (auto mfu = checkTrainingAgainstPeak(probe, gpu, spec, sourceName); !mfu)
        return mfu;
    const SpecCheck checks[] = {
        {"fp32 matmul", probe.matmulTflops(QStringLiteral("fp32")), spec.fp32Tflops},
        {"tf32 matmul", probe.matmulTflops(QStringLiteral("tf32")), spec.tf32Tflops},
        {"bf16 matmul", probe.matmulTflops(QStringLiteral("bf16")), spec.bf16Tflops},
        {"fp16 matmul", probe.matmulTflops(QStringLiteral("fp16")), gpu.fp16Tflops.value_or(spec.bf16Tflops)},
        {"fp8 matmul", probe.matmulTflops(QStringLiteral("fp8")), spec.fp8Tflops},
        {"memory bandwidth", probe.memoryBandwidthGbs, spec.memoryBandwidthGbs},
    };
    for (const SpecCheck &c : checks) {
        if (c.measured <= 0 || c.spec <= 0)
            continue;
        const double share = c.measured / c.spec;
        const bool bandwidth = qstrcmp(c.what, "memory bandwidth") == 0;
        const QString unit = bandwidth ? QStringLiteral("GB/s") : QStringLiteral("TFLOP/s");
        if (share > kProbeAboveSpecLimit) {
            return Error{QStringLiteral("%1: %2 measured %3 %4, above the %5 spec of %6 %4 by more than %7%: the run was "
                                        "not on a %5 (pass --gpu ID) or its spec row is wrong")
                             .arg(sourceName, QLatin1String(c.what), number(c.measured, 1), unit, gpu.id,
                                  number(c.spec, 1), number((kProbeAboveSpecLimit - 1) * 100, 0))};
        }
        // fp32 on parts without a tf32 path, and tf32 itself, often reach far less than peak
        // through PyTorch's defaults; only the tensor formats and bandwidth are held to the floor.
        const bool tensor = bandwidth || qstrcmp(c.what, "bf16 matmul") == 0 || qstrcmp(c.what, "fp16 matmul") == 0;
        if (tensor && share < kProbeBelowSpecLimit) {
            return Error{QStringLiteral("%1: %2 measured %3 %4, under %5% of the %6 spec of %7 %4: the GPU was shared, "
                                        "throttled or not the one the run names")
                             .arg(sourceName, QLatin1String(c.what), number(c.measured, 1), unit,
                                  number(kProbeBelowSpecLimit * 100, 0), gpu.id, number(c.spec, 1))};
        }
    }
    return success();
}

Workload probeTrainingWorkload(const ProbeResult &probe)
{
    const ProbeTraining &t = probe.training;
    Workload w;
    w.kind = WorkloadKind::Pretrain;
    w.model.params = t.parameters;
    w.model.layers = t.layers;
    w.model.hidden = t.hidden;
    w.model.heads = t.heads;
    w.model.ffn = t.ffnHidden;
    w.model.vocab = t.vocab;
    w.model.seqLen = t.seqLen;
    w.training.precision = trainPrecisionOf(t.dtype);
    w.training.globalBatch = t.microBatch;
    w.training.microBatch = t.microBatch;
    w.training.recompute = Recompute::None;
    w.training.sharding = Sharding::None;
    w.training.tokens = double(t.microBatch) * t.seqLen * 1000.0; // a thousand steps
    w.goodputOverride = 1.0;
    w.startupHours = 0;
    return w;
}

double measuredTrainingEfficiency(const ProbeResult &probe, const GpuSpec &spec)
{
    const Workload w = probeTrainingWorkload(probe);
    const double peak = spec.peakTflops(mathPrecision(w.training.precision)) * 1e12;
    if (peak <= 0 || probe.training.tokensPerSecond <= 0)
        return 0;
    return probe.training.tokensPerSecond * modelFlopsPerToken(w) / peak;
}

namespace {

// The probe's own step on one device of spec s, estimated.
double estimatedProbeRate(const GpuSpec &s, const ProbeResult &probe)
{
    ClusterConfig c;
    c.gpu = s;
    const Estimate e = estimate(probeTrainingWorkload(probe), c);
    return e.fits ? e.throughput : 0.0;
}

// The scale that makes the estimate of the probe's own step match what it measured. The step on
// one device is compute time over efficiency, so one ratio does it; a second pass absorbs any
// part of the step that does not move with efficiency.
GpuSpec withTrainingScale(GpuSpec s, const ProbeResult &probe)
{
    s.trainingEfficiencyScale = 1;
    s.trainingScaleHidden = probe.training.hidden;
    s.trainingScaleBand = probe.quick ? 1.0 : kTrainingScaleWidthBand;
    const double measured = probe.training.tokensPerSecond;
    if (measured <= 0)
        return s;
    for (int pass = 0; pass < 2; ++pass) {
        const double estimated = estimatedProbeRate(s, probe);
        if (estimated <= 0)
            return s;
        s.trainingEfficiencyScale *= measured / estimated;
    }
    s.trainingMeasured = true;
    return s;
}

} // namespace

GpuSpec measuredDeviceSpec(const ProbeResult &probe)
{
    GpuSpec s;
    s.memoryGib = probe.isCpu() ? probe.hostMemoryGib : probe.gpuMemoryGib.value_or(0);
    s.memoryBandwidthGbs = probe.memoryBandwidthGbs;
    s.fp32Tflops = probe.matmulTflops(QStringLiteral("fp32"));
    s.tf32Tflops = probe.matmulTflops(QStringLiteral("tf32"));
    s.bf16Tflops = std::max(probe.matmulTflops(QStringLiteral("bf16")), probe.matmulTflops(QStringLiteral("fp16")));
    s.fp8Tflops = probe.matmulTflops(QStringLiteral("fp8"));
    s.mamfEfficiency = 1.0; // the peaks above are measured GEMM rates already
    s.measuredBusGbs = probe.allReduceBusGbs.value_or(0);
    return withTrainingScale(s, probe);
}

GpuSpec calibratedSpec(const GpuSpec &base, const ProbeResult &probe)
{
    GpuSpec s = base;
    const double peak = s.peakTflops(mathPrecision(trainPrecisionOf(probe.training.dtype)));
    const double gemm = trainingMatmulTflops(probe);
    if (peak > 0 && gemm > 0)
        s.mamfEfficiency = std::clamp(gemm / peak, 0.05, 1.0);
    if (probe.memoryBandwidthGbs > 0)
        s.memoryBandwidthGbs = probe.memoryBandwidthGbs;
    if (probe.allReduceBusGbs)
        s.measuredBusGbs = *probe.allReduceBusGbs;
    return withTrainingScale(s, probe);
}

QString calibrationNote(const Calibration &c)
{
    const ProbeResult &p = c.probe;
    const QString reach = p.quick
        ? CalibrationText::tr("its --quick training step sets the step efficiency of hidden size %1 only").arg(p.training.hidden)
        : CalibrationText::tr("its training step sets the step efficiency of hidden sizes %1 to %2")
              .arg(int(std::ceil(p.training.hidden / kTrainingScaleWidthBand)))
              .arg(int(std::floor(p.training.hidden * kTrainingScaleWidthBand)));
    return CalibrationText::tr("calibrated from your measurement of %1 on %2 (%3, probe %4; %5)")
        .arg(p.startedAt.date().toString(Qt::ISODate), p.host, p.deviceLabel(), p.probeVersion, reach);
}

CalibrationSet::CalibrationSet(QList<Calibration> calibrations, const QList<GpuModel> &gpus)
{
    for (Calibration &c : calibrations) {
        if (!c.gpuId.isEmpty())
            m_calibrations.append(std::move(c));
    }
    std::stable_sort(m_calibrations.begin(), m_calibrations.end(),
                     [](const Calibration &a, const Calibration &b) { return a.probe.startedAt > b.probe.startedAt; });
    for (const GpuModel &g : gpus) {
        m_vendors.insert(g.id, g.vendor);
        for (const Calibration &c : m_calibrations) {
            if (c.gpuId == g.id) {
                m_baseSpecs.insert(g.id, gpuSpecFromModel(g));
                break;
            }
        }
    }
}

CalibrationEffect CalibrationSet::effectFor(const GpuModel &gpu, const GpuSpec &defaultSpec) const
{
    CalibrationEffect e;
    for (const Calibration &c : m_calibrations) {
        if (c.gpuId == gpu.id) {
            e.applies = e.direct = true;
            e.calibrationId = c.id;
            e.spec = calibratedSpec(defaultSpec, c.probe);
            e.note = calibrationNote(c);
            return e;
        }
    }
    // The nearest run: same generation first, then the closest half-precision peak.
    const Calibration *nearest = nullptr;
    double bestScore = 0;
    for (const Calibration &c : m_calibrations) {
        if (m_vendors.value(c.gpuId) != gpu.vendor || !m_baseSpecs.contains(c.gpuId))
            continue;
        const GpuSpec &base = m_baseSpecs[c.gpuId];
        if (base.bf16Tflops <= 0 || defaultSpec.bf16Tflops <= 0)
            continue;
        const double score = (base.generation == defaultSpec.generation ? 0.0 : 10.0)
            + std::abs(std::log(defaultSpec.bf16Tflops / base.bf16Tflops));
        if (!nearest || score < bestScore) {
            nearest = &c;
            bestScore = score;
        }
    }
    if (!nearest)
        return e;
    const GpuSpec &base = m_baseSpecs[nearest->gpuId];
    const GpuSpec measured = calibratedSpec(base, nearest->probe);
    e.applies = true;
    e.calibrationId = nearest->id;
    e.fromGpu = nearest->gpuId;
    e.spec = defaultSpec;
    e.spec.mamfEfficiency = measured.mamfEfficiency;
    e.spec.trainingEfficiencyScale = measured.trainingEfficiencyScale;
    e.spec.trainingScaleHidden = measured.trainingScaleHidden;
    e.spec.trainingScaleBand = measured.trainingScaleBand;
    if (base.memoryBandwidthGbs > 0 && defaultSpec.memoryBandwidthGbs > 0)
        e.spec.memoryBandwidthGbs = defaultSpec.memoryBandwidthGbs * measured.memoryBandwidthGbs / base.memoryBandwidthGbs;
    e.note = CalibrationText::tr("scaled by spec ratio (bf16 peak %1 vs %2 TFLOP/s) from your measurement of %3 on %4 (%5): "
                                 "that run's GEMM share of peak (%6%) and training-step ratio replace this GPU's defaults, "
                                 "its memory bandwidth is scaled in proportion")
                 .arg(number(defaultSpec.bf16Tflops, 0), number(base.bf16Tflops, 0),
                      nearest->probe.startedAt.date().toString(Qt::ISODate), nearest->probe.host, nearest->gpuId,
                      number(measured.mamfEfficiency * 100, 0));
    return e;
}

} // namespace gpuplanner::core
