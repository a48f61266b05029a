#pragma once
// KeychainSecretStore: SecretStore over QtKeychain (Secret Service, macOS Keychain, Windows
// Credential Store). Jobs run asynchronously; secrets never touch QSettings or logs.

#include "ui/settings/SecretStore.h"

namespace gpuplanner::ui {

class KeychainSecretStore : public SecretStore
{
public:
    // service names the application's entries in the keychain ("gpu-planner").
    explicit KeychainSecretStore(QString service);

    void read(const QString &key, QObject *context, ReadDone done) override;
    void write(const QString &key, const QString &value, QObject *context, WriteDone done) override;

private:
    QString m_service;
};

} // namespace gpuplanner::ui
