#pragma once
// MainWindow: wires the panels together (scenario editor, comparison and charts, timeline,
// catalog) and owns the menus; owns no domain logic.

#include "core/catalog/CatalogRepository.h"
#include "core/estimate/ModelPresets.h"

#include "core/plan/Planner.h"
#include "ui/catalog/CatalogRecovery.h"
#include "ui/report/ReportTypes.h"

#include <QMainWindow>
#include <QTimer>

#include <memory>
#include <optional>

class QLabel;
class QProgressBar;
class QSettings;
class QTabWidget;

namespace gpuplanner::ui {

class CatalogLoader;
class ComparisonPanel;
class OffersPanel;
class PlanRunner;
class ScenarioDocument;
class ScenarioEditor;
class ScenarioFiles;
class TimelinePanel;
struct CatalogSnapshot;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // Loads the model presets itself and keeps recent files in memory only.
    explicit MainWindow(core::CatalogRepositoryFactory repositories, QWidget *parent = nullptr);
    ~MainWindow() override;
    // settings (may be null) keeps recent files between runs.
    MainWindow(core::CatalogRepositoryFactory repositories, QList<core::ModelPreset> presets, QSettings *settings,
               QWidget *parent = nullptr);

    OffersPanel *offersPanel() const { return m_offers; }
    CatalogLoader *loader() const { return m_loader; }
    ScenarioDocument *document() const { return m_doc; }
    ScenarioFiles *files() const { return m_files; }
    ScenarioEditor *editor() const { return m_editor; }
    ComparisonPanel *comparison() const { return m_compare; }
    TimelinePanel *timeline() const { return m_timeline; }
    PlanRunner *planRunner() const { return m_runner; }
    QTabWidget *tabs() const { return m_tabs; }
    // How long a plan runs before the status bar shows it working.
    static constexpr int kBusyDelayMs = 300;
    // Another delay (tests: a delay no plan on a loaded machine reaches, to hold the quick case).
    void setBusyDelay(int ms) { m_busyDelay.setInterval(ms); }
    void reloadCatalog();
    // When the catalog cannot be read: restore the built-in one or restart on another file,
    // instead of only saying so.
    void setCatalogRecovery(CatalogRecovery recovery) { m_recovery = std::move(recovery); }
    // The welcome page with the example scenarios (Help ▸ Welcome and examples; at start too).
    void showWelcome();
    // The window's size, position and docks as the user left them (settings given to the
    // constructor), once every dock exists; without saved ones, the docks stay closed.
    void restoreLayout();
    // The smallest screen the window is laid out for: everything reachable at 1366 x 768.
    static QSize smallestScreen() { return QSize(1366, 768); }

Q_SIGNALS:
    void catalogLoaded(bool ok);

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void createMenus();
    void showSnapshot(const CatalogSnapshot &snapshot);
    // Shows the progress bar once a plan or a catalog read has run for kBusyDelayMs, hides it when
    // neither runs.
    void updateBusy();
    // The latest plan re-run on a planner of the GUI thread (the worker owns its own).
    std::optional<ReportInput> currentReportInput();
    void replan();
    void updateTitle();

    ScenarioDocument *m_doc;
    ScenarioFiles *m_files;
    PlanRunner *m_runner;
    ScenarioEditor *m_editor;
    ComparisonPanel *m_compare;
    TimelinePanel *m_timeline;
    OffersPanel *m_offers;
    CatalogLoader *m_loader;
    QTabWidget *m_tabs;
    QLabel *m_freshness;
    QProgressBar *m_busy;
    QTimer m_busyDelay;
    QSettings *m_settings;
    bool m_fitOnShow = false; // a restored geometry is fitted to the screen once its frame is known
    std::optional<CatalogRecovery> m_recovery;
    QList<core::Offer> m_catalogOffers;
    QList<core::GpuModel> m_catalogGpus;
    QList<core::ProviderInfo> m_catalogProviders;
    QList<core::Calibration> m_catalogCalibrations;
    std::optional<core::CatalogInfo> m_catalogInfo;
    std::unique_ptr<core::Planner> m_reportPlanner;
};

// "Prices as of 2024-08 (azure) to 2026-07 (aws, gcp, …)" for the status bar.
QString freshnessText(const core::CatalogInfo &info);

} // namespace gpuplanner::ui
