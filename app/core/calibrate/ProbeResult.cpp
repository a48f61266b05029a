#include "core/calibrate/ProbeResult.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace gpuplanner::core {

namespace {

// How far a figure may stray from the probe's own formula over the file's other figures. The
// probe rounds every figure to 5 significant digits (well under 0.1 %); a hand edit or a damaged
// file that changed one figure without the others lands far outside.
constexpr double kProbeFormulaTolerance = 0.02;

// A JSON value as it reads in an error message.
QString valueText(const QJsonValue &v)
{
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 6);
    if (v.isString())
        return QStringLiteral("\"%1\"").arg(v.toString().left(40));
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return v.isArray() ? QStringLiteral("a list") : QStringLiteral("an object");
}

// Reads fields of one JSON object, remembering the first problem with its field path.
class FieldReader
{
public:
    FieldReader(const QString &source, QString *problem) : m_source(source), m_problem(problem) {}

    QJsonObject object(const QJsonObject &parent, const QString &path, const QString &key, bool required = true)
    {
        const QJsonValue v = parent.value(key);
        if (v.isObject())
            return v.toObject();
        if (required || !(v.isUndefined() || v.isNull()))
            fail(path + key, QStringLiteral("is missing or not an object"));
        return {};
    }
    QString text(const QJsonObject &o, const QString &path, const QString &key, bool required = true)
    {
        const QJsonValue v = o.value(key);
        if (v.isString())
            return v.toString();
        if (required || !(v.isUndefined() || v.isNull()))
            fail(path + key, QStringLiteral("is missing or not a string"));
        return {};
    }
    // A finite number >= 0 (> 0 when positive).
    double number(const QJsonObject &o, const QString &path, const QString &key, bool required = true,
                  bool positive = false)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull()) {
            if (required)
                fail(path + key, QStringLiteral("is missing"));
            return 0;
        }
        const double d = v.toDouble(-1);
        if (!v.isDouble() || !std::isfinite(d) || d < 0 || (positive && d <= 0)) {
            fail(path + key, (positive ? QStringLiteral("must be a number above 0, not %1") : QStringLiteral("must be a number >= 0, not %1"))
                                 .arg(valueText(v)));
            return 0;
        }
        return d;
    }
    // The probe computes some figures from others in the file (resources/probe/README.md): one
    // that disagrees with its formula by more than the rounding was edited or damaged.
    // expected <= 0 means the inputs are absent: nothing to hold it to.
    void agrees(const QString &field, double value, double expected, const QString &formula)
    {
        if (!ok() || expected <= 0 || !std::isfinite(expected))
            return;
        if (std::abs(value / expected - 1.0) > kProbeFormulaTolerance)
            fail(field, QStringLiteral("%1 does not match %2 over the file's own figures (%3): the file was edited or damaged")
                            .arg(QString::number(value, 'g', 6), formula, QString::number(expected, 'g', 6)));
    }
    std::optional<double> optionalNumber(const QJsonObject &o, const QString &path, const QString &key)
    {
        if (o.value(key).isUndefined() || o.value(key).isNull())
            return std::nullopt;
        return number(o, path, key);
    }
    int integer(const QJsonObject &o, const QString &path, const QString &key, bool required = true, bool positive = false)
    {
        const double d = number(o, path, key, required, positive);
        if (d != std::floor(d) || d > 1e9) {
            fail(path + key, QStringLiteral("must be a whole number"));
            return 0;
        }
        return int(d);
    }
    QDateTime time(const QJsonObject &o, const QString &path, const QString &key, bool required = false)
    {
        const QString t = text(o, path, key);
        QDateTime d = QDateTime::fromString(t, Qt::ISODate);
        if (required && t.isEmpty())
            fail(path + key, QStringLiteral("is missing: every estimate it calibrates names the time of the measurement"));
        else if (!t.isEmpty() && !d.isValid())
            fail(path + key, QStringLiteral("'%1' is not an ISO-8601 time").arg(t));
        return d.toUTC();
    }
    void fail(const QString &field, const QString &what)
    {
        if (m_problem->isEmpty())
            *m_problem = QStringLiteral("%1: %2 %3").arg(m_source, field, what);
    }
    bool ok() const { return m_problem->isEmpty(); }

