// Calibration from probe results: parsing (and refusing) probe documents, mapping a run to the
// catalog's GPU model, spec contradictions, and what a run changes in the estimates: the
// probe's own training step reproduced within 5 %, other shapes moved by the measured ratio,
// other GPU models scaled from the nearest run.

#include "core/calibrate/Calibration.h"
#include "core/estimate/Efficiency.h"
#include "core/estimate/Estimator.h"
#include "estimate/GpuFixtures.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

namespace {

using namespace gpuplanner::core;
using gpuplanner::test::gpuModel;
using gpuplanner::test::gpuSpec;

QByteArray fixture(const char *name)
{
    QFile f(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/probe/") + QLatin1String(name));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name;
    return f.readAll();
}

ProbeResult probe(const char *name)
{
    auto p = parseProbeResult(fixture(name), QLatin1String(name));
    EXPECT_TRUE(p.ok()) << p.errorMessage().toStdString();
    return p.ok() ? p.value() : ProbeResult{};
}

QByteArray edited(const char *name, const std::function<void(QJsonObject &)> &edit)
{
    QJsonObject o = QJsonDocument::fromJson(fixture(name)).object();
    edit(o);
    return QJsonDocument(o).toJson();
}

double relativeError(double estimate, double measured)
{
    return std::abs(estimate - measured) / measured;
}

// The probe's own step on one device, estimated from spec.
double estimatedStepRate(const ProbeResult &p, const GpuSpec &spec)
{
    ClusterConfig c;
    c.gpu = spec;
    const Estimate e = estimate(probeTrainingWorkload(p), c);
    EXPECT_TRUE(e.fits) << int(e.problem);
    return e.throughput;
}

QList<GpuModel> catalogGpus()
{
    return {gpuModel(QStringLiteral("H100-SXM5-80GB")), gpuModel(QStringLiteral("H200-SXM-141GB")),
            gpuModel(QStringLiteral("A100-SXM4-80GB")), gpuModel(QStringLiteral("T4"))};
}

} // namespace

TEST(ProbeDocument, ReadsTheCpuRunAndTheGpuFixture)
{
    const ProbeResult cpu = probe("cpu-quick.json");
    EXPECT_TRUE(cpu.isCpu());
    EXPECT_EQ(cpu.schemaVersion, 1);
    EXPECT_GT(cpu.matmulTflops(QStringLiteral("fp32")), 0);
    EXPECT_GT(cpu.training.tokensPerSecond, 0);
    EXPECT_EQ(cpu.training.dtype, QStringLiteral("fp32"));
    EXPECT_FALSE(cpu.allReduceBusGbs.has_value());

    const ProbeResult gpu = probe("h100-synthetic.json");
    EXPECT_FALSE(gpu.isCpu());
    EXPECT_EQ(gpu.gpuCount, 8);
    EXPECT_DOUBLE_EQ(gpu.matmulTflops(QStringLiteral("bf16")), 700.0);
    EXPECT_DOUBLE_EQ(gpu.matmulTflops(QStringLiteral("fp8")), 0.0); // unsupported in the run
    ASSERT_TRUE(gpu.allReduceBusGbs.has_value());
    EXPECT_DOUBLE_EQ(*gpu.allReduceBusGbs, 361.4);
    EXPECT_EQ(gpu.deviceLabel(), QStringLiteral("8 x NVIDIA H100 80GB HBM3"));
}

TEST(ProbeDocument, RefusesNewerVersionsAndBadFieldsByName)
{
    auto newer = parseProbeResult(edited("cpu-quick.json", [](QJsonObject &o) { o[QStringLiteral("schema_version")] = 2; }),
                                  QStringLiteral("r.json"));
    ASSERT_FALSE(newer.ok());
    EXPECT_TRUE(newer.errorMessage().contains(QStringLiteral("newer probe (schema_version 2"))) << newer.errorMessage().toStdString();

    auto noTraining = parseProbeResult(edited("cpu-quick.json", [](QJsonObject &o) { o.remove(QStringLiteral("training")); }),
                                       QStringLiteral("r.json"));
    ASSERT_FALSE(noTraining.ok());
    EXPECT_TRUE(noTraining.errorMessage().startsWith(QStringLiteral("r.json: training is missing")))
        << noTraining.errorMessage().toStdString();

    auto negative = parseProbeResult(edited("cpu-quick.json", [](QJsonObject &o) {
                                         QJsonObject t = o[QStringLiteral("training")].toObject();
                                         t[QStringLiteral("tokens_per_second")] = -3;
                                         o[QStringLiteral("training")] = t;
                                     }),
                                     QStringLiteral("r.json"));
    ASSERT_FALSE(negative.ok());
    EXPECT_TRUE(negative.errorMessage().contains(QStringLiteral("training.tokens_per_second must be a number above 0")))
        << negative.errorMessage().toStdString();

    // Every calibrated estimate names when the measurement was made: a run without its time is refused.
    auto undated = parseProbeResult(edited("cpu-quick.json", [](QJsonObject &o) { o[QStringLiteral("started_at")] = QString(); }),
                                    QStringLiteral("r.json"));
    ASSERT_FALSE(undated.ok());
    EXPECT_TRUE(undated.errorMessage().contains(QStringLiteral("started_at is missing"))) << undated.errorMessage().toStdString();

    EXPECT_TRUE(parseProbeResult("{not json", QStringLiteral("r.json")).errorMessage().startsWith(QStringLiteral("r.json: not JSON")));
    EXPECT_TRUE(parseProbeResult(R"({"format":"something-else"})", QStringLiteral("r.json"))
                    .errorMessage()
                    .contains(QStringLiteral("not a probe result")));
}

TEST(ProbeDocument, MapsTheReportedGpuToTheCatalogModel)
{
    const QList<GpuModel> gpus = catalogGpus();
    auto h100 = matchProbeGpu(probe("h100-synthetic.json"), gpus, {}, QStringLiteral("r.json"));
    ASSERT_TRUE(h100.ok()) << h100.errorMessage().toStdString();
    EXPECT_EQ(h100.value(), QStringLiteral("H100-SXM5-80GB"));

    ProbeResult t4 = probe("h100-synthetic.json");
    t4.gpuName = QStringLiteral("Tesla T4");
    EXPECT_EQ(matchProbeGpu(t4, gpus, {}, QStringLiteral("r.json")).value(), QStringLiteral("T4"));

    ProbeResult unknown = t4;
    unknown.gpuName = QStringLiteral("NVIDIA Imaginary 9000");
    auto failed = matchProbeGpu(unknown, gpus, {}, QStringLiteral("r.json"));
    ASSERT_FALSE(failed.ok());
    EXPECT_TRUE(failed.errorMessage().contains(QStringLiteral("\"NVIDIA Imaginary 9000\" is not a GPU model in the catalog; pass --gpu ID")))
        << failed.errorMessage().toStdString();
    EXPECT_EQ(matchProbeGpu(unknown, gpus, QStringLiteral("H200"), QStringLiteral("r.json")).value(), QStringLiteral("H200-SXM-141GB"));
    EXPECT_FALSE(matchProbeGpu(unknown, gpus, QStringLiteral("nope"), QStringLiteral("r.json")).ok());

    // A cpu run calibrates no catalog GPU, and cannot be filed under one.
    EXPECT_EQ(matchProbeGpu(probe("cpu-quick.json"), gpus, {}, QStringLiteral("r.json")).value(), QString());
    EXPECT_TRUE(matchProbeGpu(probe("cpu-quick.json"), gpus, QStringLiteral("H100"), QStringLiteral("r.json"))
                    .errorMessage()
                    .contains(QStringLiteral("a host-CPU run")));
}

TEST(ProbeDocument, RefusesRunsThatContradictTheSpecTable)
{
    const GpuModel h100 = gpuModel(QStringLiteral("H100-SXM5-80GB"));
    EXPECT_TRUE(checkProbeAgainstSpec(probe("h100-synthetic.json"), h100, QStringLiteral("r.json")).ok());

    ProbeResult tooFast = probe("h100-synthetic.json");
    tooFast.matmul[2].tflops = 1200; // bf16, above the 989.5 dense peak by more than 10 %
    auto fast = checkProbeAgainstSpec(tooFast, h100, QStringLiteral("r.json"));
    ASSERT_FALSE(fast.ok());
    EXPECT_TRUE(fast.errorMessage().contains(QStringLiteral("bf16 matmul measured 1200.0 TFLOP/s, above the H100-SXM5-80GB spec")))
        << fast.errorMessage().toStdString();

    ProbeResult tooSlow = probe("h100-synthetic.json");
    tooSlow.memoryBandwidthGbs = 500; // under a quarter of 3350 GB/s
    EXPECT_TRUE(checkProbeAgainstSpec(tooSlow, h100, QStringLiteral("r.json")).errorMessage().contains(QStringLiteral("memory bandwidth measured 500.0 GB/s, under 25%")));

    ProbeResult otherMemory = probe("h100-synthetic.json");
    otherMemory.gpuMemoryGib = 39.5; // a 40 GB part filed as the 80 GB one
    EXPECT_TRUE(checkProbeAgainstSpec(otherMemory, h100, QStringLiteral("r.json")).errorMessage().contains(QStringLiteral("reports 39.5 GiB per GPU")));
}

TEST(CalibratedEstimate, ReproducesTheCpuRunsOwnTrainingStepWithinFivePercent)
{
    const ProbeResult cpu = probe("cpu-quick.json");
    const double rate = estimatedStepRate(cpu, measuredDeviceSpec(cpu));
    EXPECT_LT(relativeError(rate, cpu.training.tokensPerSecond), 0.05)
        << rate << " estimated vs " << cpu.training.tokensPerSecond << " measured";
}

TEST(CalibratedEstimate, ReproducesTheGpuRunsOwnTrainingStepWithinFivePercent)
{
    const ProbeResult gpu = probe("h100-synthetic.json");
    const GpuSpec spec = calibratedSpec(gpuSpec(QStringLiteral("H100-SXM5-80GB")), gpu);
    const double rate = estimatedStepRate(gpu, spec);
    EXPECT_LT(relativeError(rate, gpu.training.tokensPerSecond), 0.05)
        << rate << " estimated vs " << gpu.training.tokensPerSecond << " measured";
    // Uncalibrated, the default efficiency gives another figure: the calibration is what moved it.
    const double uncalibrated = estimatedStepRate(gpu, gpuSpec(QStringLiteral("H100-SXM5-80GB")));
    EXPECT_GT(relativeError(uncalibrated, gpu.training.tokensPerSecond), 0.05);
}

TEST(CalibratedEstimate, MovesOtherShapesByTheMeasuredRatio)
{
    const ProbeResult gpu = probe("h100-synthetic.json");
    const GpuSpec base = gpuSpec(QStringLiteral("H100-SXM5-80GB"));
    const GpuSpec spec = calibratedSpec(base, gpu);
    // A 1.3B-parameter model on one GPU: compute-bound, so its rate moves by the ratio of the
    // calibrated to the default efficiency at its width.
    Workload w = probeTrainingWorkload(gpu);
    w.model.layers = 24;
    w.model.hidden = 2048;
    w.model.heads = 16;
    w.model.ffn = 8192;
    w.model.params = parameterCount(w.model, true);
    ClusterConfig c;
    c.gpu = base;
    const Estimate before = estimate(w, c);
    c.gpu = spec;
    const Estimate after = estimate(w, c);
    ASSERT_TRUE(before.fits && after.fits);
    const double ratio = transformerTrainingEfficiency(spec, 2048) / transformerTrainingEfficiency(base, 2048);
    EXPECT_NEAR(after.throughput / before.throughput, ratio, 0.02 * ratio);
    EXPECT_NE(ratio, 1.0);
    EXPECT_DOUBLE_EQ(spec.memoryBandwidthGbs, 2900.0);
    EXPECT_DOUBLE_EQ(spec.measuredBusGbs, 361.4);
    EXPECT_NEAR(spec.mamfEfficiency, 700.0 / 989.5, 1e-9);
}

TEST(CalibratedEstimate, TheTrainingStepCarriesOnlyToModelsOfAboutItsWidth)
{
    const ProbeResult gpu = probe("h100-synthetic.json"); // a GPT-2-small step: hidden 768
    ASSERT_EQ(gpu.training.hidden, 768);
    const GpuSpec base = gpuSpec(QStringLiteral("H100-SXM5-80GB"));
    const GpuSpec spec = calibratedSpec(base, gpu);
    ASSERT_NE(spec.trainingEfficiencyScale, 1.0);
    // What the measured GEMM share alone gives: the same spec without the step's ratio.
    GpuSpec gemmOnly = spec;
    gemmOnly.trainingEfficiencyScale = 1;
    // Within a doubling of width either side, the step's ratio moves the efficiency ...
    for (int hidden : {384, 768, 1536})
        EXPECT_NEAR(transformerTrainingEfficiency(spec, hidden),
                    transformerTrainingEfficiency(gemmOnly, hidden) * spec.trainingEfficiencyScale, 1e-12) << hidden;
    // ... beyond it, a 7B or 70B model keeps the default step efficiency on the measured GEMM share:
    // a small model's step overheads say nothing of theirs.
    for (int hidden : {4096, 8192})
        EXPECT_DOUBLE_EQ(transformerTrainingEfficiency(spec, hidden), transformerTrainingEfficiency(gemmOnly, hidden)) << hidden;

    // A --quick run's tiny step calibrates its own width only.
    ProbeResult quick = gpu;
    quick.quick = true;
    const GpuSpec quickSpec = calibratedSpec(base, quick);
    EXPECT_NE(transformerTrainingEfficiency(quickSpec, 768), transformerTrainingEfficiency(gemmOnly, 768));
    EXPECT_DOUBLE_EQ(transformerTrainingEfficiency(quickSpec, 1024), transformerTrainingEfficiency(gemmOnly, 1024));
    Calibration run;
    run.probe = quick;
    EXPECT_TRUE(calibrationNote(run).contains(QStringLiteral("--quick training step sets the step efficiency of hidden size 768 only")))
        << calibrationNote(run).toStdString();
}

TEST(CalibratedEstimate, MeasuredAllReduceBandwidthDrivesMultiGpuSteps)
{
    ClusterConfig c;
    c.gpu = gpuSpec(QStringLiteral("H100-SXM5-80GB"));
    c.gpusPerInstance = 8;
    c.intraLink = IntraLink::NvSwitch;
    const double fromLinks = c.intraBandwidthGbs();
    c.gpu.measuredBusGbs = 361.4;
    EXPECT_DOUBLE_EQ(c.intraBandwidthGbs(), 361.4);
    EXPECT_NE(fromLinks, 361.4);
    c.gpusPerInstance = 1; // one GPU has no all-reduce inside the instance
    EXPECT_NE(c.intraBandwidthGbs(), 361.4);
}

TEST(CalibrationSetTest, CalibratesTheMeasuredModelAndScalesTheNearestOthers)
{
    const QList<GpuModel> gpus = catalogGpus();
    Calibration run;
    run.id = 7;
    run.gpuId = QStringLiteral("H100-SXM5-80GB");
    run.probe = probe("h100-synthetic.json");
    Calibration cpu;
    cpu.id = 8;
    cpu.probe = probe("cpu-quick.json"); // a host-CPU run never calibrates catalog GPUs
    const CalibrationSet set({run, cpu}, gpus);

    const GpuModel h100 = gpuModel(QStringLiteral("H100-SXM5-80GB"));
    const CalibrationEffect direct = set.effectFor(h100, gpuSpecFromModel(h100));
    ASSERT_TRUE(direct.applies);
    EXPECT_TRUE(direct.direct);
    EXPECT_EQ(direct.calibrationId, 7);
    EXPECT_EQ(direct.note, QStringLiteral("calibrated from your measurement of 2026-11-30 on test-h100-box "
                                          "(8 x NVIDIA H100 80GB HBM3, probe 1.0.0; its training step sets the "
                                          "step efficiency of hidden sizes 384 to 1536)"));

    // H200: the same generation, so its spec scaled by the H100 run's shares.
    const GpuModel h200 = gpuModel(QStringLiteral("H200-SXM-141GB"));
    const CalibrationEffect scaled = set.effectFor(h200, gpuSpecFromModel(h200));
    ASSERT_TRUE(scaled.applies);
    EXPECT_FALSE(scaled.direct);
    EXPECT_EQ(scaled.fromGpu, QStringLiteral("H100-SXM5-80GB"));
    EXPECT_TRUE(scaled.note.startsWith(QStringLiteral("scaled by spec ratio"))) << scaled.note.toStdString();
    // It says what was borrowed from the other GPU's run, not only that something was.
    EXPECT_TRUE(scaled.note.contains(QStringLiteral("that run's GEMM share of peak (71%) and training-step ratio replace this GPU's defaults")))
        << scaled.note.toStdString();
    EXPECT_NEAR(scaled.spec.memoryBandwidthGbs, 4800.0 * 2900.0 / 3350.0, 1e-6);
    EXPECT_DOUBLE_EQ(scaled.spec.trainingEfficiencyScale, direct.spec.trainingEfficiencyScale);
    EXPECT_DOUBLE_EQ(scaled.spec.measuredBusGbs, 0.0); // links are not carried across models

    // Same step shape on H200 and H100: the estimates follow the spec ratio of their peaks (equal here);
    // only the memory-bound elementwise work goes faster on the H200's wider memory (4.8 against 3.35 TB/s,
    // each scaled by the run's measured share).
    ASSERT_DOUBLE_EQ(scaled.spec.bf16Tflops, direct.spec.bf16Tflops);
    const double h100Rate = estimatedStepRate(run.probe, direct.spec);
    const double h200Rate = estimatedStepRate(run.probe, scaled.spec);
    EXPECT_GT(h200Rate / h100Rate, 1.0);
    EXPECT_LT(h200Rate / h100Rate, 1.05);

    // An empty set changes nothing.
    EXPECT_FALSE(CalibrationSet({}, gpus).effectFor(h100, gpuSpecFromModel(h100)).applies);
}

TEST(CalibratedEstimate, ReproducesEveryShippedExampleResultWithinFivePercent)
{
    const QDir examples(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/probe/examples"));
    const QStringList files = examples.entryList({QStringLiteral("*.json")}, QDir::Files);
    ASSERT_FALSE(files.isEmpty());
    for (const QString &name : files) {
        QFile f(examples.filePath(name));
        ASSERT_TRUE(f.open(QIODevice::ReadOnly)) << name.toStdString();
        auto p = parseProbeResult(f.readAll(), name);
        ASSERT_TRUE(p.ok()) << p.errorMessage().toStdString();
        const GpuSpec spec = p->isCpu() ? measuredDeviceSpec(p.value())
                                        : calibratedSpec(gpuSpec(p->gpuName), p.value());
        const double rate = estimatedStepRate(p.value(), spec);
        EXPECT_LT(relativeError(rate, p->training.tokensPerSecond), 0.05) << name.toStdString();
    }
}

namespace {

// An edit of one section of a fixture: section -> key -> value.
QByteArray withField(const char *name, const QString &section, const QString &key, const QJsonValue &value)
{
    return edited(name, [&](QJsonObject &o) {
        QJsonObject s = o[section].toObject();
        s[key] = value;
        o[section] = s;
    });
}

QString refusal(const QByteArray &document)
{
    auto p = parseProbeResult(document, QStringLiteral("r.json"));
    return p.ok() ? QStringLiteral("(accepted)") : p.errorMessage();
}

} // namespace

// Issue 43: every number the probe file gives is held to what the run can have measured, where it
// is read, and a refusal names the file, the field and the value.
TEST(ProbePlausibility, AFigureThatDisagreesWithTheFilesOwnFormulaIsRefused)
{
    // tokens/s is micro_batch·seq_len over the median step: a billion tokens/s on the same step cannot be.
    QString e = refusal(withField("h100-synthetic.json", QStringLiteral("training"), QStringLiteral("tokens_per_second"), 1e9));
    EXPECT_TRUE(e.startsWith(QStringLiteral("r.json: training.tokens_per_second 1e+09 does not match micro_batch·seq_len / median_step_ms")))
        << e.toStdString();
    e = refusal(withField("cpu-quick.json", QStringLiteral("training"), QStringLiteral("tokens_per_second"), 1e9));
    EXPECT_TRUE(e.contains(QStringLiteral("training.tokens_per_second 1e+09 does not match"))) << e.toStdString();

    QJsonObject bf16 = QJsonDocument::fromJson(fixture("h100-synthetic.json")).object().value(u"matmul").toArray().at(2).toObject();
    ASSERT_EQ(bf16.value(u"dtype").toString(), QStringLiteral("bf16"));
    e = refusal(edited("h100-synthetic.json", [](QJsonObject &o) {
        QJsonArray rows = o[QStringLiteral("matmul")].toArray();
        QJsonObject row = rows.at(2).toObject();
        row[QStringLiteral("tflops")] = 1e6;
        rows[2] = row;
        o[QStringLiteral("matmul")] = rows;
    }));
    EXPECT_TRUE(e.contains(QStringLiteral("matmul[2].tflops 1e+06 does not match 2·m·n·k / median_ms"))) << e.toStdString();

    e = refusal(withField("h100-synthetic.json", QStringLiteral("memory_bandwidth"), QStringLiteral("gbps"), 29000.0));
    EXPECT_TRUE(e.contains(QStringLiteral("memory_bandwidth.gbps 29000 does not match"))) << e.toStdString();
    e = refusal(withField("h100-synthetic.json", QStringLiteral("host_to_device"), QStringLiteral("gbps"), 5200.0));
    EXPECT_TRUE(e.contains(QStringLiteral("host_to_device.gbps 5200 does not match"))) << e.toStdString();
    e = refusal(withField("h100-synthetic.json", QStringLiteral("all_reduce"), QStringLiteral("bus_gbps"), 3614.0));
    EXPECT_TRUE(e.contains(QStringLiteral("all_reduce.bus_gbps 3614 does not match algorithm_gbps·2(gpus-1)/gpus"))) << e.toStdString();
    // Eight GPUs in the machine, sixteen in its all-reduce.
    e = refusal(withField("h100-synthetic.json", QStringLiteral("all_reduce"), QStringLiteral("gpus"), 16));
    EXPECT_TRUE(e.contains(QStringLiteral("all_reduce.gpus 16 is not 2 to machine.gpu_count (8)"))) << e.toStdString();
    // More memory allocated than the GPU has.
    e = refusal(withField("h100-synthetic.json", QStringLiteral("training"), QStringLiteral("peak_memory_gib"), 200.0));
    EXPECT_TRUE(e.contains(QStringLiteral("training.peak_memory_gib 200 GiB is more than the GPU's memory (machine.gpu_memory_gib 79.1)")))
        << e.toStdString();
}

TEST(ProbePlausibility, NonFiniteNegativeAndNonNumericFiguresAreRefusedWithTheirValue)
{
    QString e = refusal(withField("h100-synthetic.json", QStringLiteral("training"), QStringLiteral("median_step_ms"), 0));
    EXPECT_TRUE(e.contains(QStringLiteral("training.median_step_ms must be a number above 0, not 0"))) << e.toStdString();
    e = refusal(withField("h100-synthetic.json", QStringLiteral("memory_bandwidth"), QStringLiteral("gbps"), -2900.0));
    EXPECT_TRUE(e.contains(QStringLiteral("memory_bandwidth.gbps must be a number above 0, not -2900"))) << e.toStdString();
    e = refusal(withField("h100-synthetic.json", QStringLiteral("training"), QStringLiteral("tokens_per_second"), QStringLiteral("1e9")));
    EXPECT_TRUE(e.contains(QStringLiteral("training.tokens_per_second must be a number above 0, not \"1e9\""))) << e.toStdString();
    // JSON has no NaN or infinity: spelled out, or overflowing, the document is refused either way.
    QByteArray text = fixture("h100-synthetic.json");
    for (const char *bad : {"NaN", "Infinity", "1e400", "-1e400"}) {
        QByteArray doc = text;
        doc.replace("\"tokens_per_second\": 180000.0", QByteArray("\"tokens_per_second\": ") + bad);
        ASSERT_NE(doc, text) << "the fixture's tokens_per_second is written as 180000.0";
        EXPECT_FALSE(parseProbeResult(doc, QStringLiteral("r.json")).ok()) << bad;
    }
}

// A step whose own figures agree but that no H100 can run: its model FLOP/s pass the GPU's peak.
TEST(ProbePlausibility, ATrainingStepAboveTheGpusPeakIsRefusedAgainstTheSpec)
{
    const GpuModel h100 = gpuModel(QStringLiteral("H100-SXM5-80GB"));
    ProbeResult fast = probe("h100-synthetic.json");
    const double tokens = fast.training.tokensPerSecond;
    fast.training.tokensPerSecond = 1e9;
    fast.training.medianStepMs = fast.training.microBatch * fast.training.seqLen / 1e9 * 1e3;
    const auto refused = checkProbeAgainstSpec(fast, h100, QStringLiteral("r.json"));
    ASSERT_FALSE(refused.ok());
    EXPECT_TRUE(refused.errorMessage().startsWith(QStringLiteral("r.json: training.tokens_per_second 1e+09 means ")))
        << refused.errorMessage().toStdString();
    EXPECT_TRUE(refused.errorMessage().contains(QStringLiteral("of the H100-SXM5-80GB bf16/fp16 peak of 989.5 TFLOP/s")))
        << refused.errorMessage().toStdString();

    // Just under the peak is a (remarkable) measurement, not an impossible one.
    ProbeResult atPeak = probe("h100-synthetic.json");
    const double modelTflops = tokens * modelFlopsPerToken(probeTrainingWorkload(atPeak)) / 1e12;
    atPeak.training.tokensPerSecond = tokens * 0.99 * 989.5 / modelTflops;
    EXPECT_TRUE(checkProbeAgainstSpec(atPeak, h100, QStringLiteral("r.json")).ok());
    atPeak.training.tokensPerSecond = tokens * 1.01 * 989.5 / modelTflops;
    EXPECT_FALSE(checkProbeAgainstSpec(atPeak, h100, QStringLiteral("r.json")).ok());

    // Without the run's memory size, the step's peak memory is held to the spec's.
    ProbeResult noSize = probe("h100-synthetic.json");
    noSize.gpuMemoryGib.reset();
    noSize.training.peakMemoryGib = 150;
    const auto memory = checkProbeAgainstSpec(noSize, h100, QStringLiteral("r.json"));
    ASSERT_FALSE(memory.ok());
    EXPECT_TRUE(memory.errorMessage().contains(QStringLiteral("training.peak_memory_gib 150.0 GiB is more than the 80 GB of one H100-SXM5-80GB")))
        << memory.errorMessage().toStdString();
}
