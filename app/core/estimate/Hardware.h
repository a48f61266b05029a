#pragma once
// Hardware as the estimator sees it: a GpuSpec (plain numbers, built once per GPU model)
// and a ClusterConfig (GPU x count per instance x instances, with the links between them).
// Both are plain values so the estimator can run over the whole catalog without allocating.

#include <QStringView>
#include <QtGlobal>

namespace gpuplanner::core {

struct GpuModel;
struct Offer;

enum class GpuGeneration : quint8 {
    Unknown,
    PreVolta, // no tensor cores
    Volta,
    Turing,
    Ampere,
    Ada,
    Hopper,
    Blackwell,
    AmdCdna2,
    AmdCdna3,
    Gaudi,
    Tpu,
};

// Numeric precision of the matrix units a workload runs on.
enum class MathPrecision : quint8 { Fp32, Tf32, Bf16, Fp8, Int8 };

// The number format matrix math runs in: what a workload asks for, and what a GPU runs it in
// (a part without BF16 runs 16-bit math in FP16, one without FP8 in 16-bit).
enum class NumberFormat : quint8 { Fp32, Tf32, Fp16, Bf16, Fp8, Int8 };
QString numberFormatName(NumberFormat f); // "FP32", "TF32", "FP16", "BF16", "FP8", "INT8"

struct GpuSpec
{
    double memoryGib = 0;
    double memoryBandwidthGbs = 0;
    double fp32Tflops = 0; // 0 = unknown
    double tf32Tflops = 0;
    double bf16Tflops = 0; // dense 16-bit rate: bf16, or fp16 when the part has no bf16
    bool nativeBf16 = true; // false: bf16Tflops is the fp16 rate (V100, T4, P100, or a blank bf16 figure)
    double fp8Tflops = 0;
    double int8Tops = 0;
    double nvlinkGbs = 0;      // bidirectional scale-up bandwidth per GPU; 0 = none
    double mamfEfficiency = 0; // best-shape GEMM as a fraction of peak (measured, see Efficiency.cpp)
    GpuGeneration generation = GpuGeneration::Unknown;
    bool pcieGen5 = false;
    // Calibration (core/calibrate): the user's probe run on this GPU, or the nearest one scaled
    // by spec ratio. trainingEfficiencyScale multiplies the default transformer-training
    // efficiency (measured over default on the probe's own step) for models whose hidden width
    // lies within trainingScaleBand of the step's (trainingScaleHidden): a small step's overheads
    // say nothing of a far wider model. measuredBusGbs replaces the link-derived all-reduce
    // bandwidth inside an instance of more than one GPU.
    double trainingEfficiencyScale = 1;
    int trainingScaleHidden = 0;   // 0 = any width
    double trainingScaleBand = 1;  // the factor either side of trainingScaleHidden
    bool trainingScaleApplies(int hidden) const;
    // The training step was measured on this very GPU (not scaled from another one by spec
    // ratio): the estimate's steady-state share of its range is gone where the scale applies.
    bool trainingMeasured = false;
    double measuredBusGbs = 0;

    // Dense peak for a precision, falling back to the next wider format the part has.
    double peakTflops(MathPrecision p) const;
    // The format this part runs math asked in `asked` in: the same, or the next wider one it has
    // a figure for.
    NumberFormat formatRun(NumberFormat asked) const;
    // The part is known to lack the format (an NVIDIA generation before it), rather than its
    // rate being missing from the spec table.
    bool lacksFormat(NumberFormat f) const;
    bool hasComputeSpecs() const { return bf16Tflops > 0 || fp32Tflops > 0; }

    bool operator==(const GpuSpec &) const = default;
};

// How GPUs inside one instance talk to each other.
enum class IntraLink : quint8 {
    Pcie,
    NvLinkBridge, // pairs of GPUs bridged; tensor parallelism up to 2
    NvSwitch,     // all GPUs of the instance in one NVLink domain
};

// How instances talk to each other.
enum class NetworkKind : quint8 { Tcp, InfiniBand, Efa, RoCE };

struct ClusterConfig
{
    GpuSpec gpu;
    int gpusPerInstance = 1;
    int instances = 1;
    IntraLink intraLink = IntraLink::Pcie;
    double networkGbps = 0; // per instance; 0 = unknown (assumed 100 Gb/s TCP)
    NetworkKind network = NetworkKind::Tcp;
    double startupHours = -1; // fixed start-up of each run on this cluster; negative = kDefaultStartupHours
    double vcpusPerInstance = 0; // 0 = unknown: the host is not checked
    double hostMemoryGib = 0;    // per instance; 0 = unknown

    int totalGpus() const { return gpusPerInstance * instances; }
    // GPUs that can share a tensor-parallel group (an NVLink/NVSwitch domain).
    int nvlinkDomain() const;
    // Achievable per-GPU bandwidth between GPUs of one instance, GB/s one direction.
    double intraBandwidthGbs() const;
    // Achievable bandwidth out of one instance to the others, GB/s one direction.
    double networkBandwidthGbs() const;
};

// Start-up every rented run pays before its first step: provisioning, boot and driver start,
// pulling the training image, staging data and warming up. Defaults, not measurements (no
// provider publishes them): 10 minutes on virtual-machine clouds (hyperscalers, Chinese clouds),
// 5 on GPU clouds and marketplaces that start containers from cached images. Measure yours and
// set startup_minutes.
inline constexpr double kDefaultStartupHours = 10.0 / 60.0;
inline constexpr double kContainerCloudStartupHours = 5.0 / 60.0;
// By the provider kind of providers.csv (hyperscaler, china_cloud, gpu_cloud, marketplace, custom).
double defaultStartupHours(QStringView providerKind);

// Builds the estimator's spec from a catalog GPU model (specs CSV + generation from its architecture).
GpuSpec gpuSpecFromModel(const GpuModel &model);

// An instance type from an offer: its GPU count, intra-node link and network.
ClusterConfig clusterFromOffer(const GpuSpec &gpu, const Offer &offer, int instances = 1);

// Reads the catalog's interconnect text ("NVLink4 (18 links) + NVSwitch", "PCIe Gen4 x16").
IntraLink intraLinkFromText(const QString &interconnect, int gpusPerInstance);

} // namespace gpuplanner::core
