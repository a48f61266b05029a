#pragma once
// GpuRecognizer: tells GPU instance types, SKUs and meters apart from the rest of a bill, by the
// providers' naming (AWS p/g families, Azure N-series, GCP A2/A3/A4/G2 and "Nvidia ... GPU" SKUs,
// Alibaba ecs.gn*, Tencent GN*, Huawei p*/pi*/g*, OCI *.GPU*). Internal to core/actuals.

#include <QString>
#include <QStringView>

namespace gpuplanner::core::actuals::detail {

// p4d.24xlarge, Standard_ND96asr_v4, a2-highgpu-1g, ecs.gn7i-c8g1.2xlarge, GN10Xp.20XLARGE320,
// p2s.2xlarge.8, BM.GPU.A100-v2.8, gpu_8x_h100_sxm5 (Lambda), ...; not Standard_NP (FPGA), trn1/inf2 (not GPUs) or L4s.
bool isGpuInstanceType(QStringView type);

// AWS usage type "USW2-BoxUsage:p5.48xlarge" / "SpotUsage:g5.xlarge" / "HeavyUsage:p4d.24xlarge"
// -> the instance type; empty for "ComputeSP:3yrNoUpfront" and non-instance usage types.
QString awsInstanceFromUsageType(QStringView usageType);
bool awsIsSpotUsageType(QStringView usageType);

// Azure meter text of an N-series VM ("NC24ads A100 v4 Spot", "NDasrA100v4 Series").
bool isAzureGpuMeter(QStringView meterText);
// The "Standard_..." VM size inside a text ("Reserved VM Instance, Standard_ND96asr_v4, US East, 1 Year").
QString azureVmSizeIn(QStringView text);

// GCP SKU billing a GPU itself ("Nvidia Tesla A100 GPU running in Americas").
bool isGcpGpuSku(QStringView description);
// GCP SKU of a GPU-only machine family's vCPU or RAM ("A2 Instance Core running in Americas").
bool isGcpGpuFamilySku(QStringView description);

// A GPU family token in free text (Tencent "GPU Computing GN10Xp - 80 core", Huawei
// "GPU加速型 | p2s.2xlarge.8 | 8vCPUs"): the instance type or family, or empty.
QString tencentGpuFamilyIn(QStringView text);
QString instanceTypeIn(QStringView text);

} // namespace gpuplanner::core::actuals::detail
