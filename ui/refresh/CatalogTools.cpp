#include "ui/refresh/CatalogTools.h"
#include "ui/refresh/PriceWatchTools.h"
#include "ui/portfolio/PortfolioWindow.h"
#include "ui/scenario/ScenarioDocument.h"

#include "ui/MainWindow.h"
#include "ui/catalog/CalibrationsDialog.h"
#include "ui/catalog/CatalogLoader.h"
#include "ui/catalog/CustomOffersDialog.h"
#include "ui/catalog/GpuSpecsPanel.h"
#include "ui/catalog/OffersPanel.h"
#include "ui/catalog/PriceHistoryPanel.h"
#include "ui/catalog/BillAnalysisDialog.h"
#include "ui/catalog/SpendImportsDialog.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/refresh/CatalogStatusLabel.h"
#include "ui/refresh/RefreshDialog.h"
#include "ui/settings/SecretStore.h"
#include "ui/settings/Settings.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/settings/SettingsDialog.h"

#include <QAction>
#include <QDockWidget>
#include <QFutureWatcher>
#include <QMenuBar>
#include <QSet>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>

namespace gpuplanner::ui {

namespace {

struct LogRead
{
    QList<core::RefreshLogEntry> entries;
    QString error;
};

LogRead readLog(const core::RefreshLogFactory &factory)
{
    LogRead read;
    if (!factory)
        return read;
    auto log = factory();
    if (!log) {
        read.error = log.errorMessage();
        return read;
    }
    auto entries = log.value()->latestPerProvider();
    if (!entries)
        read.error = entries.errorMessage();
    else
        read.entries = std::move(entries).value();
    return read;
}

} // namespace

CatalogTools::CatalogTools(MainWindow &window, CatalogToolsDeps deps)
    : QObject(&window), m_window(window), m_deps(std::move(deps)),
      m_refreshAction(new QAction(tr("&Refresh prices…"), this)), m_settingsAction(new QAction(tr("&Settings…"), this)),
      m_customAction(new QAction(tr("&Custom offers…"), this)),
      m_calibrationsAction(new QAction(tr("&Calibrations…"), this)), m_spendAction(new QAction(tr("&Actual spend…"), this)),
      m_status(new CatalogStatusLabel(&window)),
      m_gpuSpecs(new GpuSpecsPanel), m_history(new PriceHistoryPanel(m_deps.repositories))
{
    Q_ASSERT(m_deps.settings && m_deps.secrets);
    m_priceWatch = new PriceWatchTools(window, m_deps.settings);
    m_portfolioAction = new QAction(tr("&Plan a portfolio…"), this);
    m_portfolioAction->setObjectName(QStringLiteral("portfolioAction"));
    m_portfolioAction->setStatusTip(tr("Commitments to buy for a team's workloads over up to 36 months, solved with GLPK"));
    connect(m_portfolioAction, &QAction::triggered, this, [this] { showPortfolioWindow(); });
    m_refreshAction->setObjectName(QStringLiteral("refreshPricesAction"));
    m_refreshAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_refreshAction->setStatusTip(tr("Download current prices from the providers"));
    m_settingsAction->setObjectName(QStringLiteral("settingsAction"));
    m_settingsAction->setShortcut(QKeySequence::Preferences);
    m_settingsAction->setMenuRole(QAction::PreferencesRole);
    connect(m_refreshAction, &QAction::triggered, this, [this] { showRefreshDialog(); });
    connect(m_settingsAction, &QAction::triggered, this, [this] { showSettingsDialog(); });
    m_customAction->setObjectName(QStringLiteral("customOffersAction"));
    m_customAction->setStatusTip(tr("Enter negotiated prices or import them from a CSV file"));
    connect(m_customAction, &QAction::triggered, this, [this] { showCustomOffersDialog(); });
    m_calibrationsAction->setObjectName(QStringLiteral("calibrationsAction"));
    m_calibrationsAction->setStatusTip(tr("Import benchmark-probe results so estimates use your measured rates"));
    connect(m_calibrationsAction, &QAction::triggered, this, [this] { showCalibrationsDialog(); });
    m_spendAction->setObjectName(QStringLiteral("actualSpendAction"));
    m_spendAction->setStatusTip(tr("Import billing exports to set actual spend against the plan"));
    connect(m_spendAction, &QAction::triggered, this, [this] { showSpendImportsDialog(); });

    // The catalog browser's extra views dock below the main panels, tabbed.
    auto *specsDock = new QDockWidget(tr("GPU specs"), &window);
    specsDock->setObjectName(QStringLiteral("gpuSpecsDock"));
    specsDock->setWidget(m_gpuSpecs);
    auto *historyDock = new QDockWidget(tr("Price history"), &window);
    historyDock->setObjectName(QStringLiteral("priceHistoryDock"));
    historyDock->setWidget(m_history);
    window.addDockWidget(Qt::BottomDockWidgetArea, historyDock);
    window.tabifyDockWidget(historyDock, specsDock);
    historyDock->raise();
    // Closed until the user opens them (Tools menu); MainWindow::restoreLayout brings back
    // whatever the user left open.
    historyDock->hide();
    specsDock->hide();
    m_history->followSelection(window.offersPanel());
    // And the Plan tab's selection, while the dock is open.
    ComparisonPanel *plan = window.comparison();
    connect(plan, &ComparisonPanel::selectionChanged, m_history, [this, plan, historyDock] {
        if (const core::Offer *offer = plan->selectedOffer(); offer && historyDock->isVisible())
            m_history->showOffer(*offer);
    });

    auto *tools = new QMenu(tr("&Tools"), &window);
    tools->setObjectName(QStringLiteral("toolsMenu"));
    tools->addAction(m_refreshAction);
    tools->addAction(m_customAction);
    tools->addSeparator();
    // The docks' titles as menu entries, with a key each (the dock's own title has none).
    historyDock->toggleViewAction()->setText(tr("Price &history"));
    specsDock->toggleViewAction()->setText(tr("&GPU specs"));
    tools->addAction(historyDock->toggleViewAction());
    tools->addAction(specsDock->toggleViewAction());
    tools->addAction(m_priceWatch->watchAction());
    tools->addAction(m_portfolioAction);
    tools->addSeparator();
    tools->addAction(m_settingsAction);
    // Before Help, which conventionally comes last.
    const QList<QAction *> menus = window.menuBar()->actions();
    window.menuBar()->insertMenu(menus.isEmpty() ? nullptr : menus.constLast(), tools);
    // What reality said (measured rates, actual spend) sits beside Tools.
    auto *catalog = new QMenu(tr("&Catalog"), &window);
    catalog->setObjectName(QStringLiteral("catalogMenu"));
    catalog->addAction(m_calibrationsAction);
    catalog->addAction(m_spendAction);
    window.menuBar()->insertMenu(tools->menuAction(), catalog);

    window.statusBar()->addPermanentWidget(m_status);
    connect(window.loader(), &CatalogLoader::finished, m_status,
            [this](const CatalogSnapshot &snapshot) {
                if (!snapshot.error.isEmpty())
                    return;
                m_status->setCatalogInfo(snapshot.info);
                m_catalog = snapshot;
                m_gpuSpecs->setGpus(snapshot.gpus);
                m_offers = snapshot.offers;
                m_info = snapshot.info;
                m_gpuIds.clear();
                for (const core::GpuModel &g : snapshot.gpus)
                    m_gpuIds << g.id;
                if (m_customDialog)
                    m_customDialog->setGpuIds(m_gpuIds);
                if (m_calibrationsDialog)
                    m_calibrationsDialog->setGpuIds(m_gpuIds);
            });
    connect(this, &CatalogTools::refreshLogLoaded, m_status, &CatalogStatusLabel::setRefreshLog);
    reloadRefreshLog();
}

void CatalogTools::reloadRefreshLog()
{
    auto *watcher = new QFutureWatcher<LogRead>(this);
    connect(watcher, &QFutureWatcher<LogRead>::finished, this, [this, watcher] {
        watcher->deleteLater();
        const LogRead read = watcher->result();
        m_log = read.entries;
        if (m_refreshDialog)
            m_refreshDialog->setRefreshLog(m_log);
        Q_EMIT refreshLogLoaded(m_log);
    });
    watcher->setFuture(QtConcurrent::run(readLog, m_deps.refreshLog));
}

void CatalogTools::gatherConfig(QObject *context, const std::function<void(RefreshConfig, QString)> &done)
{
    RefreshConfig config;
    config.proxy = settings::proxy.read(*m_deps.settings);
    config.caBundle = settings::caBundle.read(*m_deps.settings);
    QStringList names;
    for (const QString &provider : apiKeyProviders())
        names.append(apiKeySecretName(provider));
    readSecrets(*m_deps.secrets, names, context, [config, done](const QHash<QString, QString> &found, QString error) mutable {
        for (const QString &provider : apiKeyProviders()) {
            const QString key = found.value(apiKeySecretName(provider));
            if (key.isEmpty())
                continue;
            if (isCredentialPart(provider))
                config.credentials.insert(provider, key);
            else
                config.apiKeys.insert(provider, key);
        }
        done(config, error);
    });
}

RefreshDialog *CatalogTools::showRefreshDialog()
{
    if (!m_refreshDialog) {
        m_refreshDialog = new RefreshDialog(
            m_deps.refreshServices,
            [this](QObject *context, std::function<void(RefreshConfig, QString)> done) { gatherConfig(context, done); },
            &m_window);
        m_refreshDialog->setAttribute(Qt::WA_DeleteOnClose);
        m_refreshDialog->setRefreshLog(m_log);
        connect(m_refreshDialog, &RefreshDialog::refreshFinished, this, [this](const RefreshResult &result) {
            m_status->setRefreshResult(result);
            if (result.anyUpdated()) {
                m_priceWatch->pricesRefreshed(); // the watched plans are planned on the new prices
                m_window.reloadCatalog();
            }
            reloadRefreshLog();
        });
    }
    // The names of the catalog on screen, which may have been reloaded since the dialog opened.
    QHash<QString, QString> names;
    for (const core::Offer &o : std::as_const(m_offers))
        names.insert(o.provider, o.providerLabel());
    names.insert(QStringLiteral("ecb"), tr("Exchange rates (ECB)"));
    m_refreshDialog->setProviderNames(names);
    m_refreshDialog->show();
    m_refreshDialog->raise();
    m_refreshDialog->activateWindow();
    return m_refreshDialog;
}

SettingsDialog *CatalogTools::showSettingsDialog()
{
    if (!m_settingsDialog) {
        m_settingsDialog = new SettingsDialog(*m_deps.settings, *m_deps.secrets, &m_window);
        m_settingsDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_settingsDialog->show();
    m_settingsDialog->raise();
    m_settingsDialog->activateWindow();
    return m_settingsDialog;
}

CustomOffersDialog *CatalogTools::showCustomOffersDialog()
{
    if (!m_customDialog) {
        QStringList catalogProviders;
        QSet<QString> custom;
        for (const core::ProviderInfo &p : m_info.providers) {
            if (p.kind == u"custom")
                custom.insert(p.id);
            else
                catalogProviders.append(p.id);
        }
        QList<core::Offer> offers;
        for (const core::Offer &o : m_offers) {
            if (custom.contains(o.provider))
                offers.append(o);
        }
        m_customDialog = new CustomOffersDialog(m_deps.customOffers, catalogProviders, &m_window);
        m_customDialog->setAttribute(Qt::WA_DeleteOnClose);
        m_customDialog->setOffers(offers);
        m_customDialog->setGpuIds(m_gpuIds);
        connect(m_customDialog, &CustomOffersDialog::offersSaved, &m_window, &MainWindow::reloadCatalog);
    }
    m_customDialog->show();
    m_customDialog->raise();
    m_customDialog->activateWindow();
    return m_customDialog;
}

CalibrationsDialog *CatalogTools::showCalibrationsDialog()
{
    if (!m_calibrationsDialog) {
        m_calibrationsDialog = new CalibrationsDialog(m_deps.reality, &m_window);
        m_calibrationsDialog->setAttribute(Qt::WA_DeleteOnClose);
        m_calibrationsDialog->setGpuIds(m_gpuIds);
        connect(m_calibrationsDialog, &CalibrationsDialog::calibrationsChanged, &m_window, &MainWindow::reloadCatalog);
    }
    m_calibrationsDialog->show();
    m_calibrationsDialog->raise();
    m_calibrationsDialog->activateWindow();
    return m_calibrationsDialog;
}

SpendImportsDialog *CatalogTools::showSpendImportsDialog()
{
    if (!m_spendDialog) {
        m_spendDialog = new SpendImportsDialog(m_deps.reality, &m_window);
        m_spendDialog->setAttribute(Qt::WA_DeleteOnClose);
        // New imports go under the scenario's billing project unless the user types another.
        m_spendDialog->setProject(m_window.document()->value(QStringLiteral("project")).toString().trimmed());
        connect(m_spendDialog, &SpendImportsDialog::spendChanged, &m_window, &MainWindow::reloadCatalog);
        connect(m_spendDialog, &SpendImportsDialog::analyseRequested, this, [this](const QString &path) {
            auto *analysis = new BillAnalysisDialog(m_offers, &m_window, m_catalog.fxRates);
            analysis->setAttribute(Qt::WA_DeleteOnClose);
            analysis->show();
            analysis->analyseFile(path);
        });
    }
    m_spendDialog->show();
    m_spendDialog->raise();
    m_spendDialog->activateWindow();
    return m_spendDialog;
}

PortfolioWindow *CatalogTools::showPortfolioWindow()
{
    if (m_portfolioWindow) {
        m_portfolioWindow->raise();
        m_portfolioWindow->activateWindow();
        return m_portfolioWindow;
    }
    auto rules = core::loadBillingRules();
    core::PortfolioCatalog catalog{m_catalog.offers,  m_catalog.gpus,        m_catalog.info.providers, m_catalog.fxRates,
                                   rules ? rules.value() : core::BillingRules(), m_catalog.gpuResolver, m_catalog.calibrations};
    m_portfolioWindow = new PortfolioWindow(std::move(catalog), m_window.document()->presets(), &m_window);
    m_portfolioWindow->setAttribute(Qt::WA_DeleteOnClose);
    m_portfolioWindow->show();
    return m_portfolioWindow;
}

CatalogTools *installCatalogTools(MainWindow &window, CatalogToolsDeps deps)
{
    return new CatalogTools(window, std::move(deps));
}

} // namespace gpuplanner::ui
