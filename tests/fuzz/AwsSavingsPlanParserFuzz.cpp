// AWS Savings Plans region files, fed in chunks as the HTTP client delivers them.

#include "FuzzSupport.h"

#include "net/providers/AwsSavingsPlanParser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    const std::size_t chunk = fuzz::takeChunkSize(data, size);
    net::AwsSavingsPlanOptions options;
    options.fileLabel = QStringLiteral("fuzz");
    options.fallbackRegion = QStringLiteral("us-east-1");
    options.instances.insert(QStringLiteral("p5.48xlarge"),
                             core::ImportedInstance{QStringLiteral("aws"), QStringLiteral("p5.48xlarge"),
                                                    QStringLiteral("H100-SXM5-80GB"), 8, 192, 2048, {}});
    net::AwsSavingsPlanParser parser(std::move(options));
    const char *text = reinterpret_cast<const char *>(data);
    for (std::size_t at = 0; at < size; at += chunk) {
        if (!parser.feed(text + at, std::min(chunk, size - at)))
            break;
    }
    const auto batch = parser.finish();
    (void)batch.ok();
    return 0;
}
