// The documented generic CSV of custom offers.

#include "FuzzSupport.h"

#include "core/import/CustomOffersCsv.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    const QByteArray csv = fuzz::bytes(data, size);
    (void)core::looksLikeCustomOffersCsv(csv);
    (void)core::parseCustomOffersCsv(csv, QStringLiteral("fuzz"), fuzz::resolver()).ok();
    return 0;
}
