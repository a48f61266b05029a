#include "ui/catalog/CatalogLoader.h"

#include <QtConcurrent/QtConcurrentRun>

namespace gpuplanner::ui {

namespace {

CatalogSnapshot readSnapshot(const core::CatalogRepositoryFactory &factory)
{
    CatalogSnapshot snapshot;
    auto repo = factory();
    if (!repo) {
        snapshot.error = repo.errorMessage();
        return snapshot;
    }
    auto offers = repo.value()->offers(core::OfferQuery{});
    auto gpus = repo.value()->gpuModels();
    // Counted from the offers just read (at ten times today's catalog a count in SQL is 100 ms).
    auto info = offers ? repo.value()->info(offers.value()) : repo.value()->info();
    auto fxRates = repo.value()->fxRates();
    auto resolver = repo.value()->gpuResolver();
    if (!offers || !gpus || !info || !fxRates || !resolver) {
        snapshot.error = !offers ? offers.errorMessage()
                         : !gpus ? gpus.errorMessage()
                         : !info ? info.errorMessage()
                         : !fxRates ? fxRates.errorMessage()
                                    : resolver.errorMessage();
        return snapshot;
    }
    auto calibrations = repo.value()->calibrations();
    auto spend = repo.value()->spend();
    if (!calibrations || !spend) {
        snapshot.error = !calibrations ? calibrations.errorMessage() : spend.errorMessage();
        return snapshot;
    }
    snapshot.calibrations = std::move(calibrations).value();
    snapshot.spend = std::move(spend).value();
    snapshot.gpuResolver = std::move(resolver).value();
    snapshot.offers = std::move(offers).value();
    snapshot.gpus = std::move(gpus).value();
    snapshot.info = std::move(info).value();
    snapshot.fxRates = std::move(fxRates).value();
    return snapshot;
}

} // namespace

CatalogLoader::CatalogLoader(core::CatalogRepositoryFactory factory, QObject *parent)
    : QObject(parent), m_factory(std::move(factory))
{
    connect(&m_watcher, &QFutureWatcher<CatalogSnapshot>::finished, this,
            [this] { Q_EMIT finished(m_watcher.result()); });
}

void CatalogLoader::load()
{
    if (m_watcher.isRunning())
        return;
    m_watcher.setFuture(QtConcurrent::run(readSnapshot, m_factory));
}

} // namespace gpuplanner::ui
