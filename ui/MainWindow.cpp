#include "ui/MainWindow.h"

#include "ui/ApplicationShortcuts.h"

#include "ui/SteadyTabWidget.h"
#include "ui/WelcomeDialog.h"
#include "ui/WindowPlacement.h"
#include "ui/catalog/CatalogLoader.h"
#include "ui/catalog/OffersPanel.h"
#include "ui/compare/ComparisonPanel.h"
#include "ui/compare/PlanSinceBanner.h"
#include "ui/compare/ComparisonProxy.h"
#include "ui/compare/PlanRunner.h"
#include "ui/report/ReportActions.h"
#include "ui/scenario/CommitmentsField.h"
#include "ui/scenario/ConstraintsEditor.h"
#include "ui/scenario/FxRatesField.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/ScenarioEditor.h"
#include "ui/scenario/ScenarioFiles.h"
#include "ui/scenario/WorkloadEditor.h"
#include "ui/settings/Settings.h"
#include "ui/timeline/TimelinePanel.h"

#include <QApplication>
#include <QCloseEvent>
#include <QSplitter>
#include <QTabWidget>
#include <QUndoStack>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QProgressBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>

#include <algorithm>

namespace gpuplanner::ui {

QString freshnessText(const core::CatalogInfo &info)
{
    QStringList dates;
    for (const core::ProviderInfo &p : info.providers) {
        if (!p.dataDate.isEmpty() && !p.isCustom())
            dates.append(p.dataDate);
    }
    if (dates.isEmpty())
        return MainWindow::tr("Prices: no date recorded");
    std::sort(dates.begin(), dates.end());
    QStringList oldest;
    for (const core::ProviderInfo &p : info.providers) {
        if (p.dataDate == dates.constFirst() && !p.isCustom())
            oldest.append(p.id);
    }
    if (dates.constFirst() == dates.constLast())
        return MainWindow::tr("Prices as of %1").arg(dates.constLast());
    return MainWindow::tr("Prices as of %1 (oldest: %2, %3)")
        .arg(dates.constLast(), oldest.join(QStringLiteral(", ")), dates.constFirst());
}

namespace {

QList<core::ModelPreset> builtInPresets()
{
    auto presets = core::loadModelPresets();
    return presets ? std::move(presets).value() : QList<core::ModelPreset>();
}

} // namespace

MainWindow::MainWindow(core::CatalogRepositoryFactory repositories, QWidget *parent)
    : MainWindow(std::move(repositories), builtInPresets(), nullptr, parent)
{
}

MainWindow::MainWindow(core::CatalogRepositoryFactory repositories, QList<core::ModelPreset> presets,
                       QSettings *settings, QWidget *parent)
    : QMainWindow(parent), m_doc(new ScenarioDocument(std::move(presets), this)),
      m_files(new ScenarioFiles(m_doc, this, settings)), m_runner(new PlanRunner(this)),
      m_editor(new ScenarioEditor(m_doc, this)), m_compare(new ComparisonPanel(this)),
      m_timeline(new TimelinePanel(m_doc, this)), m_offers(new OffersPanel(this)),
      m_loader(new CatalogLoader(std::move(repositories), this)), m_tabs(new SteadyTabWidget(this)),
      m_freshness(new QLabel(this)), m_busy(new QProgressBar(this)), m_settings(settings)
{
    auto *plan = new QSplitter(Qt::Horizontal, m_tabs);
    plan->addWidget(m_editor);
    plan->addWidget(m_compare);
    plan->setStretchFactor(0, 0);
    plan->setStretchFactor(1, 1);
    plan->setSizes({380, 900});
    m_tabs->addTab(plan, tr("&Plan"));
    m_tabs->addTab(m_timeline, tr("T&imeline"));
    m_tabs->addTab(m_offers, tr("Catalo&g"));
    m_tabs->setDocumentMode(true);
    setCentralWidget(m_tabs);
    createMenus();

    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(160);
    // Its place is kept while hidden: showing it on every edit must not lay the window out again.
    QSizePolicy keepPlace = m_busy->sizePolicy();
    keepPlace.setRetainSizeWhenHidden(true);
    m_busy->setSizePolicy(keepPlace);
    m_busy->setVisible(false);
    statusBar()->addPermanentWidget(m_busy);
    // A plan that answers within a blink shows no progress bar: one that flashed on every
    // keystroke would lay the status bar out and repaint the window twice per edit.
    m_busyDelay.setSingleShot(true);
    m_busyDelay.setInterval(kBusyDelayMs);
    connect(&m_busyDelay, &QTimer::timeout, this, [this] { m_busy->setVisible(m_runner->isBusy() || m_loader->isRunning()); });
    statusBar()->addPermanentWidget(m_freshness);

    connect(m_loader, &CatalogLoader::finished, this, &MainWindow::showSnapshot);
    connect(m_doc, &ScenarioDocument::replaced, m_compare, &ComparisonPanel::resetView);
    // A new or opened document that cannot be planned shows why, not the last document's plan.
    connect(m_doc, &ScenarioDocument::replaced, this, [this] {
        if (m_doc->scenario())
            return;
        auto empty = std::make_shared<PlanSnapshot>();
        empty->error = m_doc->errorInWords(m_doc->error());
        m_compare->setSnapshot(empty);
        m_timeline->setSnapshot(empty);
    });
    connect(m_doc, &ScenarioDocument::changed, this, &MainWindow::replan);
    connect(m_doc, &ScenarioDocument::changed, this, &MainWindow::updateTitle);
    connect(m_doc, &ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &ScenarioDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_runner, &PlanRunner::finished, this, [this](const PlanSnapshotPtr &snapshot) {
        m_compare->setSnapshot(snapshot);
        m_timeline->setSnapshot(snapshot);
        m_editor->setPlanError(snapshot->error);
    });
    // A saved plan's record against today's catalog: what changed since it was made.
    m_compare->addBanner(new PlanSinceBanner(m_doc, m_runner));
    // Each plan puts the table's rows in the order shown, on the worker: a re-plan sorts nothing here.
    m_runner->setComparisonView(m_compare->proxy()->view());
    connect(m_compare->proxy(), &ComparisonProxy::viewChanged, m_runner, &PlanRunner::setComparisonView);
    connect(m_runner, &PlanRunner::busyChanged, this, [this](bool busy) {
        m_compare->setBusy(busy);
        updateBusy();
    });
    if (m_settings) {
        // New scenarios start from the Settings dialog's default assumptions, this one included.
        m_doc->setNewScenarioDefaults([settings = m_settings] { return settings::newScenarioDefaults(*settings); });
        m_doc->newScenario();
    }
    replan();
    updateTitle();
    // 1400 x 860 where the screen has room; a laptop's 1366 x 768 gets a window that fits it.
    resize(initialWindowSize(QSize(1400, 860), screen()->availableGeometry()));
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_files->newAction());
    file->addAction(m_files->openAction());
    // The examples that ship with the app, opened as a starting point (Save asks where).
    QMenu *examples = file->addMenu(tr("Open e&xample"));
    for (const ExampleScenario &e : exampleScenarios()) {
        QAction *open = examples->addAction(e.name, this, [this, path = e.path] { m_files->openFile(path); });
        open->setStatusTip(e.description);
        open->setToolTip(e.description);
    }
    file->addMenu(m_files->recentMenu());
    file->addAction(m_files->saveAction());
    file->addAction(m_files->saveAsAction());
    file->addSeparator();
    QAction *reload = file->addAction(tr("Re&load catalog"), this, &MainWindow::reloadCatalog);
    reload->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    // Tools (Refresh prices…, Settings…) and Catalog come from CatalogTools, before Help: one
    // menu each, so Alt+T and Alt+C reach them.
    QMenu *report = menuBar()->addMenu(tr("&Report"));
    report->addActions(createReportActions(this, [this] { return currentReportInput(); }, m_settings));

