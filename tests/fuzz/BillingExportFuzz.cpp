// Billing exports (core/actuals): every reader behind format detection, and each forced format.

#include "FuzzSupport.h"

#include "core/actuals/SpendLine.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner::core::actuals;
    const QByteArray bytes = gpuplanner::fuzz::bytes(data, size);
    (void)parseBillingFile(bytes, QStringLiteral("fuzz"), BillingFormat::Auto).ok();
    // The first byte picks a forced format, so each reader also sees what detection would refuse.
    if (size > 0) {
        const QStringList ids = billingFormatIds();
        if (const auto format = billingFormatFromId(ids.at(data[0] % ids.size())))
            (void)parseBillingFile(bytes.mid(1), QStringLiteral("fuzz"), *format).ok();
    }
    return 0;
}
