#pragma once
// CustomOffersCsv: the documented generic CSV for offers no price API knows (negotiated
// prices, on-premise hardware). Columns (header names, any order):
//   required: provider, instance_type, region, gpu, gpu_count, billing, price_per_hour, currency
//   optional: vcpus, memory_gib, term_months, upfront, upfront_fee, source
// gpu takes any name the catalog resolves (H100, A100-80GB, canonical ids).

#include "core/catalog/GpuAliasResolver.h"
#include "core/common/Result.h"
#include "core/import/ImportBatch.h"

#include <QMap>

namespace gpuplanner::core {

// Offers grouped by provider; errors name the file, line and column at fault.
Result<QMap<QString, ImportBatch>> parseCustomOffersCsv(const QByteArray &csv, const QString &source,
                                                        const GpuAliasResolver &resolver);
bool looksLikeCustomOffersCsv(const QByteArray &head);

} // namespace gpuplanner::core
