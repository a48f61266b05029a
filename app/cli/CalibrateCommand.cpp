#include "CalibrateCommand.h"

#include "Cli.h"
#include "CommandSupport.h"

#include "core/calibrate/Calibration.h"
#include "core/common/Redact.h"
#include "core/io/BoundedFile.h"
#include "core/io/TextTable.h"
#include "db/CalibrationStore.h"
#include "db/SqliteRealityStore.h"
#include "db/SqliteCatalogRepository.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

constexpr qint64 kMaxProbeDocumentBytes = 16 * 1024 * 1024;

// Small rates (a CPU's TFLOP/s) in significant digits, so they do not read as 0.00.
QString fixed(double v, int decimals)
{
    if (v <= 0)
        return QStringLiteral("-");
    return v < 1 ? QString::number(v, 'g', 3) : QString::number(v, 'f', decimals);
}

int importRun(const QString &file, const QString &gpuOverride, CatalogSession &session, QTextStream &out,
              QTextStream &err)
{
    auto bytes = readBoundedFile(file, kMaxProbeDocumentBytes);
    if (!bytes) {
        err << programName() << " calibrate import: " << bytes.errorMessage() << '\n';
        return ExitData;
    }
    auto path = session.path();
    if (!path) {
        err << programName() << ": " << path.errorMessage() << '\n';
        return ExitData;
    }
    db::SqliteRealityStore store(path.value());
    auto stored = store.importCalibration(bytes.value(), file, gpuOverride);
    if (!stored) {
        err << programName() << " calibrate import: " << stored.errorMessage() << '\n';
        return ExitData;
    }
    const Calibration &c = stored.value();
    out << "calibration " << c.id << ": " << c.probe.deviceLabel() << " on " << c.probe.host << ", measured "
        << c.probe.startedAt.toString(Qt::ISODate) << '\n';
    if (c.gpuId.isEmpty()) {
        out << "  a host-CPU run: it calibrates no catalog GPU; estimate on it with "
               "`gpu-planner-cli estimate --calibration "
            << c.id << " ...`\n";
    } else {
        out << "  estimates on " << c.gpuId << " now use it (and GPUs without their own run are scaled from it)\n";
    }
    return ExitOk;
}

QJsonObject toJson(const Calibration &c)
{
    const ProbeResult &p = c.probe;
    QJsonObject o{{QStringLiteral("id"), c.id},
                  {QStringLiteral("gpu"), c.gpuId.isEmpty() ? QJsonValue() : QJsonValue(c.gpuId)},
                  {QStringLiteral("device"), p.deviceLabel()},
                  {QStringLiteral("host"), p.host},
                  {QStringLiteral("measured_at"), p.startedAt.toString(Qt::ISODate)},
                  {QStringLiteral("probe_version"), p.probeVersion},
                  {QStringLiteral("source_file"), c.sourceFile},
                  {QStringLiteral("memory_bandwidth_gbps"), p.memoryBandwidthGbs},
                  {QStringLiteral("training_tokens_per_second"), p.training.tokensPerSecond},
                  {QStringLiteral("quick"), p.quick}};
    QJsonObject matmul;
    for (const ProbeMatmul &m : p.matmul) {
        if (m.supported)
            matmul.insert(m.dtype, m.tflops);
    }
    o.insert(QStringLiteral("matmul_tflops"), matmul);
    if (p.allReduceBusGbs)
        o.insert(QStringLiteral("all_reduce_bus_gbps"), *p.allReduceBusGbs);
    return o;
}

