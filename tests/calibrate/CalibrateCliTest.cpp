// The reality loop's first half end to end with the real binaries: the probe printed by
// `probe --script`, run on the CPU with Debian's PyTorch, imported with `calibrate import`, and
// the calibrated estimate of the probe's own training step within 5 % of what it measured; a
// GPU-format result calibrating that GPU's estimates; list, remove and every refusal.

#include "CliProcess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using gpuplanner::tests::CliRun;

class CalibrateCli : public gpuplanner::tests::CatalogCopyCli
{
protected:
    QJsonObject runJson(const QStringList &args)
    {
        const CliRun r = run(args);
        EXPECT_EQ(r.code, 0) << r.err.toStdString();
        return QJsonDocument::fromJson(r.out.toUtf8()).object();
    }

    QString fixture(const char *name) const { return QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/probe/") + QLatin1String(name); }

    // Runs the probe script the CLI printed; returns the result file.
    QString runProbe(const QString &script, const QStringList &extra = {})
    {
        const QString result = m_dir.filePath(QStringLiteral("r.json"));
        QProcess python;
        python.setProcessChannelMode(QProcess::SeparateChannels);
        python.start(QStringLiteral(GPUPLANNER_PYTHON),
                     QStringList{script, QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--quick"),
                                 QStringLiteral("-o"), result} + extra);
        EXPECT_TRUE(python.waitForFinished(300000));
        EXPECT_EQ(python.exitCode(), 0) << python.readAllStandardError().toStdString();
        return result;
    }

};

// The estimate flags that describe the probe's own training step.
QStringList probeStepFlags(const QJsonObject &t)
{
    auto n = [&](const char *key) { return QString::number(t.value(QLatin1String(key)).toDouble(), 'f', 0); };
    return {QStringLiteral("--task"), QStringLiteral("pretrain"), QStringLiteral("--params"), n("parameters"),
            QStringLiteral("--layers"), n("layers"), QStringLiteral("--hidden"), n("hidden"),
            QStringLiteral("--heads"), n("heads"), QStringLiteral("--ffn"), n("ffn_hidden"),
            QStringLiteral("--vocab"), n("vocab"), QStringLiteral("--seq-len"), n("seq_len"),
            QStringLiteral("--batch"), n("micro_batch"), QStringLiteral("--micro-batch"), n("micro_batch"),
            QStringLiteral("--precision"), t.value(u"dtype").toString() == u"fp32" ? QStringLiteral("fp32") : QStringLiteral("bf16"),
            QStringLiteral("--recompute"), QStringLiteral("none"), QStringLiteral("--zero"), QStringLiteral("0"),
            QStringLiteral("--gpus"), QStringLiteral("1"), QStringLiteral("--tokens"), QStringLiteral("1e9"),
            QStringLiteral("--format"), QStringLiteral("json")};
}

} // namespace

