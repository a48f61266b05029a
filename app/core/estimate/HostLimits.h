#pragma once
// HostLimits: what the instance's CPUs and RAM let the data pipeline deliver. Vision training
// decodes and augments every image on the host; on a small instance (one T4 on a 4-vCPU
// g4dn.xlarge) that, not the GPU, can bound the run.

#include "core/estimate/Workload.h"

namespace gpuplanner::core {

// JPEG decoding of ImageNet images on one CPU thread: 360 images/s, the slowest common library
// measured (Pillow 360-726, torchvision 440-864 images/s per thread, ImageNet-val to RGB;
// Iglovikov & Kosarevsky 2026, arXiv 2605.08731, ternaus/imread_benchmark). Decoding alone:
// cropping and augmentation only make a real loader slower, so this is a ceiling.
inline constexpr double kDecodeImagesPerSecondPerVcpu = 360.0;
// PyTorch DataLoader's default prefetch_factor: batches each worker keeps ready.
inline constexpr int kLoaderPrefetchBatches = 2;
// Host memory the system and the training processes keep for themselves: a default, not a
// measurement (it only decides when RAM, not vCPUs, caps the loader workers).
inline constexpr double kHostReservedGib = 4.0;

struct HostLimit
{
    bool known = false;        // the instance's vCPUs are known
    bool gpuDecode = false;    // images decoded on the GPU (DALI / nvJPEG): the CPUs do not bind
    int loaderVcpusPerInstance = 0; // vCPUs left for loader workers (one per GPU runs training)
    bool ramLimited = false;   // host RAM holds fewer workers than there are vCPUs
    double itemsPerSecond = 0; // what the whole cluster's loaders deliver; 0 = no limit
};

// The vision data pipeline's ceiling on clusterVcpus etc.; items per second over all instances.
HostLimit visionLoaderLimit(const Workload &w, const ClusterConfig &c, int batchPerGpu);

} // namespace gpuplanner::core
