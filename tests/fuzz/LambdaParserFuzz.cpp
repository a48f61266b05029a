// Lambda Cloud instance-types responses.

#include "FuzzSupport.h"

#include "net/providers/LambdaSource.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    (void)net::parseLambdaInstanceTypes(fuzz::bytes(data, size), QStringLiteral("fuzz"), fuzz::resolver()).ok();
    return 0;
}