TEST_F(CalibrateCli, ProbeOnCpuImportsAndCalibratesItsOwnStepWithinFivePercent)
{
    const CliRun script = run({QStringLiteral("probe"), QStringLiteral("--script")});
    ASSERT_EQ(script.code, 0) << script.err.toStdString();
    QFile shipped(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/probe/gpu_planner_probe.py"));
    ASSERT_TRUE(shipped.open(QIODevice::ReadOnly));
    EXPECT_EQ(script.out, QString::fromUtf8(shipped.readAll()));
    const QString probePath = m_dir.filePath(QStringLiteral("probe.py"));
    {
        QFile f(probePath);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(script.out.toUtf8());
    }
    const QString result = runProbe(probePath);
    QFile resultFile(result);
    ASSERT_TRUE(resultFile.open(QIODevice::ReadOnly));
    const QJsonObject doc = QJsonDocument::fromJson(resultFile.readAll()).object();
    EXPECT_EQ(doc.value(u"format").toString(), QStringLiteral("gpu-planner-probe"));
    EXPECT_EQ(doc.value(u"schema_version").toInt(), 1);
    EXPECT_EQ(doc.value(u"options").toObject().value(u"device").toString(), QStringLiteral("cpu"));
    const QJsonObject training = doc.value(u"training").toObject();
    const double measured = training.value(u"tokens_per_second").toDouble();
    ASSERT_GT(measured, 0);

    const CliRun imported = run({QStringLiteral("calibrate"), QStringLiteral("import"), result});
    ASSERT_EQ(imported.code, 0) << imported.err.toStdString();
    EXPECT_TRUE(imported.out.startsWith(QStringLiteral("calibration 1: CPU: "))) << imported.out.toStdString();
    EXPECT_TRUE(imported.out.contains(QStringLiteral("a host-CPU run")));

    const CliRun again = run({QStringLiteral("calibrate"), QStringLiteral("import"), result});
    EXPECT_EQ(again.code, 2);
    EXPECT_TRUE(again.err.contains(QStringLiteral("already imported as calibration 1"))) << again.err.toStdString();

    const CliRun listed = run({QStringLiteral("calibrate"), QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(listed.code, 0);
    const QJsonArray rows = QJsonDocument::fromJson(listed.out.toUtf8()).array();
    ASSERT_EQ(rows.size(), 1);
    EXPECT_TRUE(rows.at(0).toObject().value(u"gpu").isNull());

    QStringList flags = probeStepFlags(training);
    flags.prepend(QStringLiteral("1"));
    flags.prepend(QStringLiteral("--calibration"));
    flags.prepend(QStringLiteral("estimate"));
    const QJsonObject e = runJson(flags);
    const double estimated = e.value(u"tokens_per_second").toDouble();
    EXPECT_LT(std::abs(estimated - measured) / measured, 0.05) << estimated << " estimated vs " << measured << " measured";
    EXPECT_TRUE(e.value(u"calibration").toObject().value(u"note").toString().startsWith(QStringLiteral("calibrated from your measurement of ")));

    EXPECT_EQ(run({QStringLiteral("calibrate"), QStringLiteral("remove"), QStringLiteral("1")}).code, 0);
    const CliRun gone = run({QStringLiteral("calibrate"), QStringLiteral("remove"), QStringLiteral("1")});
    EXPECT_EQ(gone.code, 2);
    EXPECT_TRUE(gone.err.contains(QStringLiteral("no calibration 1")));
}

TEST_F(CalibrateCli, GpuResultCalibratesThatGpusEstimatesUnlessSwitchedOff)
{
    const CliRun imported = run({QStringLiteral("calibrate"), QStringLiteral("import"), fixture("h100-synthetic.json")});
    ASSERT_EQ(imported.code, 0) << imported.err.toStdString();
    EXPECT_TRUE(imported.out.contains(QStringLiteral("estimates on H100-SXM5-80GB now use it"))) << imported.out.toStdString();

    const QStringList job{QStringLiteral("estimate"), QStringLiteral("--model"), QStringLiteral("llama-2-7b"),
                          QStringLiteral("--tokens"), QStringLiteral("20B"), QStringLiteral("--gpu"), QStringLiteral("H100"),
                          QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--format"), QStringLiteral("json")};
    const QJsonObject calibrated = runJson(job);
    const QJsonObject plain = runJson(job + QStringList{QStringLiteral("--no-calibration")});
    EXPECT_TRUE(calibrated.value(u"calibration").toObject().value(u"direct").toBool());
    EXPECT_FALSE(plain.contains(u"calibration"));
    EXPECT_NE(calibrated.value(u"tokens_per_second").toDouble(), plain.value(u"tokens_per_second").toDouble());

    // The table says where the figures came from.
    const CliRun table = run(job.mid(0, job.size() - 2));
    EXPECT_TRUE(table.out.contains(QStringLiteral("  - calibrated from your measurement of 2026-11-30 on test-h100-box")))
        << table.out.toStdString();

    // H200 has no run of its own: scaled from the H100 one.
    QStringList h200 = job;
    h200[6] = QStringLiteral("H200");
    const QJsonObject scaled = runJson(h200);
    EXPECT_FALSE(scaled.value(u"calibration").toObject().value(u"direct").toBool(true));
    EXPECT_TRUE(scaled.value(u"calibration").toObject().value(u"note").toString().contains(QStringLiteral("scaled by spec ratio")));

    // --calibration ID on another --gpu: that one run, scaled, as the help says (not silently dropped).
    const QJsonObject picked = runJson(h200 + QStringList{QStringLiteral("--calibration"), QStringLiteral("1")});
    EXPECT_EQ(picked.value(u"calibration").toObject().value(u"id").toInteger(), 1) << QJsonDocument(picked).toJson().toStdString();
    EXPECT_EQ(picked.value(u"tokens_per_second").toDouble(), scaled.value(u"tokens_per_second").toDouble());
    // ... and a run that cannot carry to the GPU asked for says so.
    QStringList amd = h200 + QStringList{QStringLiteral("--calibration"), QStringLiteral("1")};
    amd[6] = QStringLiteral("MI300X");
    const CliRun refused = run(amd);
    EXPECT_EQ(refused.code, 1); // a usage error: the flags ask for something that cannot be
    EXPECT_TRUE(refused.err.contains(QStringLiteral("does not carry to MI300X"))) << refused.err.toStdString();
}

// Issue 47: a T4 measures fp16 (it has no bf16); the list names the format of the figure it shows.
TEST_F(CalibrateCli, ListNamesTheFormatOfEachSixteenBitRate)
{
    ASSERT_EQ(run({QStringLiteral("calibrate"), QStringLiteral("import"), fixture("h100-synthetic.json")}).code, 0);
    const CliRun t4 = run({QStringLiteral("calibrate"), QStringLiteral("import"), fixture("t4-synthetic.json")});
    ASSERT_EQ(t4.code, 0) << t4.err.toStdString();
    const CliRun listed = run({QStringLiteral("calibrate"), QStringLiteral("list")});
    ASSERT_EQ(listed.code, 0) << listed.err.toStdString();
    const QStringList lines = listed.out.split(u'\n');
    EXPECT_FALSE(lines.value(0).contains(QStringLiteral("bf16"), Qt::CaseInsensitive)) << lines.value(0).toStdString();
    QString t4Row, h100Row;
    for (const QString &line : lines) {
        if (line.contains(QStringLiteral("test-t4-box")))
            t4Row = line.simplified();
        if (line.contains(QStringLiteral("test-h100-box")))
            h100Row = line.simplified();
    }
    EXPECT_TRUE(t4Row.contains(QStringLiteral(" 42.00 fp16 "))) << t4Row.toStdString();
    EXPECT_FALSE(t4Row.contains(QStringLiteral("bf16"), Qt::CaseInsensitive)) << t4Row.toStdString();
    EXPECT_TRUE(h100Row.contains(QStringLiteral(" 700.00 bf16 "))) << h100Row.toStdString();
}

TEST_F(CalibrateCli, RefusesBadResultsWithTheReason)
{
    auto write = [&](const char *name, const QByteArray &bytes) {
        const QString path = m_dir.filePath(QLatin1String(name));
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        return path;
    };
    QFile gpu(fixture("h100-synthetic.json"));
    ASSERT_TRUE(gpu.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(gpu.readAll()).object();

    QJsonObject newer = doc;
    newer[QStringLiteral("schema_version")] = 9;
    CliRun r = run({QStringLiteral("calibrate"), QStringLiteral("import"), write("newer.json", QJsonDocument(newer).toJson())});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("newer probe (schema_version 9"))) << r.err.toStdString();

    QJsonObject unknown = doc;
    QJsonObject machine = unknown.value(u"machine").toObject();
    machine[QStringLiteral("gpu_name")] = QStringLiteral("NVIDIA Imaginary 9000");
    unknown[QStringLiteral("machine")] = machine;
    const QString unknownPath = write("unknown.json", QJsonDocument(unknown).toJson());
    r = run({QStringLiteral("calibrate"), QStringLiteral("import"), unknownPath});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("pass --gpu ID"))) << r.err.toStdString();
    // --gpu names the model; then the spec check still runs (an 80 GB run is not an L4).
    r = run({QStringLiteral("calibrate"), QStringLiteral("import"), unknownPath, QStringLiteral("--gpu"), QStringLiteral("L4")});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("reports 79.1 GiB per GPU"))) << r.err.toStdString();
    EXPECT_EQ(run({QStringLiteral("calibrate"), QStringLiteral("import"), unknownPath, QStringLiteral("--gpu"), QStringLiteral("H100")}).code, 0);

    r = run({QStringLiteral("calibrate"), QStringLiteral("import"), write("broken.json", "{\"format\": \"gpu-planner-probe\"")});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("broken.json: not JSON"))) << r.err.toStdString();
    EXPECT_EQ(run({QStringLiteral("calibrate"), QStringLiteral("remove"), QStringLiteral("x")}).code, 1);
    EXPECT_EQ(run({QStringLiteral("calibrate"), QStringLiteral("import")}).code, 1);
    EXPECT_EQ(run({QStringLiteral("probe")}).code, 1);
}

