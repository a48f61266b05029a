// gpu-planner: the desktop application. Composition root: creates the user's catalog,
// the repository factory and the main window.

#include "db/CatalogFile.h"
#include "db/SqliteCatalogRepository.h"
#include "ui/MainWindow.h"

#include <QApplication>
#include <QMessageBox>
#include <QStandardPaths>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gpu-planner"));
    QApplication::setApplicationDisplayName(QStringLiteral("GPU Planner"));
    QApplication::setApplicationVersion(QStringLiteral(GPUPLANNER_VERSION));

    QString catalogPath;
    const QStringList args = QApplication::arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--catalog")); i > 0 && i + 1 < args.size()) {
        catalogPath = args.at(i + 1);
    } else {
        auto created = gpuplanner::db::ensureUserCatalog(
            QStandardPaths::writableLocation(QStandardPaths::AppDataLocation),
            QStringLiteral(":/catalog/default-catalog.sqlite"));
        if (!created) {
            QMessageBox::critical(nullptr, QObject::tr("Cannot create the catalog"), created.errorMessage());
            return 2;
        }
        catalogPath = created.value();
    }

    gpuplanner::core::CatalogRepositoryFactory repositories =
        [catalogPath]() -> gpuplanner::core::Result<std::unique_ptr<gpuplanner::core::CatalogRepository>> {
        auto repo = gpuplanner::db::SqliteCatalogRepository::openExisting(catalogPath);
        if (!repo)
            return repo.error();
        return std::unique_ptr<gpuplanner::core::CatalogRepository>(std::move(repo).value());
    };

    gpuplanner::ui::MainWindow window(repositories);
    window.show();
    window.reloadCatalog();
    return app.exec();
}
