#include "estimate/GpuFixtures.h"

#include "core/io/CsvReader.h"

#include <QHash>

#include <gtest/gtest.h>

namespace gpuplanner::test {

using namespace gpuplanner::core;

namespace {

std::optional<double> number(const QString &text)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

QHash<QString, GpuModel> loadModels()
{
    QHash<QString, GpuModel> out;
    const QString dir = QStringLiteral(GPUPLANNER_SEED_DIR);
    auto specs = readCsvFile(dir + QStringLiteral("/gpu-specs.csv"));
    auto models = readCsvFile(dir + QStringLiteral("/gpu-models.csv"));
    if (!specs || !models) {
        ADD_FAILURE() << "cannot read the GPU catalog CSVs in " << qPrintable(dir);
        return out;
    }
    QHash<QString, CsvRecord> specRows;
    for (const CsvRecord &r : specs->records())
        specRows.insert(specs->field(r, QStringLiteral("gpu")), r);
    for (const CsvRecord &r : models->records()) {
        GpuModel g;
        g.id = models->field(r, QStringLiteral("id"));
        g.specName = models->field(r, QStringLiteral("spec_name"));
        g.vendor = models->field(r, QStringLiteral("vendor"));
        g.formFactor = models->field(r, QStringLiteral("form_factor"));
        g.memoryGib = number(models->field(r, QStringLiteral("memory_gib")));
        const auto it = specRows.constFind(g.specName);
        if (it != specRows.constEnd()) {
            const CsvTable &t = specs.value();
            auto f = [&](const char *col) { return t.field(*it, QString::fromLatin1(col)); };
            g.architecture = f("architecture");
            g.memoryGib = number(f("memory_gib"));
            g.memoryBandwidthGbs = number(f("memory_bandwidth_gbs"));
            g.fp32Tflops = number(f("fp32_tflops"));
            g.tf32Tflops = number(f("tf32_tflops_dense"));
            g.fp16Tflops = number(f("fp16_tflops_dense"));
            g.bf16Tflops = number(f("bf16_tflops_dense"));
            g.fp8Tflops = number(f("fp8_tflops_dense"));
            g.int8Tops = number(f("int8_tops_dense"));
            g.interconnect = f("interconnect");
            g.nvlinkGbs = number(f("nvlink_gbs"));
        }
        out.insert(g.id, g);
    }
    return out;
}

} // namespace

GpuModel gpuModel(const QString &name)
{
    static const QHash<QString, GpuModel> models = loadModels();
    // Names used by validation-public.csv.
    static const QHash<QString, QString> aliases = {
        {QStringLiteral("A100-SXM-80GB"), QStringLiteral("A100-SXM4-80GB")},
        {QStringLiteral("A100-SXM-40GB"), QStringLiteral("A100-SXM4-40GB")},
        {QStringLiteral("H100-SXM-80GB"), QStringLiteral("H100-SXM5-80GB")},
    };
    const QString id = aliases.value(name, name);
    const auto it = models.constFind(id);
    if (it == models.constEnd()) {
        ADD_FAILURE() << "unknown GPU in fixtures: " << qPrintable(name);
        return {};
    }
    return *it;
}

GpuSpec gpuSpec(const QString &name)
{
    return gpuSpecFromModel(gpuModel(name));
}

ClusterConfig hgxCluster(const QString &gpu, int totalGpus)
{
    ClusterConfig c;
    c.gpu = gpuSpec(gpu);
    c.gpusPerInstance = std::min(8, std::max(1, totalGpus));
    c.instances = std::max(1, totalGpus / c.gpusPerInstance);
    c.intraLink = IntraLink::NvSwitch;
    c.networkGbps = 1600;
    c.network = NetworkKind::InfiniBand;
    return c;
}

ClusterConfig pcieBox(const QString &gpu, int gpus)
{
    ClusterConfig c;
    c.gpu = gpuSpec(gpu);
    c.gpusPerInstance = gpus;
    c.instances = 1;
    c.intraLink = IntraLink::Pcie;
    c.networkGbps = 100;
    c.network = NetworkKind::Tcp;
    return c;
}

} // namespace gpuplanner::test