TEST_F(CalibrateCli, PlansUseCalibrationsUnlessTheScenarioTurnsThemOff)
{
    ASSERT_EQ(run({QStringLiteral("calibrate"), QStringLiteral("import"), fixture("h100-synthetic.json")}).code, 0);
    QFile base(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/scenarios/llama-7b-pretrain.json"));
    ASSERT_TRUE(base.open(QIODevice::ReadOnly));
    QJsonObject s = QJsonDocument::fromJson(base.readAll()).object();
    QJsonObject c = s.value(u"constraints").toObject();
    c[QStringLiteral("gpus")] = QJsonArray{QStringLiteral("H100-SXM5-80GB")};
    s[QStringLiteral("constraints")] = c;
    auto save = [&](const QString &name, const QJsonObject &o) {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(o).toJson());
        return path;
    };
    const QString on = save(QStringLiteral("on.json"), s);
    s[QStringLiteral("calibration")] = false;
    const QString off = save(QStringLiteral("off.json"), s);
    const QStringList args{QStringLiteral("--top"), QStringLiteral("1"), QStringLiteral("--format"), QStringLiteral("json")};
    const QJsonObject calibrated = runJson(QStringList{QStringLiteral("plan"), on} + args)
                                       .value(u"options").toArray().at(0).toObject();
    const QJsonObject plain = runJson(QStringList{QStringLiteral("plan"), off} + args)
                                  .value(u"options").toArray().at(0).toObject();
    EXPECT_TRUE(calibrated.value(u"calibration").toString().startsWith(QStringLiteral("calibrated from your measurement")));
    EXPECT_FALSE(plain.contains(u"calibration"));
    EXPECT_NE(calibrated.value(u"hours").toDouble(), plain.value(u"hours").toDouble());
    const CliRun table = run({QStringLiteral("plan"), on, QStringLiteral("--top"), QStringLiteral("3")});
    EXPECT_TRUE(table.out.contains(QStringLiteral("Calibrations:\n  H100-SXM5-80GB: calibrated from your measurement")))
        << table.out.toStdString();
}

