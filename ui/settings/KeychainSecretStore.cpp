#include "ui/settings/KeychainSecretStore.h"

#include <qt6keychain/keychain.h>

#include <QCoreApplication>

namespace gpuplanner::ui {

namespace {

QString keychainError(const QKeychain::Job &job, const QString &key)
{
    // Names the entry, never its value.
    return QCoreApplication::translate("gpuplanner::ui::SecretStore", "System keychain, entry %1: %2")
        .arg(key, job.errorString());
}

} // namespace

KeychainSecretStore::KeychainSecretStore(QString service) : m_service(std::move(service)) {}

void KeychainSecretStore::read(const QString &key, QObject *context, ReadDone done)
{
    auto *job = new QKeychain::ReadPasswordJob(m_service);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    QObject::connect(job, &QKeychain::Job::finished, context, [key, done = std::move(done)](QKeychain::Job *j) {
        auto *read = static_cast<QKeychain::ReadPasswordJob *>(j);
        if (read->error() == QKeychain::NoError)
            done(read->textData());
        else if (read->error() == QKeychain::EntryNotFound)
            done(QString());
        else
            done(core::Error{keychainError(*read, key)});
    });
    job->start();
}

void KeychainSecretStore::write(const QString &key, const QString &value, QObject *context, WriteDone done)
{
    QKeychain::Job *job = nullptr;
    if (value.isEmpty()) {
        job = new QKeychain::DeletePasswordJob(m_service);
    } else {
        auto *w = new QKeychain::WritePasswordJob(m_service);
        w->setTextData(value);
        job = w;
    }
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);
    const bool removing = value.isEmpty();
    QObject::connect(job, &QKeychain::Job::finished, context, [key, removing, done = std::move(done)](QKeychain::Job *j) {
        if (j->error() == QKeychain::NoError || (removing && j->error() == QKeychain::EntryNotFound))
            done(core::success());
        else
            done(core::Error{keychainError(*j, key)});
    });
    job->start();
}

} // namespace gpuplanner::ui
