#pragma once
// SecretStore: where API keys live (the OS keychain in the app, memory in tests). Every call
// is asynchronous: done runs later on context's thread, never inside the call.

#include "core/common/Result.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace gpuplanner::ui {

class SecretStore
{
public:
    using ReadDone = std::function<void(core::Result<QString>)>; // empty string = no secret stored
    using WriteDone = std::function<void(core::Status)>;

    virtual ~SecretStore() = default;

    virtual void read(const QString &key, QObject *context, ReadDone done) = 0;
    // An empty value removes the secret.
    virtual void write(const QString &key, const QString &value, QObject *context, WriteDone done) = 0;
};

// Reads several secrets one after another; done gets the ones found (missing keys are left out)
// and the first error message, if any.
void readSecrets(SecretStore &store, const QStringList &keys, QObject *context,
                 std::function<void(QHash<QString, QString>, QString)> done);

// Key under which a provider's API key is stored ("api-key/vast").
QString apiKeySecretName(const QString &provider);

// Keeps secrets in memory; for tests and for running without a keychain.
class MemorySecretStore : public SecretStore
{
public:
    void read(const QString &key, QObject *context, ReadDone done) override;
    void write(const QString &key, const QString &value, QObject *context, WriteDone done) override;

    const QHash<QString, QString> &secrets() const { return m_secrets; }
    void setFailure(const QString &message) { m_failure = message; } // every later call fails

private:
    QHash<QString, QString> m_secrets;
    QString m_failure;
};

} // namespace gpuplanner::ui