    // Ctrl+E, Ctrl+P and the others reach their actions from inside a text field too.
    keepApplicationShortcuts(this);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *guide = help->addAction(tr("&Guide"), this, [this] { showGuide(this); });
    guide->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&Welcome and examples\u2026"), this, &MainWindow::showWelcome);
    help->addSeparator();
    help->addAction(tr("&About GPU Planner"), this, [this] {
        QMessageBox::about(this, tr("About GPU Planner"),
                           tr("<b>GPU Planner %1</b><p>Plan GPU cloud rentals: which offer to rent, under which "
                              "billing model, how long it takes and what it costs.</p><p>Default prices come from "
                              "the embedded catalog: a SkyPilot snapshot of mid-2026 and dated provider sources up to 2026-10, each "
                              "price with its own date.</p>")
                               .arg(QStringLiteral(GPUPLANNER_VERSION)));
    });
}

MainWindow::~MainWindow()
{
    // The views go before the document they edit: an open cell editor commits its text into
    // the scenario as it closes, which needs the document still there. Nothing may hear of
    // that edit: the forms and charts listening are being destroyed.
    const QSignalBlocker blockDocument(m_doc);
    const QSignalBlocker blockUndo(m_doc->undoStack());
    delete centralWidget();
}

void MainWindow::reloadCatalog()
{
    m_busy->setVisible(true);
    statusBar()->showMessage(tr("Loading catalog…"));
    m_loader->load();
}

void MainWindow::updateBusy()
{
    if (!m_runner->isBusy() && !m_loader->isRunning()) {
        m_busyDelay.stop();
        m_busy->setVisible(false);
    } else if (!m_busy->isVisible() && !m_busyDelay.isActive()) {
        m_busyDelay.start();
    }
}

