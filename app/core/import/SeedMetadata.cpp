#include "core/import/SeedMetadata.h"

#include "core/io/CsvReader.h"

#include <QDir>

namespace gpuplanner::core {

namespace {

QRegularExpression globRegex(const QString &glob)
{
    return QRegularExpression(QRegularExpression::wildcardToRegularExpression(glob),
                              QRegularExpression::CaseInsensitiveOption);
}

std::optional<double> optionalNumber(const QString &text)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

Result<CsvTable> readTable(const QDir &dir, const QString &name, const QStringList &requiredColumns)
{
    auto table = readCsvFile(dir.filePath(name));
    if (!table)
        return table.error();
    for (const QString &column : requiredColumns) {
        if (!table.value().hasColumn(column))
            return Error{QStringLiteral("%1: missing column '%2'").arg(dir.filePath(name), column)};
    }
    return table;
}

// gpu-specs.csv rows by their `gpu` name.
Result<QHash<QString, GpuModel>> readSpecs(const QDir &dir)
{
    auto table = readTable(dir, QStringLiteral("gpu-specs.csv"),
                           {QStringLiteral("gpu"), QStringLiteral("vendor"), QStringLiteral("memory_gib")});
    if (!table)
        return table.error();
    QHash<QString, GpuModel> specs;
    const auto &t = table.value();
    for (const CsvRecord &r : t.records()) {
        GpuModel g;
        g.specName = t.field(r, QStringLiteral("gpu"));
        g.vendor = t.field(r, QStringLiteral("vendor"));
        g.architecture = t.field(r, QStringLiteral("architecture"));
        g.memoryGib = optionalNumber(t.field(r, QStringLiteral("memory_gib")));
        g.memoryBandwidthGbs = optionalNumber(t.field(r, QStringLiteral("memory_bandwidth_gbs")));
        g.fp32Tflops = optionalNumber(t.field(r, QStringLiteral("fp32_tflops")));
        g.tf32Tflops = optionalNumber(t.field(r, QStringLiteral("tf32_tflops_dense")));
        g.fp16Tflops = optionalNumber(t.field(r, QStringLiteral("fp16_tflops_dense")));
        g.bf16Tflops = optionalNumber(t.field(r, QStringLiteral("bf16_tflops_dense")));
        g.fp8Tflops = optionalNumber(t.field(r, QStringLiteral("fp8_tflops_dense")));
        g.int8Tops = optionalNumber(t.field(r, QStringLiteral("int8_tops_dense")));
        g.interconnect = t.field(r, QStringLiteral("interconnect"));
        g.nvlinkGbs = optionalNumber(t.field(r, QStringLiteral("nvlink_gbs")));
        g.tdpW = optionalNumber(t.field(r, QStringLiteral("tdp_w")));
        // A year outside 1990-2100 is a typo; leaving it unset keeps the int conversion defined.
        if (auto year = optionalNumber(t.field(r, QStringLiteral("release_year"))); year && *year >= 1990 && *year <= 2100)
            g.releaseYear = int(*year);
        g.source = t.field(r, QStringLiteral("source"));
        specs.insert(g.specName, g);
    }
    return specs;
}

} // namespace

GpuAliasResolver SeedMetadata::resolver() const
{
    QStringList ids;
    for (const GpuModel &g : gpuModels)
        ids.append(g.id);
    return GpuAliasResolver(aliases, ids);
}

const ProviderMeta *SeedMetadata::provider(const QString &id) const
{
    for (const ProviderMeta &p : providers) {
        if (p.id == id)
            return &p;
    }
    return nullptr;
}

const GpuModel *SeedMetadata::gpuModel(const QString &id) const
{
    for (const GpuModel &g : gpuModels) {
        if (g.id == id)
            return &g;
    }
    return nullptr;
}

const InstanceSpec *SeedMetadata::instanceSpec(const QString &provider, const QString &instanceType) const
{
    for (const InstanceSpec &s : instanceSpecs) {
        if (s.provider == provider && s.pattern.match(instanceType).hasMatch())
            return &s;
    }
    return nullptr;
}

QList<Correction> SeedMetadata::correctionsFor(const QString &provider, const QString &instanceType) const
{
    QList<Correction> list;
    for (const Correction &c : corrections) {
        if (c.provider == provider && c.instanceType == instanceType)
            list.append(c);
    }
    return list;
}

const GcpHostAccelerator *SeedMetadata::gcpHost(const QString &hostType) const
{
    for (const GcpHostAccelerator &h : gcpHosts) {
        if (h.pattern.match(hostType).hasMatch())
            return &h;
    }
    return nullptr;
}

Result<SeedMetadata> loadSeedMetadata(const QString &dirPath)
{
    const QDir dir(dirPath);
    SeedMetadata meta;

    auto providers = readTable(dir, QStringLiteral("providers.csv"),
                               {QStringLiteral("id"), QStringLiteral("kind"), QStringLiteral("home_currency")});
    if (!providers)
        return providers.error();
    for (const CsvRecord &r : providers.value().records()) {
        const auto &t = providers.value();
        meta.providers.append(ProviderMeta{t.field(r, QStringLiteral("id")), t.field(r, QStringLiteral("name")),
                                           t.field(r, QStringLiteral("kind")),
                                           t.field(r, QStringLiteral("home_currency")),
                                           t.field(r, QStringLiteral("data_date")),
                                           t.field(r, QStringLiteral("data_note")),
                                           t.field(r, QStringLiteral("billing_granularity_s")).toInt(),
                                           t.field(r, QStringLiteral("minimum_billing_s")).toInt()});
    }

    auto regions = readTable(dir, QStringLiteral("regions.csv"),
                             {QStringLiteral("provider"), QStringLiteral("code"), QStringLiteral("geography")});
    if (!regions)
        return regions.error();
    for (const CsvRecord &r : regions.value().records()) {
        const auto &t = regions.value();
        meta.regions.append(RegionMeta{t.field(r, QStringLiteral("provider")), t.field(r, QStringLiteral("code")),
                                       t.field(r, QStringLiteral("name")), t.field(r, QStringLiteral("geography")),
                                       t.field(r, QStringLiteral("name_zh"))});
    }

    auto specs = readSpecs(dir);
    if (!specs)
        return specs.error();
    auto models = readTable(dir, QStringLiteral("gpu-models.csv"),
                            {QStringLiteral("id"), QStringLiteral("spec_name"), QStringLiteral("kind")});
    if (!models)
        return models.error();
    for (const CsvRecord &r : models.value().records()) {
        const auto &t = models.value();
        const QString specName = t.field(r, QStringLiteral("spec_name"));
        GpuModel g;
        if (!specName.isEmpty()) {
            if (!specs.value().contains(specName)) {
                return Error{QStringLiteral("%1:%2: spec_name '%3' is not a gpu in gpu-specs.csv")
                                 .arg(dir.filePath(QStringLiteral("gpu-models.csv")))
                                 .arg(r.line)
                                 .arg(specName)};
            }
            g = specs.value().value(specName);
            // A variant of a spec row with another memory size (V100 PCIe 32 GB on the 16 GB card's row).
            if (const auto memory = optionalNumber(t.field(r, QStringLiteral("memory_gib"))))
                g.memoryGib = memory;
        } else {
            g.vendor = t.field(r, QStringLiteral("vendor"));
            g.memoryGib = optionalNumber(t.field(r, QStringLiteral("memory_gib")));
        }
        g.id = t.field(r, QStringLiteral("id"));
        g.kind = t.field(r, QStringLiteral("kind"));
        g.formFactor = t.field(r, QStringLiteral("form_factor"));
        g.note = t.field(r, QStringLiteral("note"));
        meta.gpuModels.append(g);
    }

    auto aliases = readTable(dir, QStringLiteral("gpu-aliases.csv"),
                             {QStringLiteral("alias"), QStringLiteral("gpu_id")});
    if (!aliases)
        return aliases.error();
    for (const CsvRecord &r : aliases.value().records()) {
        const auto &t = aliases.value();
        GpuAlias a;
        a.alias = t.field(r, QStringLiteral("alias"));
        a.provider = t.field(r, QStringLiteral("provider"));
        a.instancePattern = t.field(r, QStringLiteral("instance_pattern"));
        a.gpuId = t.field(r, QStringLiteral("gpu_id"));
        a.fraction = optionalNumber(t.field(r, QStringLiteral("fraction"))).value_or(1.0);
        if (!meta.gpuModel(a.gpuId)) {
            return Error{QStringLiteral("%1:%2: gpu_id '%3' is not in gpu-models.csv")
                             .arg(dir.filePath(QStringLiteral("gpu-aliases.csv")))
                             .arg(r.line)
                             .arg(a.gpuId)};
        }
        meta.aliases.append(a);
    }

    auto instanceSpecs = readTable(dir, QStringLiteral("instance-specs.csv"),
                                   {QStringLiteral("provider"), QStringLiteral("instance_pattern")});
    if (!instanceSpecs)
        return instanceSpecs.error();
    for (const CsvRecord &r : instanceSpecs.value().records()) {
        const auto &t = instanceSpecs.value();
        meta.instanceSpecs.append(InstanceSpec{t.field(r, QStringLiteral("provider")),
                                               globRegex(t.field(r, QStringLiteral("instance_pattern"))),
                                               t.field(r, QStringLiteral("interconnect")),
                                               optionalNumber(t.field(r, QStringLiteral("network_gbps"))),
                                               t.field(r, QStringLiteral("rdma")),
                                               t.field(r, QStringLiteral("source"))});
    }

    auto corrections = readTable(dir, QStringLiteral("corrections.csv"),
                                 {QStringLiteral("provider"), QStringLiteral("instance_type"),
                                  QStringLiteral("field"), QStringLiteral("value")});
    if (!corrections)
        return corrections.error();
    for (const CsvRecord &r : corrections.value().records()) {
        const auto &t = corrections.value();
        meta.corrections.append(Correction{t.field(r, QStringLiteral("provider")),
                                           t.field(r, QStringLiteral("instance_type")),
                                           t.field(r, QStringLiteral("field")), t.field(r, QStringLiteral("value")),
                                           t.field(r, QStringLiteral("note"))});
    }

    auto retired = readTable(dir, QStringLiteral("retired-families.csv"),
                             {QStringLiteral("provider"), QStringLiteral("instance_pattern"),
                              QStringLiteral("retired_on"), QStringLiteral("source")});
    if (!retired)
        return retired.error();
    for (const CsvRecord &r : retired.value().records()) {
        const auto &t = retired.value();
        if (t.field(r, QStringLiteral("source")).trimmed().isEmpty())
            return Error{QStringLiteral("%1: line %2: a retired family needs its source")
                             .arg(dir.filePath(QStringLiteral("retired-families.csv")))
                             .arg(r.line)};
        meta.retired.append(RetiredFamily{t.field(r, QStringLiteral("provider")),
                                          t.field(r, QStringLiteral("instance_pattern")),
                                          t.field(r, QStringLiteral("retired_on")), t.field(r, QStringLiteral("source"))});
    }

    auto hosts = readTable(dir, QStringLiteral("gcp-host-accelerators.csv"),
                           {QStringLiteral("host_pattern"), QStringLiteral("accelerator"), QStringLiteral("count")});
    if (!hosts)
        return hosts.error();
    for (const CsvRecord &r : hosts.value().records()) {
        const auto &t = hosts.value();
        meta.gcpHosts.append(GcpHostAccelerator{globRegex(t.field(r, QStringLiteral("host_pattern"))),
                                                t.field(r, QStringLiteral("accelerator")),
                                                t.field(r, QStringLiteral("count")).toDouble(),
                                                t.field(r, QStringLiteral("all_in")) == u"1",
                                                t.field(r, QStringLiteral("note"))});
    }
    return meta;
}

} // namespace gpuplanner::core
