#pragma once
// PlanRunner: re-plans a scenario against the catalog on a worker thread. Requests are
// debounced and coalesced: at most one plan runs, only the newest waiting request follows it,
// and a result older than the newest request is dropped, so the GUI thread never waits.

#include "core/catalog/FxRate.h"
#include "core/catalog/GpuAliasResolver.h"
#include "core/catalog/GpuModel.h"
#include "core/catalog/Offer.h"
#include "core/plan/PlanActuals.h"
#include "core/plan/Scenario.h"
#include "core/plan/PlanTotals.h"
#include "core/plan/Timeline.h"
#include "ui/compare/ComparisonView.h"

#include <QFutureWatcher>
#include <QHash>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <memory>
#include <optional>

namespace gpuplanner::ui {

struct ComparisonOrder;

// What identifies an option across re-plans (its offer, billing, term and upfront), so that a
// selection survives them: compared as numbers, written as "offer id:billing:term:upfront".
struct OptionKey
{
    qint64 offerId = 0;
    qint32 termMonths = 0;
    qint16 billing = 0;
    qint16 upfront = 0;

    friend bool operator==(const OptionKey &a, const OptionKey &b)
    {
        return a.offerId == b.offerId && a.termMonths == b.termMonths && a.billing == b.billing && a.upfront == b.upfront;
    }
    friend bool operator<(const OptionKey &a, const OptionKey &b)
    {
        if (a.offerId != b.offerId)
            return a.offerId < b.offerId;
        if (a.billing != b.billing)
            return a.billing < b.billing;
        if (a.termMonths != b.termMonths)
            return a.termMonths < b.termMonths;
        return a.upfront < b.upfront;
    }
};

OptionKey optionKey(const core::Offer &offer, const core::PlanOption &option);
QString optionKeyText(const OptionKey &key);
std::optional<OptionKey> optionKeyFromText(const QString &id);

// One plan's outcome, immutable once published: views share it without copying.
struct PlanSnapshot
{
    quint64 generation = 0;
    core::Scenario scenario;
    core::PlanRequest request;
    core::PlanResult result;
    QList<core::Offer> offers;            // the planner's offers (implicitly shared)
    QList<core::GpuModel> gpus;           // the catalog's GPU models, for an option's details
    QString recommendation;
    core::PlanTotals totals; // the main run and the whole project, as every surface states them
    std::optional<core::TimelineRates> rates;
    QList<core::TimelineChoice> timelineChoices; // the instances the Timeline can price commitments on
    std::optional<core::Timeline> timeline;
    QString timelineError;
    std::optional<core::PlanActuals> actuals; // the scenario project's imported spend against the timeline
    QString actualsError;
    QHash<QString, core::CalibrationEffect> calibrations; // by GPU id, those the request uses
    QString error; // non-empty when nothing could be planned (no catalog, no FX rate, ...)
    double planMs = 0;
    // Worked out on the worker with the plan, so the GUI thread only shows them: each option's
    // key by row, each offer's rows (rowOfKey: firstRowOfOffer by offer index, then
    // nextRowOfOffer, -1 ending the chain), and the providers of the options as (name, id) sorted
    // by name. Text ids (optionId) are made only for what is shown or selected.
    std::vector<OptionKey> optionKeys;
    std::vector<int> firstRowOfOffer;
    std::vector<int> nextRowOfOffer;
    std::shared_ptr<const QHash<qint64, int>> offerIndexById; // the catalog's, shared by its plans
    QList<std::pair<QString, QString>> providers;
    // The comparison table's rows in the order of the view current when the plan started.
    std::shared_ptr<const ComparisonOrder> order;

    bool indexed() const { return optionKeys.size() == result.options.size(); }
    // The row of an option's key or text id in this plan, -1 when it has none.
    int rowOfKey(const OptionKey &key) const;
    int rowOfId(const QString &id) const;
    QString optionIdOfRow(int row) const;

