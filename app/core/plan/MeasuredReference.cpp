#include "core/plan/MeasuredReference.h"

#include "core/catalog/GpuAliasResolver.h"
#include "core/estimate/Hardware.h"
#include "core/import/SeedMetadata.h"
#include "core/plan/JsonReader.h"

namespace gpuplanner::core {

namespace {

// The catalog is seeded from this reference data, so its aliases are the catalog's aliases.
// Loaded once per process; plans run on worker threads, hence the function-local static.
const Result<SeedMetadata> &reference()
{
    static const Result<SeedMetadata> metadata = loadSeedMetadata(QStringLiteral(":/reference"));
    return metadata;
}

const GpuModel *byId(const QList<GpuModel> &gpus, const QString &id)
{
    for (const GpuModel &g : gpus) {
        if (g.id == id)
            return &g;
    }
    return nullptr;
}

} // namespace

const GpuModel *findGpuModel(const QList<GpuModel> &gpus, const QString &name)
{
    const QString wanted = name.trimmed();
    if (wanted.isEmpty())
        return nullptr;
    if (const GpuModel *exact = byId(gpus, wanted))
        return exact;
    QStringList ids;
    ids.reserve(gpus.size());
    for (const GpuModel &g : gpus)
        ids << g.id;
    const GpuAliasResolver resolver(reference() ? reference().value().aliases : QList<GpuAlias>{}, ids);
    const auto resolved = resolver.resolve(wanted);
    return resolved ? byId(gpus, resolved->gpuId) : nullptr;
}

Status resolveMeasuredReference(Workload &workload, const QList<GpuModel> &gpus)
{
    MeasuredSetup &m = workload.measured;
    if (workload.kind != WorkloadKind::Measured || m.referenceGpuName.isEmpty())
        return success();
    if (!reference())
        return reference().error();
    const QString field = QStringLiteral("workload.measured_gpu: \"%1\"").arg(m.referenceGpuName);
    const GpuModel *model = findGpuModel(gpus, m.referenceGpuName);
    if (!model)
        return Error{field + u' ' + ScenarioText::tr("is not a GPU in the catalog")};
    const GpuSpec spec = gpuSpecFromModel(*model);
    const bool bandwidth = m.bound == MeasuredBound::MemoryBandwidth;
    if ((bandwidth ? spec.memoryBandwidthGbs : spec.peakTflops(m.precision)) <= 0)
        return Error{field + u' '
                     + (bandwidth ? ScenarioText::tr("(%1) has no published memory bandwidth to scale the measured rate by")
                                  : ScenarioText::tr("(%1) has no published compute peak to scale the measured rate by"))
                           .arg(model->id)};
    m.referenceGpu = spec;
    return success();
}

} // namespace gpuplanner::core
