#pragma once
// Test fixtures: GPU specs straight from resources/catalog (no database), and the
// standard node shapes the published runs used.

#include "core/catalog/GpuModel.h"
#include "core/estimate/Hardware.h"

#include <QString>

namespace gpuplanner::test {

// Canonical id ("A100-SXM4-80GB") or a validation-file name ("A100-SXM-80GB").
core::GpuModel gpuModel(const QString &name);
core::GpuSpec gpuSpec(const QString &name);

// HGX/DGX-class node: 8 GPUs on NVSwitch, 8 x 200 Gb/s InfiniBand.
core::ClusterConfig hgxCluster(const QString &gpu, int totalGpus);
// One instance with n GPUs on PCIe and 100 Gb/s TCP.
core::ClusterConfig pcieBox(const QString &gpu, int gpus);

} // namespace gpuplanner::test
