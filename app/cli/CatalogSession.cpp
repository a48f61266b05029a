#include "CatalogSession.h"

#include "db/CatalogFile.h"
#include "db/SqliteCatalogRepository.h"

#include <QStandardPaths>

namespace gpuplanner::cli {

CatalogSession::CatalogSession(QString catalogPath) : m_catalogPath(std::move(catalogPath)) {}

CatalogSession::~CatalogSession() = default;

core::Result<db::SqliteCatalogRepository *> CatalogSession::repository()
{
    if (m_repo)
        return m_repo.get();
    QString path = m_catalogPath;
    if (path.isEmpty()) {
        auto created = db::ensureUserCatalog(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation),
                                             QStringLiteral(":/catalog/default-catalog.sqlite"));
        if (!created)
            return created.error();
        path = created.value();
    }
    auto repo = db::SqliteCatalogRepository::openExisting(path);
    if (!repo)
        return repo.error();
    m_repo = std::move(repo).value();
    return m_repo.get();
}

} // namespace gpuplanner::cli
