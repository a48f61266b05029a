#include "CatalogSession.h"

#include "db/CatalogFile.h"
#include "db/SqliteCatalogRepository.h"

#include <QStandardPaths>

namespace gpuplanner::cli {

CatalogSession::CatalogSession(QString catalogPath) : m_catalogPath(std::move(catalogPath)) {}

CatalogSession::~CatalogSession() = default;

core::Result<QString> CatalogSession::path()
{
    if (!m_catalogPath.isEmpty())
        return m_catalogPath;
    auto created = db::ensureUserCatalog(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation),
                                         QStringLiteral(":/catalog/default-catalog.sqlite"));
    if (!created)
        return created.error();
    m_catalogPath = created.value();
    return m_catalogPath;
}

core::Result<db::SqliteCatalogRepository *> CatalogSession::repository()
{
    if (m_repo)
        return m_repo.get();
    auto path = this->path();
    if (!path)
        return path.error();
    auto repo = db::SqliteCatalogRepository::openExisting(path.value());
    if (!repo)
        return repo.error();
    m_repo = std::move(repo).value();
    return m_repo.get();
}

} // namespace gpuplanner::cli
