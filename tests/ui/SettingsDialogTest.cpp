// Settings dialog: typed settings round trip, API keys only in the (in-memory) secret store,
// validation that names the field and keeps what was typed.

#include "PlanTestSupport.h"

#include "ui/MainWindow.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/settings/SecretStore.h"
#include "ui/settings/Settings.h"
#include "ui/settings/SettingsDialog.h"

#include "TestWaits.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

using namespace gpuplanner;
using gpuplanner::tests::kSlowWaitMs;

namespace {

void waitForSecrets(ui::SettingsDialog &dialog)
{
    if (!dialog.secretsLoaded()) {
        QSignalSpy read(&dialog, &ui::SettingsDialog::secretsRead);
        ASSERT_TRUE(read.wait(kSlowWaitMs));
    }
}

void replaceText(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Delete);
    QTest::keyClicks(edit, text);
}

void clickOk(ui::SettingsDialog &dialog)
{
    QTest::mouseClick(dialog.buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
}

const QString kSecretKey = QStringLiteral("vast-SECRET-0123456789abcdef");

} // namespace

TEST(SettingsDialog, RoundTripKeepsKeysOutOfTheSettingsFile)
{
    QTemporaryDir dir;
    const QString iniPath = dir.filePath(QStringLiteral("gpu-planner.ini"));
    QSettings settings(iniPath, QSettings::IniFormat);
    ui::MemorySecretStore secrets;

    EXPECT_EQ(ui::settings::displayCurrency.read(settings), QStringLiteral("USD")); // the default
    {
        ui::SettingsDialog dialog(settings, secrets);
        dialog.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
        EXPECT_FALSE(dialog.apiKeyEdit(QStringLiteral("vast"))->isEnabled()); // until the keychain answers
        waitForSecrets(dialog);
        ASSERT_TRUE(dialog.apiKeyEdit(QStringLiteral("vast"))->isEnabled());
        EXPECT_EQ(dialog.apiKeyEdit(QStringLiteral("vast"))->echoMode(), QLineEdit::Password);

        replaceText(dialog.apiKeyEdit(QStringLiteral("vast")), kSecretKey);
        replaceText(dialog.proxyEdit(), QStringLiteral("http://proxy.example.com:3128"));
        dialog.currencyBox()->setFocus();
        QTest::keyClick(dialog.currencyBox(), Qt::Key_Down); // USD -> EUR
        dialog.languageBox()->setCurrentIndex(dialog.languageBox()->findData(QStringLiteral("zh_CN")));
        dialog.efficiencyBox()->setFocus();
        dialog.efficiencyBox()->selectAll();
        QTest::keyClicks(dialog.efficiencyBox(), QStringLiteral("42"));
        dialog.checkpointBox()->setValue(15);

        QSignalSpy accepted(&dialog, &QDialog::accepted);
        clickOk(dialog);
        ASSERT_TRUE(accepted.size() == 1 || accepted.wait(kSlowWaitMs));
    }
    EXPECT_EQ(secrets.secrets().value(ui::apiKeySecretName(QStringLiteral("vast"))), kSecretKey);
    EXPECT_EQ(ui::settings::proxy.read(settings), QStringLiteral("http://proxy.example.com:3128"));
    EXPECT_EQ(ui::settings::displayCurrency.read(settings), QStringLiteral("EUR"));
    EXPECT_EQ(ui::settings::language.read(settings), QStringLiteral("zh_CN"));
    EXPECT_DOUBLE_EQ(ui::settings::efficiencyOverride.read(settings), 0.42);
    EXPECT_DOUBLE_EQ(ui::settings::checkpointMinutes.read(settings), 15.0);

    settings.sync();
    QFile file(iniPath);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray written = file.readAll();
    EXPECT_TRUE(written.contains("proxy.example.com"));
    EXPECT_FALSE(written.contains(kSecretKey.toUtf8()));
    EXPECT_FALSE(written.contains("SECRET"));

    // Reopening shows what was saved, keys included.
    QSettings reread(iniPath, QSettings::IniFormat);
    ui::SettingsDialog again(reread, secrets);
    again.show();
    waitForSecrets(again);
    EXPECT_EQ(again.apiKeyEdit(QStringLiteral("vast"))->text(), kSecretKey);
    EXPECT_EQ(again.apiKeyEdit(QStringLiteral("gcp"))->text(), QString());
    EXPECT_EQ(again.proxyEdit()->text(), QStringLiteral("http://proxy.example.com:3128"));
    EXPECT_EQ(again.currencyBox()->currentData().toString(), QStringLiteral("EUR"));
    EXPECT_EQ(again.checkpointBox()->value(), 15);

    // Clearing a key removes it from the store.
    replaceText(again.apiKeyEdit(QStringLiteral("vast")), QString());
    QSignalSpy accepted(&again, &QDialog::accepted);
    clickOk(again);
    ASSERT_TRUE(accepted.size() == 1 || accepted.wait(kSlowWaitMs));
    EXPECT_FALSE(secrets.secrets().contains(ui::apiKeySecretName(QStringLiteral("vast"))));
}

