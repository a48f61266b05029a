// Vast.ai offer-search responses.

#include "FuzzSupport.h"

#include "net/providers/VastSource.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    (void)net::parseVastOffers(fuzz::bytes(data, size), QStringLiteral("fuzz"), fuzz::resolver()).ok();
    return 0;
}
