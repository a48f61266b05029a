// Azure Retail Prices API pages; the same input is added twice to exercise the merge of
// offers seen on an earlier page.

#include "FuzzSupport.h"

#include "net/providers/AzureRetailParser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    net::AzureRetailParser parser(fuzz::resolver(), fuzz::shapes());
    const QByteArray page = fuzz::bytes(data, size);
    if (parser.addPage(page, QStringLiteral("fuzz")).ok())
        (void)parser.addPage(page, QStringLiteral("fuzz2")).ok();
    (void)parser.finish();
    return 0;
}