TEST(SettingsDialog, BadProxyIsRejectedNamingTheFieldAndKeepingTheText)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    ui::SettingsDialog dialog(settings, secrets);
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    waitForSecrets(dialog);

    replaceText(dialog.proxyEdit(), QStringLiteral("proxy at the office"));
    replaceText(dialog.caBundleEdit(), dir.filePath(QStringLiteral("missing.pem")));
    QSignalSpy failed(&dialog, &ui::SettingsDialog::saveFailed);
    clickOk(dialog);
    ASSERT_EQ(failed.size(), 1);
    EXPECT_TRUE(dialog.isVisible());
    EXPECT_TRUE(dialog.errorLabel()->isVisible());
    EXPECT_TRUE(dialog.errorLabel()->text().startsWith(QStringLiteral("Proxy:"))) << dialog.errorLabel()->text().toStdString();
    EXPECT_EQ(dialog.proxyEdit()->text(), QStringLiteral("proxy at the office"));
    EXPECT_TRUE(dialog.proxyEdit()->hasFocus());
    EXPECT_FALSE(settings.contains(ui::settings::proxy.key()));

    replaceText(dialog.proxyEdit(), QStringLiteral("socks5://127.0.0.1:1080"));
    clickOk(dialog);
    ASSERT_EQ(failed.size(), 2);
    EXPECT_TRUE(dialog.errorLabel()->text().startsWith(QStringLiteral("CA bundle:")));
    EXPECT_TRUE(dialog.errorLabel()->text().contains(QStringLiteral("missing.pem")));
    EXPECT_EQ(dialog.caBundleEdit()->text(), dir.filePath(QStringLiteral("missing.pem")));
}

TEST(SettingsDialog, KeychainFailureKeepsTheDialogOpenWithTheMessage)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    ui::SettingsDialog dialog(settings, secrets);
    dialog.show();
    waitForSecrets(dialog);
    secrets.setFailure(QStringLiteral("No keychain service available"));
    replaceText(dialog.apiKeyEdit(QStringLiteral("lambda")), QStringLiteral("lambda-key"));
    QSignalSpy failed(&dialog, &ui::SettingsDialog::saveFailed);
    clickOk(dialog);
    ASSERT_TRUE(failed.wait(kSlowWaitMs));
    EXPECT_TRUE(dialog.isVisible());
    EXPECT_TRUE(dialog.errorLabel()->text().contains(QStringLiteral("No keychain service available")));
    EXPECT_EQ(dialog.apiKeyEdit(QStringLiteral("lambda"))->text(), QStringLiteral("lambda-key"));
    EXPECT_TRUE(secrets.secrets().isEmpty());
}

TEST(SettingsDialog, DefaultAssumptionsReachEveryNewScenarioInTheScenariosUnits)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    {
        ui::SettingsDialog dialog(settings, secrets);
        dialog.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
        waitForSecrets(dialog);
        EXPECT_TRUE(dialog.interruptionBox()->suffix().contains(QStringLiteral("a month")));
        dialog.interruptionBox()->setValue(30);
        dialog.checkpointBox()->setValue(15);
        // A language change says when it applies.
        EXPECT_FALSE(dialog.languageNote()->isVisible());
        dialog.languageBox()->setCurrentIndex(dialog.languageBox()->findData(QStringLiteral("zh_CN")));
        EXPECT_TRUE(dialog.languageNote()->isVisible());
        EXPECT_TRUE(dialog.languageNote()->text().contains(QStringLiteral("next time")));
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        clickOk(dialog);
        ASSERT_TRUE(accepted.size() == 1 || accepted.wait(kSlowWaitMs));
    }
    EXPECT_DOUBLE_EQ(ui::settings::interruptionRate.read(settings), 0.3);

    auto presets = core::loadModelPresets();
    ASSERT_TRUE(presets.ok());
    ui::MainWindow window(tests::seedFactory(), presets.value(), &settings);
    ui::ScenarioDocument *doc = window.document();
    EXPECT_DOUBLE_EQ(doc->value(QStringLiteral("assumptions.interruption.default_monthly")).toDouble(), 0.3);
    EXPECT_EQ(doc->value(QStringLiteral("assumptions.checkpoint_interval")).toString(), QStringLiteral("15min"));
    ASSERT_TRUE(doc->scenario().has_value()) << doc->error().toStdString();
    EXPECT_DOUBLE_EQ(doc->scenario()->assumptions.interruptions.defaultRate(), 0.3);
    EXPECT_DOUBLE_EQ(doc->scenario()->assumptions.checkpointHours, 0.25);
    EXPECT_FALSE(doc->isModified()) << "a new scenario, not an edit";

    // Changed later, the next File ▸ New follows; an opened scenario keeps its own values.
    ui::settings::checkpointMinutes.write(settings, 45.0);
    doc->newScenario();
    EXPECT_EQ(doc->value(QStringLiteral("assumptions.checkpoint_interval")).toString(), QStringLiteral("45min"));
    QString error;
    ASSERT_TRUE(doc->open(QStringLiteral(":/scenarios/llama-7b-pretrain.json"), &error)) << error.toStdString();
    EXPECT_NE(doc->value(QStringLiteral("assumptions.checkpoint_interval")).toString(), QStringLiteral("45min"));
}

