#pragma once
// CatalogTools: puts price refresh, settings and the catalog status into a MainWindow with one
// call (installCatalogTools), so the window itself only wires panels together.

#include "core/catalog/CatalogRepository.h"
#include "core/catalog/CustomOfferStore.h"
#include "core/catalog/RealityStore.h"
#include "core/refresh/RefreshLog.h"
#include "ui/catalog/CatalogLoader.h"
#include "ui/refresh/RefreshTask.h"

#include <QObject>
#include <QPointer>

class QAction;
class QSettings;

namespace gpuplanner::ui {

class PriceWatchTools;
class PortfolioWindow;

class CalibrationsDialog;
class CatalogStatusLabel;
class CustomOffersDialog;
class GpuSpecsPanel;
class MainWindow;
class PriceHistoryPanel;
class RefreshDialog;
class SecretStore;
class SettingsDialog;
class SpendImportsDialog;
struct CatalogSnapshot;

struct CatalogToolsDeps
{
    RefreshServiceFactory refreshServices;
    core::RefreshLogFactory refreshLog;
    core::CatalogRepositoryFactory repositories; // price history
    core::CustomOfferStoreFactory customOffers;
    core::RealityStoreFactory reality; // calibrations and actual spend
    QSettings *settings = nullptr; // outlives the window
    SecretStore *secrets = nullptr; // outlives the window
};

class CatalogTools : public QObject
{
    Q_OBJECT

public:
    CatalogTools(MainWindow &window, CatalogToolsDeps deps);

    QAction *refreshAction() const { return m_refreshAction; }
    QAction *settingsAction() const { return m_settingsAction; }
    QAction *customOffersAction() const { return m_customAction; }
    QAction *calibrationsAction() const { return m_calibrationsAction; }
    QAction *spendAction() const { return m_spendAction; }
    CatalogStatusLabel *statusLabel() const { return m_status; }
    PriceWatchTools *priceWatch() const { return m_priceWatch; }
    GpuSpecsPanel *gpuSpecs() const { return m_gpuSpecs; }
    PriceHistoryPanel *priceHistory() const { return m_history; }

    // Opens (or raises) the non-modal refresh dialog.
    RefreshDialog *showRefreshDialog();
    SettingsDialog *showSettingsDialog();
    CustomOffersDialog *showCustomOffersDialog();
    CalibrationsDialog *showCalibrationsDialog();
    SpendImportsDialog *showSpendImportsDialog();
    // The portfolio window on the catalog shown (Tools > Plan a portfolio…).
    PortfolioWindow *showPortfolioWindow();
    QAction *portfolioAction() const { return m_portfolioAction; }
    // Re-reads the refresh log off the GUI thread.
    void reloadRefreshLog();

Q_SIGNALS:
    void refreshLogLoaded(const QList<gpuplanner::core::RefreshLogEntry> &entries);

private:
    void gatherConfig(QObject *context, const std::function<void(RefreshConfig, QString)> &done);

    MainWindow &m_window;
    CatalogToolsDeps m_deps;
    QAction *m_refreshAction;
    QAction *m_settingsAction;
    QAction *m_customAction;
    QAction *m_calibrationsAction;
    QAction *m_spendAction;
    CatalogStatusLabel *m_status;
    PriceWatchTools *m_priceWatch = nullptr;
    QAction *m_portfolioAction = nullptr;
    CatalogSnapshot m_catalog; // the catalog shown, for the portfolio window
    QPointer<PortfolioWindow> m_portfolioWindow;
    GpuSpecsPanel *m_gpuSpecs;
    PriceHistoryPanel *m_history;
    QList<core::Offer> m_offers;
    QStringList m_gpuIds;
    core::CatalogInfo m_info;
    QPointer<CustomOffersDialog> m_customDialog;
    QPointer<CalibrationsDialog> m_calibrationsDialog;
    QPointer<SpendImportsDialog> m_spendDialog;
    QPointer<RefreshDialog> m_refreshDialog;
    QPointer<SettingsDialog> m_settingsDialog;
    QList<core::RefreshLogEntry> m_log;
};

// Adds "Refresh prices…", "Custom offers…" and "Settings…" (Tools menu), "Calibrations…" and
// "Actual spend…" (Catalog menu), the GPU specs and price history docks, and the catalog
// status to the status bar.
CatalogTools *installCatalogTools(MainWindow &window, CatalogToolsDeps deps);

} // namespace gpuplanner::ui
