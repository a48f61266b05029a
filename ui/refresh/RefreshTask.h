#pragma once
// RefreshTask: the handle of one background price refresh. Runs core::RefreshService on a
// worker thread; reports progress per provider and one finished() with every outcome.

#include "core/refresh/RefreshService.h"

#include <QFutureWatcher>
#include <QHash>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace gpuplanner::ui {

// What a refresh needs from the user's settings and keychain.
struct RefreshConfig
{
    QString proxy;
    QString caBundle;
    QHash<QString, QString> apiKeys; // provider -> key
    QHash<QString, QString> credentials; // the Chinese clouds' parts: GPUPLANNER_TENCENT_SECRET_ID, ... -> value
};

// Creates the service on the worker thread (the composition root binds net and db).
using RefreshServiceFactory =
    std::function<core::Result<std::unique_ptr<core::RefreshService>>(const RefreshConfig &config)>;

struct RefreshRequest
{
    RefreshConfig config;
    QStringList providers; // empty = all
    core::RefreshOptions options;
};

struct RefreshResult
{
    QList<core::ProviderOutcome> outcomes;
    QString error; // the refresh could not start at all (bad settings, catalog unavailable)
    bool cancelled = false;

    bool anyUpdated() const;
    // Every provider that was tried failed: the network is most likely unreachable.
    bool looksOffline() const;
};

class RefreshTask : public QObject
{
    Q_OBJECT

public:
    RefreshTask(RefreshServiceFactory factory, RefreshRequest request, QObject *parent = nullptr);
    // Cancels a running refresh and waits for the worker to stop (the service checks the flag
    // between transfers, so this is short).
    ~RefreshTask() override;

    void start();
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    void providersKnown(const QStringList &providers);
    // total <= 0 when the size is unknown.
    void progress(const QString &provider, const QString &status, qint64 done, qint64 total);
    void finished(const gpuplanner::ui::RefreshResult &result);

private:
    RefreshResult run();

    RefreshServiceFactory m_factory;
    RefreshRequest m_request;
    std::shared_ptr<std::atomic_bool> m_cancel;
    QFutureWatcher<RefreshResult> m_watcher;
};

} // namespace gpuplanner::ui
