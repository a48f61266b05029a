#include "ui/settings/SecretStore.h"

#include <QMetaObject>

#include <memory>

namespace gpuplanner::ui {

QString apiKeySecretName(const QString &provider)
{
    return QStringLiteral("api-key/%1").arg(provider);
}

void readSecrets(SecretStore &store, const QStringList &keys, QObject *context,
                 std::function<void(QHash<QString, QString>, QString)> done)
{
    struct State
    {
        QStringList pending;
        QHash<QString, QString> found;
        QString error;
        std::function<void(QHash<QString, QString>, QString)> done;
        std::function<void()> next;
    };
    auto state = std::make_shared<State>();
    state->pending = keys;
    state->done = std::move(done);
    // next captures a weak pointer: the chain of callbacks owns the state, not itself.
    std::weak_ptr<State> weak = state;
    state->next = [&store, context, weak] {
        auto s = weak.lock();
        if (!s)
            return;
        if (s->pending.isEmpty()) {
            auto finish = std::move(s->done);
            finish(s->found, s->error);
            return;
        }
        const QString key = s->pending.takeFirst();
        store.read(key, context, [s, key](core::Result<QString> value) {
            if (!value) {
                if (s->error.isEmpty())
                    s->error = value.errorMessage();
            } else if (!value.value().isEmpty()) {
                s->found.insert(key, value.value());
            }
            s->next();
        });
    };
    state->next();
}

void MemorySecretStore::read(const QString &key, QObject *context, ReadDone done)
{
    core::Result<QString> result = m_failure.isEmpty() ? core::Result<QString>(m_secrets.value(key))
                                                       : core::Result<QString>(core::Error{m_failure});
    QMetaObject::invokeMethod(
        context, [done = std::move(done), result] { done(result); }, Qt::QueuedConnection);
}

void MemorySecretStore::write(const QString &key, const QString &value, QObject *context, WriteDone done)
{
    core::Status result = core::success();
    if (!m_failure.isEmpty())
        result = core::Error{m_failure};
    else if (value.isEmpty())
        m_secrets.remove(key);
    else
        m_secrets.insert(key, value);
    QMetaObject::invokeMethod(
        context, [done = std::move(done), result] { done(result); }, Qt::QueuedConnection);
}

} // namespace gpuplanner::ui
