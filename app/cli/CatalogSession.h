#pragma once
// CatalogSession: opens the catalog a CLI command reads (the --catalog file, or the user's
// catalog created from the embedded seed) once, on first use.

#include "core/common/Result.h"

#include <QString>

#include <memory>

namespace gpuplanner::db {
class SqliteCatalogRepository;
}

namespace gpuplanner::cli {

class CatalogSession
{
public:
    explicit CatalogSession(QString catalogPath);
    ~CatalogSession();

    core::Result<db::SqliteCatalogRepository *> repository();
    // The catalog file, creating the user's catalog from the embedded seed on first use.
    core::Result<QString> path();

private:
    QString m_catalogPath;
    std::unique_ptr<db::SqliteCatalogRepository> m_repo;
};

} // namespace gpuplanner::cli
