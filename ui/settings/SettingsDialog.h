#pragma once
// SettingsDialog: API keys (kept in the SecretStore, i.e. the OS keychain), proxy, CA bundle,
// display currency, language and default assumptions (kept in QSettings through Settings.h).
// Keychain jobs are asynchronous; the dialog stays responsive while they run.

#include <QDialog>
#include <QHash>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QTabWidget;
class QLineEdit;
class QSettings;
class QSpinBox;

namespace gpuplanner::ui {

class SecretStore;

class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    SettingsDialog(QSettings &settings, SecretStore &secrets, QWidget *parent = nullptr);

    bool secretsLoaded() const { return m_secretsLoaded; }
    QLineEdit *apiKeyEdit(const QString &provider) const { return m_keys.value(provider); }
    QLineEdit *proxyEdit() const { return m_proxy; }
    QLineEdit *caBundleEdit() const { return m_caBundle; }
    QComboBox *currencyBox() const { return m_currency; }
    QComboBox *languageBox() const { return m_language; }
    QLabel *languageNote() const { return m_languageNote; }
    QDoubleSpinBox *efficiencyBox() const { return m_efficiency; }
    QDoubleSpinBox *interruptionBox() const { return m_interruptions; }
    QSpinBox *checkpointBox() const { return m_checkpoint; }
    QLabel *errorLabel() const { return m_error; }
    QDialogButtonBox *buttons() const { return m_buttons; }

    void accept() override;

Q_SIGNALS:
    void secretsRead();
    // Saving failed (the dialog stays open with what was typed).
    void saveFailed(const QString &message);

private:
    QWidget *createKeysGroup();
    QWidget *createNetworkGroup();
    QWidget *createDisplayGroup();
    QWidget *createAssumptionsGroup();
    void load();
    QString validate(QWidget **field) const;
    void showError(const QString &message, QWidget *field);
    void finishSaving();

    QSettings &m_settings;
    SecretStore &m_secrets;
    QHash<QString, QLineEdit *> m_keys;
    QHash<QString, QString> m_keyLabels;
    QHash<QString, QString> m_storedKeys;
    bool m_secretsLoaded = false;
    int m_pendingWrites = 0;
    QStringList m_writeErrors;
    QLineEdit *m_proxy = nullptr;
    QLineEdit *m_caBundle = nullptr;
    QComboBox *m_currency = nullptr;
    QComboBox *m_language = nullptr;
    QLabel *m_languageNote = nullptr;
    QDoubleSpinBox *m_efficiency = nullptr;
    QDoubleSpinBox *m_interruptions = nullptr;
    QSpinBox *m_checkpoint = nullptr;
    QLabel *m_error = nullptr;
    QTabWidget *m_tabs = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

// The language's own name for the language chooser ("简体中文"); "" = follow the system.
QString languageDisplayName(const QString &code);

} // namespace gpuplanner::ui
