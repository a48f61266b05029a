#include "ui/refresh/RefreshTask.h"

#include <QElapsedTimer>
#include <QMetaObject>
#include <QMutex>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace gpuplanner::ui {

bool RefreshResult::anyUpdated() const
{
    return std::any_of(outcomes.cbegin(), outcomes.cend(),
                       [](const core::ProviderOutcome &o) { return o.status == core::RefreshStatus::Ok; });
}

bool RefreshResult::looksOffline() const
{
    int failed = 0;
    for (const core::ProviderOutcome &o : outcomes) {
        if (o.status == core::RefreshStatus::Ok)
            return false;
        if (o.status == core::RefreshStatus::Failed)
            ++failed;
    }
    return failed > 0;
}

RefreshTask::RefreshTask(RefreshServiceFactory factory, RefreshRequest request, QObject *parent)
    : QObject(parent), m_factory(std::move(factory)), m_request(std::move(request)),
      m_cancel(std::make_shared<std::atomic_bool>(false))
{
    connect(&m_watcher, &QFutureWatcher<RefreshResult>::finished, this,
            [this] { Q_EMIT finished(m_watcher.result()); });
}

RefreshTask::~RefreshTask()
{
    // The worker posts progress to this object: it must be done before the object goes.
    m_cancel->store(true);
    m_watcher.waitForFinished();
}

void RefreshTask::start()
{
    if (m_watcher.isRunning())
        return;
    m_cancel->store(false);
    m_watcher.setFuture(QtConcurrent::run([this] { return run(); }));
}

void RefreshTask::cancel()
{
    m_cancel->store(true);
}

RefreshResult RefreshTask::run()
{
    RefreshResult result;
    auto service = m_factory(m_request.config);
    if (!service) {
        result.error = service.errorMessage();
        return result;
    }
    const QStringList providers =
        m_request.providers.isEmpty() ? service.value()->providers() : m_request.providers;
    QMetaObject::invokeMethod(this, [this, providers] { Q_EMIT providersKnown(providers); }, Qt::QueuedConnection);

    // Sources report every few kilobytes; forward at most ~20 updates a second per provider
    // (plus every change of status) so the GUI's event queue stays short.
    struct Last
    {
        QString status;
        QElapsedTimer timer;
    };
    QMutex mutex;
    QHash<QString, Last> last;
    auto report = [&](const QString &provider, const QString &status, qint64 done, qint64 total) {
        {
            QMutexLocker lock(&mutex);
            Last &l = last[provider];
            const bool finalStep = total > 0 && done >= total;
            if (l.timer.isValid() && l.status == status && !finalStep && l.timer.elapsed() < 50)
                return;
            l.status = status;
            l.timer.start();
        }
        QMetaObject::invokeMethod(
            this, [this, provider, status, done, total] { Q_EMIT progress(provider, status, done, total); },
            Qt::QueuedConnection);
    };
    auto outcomes = service.value()->refresh(providers, m_request.options, m_cancel.get(), report);
    result.cancelled = m_cancel->load();
    if (!outcomes)
        result.error = outcomes.errorMessage();
    else
        result.outcomes = std::move(outcomes).value();
    return result;
}

} // namespace gpuplanner::ui
