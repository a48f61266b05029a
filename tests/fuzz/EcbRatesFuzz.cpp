// ECB euro reference-rate XML.

#include "FuzzSupport.h"

#include "net/sources/EcbFxSource.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    (void)net::parseEcbRates(fuzz::bytes(data, size), QStringLiteral("fuzz")).ok();
    return 0;
}
