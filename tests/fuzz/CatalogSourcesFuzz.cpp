// The embedded catalog's dated-source readers (issue 44): a price table and Cyclenerd's GCP
// extract, each over a small catalog. Whatever the bytes, every row is counted as used or left
// out, and every offer made has a finite price above zero.

#include "FuzzSupport.h"

#include "core/import/GcpCyclenerdImporter.h"
#include "core/import/PriceTableImporter.h"
#include "core/io/CsvReader.h"

#include <cmath>
#include <cstdlib>

namespace {

using namespace gpuplanner::core;

QList<ImportedOffer> catalog()
{
    ImportedInstance lambda;
    lambda.provider = QStringLiteral("lambda");
    lambda.name = QStringLiteral("gpu_8x_h100_sxm5");
    lambda.gpuId = QStringLiteral("H100-SXM5-80GB");
    lambda.gpuCount = 8;
    ImportedInstance a3 = lambda;
    a3.provider = QStringLiteral("gcp");
    a3.name = QStringLiteral("a3-highgpu-8g");
    return {onDemandOrSpot(lambda, QStringLiteral("us-east-1"), Billing::OnDemand, 23.92, QStringLiteral("USD"), QString()),
            onDemandOrSpot(a3, QStringLiteral("us-central1"), Billing::Spot, 50, QStringLiteral("USD"), QString())};
}

void check(const Result<ImportBatch> &batch)
{
    if (!batch)
        return;
    for (const ImportFileStats &f : batch.value().files) {
        if (f.usedRows + f.excludedRows != f.sourceRows || f.usedRows < 0 || f.excludedRows < 0)
            std::abort();
    }
    for (const ImportedOffer &o : batch.value().offers) {
        if (!std::isfinite(o.price) || o.price <= 0 || o.sourceFile.isEmpty())
            std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    const QString text = QString::fromUtf8(fuzz::bytes(data, size));
    auto table = core::parseCsv(text, QStringLiteral("fuzz"));
    if (!table)
        return 0;
    static const QList<core::ImportedOffer> offers = catalog();
    core::CatalogSource source;
    source.file = QStringLiteral("fuzz/table.csv");
    source.provider = QStringLiteral("lambda");
    source.observedOn = QStringLiteral("2026-09-20");
    source.source = QStringLiteral("fuzz");
    check(core::PriceTableImporter(fuzz::seedMetadata(), offers).importTable(source, table.value()));
    source.provider = QStringLiteral("gcp");
    check(core::GcpCyclenerdImporter(offers).importTable(source, table.value()));
    return 0;
}
