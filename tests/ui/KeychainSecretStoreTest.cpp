// KeychainSecretStore end to end, against a real Secret Service: gnome-keyring-daemon on a
// private D-Bus session bus with an unlocked, password-protected login keyring, all under a
// throwaway HOME. tests/ui/with-secret-service.sh sets that up (ctest runs this program through
// it); run directly, every test fails and says so.
//
// Covers write -> read -> overwrite -> remove (empty value) -> read-missing, that done never runs
// inside the call nor after its context is gone, and that a secret never reaches QSettings or
// any file in plain text (so no insecure QtKeychain fallback is in use).

#include "ui/settings/KeychainSecretStore.h"
#include "ui/settings/SecretStore.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QObject>
#include <QSettings>
#include <QStringList>
#include <QTimer>
#include <QUuid>

#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <string>

using namespace gpuplanner;

namespace {

constexpr int kTimeoutMs = 60000; // generous: a loaded machine may answer slowly; a passing call returns at once

QString uniqueName(const QString &prefix)
{
    return prefix + QUuid::createUuid().toString(QUuid::WithoutBraces);
}

// Starts one store call with a fresh context and runs the event loop until its done runs (or
// kTimeoutMs pass: nullopt). Also checks the SecretStore contract that done never runs inside
// the call.
template<typename R>
std::optional<R> await(const std::function<void(QObject *context, std::function<void(R)> done)> &start)
{
    QObject context;
    QEventLoop loop;
    std::optional<R> result;
    bool returned = false;
    bool ranInsideCall = false;
    start(&context, [&](R value) {
        ranInsideCall = !returned;
        result.emplace(std::move(value));
        loop.quit();
    });
    returned = true;
    EXPECT_FALSE(ranInsideCall) << "done ran inside the call; SecretStore promises it runs later";
    if (!result) {
        QTimer::singleShot(kTimeoutMs, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return result; // context goes now: a late done is dropped, never run on a dead frame
}

core::Result<QString> readSecret(ui::SecretStore &store, const QString &key)
{
    auto result = await<core::Result<QString>>(
        [&](QObject *context, std::function<void(core::Result<QString>)> done) {
            store.read(key, context, std::move(done));
        });
    if (!result)
        return core::Error{QStringLiteral("no answer within %1 ms reading %2").arg(kTimeoutMs).arg(key)};
    return *std::move(result);
}

core::Status writeSecret(ui::SecretStore &store, const QString &key, const QString &value)
{
    auto result = await<core::Status>([&](QObject *context, std::function<void(core::Status)> done) {
        store.write(key, value, context, std::move(done));
    });
    if (!result)
        return core::Error{QStringLiteral("no answer within %1 ms writing %2").arg(kTimeoutMs).arg(key)};
    return *std::move(result);
}

// Files under root (recursively, hidden ones included) whose bytes contain needle as UTF-8,
// UTF-16 or base64 of its UTF-8.
QStringList filesContaining(const QString &root, const QString &needle)
{
    const QByteArray utf8 = needle.toUtf8();
    const QByteArray utf16(reinterpret_cast<const char *>(needle.utf16()), needle.size() * 2);
    const QByteArray base64 = utf8.toBase64(QByteArray::OmitTrailingEquals);
    QStringList found;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        if (!info.isFile() || info.isSymLink())
            continue; // sockets, pipes
        QFile file(info.filePath());
        if (!file.open(QIODevice::ReadOnly)) {
            found << info.filePath() + QStringLiteral(" (unreadable: %1)").arg(file.errorString());
            continue;
        }
        const QByteArray bytes = file.readAll();
        if (bytes.contains(utf8) || bytes.contains(utf16) || bytes.contains(base64))
            found << info.filePath();
    }
    return found;
}

// The keys whose values in settings contain needle (the values themselves stay unprinted).
QStringList settingsContaining(QSettings &settings, const QString &needle)
{
    QStringList found;
    const QStringList keys = settings.allKeys();
    for (const QString &key : keys) {
        const QVariant value = settings.value(key);
        if (value.toString().contains(needle) || value.toByteArray().contains(needle.toUtf8()))
            found << key;
    }
    return found;
}

QByteArray fileDigest(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

class KeychainSecretStoreTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_root = qEnvironmentVariable("GPUPLANNER_SECRET_SERVICE_ROOT");
        m_home = qEnvironmentVariable("GPUPLANNER_SECRET_SERVICE_HOME");
        ASSERT_FALSE(m_root.isEmpty() || m_home.isEmpty())
            << "No Secret Service set up: run this program through tests/ui/with-secret-service.sh "
               "(ctest does), which starts gnome-keyring-daemon on a private D-Bus session bus.";
        ASSERT_FALSE(qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"));
        // Everything this run writes must land in the throwaway home, never the user's.
        const QString home = QDir(m_home).canonicalPath();
        ASSERT_EQ(QDir(QDir::homePath()).canonicalPath().toStdString(), home.toStdString());
        ASSERT_TRUE(QDir(qEnvironmentVariable("XDG_CONFIG_HOME")).canonicalPath().startsWith(home));
        m_service = uniqueName(QStringLiteral("gpu-planner-test-"));
    }

    void TearDown() override
    {
        // Leave nothing behind in the keyring. After a failure the whole throwaway keyring is
        // discarded anyway, and calls that might time out again would only add to the wait.
        if (!m_service.isEmpty() && !HasFailure()) {
            ui::KeychainSecretStore store(m_service);
            for (const QString &key : std::as_const(m_keysUsed))
                (void)writeSecret(store, key, QString());
        }
    }

    QString key(const QString &provider)
    {
        const QString name = ui::apiKeySecretName(provider);
        m_keysUsed << name;
        return name;
    }

    // The secret is nowhere in plain text: not in any file of this run (settings, the keyring's
    // own files, the daemon's log) and not in the QSettings that QtKeychain's insecure fallback
    // or the app would use.
    void expectNowhereInPlainText(const QString &secret)
    {
        const QStringList files = filesContaining(m_root, secret);
        EXPECT_TRUE(files.isEmpty()) << "the secret is stored in plain text in: "
                                     << files.join(QStringLiteral(", ")).toStdString();
        QSettings fallback(m_service); // QtKeychain's PlainTextStore
        const QStringList fallbackKeys = settingsContaining(fallback, secret);
        EXPECT_TRUE(fallbackKeys.isEmpty()) << "the secret is in QtKeychain's plaintext QSettings "
                                            << fallback.fileName().toStdString() << ", keys: "
                                            << fallbackKeys.join(QStringLiteral(", ")).toStdString();
        QSettings app(QSettings::IniFormat, QSettings::UserScope, QStringLiteral("gpu-planner"),
                      QStringLiteral("gpu-planner"));
        const QStringList appKeys = settingsContaining(app, secret);
        EXPECT_TRUE(appKeys.isEmpty()) << "the secret is in the app's settings, keys: "
                                       << appKeys.join(QStringLiteral(", ")).toStdString();
        QSettings defaults;
        const QStringList defaultKeys = settingsContaining(defaults, secret);
        EXPECT_TRUE(defaultKeys.isEmpty()) << "the secret is in QSettings, keys: "
                                           << defaultKeys.join(QStringLiteral(", ")).toStdString();
    }

    QString keyringFile() const { return m_home + QStringLiteral("/.local/share/keyrings/login.keyring"); }

    QString m_root;
    QString m_home;
    QString m_service;
    QStringList m_keysUsed;
};

} // namespace

TEST_F(KeychainSecretStoreTest, WriteReadOverwriteRemoveReadMissing)
{
    ui::KeychainSecretStore store(m_service);
    const QString vast = key(QStringLiteral("vast"));

    auto missing = readSecret(store, vast);
    ASSERT_TRUE(missing) << missing.errorMessage().toStdString();
    EXPECT_EQ(missing.value().toStdString(), std::string()) << "a fresh service has no secret";

    const QString first = uniqueName(QStringLiteral("vast-SECRET-first-"));
    auto written = writeSecret(store, vast, first);
    ASSERT_TRUE(written) << written.errorMessage().toStdString();
    auto read = readSecret(store, vast);
    ASSERT_TRUE(read) << read.errorMessage().toStdString();
    EXPECT_EQ(read.value().toStdString(), first.toStdString());

    const QString second = uniqueName(QStringLiteral("vast-SECRET-second-ünï-")); // non-ASCII too
    auto overwritten = writeSecret(store, vast, second);
    ASSERT_TRUE(overwritten) << overwritten.errorMessage().toStdString();
    auto reread = readSecret(store, vast);
    ASSERT_TRUE(reread) << reread.errorMessage().toStdString();
    EXPECT_EQ(reread.value().toStdString(), second.toStdString());

    // Entries belong to their key and their service.
    auto otherKey = readSecret(store, key(QStringLiteral("runpod")));
    ASSERT_TRUE(otherKey) << otherKey.errorMessage().toStdString();
    EXPECT_EQ(otherKey.value().toStdString(), std::string());
    ui::KeychainSecretStore otherService(uniqueName(QStringLiteral("gpu-planner-test-other-")));
    auto otherServiceRead = readSecret(otherService, vast);
    ASSERT_TRUE(otherServiceRead) << otherServiceRead.errorMessage().toStdString();
    EXPECT_EQ(otherServiceRead.value().toStdString(), std::string());

    // A second store over the same service (the app after a restart) sees the secret.
    ui::KeychainSecretStore again(m_service);
    auto readAgain = readSecret(again, vast);
    ASSERT_TRUE(readAgain) << readAgain.errorMessage().toStdString();
    EXPECT_EQ(readAgain.value().toStdString(), second.toStdString());

    auto removed = writeSecret(store, vast, QString());
    ASSERT_TRUE(removed) << removed.errorMessage().toStdString();
    auto gone = readSecret(store, vast);
    ASSERT_TRUE(gone) << gone.errorMessage().toStdString();
    EXPECT_EQ(gone.value().toStdString(), std::string()) << "an empty value removes the secret";

    auto removedAgain = writeSecret(store, vast, QString());
    EXPECT_TRUE(removedAgain) << "removing a missing secret is not an error: "
                              << removedAgain.errorMessage().toStdString();

    expectNowhereInPlainText(first);
    expectNowhereInPlainText(second);
}

TEST_F(KeychainSecretStoreTest, SecretGoesToTheEncryptedKeyringOnly)
{
    // The scan below must be able to see a plaintext secret at all: plant one and find it.
    const QString planted = uniqueName(QStringLiteral("planted-"));
    {
        QSettings probe(m_home + QStringLiteral("/.config/probe.ini"), QSettings::IniFormat);
        probe.setValue(QStringLiteral("probe"), planted);
        probe.sync();
    }
    const QStringList plantedIn = filesContaining(m_root, planted);
    EXPECT_EQ(plantedIn.join(QStringLiteral(", ")).toStdString(),
              (m_home + QStringLiteral("/.config/probe.ini")).toStdString())
        << "the plain-text scan does not find a secret planted in a settings file";
    QFile::remove(m_home + QStringLiteral("/.config/probe.ini"));

    const QByteArray keyringBefore = fileDigest(keyringFile());
    ASSERT_FALSE(keyringBefore.isEmpty()) << "no login keyring at " << keyringFile().toStdString();

    ui::KeychainSecretStore store(m_service);
    const QString lambda = key(QStringLiteral("lambda"));
    const QString secret = uniqueName(QStringLiteral("lambda-SECRET-"));
    auto written = writeSecret(store, lambda, secret);
    ASSERT_TRUE(written) << written.errorMessage().toStdString();
    auto read = readSecret(store, lambda);
    ASSERT_TRUE(read) << read.errorMessage().toStdString();
    ASSERT_EQ(read.value().toStdString(), secret.toStdString());

    // It went into the login keyring's file, which is gnome-keyring's encrypted format (a
    // keyring without a password would be written as a plain-text "[keyring]" file).
    QFile keyring(keyringFile());
    ASSERT_TRUE(keyring.open(QIODevice::ReadOnly));
    const QByteArray bytes = keyring.readAll();
    EXPECT_TRUE(bytes.startsWith(QByteArray("GnomeKeyring\n\r\0\n", 16))) << "login.keyring is not encrypted";
    EXPECT_NE(fileDigest(keyringFile()), keyringBefore) << "the secret was not written to the login keyring";

    expectNowhereInPlainText(secret);
}

TEST_F(KeychainSecretStoreTest, DoneIsDroppedWhenItsContextIsGone)
{
    ui::KeychainSecretStore store(m_service);
    const QString vast = key(QStringLiteral("vast"));
    const QString secret = uniqueName(QStringLiteral("vast-SECRET-"));
    bool ran = false;
    {
        QObject context;
        store.write(vast, secret, &context, [&ran](core::Status) { ran = true; });
        store.read(vast, &context, [&ran](core::Result<QString>) { ran = true; });
    }
    // QtKeychain runs jobs one after another, so once this read answers the two above are done.
    auto read = readSecret(store, vast);
    ASSERT_TRUE(read) << read.errorMessage().toStdString();
    EXPECT_EQ(read.value().toStdString(), secret.toStdString()) << "the write did not go ahead without its context";
    EXPECT_FALSE(ran) << "done ran although its context had been destroyed";
}