int list(CatalogSession &session, const QString &format, QTextStream &out, QTextStream &err)
{
    auto repo = session.repository();
    if (!repo) {
        err << programName() << ": " << repo.errorMessage() << '\n';
        return ExitData;
    }
    auto all = db::loadCalibrations(repo.value()->database());
    if (!all) {
        err << programName() << " calibrate list: " << all.errorMessage() << '\n';
        return ExitData;
    }
    if (format == u"json") {
        QJsonArray rows;
        for (const Calibration &c : all.value())
            rows.append(toJson(c));
        out << QJsonDocument(rows).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    if (all.value().isEmpty()) {
        out << "no calibrations: run the probe (`gpu-planner-cli probe --script > probe.py`) and import its result\n";
        return ExitOk;
    }
    TextTable table({QStringLiteral("ID"), QStringLiteral("GPU model"), QStringLiteral("Device"), QStringLiteral("Host"),
                     QStringLiteral("Measured"), QStringLiteral("16-bit TFLOP/s"), QStringLiteral("Memory GB/s"),
                     QStringLiteral("Train tokens/s")},
                    {true, false, false, false, false, true, true, true});
    for (const Calibration &c : all.value()) {
        const ProbeResult &p = c.probe;
        // bf16 where the device has it; else fp16 (T4, V100), named as such so it never reads as bf16.
        const double bf16 = p.matmulTflops(QStringLiteral("bf16"));
        const double fp16 = p.matmulTflops(QStringLiteral("fp16"));
        const QString half = bf16 > 0 ? fixed(bf16, 2) + QStringLiteral(" bf16")
                             : fp16 > 0 ? fixed(fp16, 2) + QStringLiteral(" fp16")
                                        : QStringLiteral("-");
        table.addRow({QString::number(c.id), c.gpuId.isEmpty() ? QStringLiteral("(host CPU)") : c.gpuId, p.deviceLabel(),
                      p.host, p.startedAt.toString(Qt::ISODate), half, fixed(p.memoryBandwidthGbs, 1),
                      fixed(p.training.tokensPerSecond, 0)});
    }
    out << table.render();
    return ExitOk;
}

int remove(CatalogSession &session, const QString &idText, QTextStream &out, QTextStream &err)
{
    bool ok = false;
    const qint64 id = idText.toLongLong(&ok);
    if (!ok || id <= 0) {
        err << programName() << " calibrate remove: " << quoteValue(idText) << " is not a calibration id\n";
        return ExitUsage;
    }
    auto path = session.path();
    if (!path) {
        err << programName() << ": " << path.errorMessage() << '\n';
        return ExitData;
    }
    if (auto s = db::SqliteRealityStore(path.value()).removeCalibration(id); !s) {
        err << programName() << " calibrate remove: " << s.errorMessage() << '\n';
        return ExitData;
    }
    out << "removed calibration " << id << '\n';
    return ExitOk;
}

} // namespace

int runProbe(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The benchmark probe: a Python script to run with PyTorch on a rented machine.\n"
        "  gpu-planner-cli probe --script > probe.py\n"
        "  python3 probe.py -o result.json          (--device cpu --quick runs anywhere in seconds)\n"
        "  gpu-planner-cli calibrate import result.json"));
    addCommonOptions(parser);
    parser.addOption({QStringLiteral("script"), QStringLiteral("Print the probe script.")});
    parser.addPositionalArgument(QStringLiteral("probe"), QStringLiteral("The command."));
    if (auto answered = answerHelpOrUsageError(parser, args, QStringLiteral("probe"), 1, out, err))
        return *answered;
    if (!parser.isSet(QStringLiteral("script"))) {
        err << programName() << " probe: expected --script (prints the probe; see --help)\n";
        return ExitUsage;
    }
    QFile script(QStringLiteral(":/probe/gpu_planner_probe.py"));
    if (!script.open(QIODevice::ReadOnly)) {
        err << programName() << " probe: the probe script is missing from this build\n";
        return ExitData;
    }
    out << QString::fromUtf8(script.readAll());
    return ExitOk;
}

int runCalibrate(const QStringList &args, CatalogSession &session, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Calibrations: benchmark-probe results that estimates on the measured GPU use.\n"
        "  calibrate import FILE [--gpu ID]  store a probe result (--gpu: the catalog GPU model it ran on,\n"
        "                                    when the name the run reports is not one the catalog knows)\n"
        "  calibrate list [--format json]    the stored runs\n"
        "  calibrate remove ID               forget one run\n"
        "A scenario (\"calibration\": false) or `estimate --no-calibration` plans without them."));
    addCommonOptions(parser);
    parser.addOptions({
        {QStringLiteral("gpu"), QStringLiteral("import: the catalog GPU model the run was on."), QStringLiteral("ID")},
        {QStringLiteral("format"), QStringLiteral("list: table or json."), QStringLiteral("F"), QStringLiteral("table")},
    });
    parser.addPositionalArgument(QStringLiteral("calibrate"), QStringLiteral("import FILE, list or remove ID."));
    if (auto answered = answerHelpOrUsageError(parser, args, QStringLiteral("calibrate"), 3, out, err))
        return *answered;
    const QStringList positional = parser.positionalArguments();
    const QString sub = positional.value(1);
    const bool takesArgument = sub == u"import" || sub == u"remove";
    if (sub != u"import" && sub != u"list" && sub != u"remove") {
        err << programName() << " calibrate: expected a subcommand: import FILE, list or remove ID\n";
        return ExitUsage;
    }
    if (takesArgument != (positional.size() == 3)) {
        err << programName() << " calibrate " << sub
            << (takesArgument ? (sub == u"import" ? ": expected a file name" : ": expected a calibration id")
                              : ": unexpected argument")
            << '\n';
        return ExitUsage;
    }
    const QString format = parser.value(QStringLiteral("format"));
    if (format != u"table" && format != u"json") {
        err << programName() << " calibrate: --format: " << quoteValue(format) << " is not one of table, json\n";
        return ExitUsage;
    }
    if (sub == u"import")
        return importRun(positional.at(2), parser.value(QStringLiteral("gpu")), session, out, err);
    if (sub == u"remove")
        return remove(session, positional.at(2), out, err);
    return list(session, format, out, err);
}

} // namespace gpuplanner::cli
