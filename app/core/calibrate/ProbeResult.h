#pragma once
// ProbeResult: one run of the benchmark probe (resources/probe/gpu_planner_probe.py) read from
// its JSON document. Errors name the file and the field; a document from a newer probe (a
// schema_version this program does not know) is refused rather than half-read.

#include "core/common/Result.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace gpuplanner::core {

// The newest probe document schema this program reads.
inline constexpr int kProbeSchemaVersion = 1;

struct ProbeMatmul
{
    QString dtype; // fp32, tf32, bf16, fp16, fp8
    bool supported = false;
    double tflops = 0;
    int size = 0; // m (= n = k in the probe's square GEMMs)
    QString reason; // why unsupported
};

struct ProbeTraining
{
    QString preset;
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int ffnHidden = 0;
    int vocab = 0;
    int seqLen = 0;
    int microBatch = 0;
    QString dtype; // bf16, fp16, fp32
    double parameters = 0;
    double tokensPerSecond = 0;
    double medianStepMs = 0;
    std::optional<double> peakMemoryGib;
};

struct ProbeResnet
{
    int batch = 0;
    int imageSize = 224;
    QString dtype;
    double imagesPerSecond = 0;
};

struct ProbeResult
{
    int schemaVersion = 0;
    QString probeVersion;
    QDateTime startedAt; // UTC
    QDateTime finishedAt;
    bool quick = false;
    QString device; // cuda or cpu
    // machine
    QString host;
    QString gpuName; // as torch reports it; empty on cpu
    int gpuCount = 0;
    std::optional<double> gpuMemoryGib;
    QString driver, cuda, torch, cpu, topology;
    int cpuCount = 0;
    double hostMemoryGib = 0;
    // measurements
    QList<ProbeMatmul> matmul;
    double memoryBandwidthGbs = 0;
    std::optional<double> hostToDeviceGbs;
    std::optional<double> allReduceBusGbs; // absent on one GPU or cpu
    int allReduceGpus = 0;
    ProbeTraining training;
    std::optional<ProbeResnet> resnet50;
    QStringList warnings;

    // Measured dense matmul TFLOP/s for a dtype; 0 when unsupported or not measured.
    double matmulTflops(const QString &dtype) const;
    // "NVIDIA H100 80GB HBM3" or "CPU: AMD EPYC 7R13" for messages.
    QString deviceLabel() const;
    bool isCpu() const { return device == u"cpu"; }
};

// Parses a probe document; sourceName names it in errors.
Result<ProbeResult> parseProbeResult(const QByteArray &json, const QString &sourceName);

} // namespace gpuplanner::core