void MainWindow::showSnapshot(const CatalogSnapshot &snapshot)
{
    updateBusy();
    statusBar()->clearMessage();
    if (!snapshot.error.isEmpty()) {
        m_freshness->setText(tr("Catalog unavailable"));
        if (!m_recovery) {
            QMessageBox::critical(this, tr("Cannot read the catalog"), snapshot.error);
            Q_EMIT catalogLoaded(false);
            return;
        }
        const RecoveryResult chosen = offerCatalogRecovery(this, snapshot.error, *m_recovery);
        Q_EMIT catalogLoaded(false);
        if (chosen.choice == RecoveryChoice::Restored) {
            reloadCatalog();
        } else if (chosen.choice == RecoveryChoice::OpenOther) {
            // Refreshes and custom offers write to the catalog the app started on: start again on it.
            if (QProcess::startDetached(QCoreApplication::applicationFilePath(),
                                        {QStringLiteral("--catalog"), chosen.otherPath}))
                close();
        }
        return;
    }
    m_offers->setCatalog(snapshot.offers, snapshot.gpus, snapshot.info);
    m_runner->setCatalog(snapshot.offers, snapshot.gpus, snapshot.fxRates, snapshot.gpuResolver, snapshot.info.providers,
                         snapshot.calibrations, snapshot.spend);
    // The assumptions form lists the catalog rates that apply where the scenario sets none.
    m_editor->assumptions()->fxRatesField()->setCatalogRates(snapshot.fxRates);
    QStringList providers;
    for (const core::ProviderInfo &p : snapshot.info.providers)
        providers.append(p.id);
    m_editor->assumptions()->commitmentsField()->setProviders(providers);
    QStringList gpuIds;
    for (const core::GpuModel &g : snapshot.gpus)
        gpuIds << g.id;
    m_editor->workload()->setGpuIds(gpuIds);
    m_editor->constraints()->setGpuIds(gpuIds);
    m_catalogOffers = snapshot.offers;
    m_catalogGpus = snapshot.gpus;
    m_catalogProviders = snapshot.info.providers;
    m_catalogCalibrations = snapshot.calibrations;
    m_catalogInfo = snapshot.info;
    m_reportPlanner.reset();
    m_freshness->setText(freshnessText(snapshot.info));
    m_freshness->setToolTip(snapshot.info.path);
    Q_EMIT catalogLoaded(true);
}

void MainWindow::replan()
{
    if (const auto &scenario = m_doc->scenario())
        m_runner->request(*scenario);
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — GPU Planner").arg(m_doc->displayName()));
    setWindowModified(m_doc->isModified());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    if (m_settings) {
        m_settings->setValue(QStringLiteral("window/geometry"), saveGeometry());
        m_settings->setValue(QStringLiteral("window/state"), saveState());
    }
    event->accept();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (!m_fitOnShow)
        return;
    m_fitOnShow = false;
    // A window saved on a larger screen comes back onto this one, whole, frame included.
    const QRect frame = frameGeometry();
    const QRect fitted = fittedToScreen(frame, screen()->availableGeometry());
    if (fitted == frame)
        return;
    const QRect inner = geometry();
    setGeometry(fitted.marginsRemoved(QMargins(inner.left() - frame.left(), inner.top() - frame.top(),
                                               frame.right() - inner.right(), frame.bottom() - inner.bottom())));
}

void MainWindow::showWelcome()
{
    WelcomeDialog welcome(m_settings, this);
    welcome.exec();
    if (!welcome.chosenPath().isEmpty())
        m_files->openFile(welcome.chosenPath());
    else if (welcome.guideRequested())
        showGuide(this);
}

void MainWindow::restoreLayout()
{
    if (!m_settings)
        return;
    const QByteArray geometry = m_settings->value(QStringLiteral("window/geometry")).toByteArray();
    const QByteArray state = m_settings->value(QStringLiteral("window/state")).toByteArray();
    if (!geometry.isEmpty()) {
        restoreGeometry(geometry);
        m_fitOnShow = true;
    }
    if (!state.isEmpty())
        restoreState(state);
}

std::optional<ReportInput> MainWindow::currentReportInput()
{
    const PlanSnapshotPtr &latest = m_runner->latest();
    // A document that cannot be planned has no report, whatever was planned before it.
    if (!latest || !latest->error.isEmpty() || m_catalogOffers.isEmpty() || !m_doc->scenario())
        return std::nullopt;
    if (!m_reportPlanner) {
        m_reportPlanner = std::make_unique<core::Planner>();
        m_reportPlanner->setCatalog(m_catalogOffers, m_catalogGpus, m_catalogProviders);
        m_reportPlanner->setCalibrations(core::CalibrationSet(m_catalogCalibrations, m_catalogGpus));
    }
    m_reportPlanner->plan(latest->request);
    ReportInput input;
    input.scenario = latest->scenario;
    input.request = latest->request;
    input.planner = m_reportPlanner.get();
    input.timeline = latest->timeline;
    input.timelineProblem = latest->timelineError;
    input.actuals = latest->actuals;
    input.catalog = m_catalogInfo;
    return input;
}

} // namespace gpuplanner::ui
