#include "core/estimate/HostLimits.h"

#include <algorithm>
#include <cmath>

namespace gpuplanner::core {

HostLimit visionLoaderLimit(const Workload &w, const ClusterConfig &c, int batchPerGpu)
{
    HostLimit h;
    h.gpuDecode = w.vision.gpuDecode;
    if (c.vcpusPerInstance <= 0 || h.gpuDecode)
        return h;
    h.known = true;
    const int gpus = std::max(1, c.gpusPerInstance);
    int workers = std::max(1, int(std::min(c.vcpusPerInstance, 1e6)) - gpus);
    if (c.hostMemoryGib > 0) {
        // Each worker holds its prefetched batches of decoded float32 images.
        const double side = w.vision.resolution > 0 ? w.vision.resolution : 224;
        const double perWorker = kLoaderPrefetchBatches * double(std::max(1, batchPerGpu)) * side * side * 3.0 * 4.0;
        const double free = (c.hostMemoryGib - kHostReservedGib) * 1024.0 * 1024.0 * 1024.0;
        const double fit = std::max(1.0, std::floor(free / perWorker));
        if (fit < workers) {
            workers = int(fit);
            h.ramLimited = true;
        }
    }
    h.loaderVcpusPerInstance = workers;
    h.itemsPerSecond = double(workers) * kDecodeImagesPerSecondPerVcpu * std::max(1, c.instances);
    return h;
}

} // namespace gpuplanner::core
