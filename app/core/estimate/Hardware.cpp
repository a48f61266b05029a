#include "core/estimate/Hardware.h"

#include "core/catalog/GpuModel.h"
#include "core/catalog/Offer.h"
#include "core/estimate/Efficiency.h"

#include <algorithm>

namespace gpuplanner::core {

namespace {

// Fraction of the link rate that NCCL collectives reach ("bus bandwidth" in nccl-tests is
// typically 75-85% of the NVLink or NIC line rate); one figure keeps the comparison fair.
constexpr double kLinkEfficiency = 0.8;
// NCCL over plain TCP sockets reaches well under line rate (kernel copies, no GPUDirect).
constexpr double kTcpEfficiency = 0.5;
// PCIe x16 per direction: Gen4 ~32 GB/s raw, Gen5 ~64 GB/s raw.
constexpr double kPcieGen4Gbs = 32.0;
constexpr double kPcieGen5Gbs = 64.0;
// When an offer does not state its network, assume a common 100 Gb/s Ethernet.
constexpr double kDefaultNetworkGbps = 100.0;

GpuGeneration generationFrom(const QString &vendor, const QString &architecture, const QString &id)
{
    const QString a = architecture + u' ' + id;
    auto has = [&a](const char16_t *word) { return a.contains(QStringView(word), Qt::CaseInsensitive); };
    if (has(u"Blackwell") || has(u"B200") || has(u"B300") || has(u"GB200"))
        return GpuGeneration::Blackwell;
    if (has(u"Hopper") || has(u"H100") || has(u"H200") || has(u"H800") || has(u"H20") || has(u"GH200"))
        return GpuGeneration::Hopper;
    if (has(u"Ada") || has(u"L40") || has(u"L4") || has(u"L20") || has(u"4090"))
        return GpuGeneration::Ada;
    if (has(u"Ampere") || has(u"A100") || has(u"A800") || has(u"A10") || has(u"A30") || has(u"A40")
        || has(u"3090") || has(u"A6000"))
        return GpuGeneration::Ampere;
    if (has(u"Turing") || has(u"T4"))
        return GpuGeneration::Turing;
    if (has(u"Volta") || has(u"V100"))
        return GpuGeneration::Volta;
    if (has(u"Pascal") || has(u"Kepler") || has(u"Maxwell") || has(u"P100") || has(u"K80"))
        return GpuGeneration::PreVolta;
    if (has(u"CDNA3") || has(u"MI300") || has(u"MI325") || has(u"MI355"))
        return GpuGeneration::AmdCdna3;
    if (has(u"CDNA2") || has(u"MI250") || has(u"MI210"))
        return GpuGeneration::AmdCdna2;
    if (has(u"Gaudi"))
        return GpuGeneration::Gaudi;
    if (has(u"TPU") || vendor.compare(u"Google", Qt::CaseInsensitive) == 0)
        return GpuGeneration::Tpu;
    return GpuGeneration::Unknown;
}

} // namespace

bool GpuSpec::trainingScaleApplies(int hidden) const
{
    if (trainingScaleHidden <= 0 || hidden <= 0)
        return true;
    const double ratio = double(hidden) / double(trainingScaleHidden);
    return ratio <= trainingScaleBand * (1 + 1e-9) && ratio >= 1 / trainingScaleBand * (1 - 1e-9);
}

double GpuSpec::peakTflops(MathPrecision p) const
{
    // Fall back to the next format the hardware certainly has: fp8 -> bf16, tf32 -> fp32.
    switch (p) {
    case MathPrecision::Int8:
        if (int8Tops > 0)
            return int8Tops;
        [[fallthrough]];
    case MathPrecision::Fp8:
        if (fp8Tflops > 0)
            return fp8Tflops;
        [[fallthrough]];
    case MathPrecision::Bf16:
        if (bf16Tflops > 0)
            return bf16Tflops;
        return fp32Tflops;
    case MathPrecision::Tf32:
        if (tf32Tflops > 0)
            return tf32Tflops;
        [[fallthrough]];
    case MathPrecision::Fp32:
        return fp32Tflops;
    }
    return fp32Tflops;
}

NumberFormat GpuSpec::formatRun(NumberFormat asked) const
{
    // The same chain as peakTflops: int8 -> fp8 -> 16-bit -> fp32, tf32 -> fp32.
    switch (asked) {
    case NumberFormat::Int8:
        if (int8Tops > 0)
            return NumberFormat::Int8;
        [[fallthrough]];
    case NumberFormat::Fp8:
        if (fp8Tflops > 0)
            return NumberFormat::Fp8;
        [[fallthrough]];
    case NumberFormat::Bf16:
        if (bf16Tflops > 0)
            return nativeBf16 ? NumberFormat::Bf16 : NumberFormat::Fp16;
        return NumberFormat::Fp32;
    case NumberFormat::Fp16:
        return bf16Tflops > 0 ? NumberFormat::Fp16 : NumberFormat::Fp32;
    case NumberFormat::Tf32:
        if (tf32Tflops > 0)
            return NumberFormat::Tf32;
        [[fallthrough]];
    case NumberFormat::Fp32:
        return NumberFormat::Fp32;
    }
    return NumberFormat::Fp32;
}

bool GpuSpec::lacksFormat(NumberFormat f) const
{
    const bool beforeAmpere = generation == GpuGeneration::PreVolta || generation == GpuGeneration::Volta
        || generation == GpuGeneration::Turing;
    switch (f) {
    case NumberFormat::Tf32:
    case NumberFormat::Bf16:
        return beforeAmpere;
    case NumberFormat::Fp8:
        return beforeAmpere || generation == GpuGeneration::Ampere;
    case NumberFormat::Int8:
        return generation == GpuGeneration::PreVolta || generation == GpuGeneration::Volta;
    case NumberFormat::Fp16:
        return generation == GpuGeneration::PreVolta && bf16Tflops <= 0;
    case NumberFormat::Fp32:
        return false;
    }
    return false;
}

QString numberFormatName(NumberFormat f)
{
    switch (f) {
    case NumberFormat::Fp32: return QStringLiteral("FP32");
    case NumberFormat::Tf32: return QStringLiteral("TF32");
    case NumberFormat::Fp16: return QStringLiteral("FP16");
    case NumberFormat::Bf16: return QStringLiteral("BF16");
    case NumberFormat::Fp8: return QStringLiteral("FP8");
    case NumberFormat::Int8: return QStringLiteral("INT8");
    }
    return {};
}

int ClusterConfig::nvlinkDomain() const
{
    switch (intraLink) {
    case IntraLink::NvSwitch:
        return gpusPerInstance;
    case IntraLink::NvLinkBridge:
        return std::min(gpusPerInstance, 2);
    case IntraLink::Pcie:
        return 1;
    }
    return 1;
}

double ClusterConfig::intraBandwidthGbs() const
{
    if (gpu.measuredBusGbs > 0 && gpusPerInstance > 1)
        return gpu.measuredBusGbs;
    if (intraLink != IntraLink::Pcie && gpu.nvlinkGbs > 0)
        return gpu.nvlinkGbs / 2.0 * kLinkEfficiency;
    return (gpu.pcieGen5 ? kPcieGen5Gbs : kPcieGen4Gbs) * kLinkEfficiency;
}

double ClusterConfig::networkBandwidthGbs() const
{
    const double gbps = networkGbps > 0 ? networkGbps : kDefaultNetworkGbps;
    const double eff = network == NetworkKind::Tcp ? kTcpEfficiency : kLinkEfficiency;
    return gbps / 8.0 * eff;
}

GpuSpec gpuSpecFromModel(const GpuModel &model)
{
    GpuSpec s;
    s.memoryGib = model.memoryGib.value_or(0);
    s.memoryBandwidthGbs = model.memoryBandwidthGbs.value_or(0);
    s.fp32Tflops = model.fp32Tflops.value_or(0);
    s.tf32Tflops = model.tf32Tflops.value_or(0);
    // Parts without bf16 (V100, T4, P100) run mixed precision in fp16 at the fp16 rate.
    s.bf16Tflops = model.bf16Tflops.value_or(model.fp16Tflops.value_or(0));
    s.nativeBf16 = model.bf16Tflops.has_value();
    s.fp8Tflops = model.fp8Tflops.value_or(0);
    s.int8Tops = model.int8Tops.value_or(0);
    s.nvlinkGbs = model.nvlinkGbs.value_or(0);
    s.generation = generationFrom(model.vendor, model.architecture, model.id);
    s.pcieGen5 = model.interconnect.contains(u"Gen5", Qt::CaseInsensitive);
    s.mamfEfficiency = mamfEfficiencyFor(model.id, s.generation);
    return s;
}

IntraLink intraLinkFromText(const QString &interconnect, int gpusPerInstance)
{
    if (gpusPerInstance <= 1)
        return IntraLink::Pcie;
    // A bridge joins pairs only; everything else named here spans the whole instance
    // (NVSwitch boards, NVLink hybrid cube mesh, AMD Infinity Fabric, Trainium NeuronLink).
    if (interconnect.contains(u"bridge", Qt::CaseInsensitive))
        return IntraLink::NvLinkBridge;
    for (const char16_t *word : {u"NVSwitch", u"NVLink", u"Infinity Fabric", u"NeuronLink", u"scale-up"}) {
        if (interconnect.contains(QStringView(word), Qt::CaseInsensitive))
            return IntraLink::NvSwitch;
    }
    return IntraLink::Pcie;
}

double defaultStartupHours(QStringView providerKind)
{
    if (providerKind == u"gpu_cloud" || providerKind == u"marketplace")
        return kContainerCloudStartupHours;
    return kDefaultStartupHours;
}

ClusterConfig clusterFromOffer(const GpuSpec &gpu, const Offer &offer, int instances)
{
    ClusterConfig c;
    c.gpu = gpu;
    c.gpusPerInstance = std::max(1, int(offer.gpuCount));
    c.instances = std::max(1, instances);
    c.intraLink = intraLinkFromText(offer.interconnect, c.gpusPerInstance);
    c.networkGbps = offer.networkGbps.value_or(0);
    c.vcpusPerInstance = offer.vcpus.value_or(0);
    c.hostMemoryGib = offer.memoryGib.value_or(0);
    switch (offer.rdma) {
    case RdmaKind::InfiniBand:
        c.network = NetworkKind::InfiniBand;
        break;
    case RdmaKind::Efa:
        c.network = NetworkKind::Efa;
        break;
    case RdmaKind::RoCE:
        c.network = NetworkKind::RoCE;
        break;
    case RdmaKind::None:
        c.network = NetworkKind::Tcp;
        break;
    }
    return c;
}

} // namespace gpuplanner::core
