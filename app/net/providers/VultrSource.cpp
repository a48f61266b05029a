#include "net/providers/VultrSource.h"

namespace gpuplanner::net {

VultrSource::VultrSource(QUrl baseUrl, QString apiKey, const core::SeedMetadata &)
    : m_baseUrl(std::move(baseUrl)), m_apiKey(std::move(apiKey))
{
}

core::Result<core::ImportBatch> VultrSource::fetch(const QString &, const core::RefreshContext &)
{
    return core::Error{QStringLiteral("%1: not written yet").arg(name())};
}

} // namespace gpuplanner::net