    const core::Offer &offer(const core::PlanOption &o) const { return offers.at(o.offer); }
    const core::GpuModel *gpuModel(const QString &id) const;
    const core::CalibrationEffect *calibration(const QString &gpuId) const
    {
        const auto it = calibrations.constFind(gpuId);
        return it == calibrations.constEnd() ? nullptr : &it.value();
    }
};
using PlanSnapshotPtr = std::shared_ptr<const PlanSnapshot>;

// What the planner needs of the catalog: its offers, GPU models and stored FX rates.
struct PlanCatalog
{
    QList<core::Offer> offers;
    QList<core::GpuModel> gpus;
    QList<core::FxRate> fxRates;
    core::GpuAliasResolver gpuResolver;
    QList<core::ProviderInfo> providers;
    QList<core::Calibration> calibrations;
    core::SpendData spend;
};

// "offer id:billing:term:upfront": stays the same across re-plans, so selections survive them.
QString optionId(const PlanSnapshot &snapshot, const core::PlanOption &option);
// Fills the snapshot's option keys, their rows and its providers from its result.
// providerOfOffer (optional): each offer's index in providerNames, worked out once per catalog.
// offerIndexById (optional): each offer's index by its id, worked out once per catalog.
void indexOptions(PlanSnapshot &snapshot, const std::vector<int> *providerOfOffer = nullptr,
                  const QList<std::pair<QString, QString>> *providerNames = nullptr,
                  std::shared_ptr<const QHash<qint64, int>> offerIndexById = {});

class PlanRunner : public QObject
{
    Q_OBJECT

public:
    explicit PlanRunner(QObject *parent = nullptr);
    ~PlanRunner() override;

    void setCatalog(QList<core::Offer> offers, QList<core::GpuModel> gpus, QList<core::FxRate> fxRates,
                    core::GpuAliasResolver gpuResolver = {}, QList<core::ProviderInfo> providers = {},
                    QList<core::Calibration> calibrations = {}, core::SpendData spend = {});
    bool hasCatalog() const { return m_hasCatalog; }
    // Plans scenario after the debounce interval; a newer call replaces a waiting one and
    // cancels a running one (its result would be dropped anyway), so an edit never waits for
    // the plan of the edit before it.
    void request(const core::Scenario &scenario);
    // The comparison table's filter and sort: each plan also puts its rows in that order.
    void setComparisonView(const ComparisonView &view) { m_view = view; }
    void setDebounceMs(int ms) { m_debounce.setInterval(ms); }
    bool isBusy() const { return m_watcher.isRunning() || m_debounce.isActive() || m_waiting.has_value(); }
    const PlanSnapshotPtr &latest() const { return m_latest; }
    // The thread plans run on: their own, so that a plan never waits behind other work on Qt's
    // global pool (which the raster paint engine shares) and never holds it up.
    QThreadPool *threadPool() { return &m_pool; }

    // Options explained per plan; more would cost time on every keystroke for rows nobody reads.

    // The planner and its inputs; only the worker running a plan touches it.
    struct Engine;

Q_SIGNALS:
    void busyChanged(bool busy);
    void finished(const gpuplanner::ui::PlanSnapshotPtr &snapshot);

private:
    void startNext();
    void onFinished();

    std::shared_ptr<Engine> m_engine; // touched by one worker at a time
    QThreadPool m_pool; // one thread: one plan runs at a time
    QFutureWatcher<PlanSnapshotPtr> m_watcher;
    std::shared_ptr<std::atomic_bool> m_cancelRunning; // the running plan's cancel flag
    QTimer m_debounce;
    std::optional<core::Scenario> m_waiting;
    std::optional<PlanCatalog> m_catalog; // to hand to the engine
    bool m_hasCatalog = false;
    quint64 m_generation = 0;
    PlanSnapshotPtr m_latest;
    std::optional<ComparisonView> m_view;
};

} // namespace gpuplanner::ui

Q_DECLARE_METATYPE(gpuplanner::ui::PlanSnapshotPtr)
