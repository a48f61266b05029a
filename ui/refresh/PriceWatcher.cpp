#include "ui/refresh/PriceWatcher.h"

#include "core/io/BoundedFile.h"
#include "core/plan/Scenario.h"
#include "ui/compare/PlanRunner.h"
#include "ui/compare/PlanSinceBanner.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

namespace gpuplanner::ui {

PriceWatcher::PriceWatcher(QSettings *settings, QList<core::ModelPreset> presets, QObject *parent)
    : QObject(parent), m_settings(settings), m_presets(std::move(presets)), m_runner(new PlanRunner(this))
{
    m_runner->setDebounceMs(0);
    connect(m_runner, &PlanRunner::finished, this, [this](const PlanSnapshotPtr &snapshot) {
        if (!m_current || m_runner->isBusy())
            return; // a plan that was superseded
        const Current current = *m_current;
        m_current.reset();
        if (!snapshot->error.isEmpty()) {
            m_problems << tr("%1: %2").arg(current.plan.path, snapshot->error);
        } else {
            const core::PlanSince since = core::comparePlan(current.then, snapshotFacts(*snapshot));
            if (auto alert = core::watchAlert(current.name, since, current.plan.rule, snapshot->request.displayCurrency))
                m_alerts.append({current.plan.path, *alert});
        }
        next();
    });
}

void PriceWatcher::check(const CatalogSnapshot &catalog)
{
    m_queue = m_settings ? readWatchList(*m_settings) : QList<WatchedPlan>();
    m_alerts.clear();
    m_problems.clear();
    m_current.reset();
    if (!m_queue.isEmpty())
        m_runner->setCatalog(catalog.offers, catalog.gpus, catalog.fxRates, catalog.gpuResolver, catalog.info.providers,
                             catalog.calibrations, catalog.spend);
    next();
}

void PriceWatcher::next()
{
    while (!m_queue.isEmpty()) {
        const WatchedPlan plan = m_queue.takeFirst();
        auto bytes = core::readBoundedFile(plan.path, core::kMaxScenarioBytes);
        if (!bytes) {
            m_problems << bytes.errorMessage();
            continue;
        }
        const QJsonObject root = QJsonDocument::fromJson(bytes.value()).object();
        auto record = core::planRecordFromJson(root.value(QStringLiteral("priced_on")).toObject());
        if (!root.contains(QStringLiteral("priced_on")) || !record) {
            m_problems << tr("%1: no record of the plan it was saved with; save it again to watch it").arg(plan.path);
            continue;
        }
        auto scenario = core::parseScenario(bytes.value(), m_presets);
        if (!scenario) {
            m_problems << tr("%1: %2").arg(plan.path, scenario.errorMessage());
            continue;
        }
        m_current = Current{plan, scenario.value().name.isEmpty() ? plan.path : scenario.value().name, record.value()};
        m_runner->request(scenario.value());
        return;
    }
    Q_EMIT checked(m_alerts, m_problems);
}

QPair<QString, QString> alertNotification(const QList<PriceAlert> &alerts)
{
    QStringList lines;
    for (const PriceAlert &a : alerts)
        lines << a.alert.text;
    return {PriceWatcher::tr("%n watched plan(s) moved with the new prices", nullptr, int(alerts.size())),
            lines.join(u'\n')};
}

} // namespace gpuplanner::ui
