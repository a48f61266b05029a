#pragma once
// Calibration: a probe run stored in the catalog, mapped to the catalog's GPU model, and what
// it changes in the estimator's view of that GPU (and, scaled by spec ratio, of GPUs near it).
//
// From a run on GPU model G the estimator takes:
// - the measured dense matmul rate of the training precision, as G's best-shape GEMM share of
//   its spec peak (mamfEfficiency);
// - the measured training step: the measured tokens/s over what the estimator predicts for that
//   same step becomes trainingEfficiencyScale, so the estimate of the probe's own step
//   reproduces the measurement, and models of about its width (hidden size within
//   kTrainingScaleWidthBand of the step's) move by the same ratio; wider or narrower ones keep
//   the default step efficiency on the measured GEMM share. A --quick run's tiny step carries to
//   its own width only;
// - the measured device memory bandwidth (decode, memory-bound work);
// - the measured all-reduce bus bandwidth for steps over more than one GPU of an instance.
// A GPU model without its own run borrows the nearest run's shares (same generation first,
// then the same vendor, closest peak): its own spec peaks times the shares measured elsewhere.

#include "core/calibrate/ProbeResult.h"
#include "core/catalog/GpuModel.h"
#include "core/estimate/Hardware.h"
#include "core/estimate/Workload.h"

#include <QList>

namespace gpuplanner::core {

struct Calibration
{
    qint64 id = 0;
    QString gpuId; // catalog GPU model; empty for a host-CPU run
    ProbeResult probe;
    QString sourceFile;
    QDateTime importedAt;
};

// A measured rate above this share of the spec peak cannot be real (wrong GPU model, or a
// spec row that is wrong); below the lower share the run measured something else than the GPU
// (throttled, shared, another device). Documented in resources/probe/README.md.
inline constexpr double kProbeAboveSpecLimit = 1.10;
// How far the measured training step's ratio carries: models up to this factor wider or narrower
// than the probe's step (a design choice: one doubling of width either side, where the step's
// kernel shapes and overheads still resemble the measured ones). Documented in the README.
inline constexpr double kTrainingScaleWidthBand = 2.0;
inline constexpr double kProbeBelowSpecLimit = 0.25;
// How far memory the run reports (GiB, from torch) may pass the spec row's (marketing GB) before
// it is another part: the run's memory size and its training step's peak both.
inline constexpr double kProbeMemoryAboveSpecLimit = 1.15;

// The catalog GPU model the probe ran on (empty for a cpu run). overrideGpu is the user's
// --gpu choice. Errors: an unknown GPU name (with what to pass), an override not in the catalog.
Result<QString> matchProbeGpu(const ProbeResult &probe, const QList<GpuModel> &gpus, const QString &overrideGpu,
                              const QString &sourceName);

// Refuses a run that contradicts the GPU's spec row by more than the limits above (memory
// size, the training step's peak memory, matmul peak per precision, memory bandwidth) or whose
// training step implies an MFU above 100 % of the spec peak, naming the figure. A refused run is
// not stored: the calibration stored before it stays in use.
Status checkProbeAgainstSpec(const ProbeResult &probe, const GpuModel &gpu, const QString &sourceName);

// The probe's own training step as an estimator workload (pre-training, one micro-batch per
// step, no recomputation or sharding), for validation and the benchmark report.
Workload probeTrainingWorkload(const ProbeResult &probe);

// The spec of the measured device itself, with peaks equal to the measured matmul rates (a cpu
// run, or `estimate --calibration ID`); calibrated from the run's training step.
GpuSpec measuredDeviceSpec(const ProbeResult &probe);

// base (the spec of the GPU model the probe ran on) with the run's measurements applied.
GpuSpec calibratedSpec(const GpuSpec &base, const ProbeResult &probe);

// Measured hardware-FLOP share of the spec peak in the probe's training step; 0 when unknown.
double measuredTrainingEfficiency(const ProbeResult &probe, const GpuSpec &spec);

// What the calibrations change for one GPU model.
struct CalibrationEffect
{
    bool applies = false;
    bool direct = false; // measured on this GPU model; false = scaled from another
    qint64 calibrationId = 0;
    QString fromGpu;     // the measured GPU model when scaled
    GpuSpec spec;
    QString note;        // "calibrated from your measurement of 2026-11-30 on host-1 (...)"
};

class CalibrationSet
{
public:
    CalibrationSet() = default;
    CalibrationSet(QList<Calibration> calibrations, const QList<GpuModel> &gpus);

    bool isEmpty() const { return m_calibrations.isEmpty(); }
    const QList<Calibration> &calibrations() const { return m_calibrations; }
    // For a GPU model and its default spec: the newest run on it, else the nearest run scaled.
    CalibrationEffect effectFor(const GpuModel &gpu, const GpuSpec &defaultSpec) const;

private:
    QList<Calibration> m_calibrations; // GPU runs only, newest first
    QHash<QString, GpuSpec> m_baseSpecs; // default spec of each calibrated GPU model
    QHash<QString, QString> m_vendors;
};

// The sentence estimates carry: "calibrated from your measurement of DATE on HOST".
QString calibrationNote(const Calibration &c);

} // namespace gpuplanner::core
