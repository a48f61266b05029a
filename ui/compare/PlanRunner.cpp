#include "ui/compare/PlanRunner.h"

#include "core/plan/ConstraintCheck.h"
#include "core/cost/BillingCost.h"
#include "core/cost/Money.h"
#include "core/plan/MeasuredReference.h"
#include "core/plan/PlanExplain.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <set>

namespace gpuplanner::ui {

struct PlanRunner::Engine
{
    core::Planner planner;
    core::FxTable catalogFx; // the catalog's rates, worked out once per catalog
    core::GpuAliasResolver gpuResolver;
    std::optional<core::BillingRules> rules;
    core::SpendData spend;
    QString rulesError;
    bool hasCatalog = false;
};

namespace {

// The scenario project's imported spend against its timeline.
void addActuals(PlanSnapshot &snapshot, const core::SpendData &spend, const core::PlanRequest &request)
{
    QList<core::SpendRecord> mine;
    for (const core::SpendRecord &r : spend.records) {
        if (r.line.project == snapshot.scenario.project)
            mine.append(r);
    }
    if (mine.isEmpty())
        return;
    auto compared = core::comparePlanToActuals(*snapshot.timeline, mine, request.assumptions.fx, request.displayCurrency,
                                               request.constraints.budget, spend.gpusPerInstance);
    if (!compared)
        snapshot.actualsError = compared.errorMessage();
    else if (compared.value().hasActuals())
        snapshot.actuals = std::move(compared).value();
}

PlanSnapshotPtr runPlan(const std::shared_ptr<PlanRunner::Engine> &engine, std::optional<PlanCatalog> catalog,
                        core::Scenario scenario, quint64 generation, std::shared_ptr<std::atomic_bool> cancel)
{
    QElapsedTimer clock;
    clock.start();
    auto snapshot = std::make_shared<PlanSnapshot>();
    snapshot->generation = generation;
    if (!engine->rules) {
        auto rules = core::loadBillingRules();
        if (rules)
            engine->rules = std::move(rules).value();
        else
            engine->rulesError = rules.errorMessage();
    }
    if (catalog) {
        engine->catalogFx = core::catalogFxTable(catalog->offers, catalog->fxRates);
        engine->gpuResolver = std::move(catalog->gpuResolver);
        engine->planner.setCatalog(std::move(catalog->offers), catalog->gpus, catalog->providers);
        engine->planner.setCalibrations(core::CalibrationSet(catalog->calibrations, catalog->gpus));
        engine->spend = std::move(catalog->spend);
        engine->hasCatalog = true;
    }
    snapshot->scenario = scenario;
    if (!engine->hasCatalog) {
        snapshot->error = PlanRunner::tr("The catalog is not loaded yet.");
        return snapshot;
    }
    if (!engine->rules) {
        snapshot->error = engine->rulesError;
        return snapshot;
    }
    core::PlanRequest request = scenario.request();
    // The same rates as the CLI: the catalog's, overridden by the scenario's own.
    const core::FxTable fx = core::planningFxTable(engine->catalogFx, scenario.assumptions.fx);
    request.assumptions.fx = fx;
    request.assumptions.billingRules = *engine->rules;
    if (!fx.has(request.displayCurrency)) {
        snapshot->error = PlanRunner::tr("display_currency: \"%1\" has no FX rate in the catalog or the scenario. "
                                         "Add its rate under Exchange rates in the Assumptions tab, or refresh the "
                                         "catalog's rates (Tools ▸ Refresh prices…).")
                              .arg(request.displayCurrency);
        return snapshot;
    }
    core::resolveGpuNames(request.constraints, engine->gpuResolver);
    if (auto known = core::checkConstraints(request.constraints, engine->planner.offers()); !known) {
        snapshot->error = known.errorMessage();
        return snapshot;
    }
    if (auto terms = core::checkCommitmentTerms(request.assumptions.commitments, engine->planner.offers()); !terms) {
        snapshot->error = terms.errorMessage();
        return snapshot;
    }
    if (auto reference = core::resolveMeasuredReference(request.workload, engine->planner.gpuModels()); !reference) {
        snapshot->error = reference.errorMessage();
        return snapshot;
    }
    const core::PlanResult &result = engine->planner.plan(request, cancel.get());
    if (result.cancelled) {
        snapshot->error = PlanRunner::tr("Superseded by a newer edit.");
        return snapshot;
    }
    snapshot->request = request;
    snapshot->result = result;
    snapshot->offers = engine->planner.offers();
    snapshot->gpus = engine->planner.gpuModels();
    snapshot->recommendation = core::recommendationText(engine->planner, request);
    indexOptions(*snapshot);
    for (const core::GpuModel &g : snapshot->gpus) {
        if (const core::CalibrationEffect *c = engine->planner.calibration(g.id, request))
            snapshot->calibrations.insert(g.id, *c);
    }
    if (!scenario.phases.isEmpty()) {
        core::Scenario priced = scenario;
        priced.assumptions.fx = fx;
        auto rates = core::timelineRatesFromPlan(engine->planner, priced);
        if (!rates) {
            snapshot->timelineError = rates.errorMessage();
        } else {
            snapshot->rates = rates.value();
            auto timeline = core::buildTimeline(priced, rates.value(), fx);
            if (timeline)
                snapshot->timeline = std::move(timeline).value();
            else
                snapshot->timelineError = timeline.errorMessage();
            if (snapshot->timeline)
                addActuals(*snapshot, engine->spend, request);
        }
    }
    snapshot->planMs = double(clock.nsecsElapsed()) / 1e6;
    return snapshot;
}

} // namespace

const core::GpuModel *PlanSnapshot::gpuModel(const QString &id) const
{
    for (const core::GpuModel &g : gpus) {
        if (g.id == id)
            return &g;
    }
    return nullptr;
}

QString optionId(const PlanSnapshot &snapshot, const core::PlanOption &option)
{
    return QString::number(snapshot.offer(option).id) + u':' + core::billingId(option.billing) + u':'
        + QString::number(option.termMonths) + u':' + QString::number(int(option.upfront));
}

void indexOptions(PlanSnapshot &snapshot)
{
    const auto &options = snapshot.result.options;
    snapshot.optionIds.clear();
    snapshot.optionIds.reserve(options.size());
    snapshot.rowOfId.clear();
    snapshot.rowOfId.reserve(qsizetype(options.size()));
    std::set<std::pair<QString, QString>> providers; // (name, id), sorted by name
    for (std::size_t i = 0; i < options.size(); ++i) {
        snapshot.optionIds.push_back(optionId(snapshot, options[i]));
        snapshot.rowOfId.insert(snapshot.optionIds.back(), int(i));
        const core::Offer &offer = snapshot.offer(options[i]);
        providers.insert({offer.providerLabel(), offer.provider});
    }
    snapshot.providers = QList<std::pair<QString, QString>>(providers.begin(), providers.end());
}

PlanRunner::PlanRunner(QObject *parent) : QObject(parent), m_engine(std::make_shared<Engine>())
{
    qRegisterMetaType<PlanSnapshotPtr>();
    // Short: coalescing already keeps at most one plan waiting, the debounce only merges a burst of keys.
    m_debounce.setInterval(30);
    m_debounce.setSingleShot(true);
    connect(&m_debounce, &QTimer::timeout, this, &PlanRunner::startNext);
    connect(&m_watcher, &QFutureWatcher<PlanSnapshotPtr>::finished, this, &PlanRunner::onFinished);
}

PlanRunner::~PlanRunner()
{
    m_watcher.waitForFinished(); // the worker holds the engine; let it finish before the runner goes
}

void PlanRunner::setCatalog(QList<core::Offer> offers, QList<core::GpuModel> gpus, QList<core::FxRate> fxRates,
                            core::GpuAliasResolver gpuResolver, QList<core::ProviderInfo> providers,
                            QList<core::Calibration> calibrations, core::SpendData spend)
{
    m_catalog = PlanCatalog{std::move(offers), std::move(gpus), std::move(fxRates), std::move(gpuResolver),
                            std::move(providers), std::move(calibrations), std::move(spend)};
    m_hasCatalog = true;
    if (m_waiting || m_latest)
        request(m_waiting ? *m_waiting : m_latest->scenario);
}

void PlanRunner::request(const core::Scenario &scenario)
{
    const bool wasBusy = isBusy();
    m_waiting = scenario;
    ++m_generation;
    if (m_cancelRunning)
        m_cancelRunning->store(true);
    if (!m_hasCatalog)
        return; // planned as soon as the catalog arrives
    if (!m_watcher.isRunning() && !m_debounce.isActive()) {
        // Idle: plan this edit at once. Keys typed while it runs cancel it and wait for the
        // debounce, which merges them into one plan.
        startNext();
        if (!wasBusy)
            Q_EMIT busyChanged(true);
        return;
    }
    m_debounce.start();
    if (!wasBusy)
        Q_EMIT busyChanged(true);
}

void PlanRunner::startNext()
{
    if (m_watcher.isRunning())
        return;
    if (!m_waiting) {
        if (!isBusy())
            Q_EMIT busyChanged(false);
        return;
    }
    core::Scenario scenario = std::move(*m_waiting);
    m_waiting.reset();
    auto catalog = std::move(m_catalog);
    m_catalog.reset();
    m_cancelRunning = std::make_shared<std::atomic_bool>(false);
    m_watcher.setFuture(QtConcurrent::run(runPlan, m_engine, std::move(catalog), std::move(scenario), m_generation,
                                          m_cancelRunning));
}

void PlanRunner::onFinished()
{
    PlanSnapshotPtr snapshot = m_watcher.result();
    m_cancelRunning.reset();
    if (m_waiting && !m_debounce.isActive())
        startNext();
    if (snapshot->generation == m_generation) {
        m_latest = snapshot;
        Q_EMIT finished(snapshot);
    }
    if (!isBusy())
        Q_EMIT busyChanged(false);
}

} // namespace gpuplanner::ui
