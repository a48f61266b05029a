// RunPod GraphQL gpuTypes responses, read as a Secure Cloud data-center answer and as a
// Community Cloud one.

#include "FuzzSupport.h"

#include "net/providers/RunPodSource.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    const QByteArray body = fuzz::bytes(data, size);
    const net::RunPodQuery secure{true, QStringLiteral("US-KS-2"), 1};
    const net::RunPodQuery community{false, QString(), 1};
    (void)net::parseRunPodGpuTypes(body, QStringLiteral("fuzz"), secure, fuzz::resolver()).ok();
    (void)net::parseRunPodGpuTypes(body, QStringLiteral("fuzz"), community, fuzz::resolver()).ok();
    return 0;
}
