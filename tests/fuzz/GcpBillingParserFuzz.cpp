// GCP Cloud Billing Catalog SKU pages, composed into machine-type offers in finish().

#include "FuzzSupport.h"

#include "net/providers/GcpBillingParser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    static const QList<net::GcpMachineShape> machines = net::gcpMachineShapes(fuzz::seedMetadata(), fuzz::shapes());
    net::GcpBillingParser parser(fuzz::resolver(), machines);
    (void)parser.addPage(fuzz::bytes(data, size), QStringLiteral("fuzz")).ok();
    (void)parser.finish();
    return 0;
}