// Issue 43: a run the GPU cannot have measured is refused with the file, the field and the value,
// and the calibration stored before it stays the one estimates use.
TEST_F(CalibrateCli, AnImplausibleRunIsRefusedAndTheOldCalibrationKept)
{
    ASSERT_EQ(run({QStringLiteral("calibrate"), QStringLiteral("import"), fixture("h100-synthetic.json")}).code, 0);
    QFile gpu(fixture("h100-synthetic.json"));
    ASSERT_TRUE(gpu.open(QIODevice::ReadOnly));
    const QJsonObject doc = QJsonDocument::fromJson(gpu.readAll()).object();
    auto save = [&](const char *name, const QJsonObject &o) {
        const QString path = m_dir.filePath(QLatin1String(name));
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(o).toJson());
        return path;
    };

    // One figure changed: it disagrees with the step time it is computed from.
    QJsonObject edited = doc;
    QJsonObject training = edited.value(u"training").toObject();
    training[QStringLiteral("tokens_per_second")] = 1e9;
    edited[QStringLiteral("training")] = training;
    const QString editedPath = save("edited.json", edited);
    CliRun r = run({QStringLiteral("calibrate"), QStringLiteral("import"), editedPath});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(editedPath + QStringLiteral(": training.tokens_per_second 1e+09 does not match"))) << r.err.toStdString();

    // Step time changed with it: consistent, but 86,000 % of an H100's peak.
    training[QStringLiteral("median_step_ms")] = training.value(u"micro_batch").toDouble() * training.value(u"seq_len").toDouble() / 1e6;
    edited[QStringLiteral("training")] = training;
    const QString fastPath = save("fast.json", edited);
    r = run({QStringLiteral("calibrate"), QStringLiteral("import"), fastPath});
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(r.err.contains(fastPath + QStringLiteral(": training.tokens_per_second 1e+09 means "))) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("peak of 989.5 TFLOP/s"))) << r.err.toStdString();

    const QJsonArray list = QJsonDocument::fromJson(run({QStringLiteral("calibrate"), QStringLiteral("list"), QStringLiteral("--format"),
                                                         QStringLiteral("json")})
                                                        .out.toUtf8())
                                .array();
    ASSERT_EQ(list.size(), 1);
    EXPECT_EQ(list.at(0).toObject().value(u"training_tokens_per_second").toDouble(), 180000.0);
}
