#include "net/providers/OciPriceListSource.h"

namespace gpuplanner::net {

OciPriceListSource::OciPriceListSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey))
{
}

core::Result<core::ImportBatch> OciPriceListSource::fetch(const QString &, const core::RefreshContext &)
{
    return core::Error{QStringLiteral("%1: not written yet").arg(name())};
}

} // namespace gpuplanner::net
