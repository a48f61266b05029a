#pragma once
// CatalogLoader: reads offers, GPU models, FX rates and catalog info off the GUI thread, through a
// repository opened on the worker thread, and reports one finished() signal.

#include "core/catalog/GpuAliasResolver.h"
#include "core/catalog/CatalogRepository.h"

#include <QFutureWatcher>
#include <QObject>

namespace gpuplanner::ui {

struct CatalogSnapshot
{
    QList<core::Offer> offers;
    QList<core::GpuModel> gpus;
    core::CatalogInfo info;
    QList<core::FxRate> fxRates; // the newest stored rate of each currency
    core::GpuAliasResolver gpuResolver; // GPU names people type -> catalog ids
    QList<core::Calibration> calibrations; // stored probe runs
    core::SpendData spend;                 // imported billing exports
    QString error; // empty on success; names the file at fault otherwise
};

class CatalogLoader : public QObject
{
    Q_OBJECT

public:
    explicit CatalogLoader(core::CatalogRepositoryFactory factory, QObject *parent = nullptr);

    void load();
    bool isRunning() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    void finished(const gpuplanner::ui::CatalogSnapshot &snapshot);

private:
    core::CatalogRepositoryFactory m_factory;
    QFutureWatcher<CatalogSnapshot> m_watcher;
};

} // namespace gpuplanner::ui
