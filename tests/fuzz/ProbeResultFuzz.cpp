// Benchmark-probe result documents (core/calibrate), and what a parsed one feeds the estimator.

#include "FuzzSupport.h"

#include "core/calibrate/Calibration.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner::core;
    auto probe = parseProbeResult(gpuplanner::fuzz::bytes(data, size), QStringLiteral("fuzz"));
    if (probe.ok())
        (void)measuredDeviceSpec(probe.value());
    return 0;
}
