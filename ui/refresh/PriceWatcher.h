#pragma once
// PriceWatcher: after a refresh brings new prices, every watched plan (WatchList) is planned
// again on the new catalog, off the GUI thread, and held against the record saved with it
// (PlanRecord); a plan that got cheaper or dearer than its threshold, or reached its target, is
// an alert. The caller shows the alerts (a desktop notification where the desktop has a
// notification service, the status bar otherwise).

#include "core/estimate/ModelPresets.h"
#include "core/plan/PriceWatch.h"
#include "ui/catalog/CatalogLoader.h"
#include "ui/settings/WatchList.h"

#include <QObject>

class QSettings;

namespace gpuplanner::ui {

class PlanRunner;

struct PriceAlert
{
    QString path;
    core::WatchAlert alert;
};

class PriceWatcher : public QObject
{
    Q_OBJECT

public:
    PriceWatcher(QSettings *settings, QList<core::ModelPreset> presets, QObject *parent = nullptr);

    // Plans every watched file on this catalog; `checked` follows (at once when none is watched).
    void check(const CatalogSnapshot &catalog);
    bool isChecking() const { return !m_queue.isEmpty() || m_current.has_value(); }

Q_SIGNALS:
    // The alerts, and what could not be checked ("FILE: why"), after every watched plan was planned.
    void checked(const QList<gpuplanner::ui::PriceAlert> &alerts, const QStringList &problems);

private:
    void next();

    QSettings *m_settings;
    QList<core::ModelPreset> m_presets;
    PlanRunner *m_runner;
    QList<WatchedPlan> m_queue;
    struct Current
    {
        WatchedPlan plan;
        QString name;
        core::PlanRecord then;
    };
    std::optional<Current> m_current;
    QList<PriceAlert> m_alerts;
    QStringList m_problems;
};

// The alerts as one notification: a summary line and one line per plan.
QPair<QString, QString> alertNotification(const QList<PriceAlert> &alerts);

} // namespace gpuplanner::ui
