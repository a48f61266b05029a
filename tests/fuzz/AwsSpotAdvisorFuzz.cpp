// AWS Spot Instance Advisor feed; every parsed entry must be found again by its key.

#include "FuzzSupport.h"

#include "net/providers/AwsSpotAdvisor.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    const auto advisor = net::parseAwsSpotAdvisor(fuzz::bytes(data, size), QStringLiteral("fuzz"));
    if (!advisor)
        return 0;
    for (const net::SpotAdvice &a : advisor->advice()) {
        if (!advisor->find(a.region, a.instanceType, a.os))
            fuzz::fail("parsed advice cannot be found by its key");
    }
    return 0;
}
