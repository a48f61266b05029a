// gpu-planner: the desktop application. Composition root: creates the user's catalog,
// the repository factory and the main window.

#include "db/CatalogFile.h"
#include "db/CatalogWriteLock.h"
#include "db/SqliteCatalogRepository.h"
#include "db/SqliteOfferStore.h"
#include "db/SqliteRealityStore.h"
#include "db/SqliteRefreshLog.h"
#include "net/http/CurlHttpClient.h"
#include "net/refresh/CatalogRefreshService.h"
#include "ui/MainWindow.h"
#include "ui/WelcomeDialog.h"
#include "ui/catalog/CatalogRecovery.h"
#include "ui/scenario/ScenarioFiles.h"
#include "ui/refresh/CatalogTools.h"
#include "ui/settings/KeychainSecretStore.h"
#include "ui/settings/Language.h"
#include "ui/settings/Settings.h"

#include <QApplication>
#include <QIcon>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>
#include <optional>

namespace {

// --version, --help and a wrong option are answered before any window or display is needed.
std::optional<int> answerCommandLine(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--version" || arg == "-v") {
            std::printf("gpu-planner %s\n", GPUPLANNER_VERSION);
            return 0;
        }
        if (arg == "--help" || arg == "-h") {
            std::printf("Usage: gpu-planner [--catalog PATH] [SCENARIO.gpuplan ...]\n\n"
                        "Plan GPU cloud rentals: fit, time, GPU-hours and cost across providers.\n\n"
                        "  --catalog PATH  use this catalog file instead of the user's\n"
                        "  -h, --help      show this help\n"
                        "  -v, --version   show the version\n\n"
                        "A scenario file (.gpuplan or .json) opens in the window. See gpu-planner(1).\n");
            return 0;
        }
        if (arg == "--catalog") {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "gpu-planner: --catalog needs a file\n");
                return 1;
            }
            ++i;
            continue;
        }
        // Qt's own options (-platform, -style, ...) pass through to QApplication.
        if (arg.startsWith("--")) {
            std::fprintf(stderr, "gpu-planner: unknown option %s (see gpu-planner --help)\n", argv[i]);
            return 1;
        }
    }
    return std::nullopt;
}

} // namespace

int main(int argc, char **argv)
{
    if (const auto answered = answerCommandLine(argc, argv))
        return *answered;
    QApplication app(argc, argv);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gpu-planner.png")));
    QApplication::setApplicationName(QStringLiteral("gpu-planner"));
    QApplication::setApplicationDisplayName(QStringLiteral("GPU Planner"));
    QApplication::setApplicationVersion(QStringLiteral(GPUPLANNER_VERSION));
    gpuplanner::net::CurlGlobal curl;
    QSettings settings(QSettings::IniFormat, QSettings::UserScope, QStringLiteral("gpu-planner"),
                       QStringLiteral("gpu-planner"));
    gpuplanner::ui::installTranslations(app, gpuplanner::ui::settings::language.read(settings));
    gpuplanner::ui::KeychainSecretStore secrets(QStringLiteral("gpu-planner"));

    QString catalogPath;
    const QString builtIn = QStringLiteral(":/catalog/default-catalog.sqlite");
    const QStringList args = QApplication::arguments();
    const QString dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (const qsizetype i = args.indexOf(QStringLiteral("--catalog")); i > 0 && i + 1 < args.size()) {
        catalogPath = args.at(i + 1);
    } else {
        auto created = gpuplanner::db::ensureUserCatalog(dataDir, builtIn);
        const QString userPath = QDir(dataDir).filePath(gpuplanner::db::userCatalogFileName());
        if (!created && QFileInfo::exists(userPath)) {
            // A file that cannot be read: offer to restore the built-in one beside it, or another file.
            const gpuplanner::ui::CatalogRecovery recovery{
                userPath, [&] { return gpuplanner::db::restoreBuiltInCatalog(userPath, builtIn); }};
            const auto chosen = gpuplanner::ui::offerCatalogRecovery(nullptr, created.errorMessage(), recovery);
            if (chosen.choice == gpuplanner::ui::RecoveryChoice::Restored)
                created = gpuplanner::db::ensureUserCatalog(dataDir, builtIn);
            else if (chosen.choice == gpuplanner::ui::RecoveryChoice::OpenOther)
                created = chosen.otherPath;
            else
                return 2;
        }
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

    auto presets = gpuplanner::core::loadModelPresets();
    gpuplanner::ui::MainWindow window(repositories, presets ? presets.value() : QList<gpuplanner::core::ModelPreset>(),
                                      &settings);
    gpuplanner::ui::CatalogToolsDeps tools;
    tools.refreshServices = [catalogPath, cacheDir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation)](
                                const gpuplanner::ui::RefreshConfig &config)
        -> gpuplanner::core::Result<std::unique_ptr<gpuplanner::core::RefreshService>> {
        gpuplanner::net::SourceSettings sources;
        sources.apiKeys = config.apiKeys;
        sources.credentials = config.credentials;
        sources.preference = gpuplanner::net::SourcePreference::WithCredentials;
        gpuplanner::net::HttpClientOptions http;
        http.proxy = config.proxy;
        http.caBundle = config.caBundle;
        http.cacheDir = cacheDir + QStringLiteral("/http");
        auto service = gpuplanner::net::CatalogRefreshService::create(
            sources, http, [catalogPath]() -> gpuplanner::core::Result<std::unique_ptr<gpuplanner::core::OfferStore>> {
                auto store = gpuplanner::db::SqliteOfferStore::open(catalogPath);
                if (!store)
                    return store.error();
                return std::unique_ptr<gpuplanner::core::OfferStore>(std::move(store).value());
            });
        if (!service)
            return service.error();
        // One writer at a time across the app and any CLI refresh; a wait shows in the dialog.
        return std::unique_ptr<gpuplanner::core::RefreshService>(std::make_unique<gpuplanner::db::LockedRefreshService>(
            std::move(service).value(), catalogPath, std::chrono::minutes(30)));
    };
    tools.refreshLog = gpuplanner::db::SqliteRefreshLog::factory(catalogPath);
    tools.repositories = repositories;
    tools.customOffers = [catalogPath]() -> gpuplanner::core::Result<std::unique_ptr<gpuplanner::core::OfferStore>> {
        auto store = gpuplanner::db::SqliteOfferStore::open(catalogPath);
        if (!store)
            return store.error();
        return std::unique_ptr<gpuplanner::core::OfferStore>(std::move(store).value());
    };
    tools.reality = gpuplanner::db::SqliteRealityStore::factory(catalogPath);
    tools.settings = &settings;
    tools.secrets = &secrets;
    gpuplanner::ui::installCatalogTools(window, std::move(tools));
    window.setCatalogRecovery({catalogPath, [catalogPath, builtIn] {
                                   return gpuplanner::db::restoreBuiltInCatalog(catalogPath, builtIn);
                               }});
    window.restoreLayout();
    window.show();
    window.reloadCatalog();
    // `gpu-planner FILE` opens a scenario; it plans as soon as the catalog is in.
    bool opened = false;
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args.at(i) == u"--catalog") {
            ++i;
        } else if (!args.at(i).startsWith(u'-')) {
            window.files()->openFile(args.at(i));
            opened = true;
        }
    }
    // A first run (and every run until the user unticks it) starts at the examples.
    if (!opened && gpuplanner::ui::WelcomeDialog::wanted(settings))
        QTimer::singleShot(0, &window, [&window] { window.showWelcome(); });
    return app.exec();
}
