#pragma once
// MeasuredReference: a measured-throughput workload names its reference GPU as people type it
// ("A100-80GB", "H100", "NVIDIA A100 80GB"); this finds that GPU among the catalog's models and
// fills in the specs the estimator scales the measured rate by. The CLI and the GUI both call it
// before planning, so a name resolves the same way everywhere.

#include "core/catalog/GpuModel.h"
#include "core/common/Result.h"
#include "core/estimate/Workload.h"

#include <QList>
#include <QString>

namespace gpuplanner::core {

// The model name stands for: the exact id, then the shipped GPU aliases (the catalog's own
// gpu-aliases.csv, as `gpu-planner-cli estimate --gpu` uses them), then the id in any case.
// Null when none of gpus matches.
const GpuModel *findGpuModel(const QList<GpuModel> &gpus, const QString &name);

// Fills workload.measured.referenceGpu from referenceGpuName; other kinds, and a measured
// workload whose reference specs are already set without a name, pass unchanged. Errors name the
// scenario field: `workload.measured_gpu: "XYZ" is not a GPU in the catalog`.
Status resolveMeasuredReference(Workload &workload, const QList<GpuModel> &gpus);

} // namespace gpuplanner::core