private:
    QString m_source;
    QString *m_problem;
};

// GB/s of `copies` x bytes moved in median_ms, from the section's own fields; 0 when absent.
double transferGbps(FieldReader &r, const QJsonObject &o, const QString &path, double copies)
{
    const double bytes = r.number(o, path, QStringLiteral("bytes"), false);
    const double ms = r.number(o, path, QStringLiteral("median_ms"), false);
    return bytes > 0 && ms > 0 ? copies * bytes / (ms * 1e-3) / 1e9 : 0;
}

} // namespace

double ProbeResult::matmulTflops(const QString &dtype) const
{
    for (const ProbeMatmul &m : matmul) {
        if (m.dtype == dtype && m.supported)
            return m.tflops;
    }
    return 0;
}

QString ProbeResult::deviceLabel() const
{
    if (isCpu())
        return QStringLiteral("CPU: %1").arg(cpu.isEmpty() ? QStringLiteral("unknown") : cpu);
    return gpuCount > 1 ? QStringLiteral("%1 x %2").arg(gpuCount).arg(gpuName) : gpuName;
}

Result<ProbeResult> parseProbeResult(const QByteArray &json, const QString &sourceName)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return Error{QStringLiteral("%1: not JSON: %2 at byte %3").arg(sourceName, parseError.errorString()).arg(parseError.offset)};
    if (!doc.isObject())
        return Error{QStringLiteral("%1: not a probe result (the document is not a JSON object)").arg(sourceName)};
    const QJsonObject root = doc.object();
    if (root.value(u"format").toString() != u"gpu-planner-probe")
        return Error{QStringLiteral("%1: not a probe result: \"format\" is not \"gpu-planner-probe\" "
                                    "(run `gpu-planner-cli probe --script > probe.py` and `python3 probe.py -o result.json`)")
                         .arg(sourceName)};
    QString problem;
    FieldReader r(sourceName, &problem);
    ProbeResult p;
    p.schemaVersion = r.integer(root, {}, QStringLiteral("schema_version"), true, true);
    if (!r.ok())
        return Error{problem};
    if (p.schemaVersion > kProbeSchemaVersion) {
        return Error{QStringLiteral("%1: written by a newer probe (schema_version %2; this program reads up to %3): "
                                    "update GPU Planner to import it")
                         .arg(sourceName)
                         .arg(p.schemaVersion)
                         .arg(kProbeSchemaVersion)};
    }
    p.probeVersion = r.text(root, {}, QStringLiteral("probe_version"));
    p.startedAt = r.time(root, {}, QStringLiteral("started_at"), true);
    p.finishedAt = r.time(root, {}, QStringLiteral("finished_at"));
    const QJsonObject options = r.object(root, {}, QStringLiteral("options"));
    p.device = r.text(options, QStringLiteral("options."), QStringLiteral("device"));
    p.quick = options.value(u"quick").toBool();
    if (r.ok() && p.device != u"cuda" && p.device != u"cpu")
        r.fail(QStringLiteral("options.device"), QStringLiteral("'%1' is not cuda or cpu").arg(p.device));

    const QJsonObject m = r.object(root, {}, QStringLiteral("machine"));
    const QString mp = QStringLiteral("machine.");
    p.host = r.text(m, mp, QStringLiteral("hostname"));
    p.gpuName = r.text(m, mp, QStringLiteral("gpu_name"), false);
    p.gpuCount = r.integer(m, mp, QStringLiteral("gpu_count"));
    p.gpuMemoryGib = r.optionalNumber(m, mp, QStringLiteral("gpu_memory_gib"));
    p.driver = r.text(m, mp, QStringLiteral("driver"), false);
    p.cuda = r.text(m, mp, QStringLiteral("cuda"), false);
    p.torch = r.text(m, mp, QStringLiteral("torch"));
    p.cpu = r.text(m, mp, QStringLiteral("cpu"), false);
    p.topology = r.text(m, mp, QStringLiteral("topology"), false);
    p.cpuCount = r.integer(m, mp, QStringLiteral("cpu_count"), false);
    p.hostMemoryGib = r.number(m, mp, QStringLiteral("host_memory_gib"), false);
    if (r.ok() && p.device == u"cuda" && (p.gpuName.isEmpty() || p.gpuCount < 1))
        r.fail(QStringLiteral("machine.gpu_name"), QStringLiteral("is empty on a cuda run"));

    const QJsonValue mm = root.value(u"matmul");
    if (!mm.isArray())
        r.fail(QStringLiteral("matmul"), QStringLiteral("is missing or not a list"));
    const QJsonArray rows = mm.toArray();
    for (qsizetype i = 0; i < rows.size() && r.ok(); ++i) {
        const QString path = QStringLiteral("matmul[%1].").arg(i);
        const QJsonObject o = rows.at(i).toObject();
        ProbeMatmul row;
        row.dtype = r.text(o, path, QStringLiteral("dtype"));
        row.supported = o.value(u"supported").toBool();
        if (row.supported) {
            row.tflops = r.number(o, path, QStringLiteral("tflops"), true, true);
            row.size = r.integer(o, path, QStringLiteral("m"), false);
            const double n = r.integer(o, path, QStringLiteral("n"), false);
            const double k = r.integer(o, path, QStringLiteral("k"), false);
            const double ms = r.number(o, path, QStringLiteral("median_ms"), false);
            r.agrees(path + QStringLiteral("tflops"), row.tflops, ms > 0 ? 2.0 * row.size * n * k / (ms * 1e-3) / 1e12 : 0,
                     QStringLiteral("2·m·n·k / median_ms"));
        } else {
            row.reason = o.value(u"reason").toString();
        }
        p.matmul.append(row);
    }
    const QJsonObject bw = r.object(root, {}, QStringLiteral("memory_bandwidth"));
    p.memoryBandwidthGbs = r.number(bw, QStringLiteral("memory_bandwidth."), QStringLiteral("gbps"), true, true);
    r.agrees(QStringLiteral("memory_bandwidth.gbps"), p.memoryBandwidthGbs,
             transferGbps(r, bw, QStringLiteral("memory_bandwidth."), 2.0), QStringLiteral("2·bytes / median_ms"));
    const QJsonObject h2d = r.object(root, {}, QStringLiteral("host_to_device"), false);
    if (!h2d.contains(u"skipped")) {
        p.hostToDeviceGbs = r.optionalNumber(h2d, QStringLiteral("host_to_device."), QStringLiteral("gbps"));
        if (p.hostToDeviceGbs)
            r.agrees(QStringLiteral("host_to_device.gbps"), *p.hostToDeviceGbs,
                     transferGbps(r, h2d, QStringLiteral("host_to_device."), 1.0), QStringLiteral("bytes / median_ms"));
    }
    const QJsonObject ar = r.object(root, {}, QStringLiteral("all_reduce"), false);
    if (!ar.contains(u"skipped") && ar.contains(u"bus_gbps")) {
        const QString ap = QStringLiteral("all_reduce.");
        p.allReduceBusGbs = r.number(ar, ap, QStringLiteral("bus_gbps"), true, true);
        p.allReduceGpus = r.integer(ar, ap, QStringLiteral("gpus"), true, true);
        // An all-reduce needs two GPUs, and spans those of this machine only.
        if (r.ok() && (p.allReduceGpus < 2 || (p.gpuCount > 0 && p.allReduceGpus > p.gpuCount)))
            r.fail(ap + QStringLiteral("gpus"), QStringLiteral("%1 is not 2 to machine.gpu_count (%2)").arg(p.allReduceGpus).arg(p.gpuCount));
        const double algorithm = r.number(ar, ap, QStringLiteral("algorithm_gbps"), false);
        if (algorithm > 0)
            r.agrees(ap + QStringLiteral("algorithm_gbps"), algorithm, transferGbps(r, ar, ap, 1.0), QStringLiteral("bytes / median_ms"));
        if (r.ok() && p.allReduceGpus >= 2)
            r.agrees(ap + QStringLiteral("bus_gbps"), *p.allReduceBusGbs,
                     algorithm * 2.0 * (p.allReduceGpus - 1) / p.allReduceGpus, QStringLiteral("algorithm_gbps·2(gpus-1)/gpus"));
    }

    const QJsonObject t = r.object(root, {}, QStringLiteral("training"));
    const QString tp = QStringLiteral("training.");
    ProbeTraining &tr = p.training;
    tr.preset = r.text(t, tp, QStringLiteral("preset"), false);
    tr.layers = r.integer(t, tp, QStringLiteral("layers"), true, true);
    tr.hidden = r.integer(t, tp, QStringLiteral("hidden"), true, true);
    tr.heads = r.integer(t, tp, QStringLiteral("heads"), true, true);
    tr.ffnHidden = r.integer(t, tp, QStringLiteral("ffn_hidden"), true, true);
    tr.vocab = r.integer(t, tp, QStringLiteral("vocab"), true, true);
    tr.seqLen = r.integer(t, tp, QStringLiteral("seq_len"), true, true);
    tr.microBatch = r.integer(t, tp, QStringLiteral("micro_batch"), true, true);
    tr.dtype = r.text(t, tp, QStringLiteral("dtype"));
    tr.parameters = r.number(t, tp, QStringLiteral("parameters"), true, true);
    tr.tokensPerSecond = r.number(t, tp, QStringLiteral("tokens_per_second"), true, true);
    tr.medianStepMs = r.number(t, tp, QStringLiteral("median_step_ms"), true, true);
    tr.peakMemoryGib = r.optionalNumber(t, tp, QStringLiteral("peak_memory_gib"));
    r.agrees(tp + QStringLiteral("tokens_per_second"), tr.tokensPerSecond,
             tr.medianStepMs > 0 ? double(tr.microBatch) * tr.seqLen / (tr.medianStepMs * 1e-3) : 0,
             QStringLiteral("micro_batch·seq_len / median_step_ms"));
    // Allocated memory cannot exceed the device's (both GiB; the probe rounds to 3 decimals).
    if (r.ok() && tr.peakMemoryGib && p.gpuMemoryGib && *tr.peakMemoryGib > *p.gpuMemoryGib + 0.01)
        r.fail(tp + QStringLiteral("peak_memory_gib"), QStringLiteral("%1 GiB is more than the GPU's memory (machine.gpu_memory_gib %2)")
                                                          .arg(QString::number(*tr.peakMemoryGib, 'g', 6),
                                                               QString::number(*p.gpuMemoryGib, 'g', 6)));
    if (r.ok() && tr.dtype != u"bf16" && tr.dtype != u"fp16" && tr.dtype != u"fp32")
        r.fail(QStringLiteral("training.dtype"), QStringLiteral("'%1' is not bf16, fp16 or fp32").arg(tr.dtype));

    const QJsonObject rn = r.object(root, {}, QStringLiteral("resnet50"), false);
    if (!rn.isEmpty() && !rn.contains(u"skipped")) {
        ProbeResnet res;
        res.batch = r.integer(rn, QStringLiteral("resnet50."), QStringLiteral("batch"), true, true);
        res.imageSize = r.integer(rn, QStringLiteral("resnet50."), QStringLiteral("image_size"), true, true);
        res.dtype = r.text(rn, QStringLiteral("resnet50."), QStringLiteral("dtype"), false);
        res.imagesPerSecond = r.number(rn, QStringLiteral("resnet50."), QStringLiteral("images_per_second"), true, true);
        const double ms = r.number(rn, QStringLiteral("resnet50."), QStringLiteral("median_step_ms"), false);
        r.agrees(QStringLiteral("resnet50.images_per_second"), res.imagesPerSecond, ms > 0 ? res.batch / (ms * 1e-3) : 0,
                 QStringLiteral("batch / median_step_ms"));
        p.resnet50 = res;
    }
    for (const QJsonValue &w : root.value(u"warnings").toArray())
        p.warnings.append(w.toString());
    if (!r.ok())
        return Error{problem};
    return p;
}

} // namespace gpuplanner::core
