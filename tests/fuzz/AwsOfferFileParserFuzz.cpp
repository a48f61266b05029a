// AWS Price List region offer files, fed in chunks as the HTTP client delivers them.

#include "FuzzSupport.h"

#include "net/providers/AwsOfferFileParser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    const std::size_t chunk = fuzz::takeChunkSize(data, size);
    net::AwsOfferFileOptions options{QStringLiteral("fuzz"), QStringLiteral("us-east-1")};
    net::AwsOfferFileParser parser(fuzz::resolver(), fuzz::shapes(), options);
    const char *text = reinterpret_cast<const char *>(data);
    for (std::size_t at = 0; at < size; at += chunk) {
        if (!parser.feed(text + at, std::min(chunk, size - at)))
            break;
    }
    const auto batch = parser.finish();
    (void)batch.ok();
    return 0;
}
