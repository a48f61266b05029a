#include "ui/compare/PlanRunner.h"

#include "core/plan/ConstraintCheck.h"
#include "core/cost/BillingCost.h"
#include "core/cost/Money.h"
#include "core/plan/MeasuredReference.h"
#include "core/plan/PlanExplain.h"
#include "ui/compare/ComparisonOrder.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <mutex>
#include <set>

namespace gpuplanner::ui {

namespace {

struct OptionBufferReturn
{
    std::mutex mutex;
    std::vector<core::PlanOption> buffer;

    void give(std::vector<core::PlanOption> &&options)
    {
        const std::lock_guard<std::mutex> lock(mutex);
        if (options.capacity() > buffer.capacity())
            buffer.swap(options);
    }
    std::vector<core::PlanOption> take()
    {
        const std::lock_guard<std::mutex> lock(mutex);
        return std::move(buffer);
    }
};

} // namespace

struct PlanRunner::Engine
{
    core::Planner planner;
    core::FxTable catalogFx; // the catalog's rates, worked out once per catalog
    core::GpuAliasResolver gpuResolver;
    std::optional<core::BillingRules> rules;
    core::SpendData spend;
    QString rulesError;
    bool hasCatalog = false;
    // Each catalog offer's provider, as an index into providerNames ((name, id) pairs).
    std::vector<int> providerOfOffer;
    QList<std::pair<QString, QString>> providerNames;
    std::shared_ptr<const QHash<qint64, int>> offerIndexById;
    // The option buffer of the last snapshot let go, for the next plan to fill (Planner::
    // reuseOptionBuffer): handed back from whichever thread drops the snapshot.
    std::shared_ptr<OptionBufferReturn> spare = std::make_shared<OptionBufferReturn>();
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

std::shared_ptr<const QHash<qint64, int>> offerIndexes(const QList<core::Offer> &offers)
{
    auto byId = std::make_shared<QHash<qint64, int>>();
    byId->reserve(offers.size());
    for (qsizetype i = 0; i < offers.size(); ++i)
        byId->insert(offers.at(i).id, int(i));
    return byId;
}

void indexProviders(PlanRunner::Engine &engine)
{
    const QList<core::Offer> &offers = engine.planner.offers();
    engine.offerIndexById = offerIndexes(offers);
    engine.providerOfOffer.assign(std::size_t(offers.size()), 0);
    engine.providerNames.clear();
    // By provider id: its name comes from the providers table, one per id. Offers share their
    // texts' data, so most lookups end at the last one's pointer.
    QHash<QString, int> index;
    const QChar *lastData = nullptr;
    int last = -1;
    for (qsizetype i = 0; i < offers.size(); ++i) {
        const core::Offer &o = offers.at(i);
        if (o.provider.constData() != lastData || last < 0) {
            auto it = index.constFind(o.provider);
            if (it == index.cend()) {
                it = index.insert(o.provider, int(engine.providerNames.size()));
                engine.providerNames.append({o.providerLabel(), o.provider});
            }
            last = *it;
            lastData = o.provider.constData();
        }
        engine.providerOfOffer[std::size_t(i)] = last;
    }
}

PlanSnapshotPtr runPlan(const std::shared_ptr<PlanRunner::Engine> &engine, std::optional<PlanCatalog> catalog,
                        core::Scenario scenario, quint64 generation, std::shared_ptr<std::atomic_bool> cancel,
                        std::optional<ComparisonView> view)
{
    QElapsedTimer clock;
    clock.start();
    // When the window lets this snapshot go, its option buffer goes back to the engine.
    std::shared_ptr<PlanSnapshot> snapshot(new PlanSnapshot, [spare = engine->spare](PlanSnapshot *s) {
        spare->give(std::move(s->result.options));
        delete s;
    });
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
        indexProviders(*engine);
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
    engine->planner.reuseOptionBuffer(engine->spare->take());
    if (engine->planner.plan(request, cancel.get()).cancelled) {
        snapshot->error = PlanRunner::tr("Superseded by a newer edit.");
        return snapshot;
    }
    snapshot->request = request;
    snapshot->offers = engine->planner.offers();
    snapshot->gpus = engine->planner.gpuModels();
    snapshot->recommendation = core::recommendationText(engine->planner, request);
    for (const core::GpuModel &g : snapshot->gpus) {
        if (const core::CalibrationEffect *c = engine->planner.calibration(g.id, request))
            snapshot->calibrations.insert(g.id, *c);
    }
    if (!scenario.phases.isEmpty()) {
        core::Scenario priced = scenario;
        priced.assumptions.fx = fx;
        snapshot->timelineChoices = core::timelineChoices(engine->planner);
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
    snapshot->totals = core::planTotals(engine->planner, request, snapshot->timeline ? &*snapshot->timeline : nullptr);
    // Last: what came before reads the plan from the planner, which now hands it over.
    snapshot->result = engine->planner.takeResult();
    indexOptions(*snapshot, &engine->providerOfOffer, &engine->providerNames, engine->offerIndexById);
    if (view)
        snapshot->order = std::make_shared<const ComparisonOrder>(comparisonOrder(*snapshot, *view));
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

OptionKey optionKey(const core::Offer &offer, const core::PlanOption &option)
{
    return OptionKey{offer.id, qint32(option.termMonths), qint16(option.billing), qint16(option.upfront)};
}

QString optionKeyText(const OptionKey &key)
{
    return QString::number(key.offerId) + u':' + core::billingId(core::Billing(key.billing)) + u':'
        + QString::number(key.termMonths) + u':' + QString::number(key.upfront);
}

std::optional<OptionKey> optionKeyFromText(const QString &id)
{
    const QStringList parts = id.split(u':');
    if (parts.size() != 4)
        return std::nullopt;
    bool idOk = false, termOk = false, upfrontOk = false;
    const qint64 offerId = parts[0].toLongLong(&idOk);
    const int term = parts[2].toInt(&termOk);
    const int upfront = parts[3].toInt(&upfrontOk);
    const std::optional<core::Billing> billing = core::billingFromId(parts[1]);
    if (!idOk || !termOk || !upfrontOk || !billing)
        return std::nullopt;
    return OptionKey{offerId, qint32(term), qint16(*billing), qint16(upfront)};
}

QString optionId(const PlanSnapshot &snapshot, const core::PlanOption &option)
{
    return optionKeyText(optionKey(snapshot.offer(option), option));
}

int PlanSnapshot::rowOfKey(const OptionKey &key) const
{
    if (!offerIndexById)
        return -1;
    const auto it = offerIndexById->constFind(key.offerId);
    if (it == offerIndexById->cend() || std::size_t(*it) >= firstRowOfOffer.size())
        return -1;
    for (int row = firstRowOfOffer[std::size_t(*it)]; row >= 0; row = nextRowOfOffer[std::size_t(row)]) {
        if (optionKeys[std::size_t(row)] == key)
            return row;
    }
    return -1;
}

int PlanSnapshot::rowOfId(const QString &id) const
{
    const std::optional<OptionKey> key = optionKeyFromText(id);
    return key ? rowOfKey(*key) : -1;
}

QString PlanSnapshot::optionIdOfRow(int row) const
{
    return row >= 0 && std::size_t(row) < optionKeys.size() ? optionKeyText(optionKeys[std::size_t(row)]) : QString();
}

void indexOptions(PlanSnapshot &snapshot, const std::vector<int> *providerOfOffer,
                  const QList<std::pair<QString, QString>> *providerNames,
                  std::shared_ptr<const QHash<qint64, int>> offerIndexById)
{
    const auto &options = snapshot.result.options;
    snapshot.optionKeys.clear();
    snapshot.optionKeys.reserve(options.size());
    snapshot.offerIndexById = offerIndexById ? std::move(offerIndexById) : offerIndexes(snapshot.offers);
    snapshot.firstRowOfOffer.assign(std::size_t(snapshot.offers.size()), -1);
    snapshot.nextRowOfOffer.assign(options.size(), -1);
    const bool catalogProviders = providerOfOffer && providerNames
                                  && providerOfOffer->size() == std::size_t(snapshot.offers.size());
    std::vector<char> providerSeen(catalogProviders ? std::size_t(providerNames->size()) : 0, 0);
    std::set<std::pair<QString, QString>> providers; // (name, id), sorted by name
    for (std::size_t i = 0; i < options.size(); ++i) {
        const core::Offer &offer = snapshot.offer(options[i]);
        snapshot.optionKeys.push_back(optionKey(offer, options[i]));
        const std::size_t at = std::size_t(options[i].offer);
        snapshot.nextRowOfOffer[i] = snapshot.firstRowOfOffer[at];
        snapshot.firstRowOfOffer[at] = int(i);
        if (catalogProviders)
            providerSeen[std::size_t((*providerOfOffer)[std::size_t(options[i].offer)])] = 1;
        else
            providers.insert({offer.providerLabel(), offer.provider});
    }
    if (catalogProviders) {
        for (std::size_t p = 0; p < providerSeen.size(); ++p) {
            if (providerSeen[p])
                providers.insert((*providerNames)[qsizetype(p)]);
        }
    }
    snapshot.providers = QList<std::pair<QString, QString>>(providers.begin(), providers.end());
}

PlanRunner::PlanRunner(QObject *parent) : QObject(parent), m_engine(std::make_shared<Engine>())
{
    qRegisterMetaType<PlanSnapshotPtr>();
    // Short: coalescing already keeps at most one plan waiting, the debounce only merges a burst of keys.
    m_pool.setMaxThreadCount(1);
    m_pool.setObjectName(QStringLiteral("PlanRunner"));
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
    m_watcher.setFuture(QtConcurrent::run(&m_pool, runPlan, m_engine, std::move(catalog), std::move(scenario), m_generation,
                                          m_cancelRunning, m_view));
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
