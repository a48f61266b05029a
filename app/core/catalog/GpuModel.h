#pragma once
// GpuModel: one accelerator chip + memory variant with its published specs.
// Unknown specs are empty optionals, never zeros.

#include <QString>

#include <optional>

namespace gpuplanner::core {

struct GpuModel
{
    QString id;       // canonical id, e.g. "H100-SXM5-80GB"
    QString specName; // row name in gpu-specs.csv, empty when no spec row exists
    QString vendor;
    QString kind;       // gpu, vgpu, tpu, asic, fpga
    QString formFactor; // SXM, PCIe, OAM, Chip, Superchip
    QString architecture;
    std::optional<double> memoryGib;
    std::optional<double> memoryBandwidthGbs;
    std::optional<double> fp32Tflops;
    std::optional<double> tf32Tflops;
    std::optional<double> fp16Tflops;
    std::optional<double> bf16Tflops;
    std::optional<double> fp8Tflops;
    std::optional<double> int8Tops;
    QString interconnect;
    std::optional<double> nvlinkGbs;
    std::optional<double> tdpW;
    std::optional<int> releaseYear;
    QString source;
    QString note;
};

} // namespace gpuplanner::core