TEST(SettingsDialog, ChineseCloudCredentialsGoToTheKeychainPartByPart)
{
    QTemporaryDir dir;
    const QString iniPath = dir.filePath(QStringLiteral("gpu-planner.ini"));
    QSettings settings(iniPath, QSettings::IniFormat);
    ui::MemorySecretStore secrets;
    const QString id = QStringLiteral("GPUPLANNER_TENCENT_SECRET_ID");
    const QString key = QStringLiteral("GPUPLANNER_TENCENT_SECRET_KEY");
    {
        ui::SettingsDialog dialog(settings, secrets);
        dialog.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
        waitForSecrets(dialog);
        // The id is shown as typed, the secret key masked; every Huawei part has its field.
        EXPECT_EQ(dialog.apiKeyEdit(id)->echoMode(), QLineEdit::Normal);
        EXPECT_EQ(dialog.apiKeyEdit(key)->echoMode(), QLineEdit::Password);
        EXPECT_EQ(dialog.apiKeyEdit(QStringLiteral("GPUPLANNER_HUAWEI_SK"))->echoMode(), QLineEdit::Password);
        EXPECT_EQ(dialog.apiKeyEdit(QStringLiteral("GPUPLANNER_HUAWEI_DOMAIN_ID"))->echoMode(), QLineEdit::Normal);
        replaceText(dialog.apiKeyEdit(id), QStringLiteral("AKIDexample0001"));
        replaceText(dialog.apiKeyEdit(key), QStringLiteral("tencent-secret-key-0001"));
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        clickOk(dialog);
        ASSERT_TRUE(accepted.size() == 1 || accepted.wait(kSlowWaitMs));
    }
    EXPECT_EQ(secrets.secrets().value(ui::apiKeySecretName(id)), QStringLiteral("AKIDexample0001"));
    EXPECT_EQ(secrets.secrets().value(ui::apiKeySecretName(key)), QStringLiteral("tencent-secret-key-0001"));
    settings.sync();
    QFile file(iniPath);
    const QByteArray written = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    EXPECT_FALSE(written.contains("tencent-secret-key-0001"));
    EXPECT_FALSE(written.contains("AKIDexample0001"));
}

TEST(SettingsDialog, AChineseLanguageMakesCnyTheDefaultDisplayCurrency)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("gpu-planner.ini")), QSettings::IniFormat);
    ui::settings::language.write(settings, QStringLiteral("zh_CN"));
    EXPECT_EQ(ui::settings::readDisplayCurrency(settings), QStringLiteral("CNY"));
    ui::settings::language.write(settings, QStringLiteral("en"));
    EXPECT_EQ(ui::settings::readDisplayCurrency(settings), QStringLiteral("USD"));
    ui::settings::language.write(settings, QStringLiteral("zh_CN"));
    // A new scenario starts in CNY; the dialog shows it; an explicit choice stays.
    bool cny = false;
    for (const auto &[path, value] : ui::settings::newScenarioDefaults(settings))
        cny = cny || (path == u"display_currency" && value.toString() == u"CNY");
    EXPECT_TRUE(cny);
    ui::MemorySecretStore secrets;
    {
        ui::SettingsDialog dialog(settings, secrets);
        dialog.show();
        waitForSecrets(dialog);
        EXPECT_EQ(dialog.currencyBox()->currentData().toString(), QStringLiteral("CNY"));
        dialog.currencyBox()->setCurrentIndex(dialog.currencyBox()->findData(QStringLiteral("EUR")));
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        clickOk(dialog);
        ASSERT_TRUE(accepted.size() == 1 || accepted.wait(kSlowWaitMs));
    }
    ui::settings::language.write(settings, QStringLiteral("en"));
    EXPECT_EQ(ui::settings::readDisplayCurrency(settings), QStringLiteral("EUR"));
}
