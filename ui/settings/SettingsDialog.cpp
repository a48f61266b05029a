#include "ui/settings/SettingsDialog.h"

#include "ui/ThemeColors.h"
#include "ui/settings/SecretStore.h"
#include "ui/settings/Settings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QUrl>
#include <QTabWidget>
#include <QVBoxLayout>

namespace gpuplanner::ui {

QString languageDisplayName(const QString &code)
{
    if (code.isEmpty())
        return SettingsDialog::tr("System language");
    if (code == u"zh_CN")
        return QStringLiteral("简体中文"); // a language is listed in its own words
    if (code == u"en")
        return QStringLiteral("English");
    return code;
}

SettingsDialog::SettingsDialog(QSettings &settings, SecretStore &secrets, QWidget *parent)
    : QDialog(parent), m_settings(settings), m_secrets(secrets), m_error(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Settings"));
    setObjectName(QStringLiteral("settingsDialog"));

    m_error->setWordWrap(true);
    showAsProblem(m_error, true);
    m_error->setVisible(false);

    // Two pages, so that the dialog fits a 768-pixel laptop screen in every language: the keys of
    // fifteen price APIs on one, the network, display and default assumptions on the other.
    m_tabs = new QTabWidget(this);
    auto *general = new QWidget(m_tabs);
    auto *generalLayout = new QVBoxLayout(general);
    generalLayout->addWidget(createNetworkGroup());
    auto *row = new QHBoxLayout;
    row->addWidget(createDisplayGroup());
    row->addWidget(createAssumptionsGroup());
    generalLayout->addLayout(row);
    generalLayout->addStretch(1);
    m_tabs->addTab(general, tr("&General"));
    auto *keys = new QWidget(m_tabs);
    auto *keysLayout = new QVBoxLayout(keys);
    keysLayout->addWidget(createKeysGroup());
    keysLayout->addStretch(1);
    m_tabs->addTab(keys, tr("API &keys"));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    load();
}

QWidget *SettingsDialog::createKeysGroup()
{
    auto *group = new QGroupBox(tr("API keys"), this);
    auto *form = new QFormLayout(group);
    const QHash<QString, QString> labels = {
        {QStringLiteral("gcp"), tr("Google Cloud Billing API key:")},
        {QStringLiteral("lambda"), tr("Lambda Cloud API key:")},
        {QStringLiteral("runpod"), tr("RunPod API key:")},
        {QStringLiteral("vast"), tr("Vast.ai API key:")},
        {QStringLiteral("digitalocean"), tr("DigitalOcean API token:")},
        {QStringLiteral("hotaisle"), tr("Hot Aisle API token:")},
        {QStringLiteral("massedcompute"), tr("Massed Compute API key:")},
        {QStringLiteral("GPUPLANNER_ALIBABA_ACCESS_KEY_ID"), tr("Alibaba Cloud AccessKey ID:")},
        {QStringLiteral("GPUPLANNER_ALIBABA_ACCESS_KEY_SECRET"), tr("Alibaba Cloud AccessKey secret:")},
        {QStringLiteral("GPUPLANNER_TENCENT_SECRET_ID"), tr("Tencent Cloud SecretId:")},
        {QStringLiteral("GPUPLANNER_TENCENT_SECRET_KEY"), tr("Tencent Cloud SecretKey:")},
        {QStringLiteral("GPUPLANNER_HUAWEI_AK"), tr("Huawei Cloud access key (AK):")},
        {QStringLiteral("GPUPLANNER_HUAWEI_SK"), tr("Huawei Cloud secret key (SK):")},
        {QStringLiteral("GPUPLANNER_HUAWEI_PROJECT_ID"), tr("Huawei Cloud project ID:")},
        {QStringLiteral("GPUPLANNER_HUAWEI_DOMAIN_ID"), tr("Huawei Cloud account (domain) ID:")},
    };
    for (const QString &provider : apiKeyProviders()) {
        auto *edit = new QLineEdit(group);
        edit->setObjectName(QStringLiteral("apiKey-%1").arg(provider));
        edit->setEchoMode(isSecretPart(provider) ? QLineEdit::Password : QLineEdit::Normal);
        edit->setEnabled(false);
        edit->setPlaceholderText(tr("Reading the system keychain…"));
        if (isCredentialPart(provider))
            edit->setToolTip(tr("All parts are needed to read these prices from the cloud's own price API (the "
                                "command line reads %1 from the environment).")
                                 .arg(provider));
        else
            edit->setToolTip(tr("Needed to read %1 prices from its own price API. Leave empty to use the public "
                                "catalog instead.")
                                 .arg(provider));
        form->addRow(labels.value(provider, provider), edit);
        m_keys.insert(provider, edit);
        m_keyLabels.insert(provider, labels.value(provider, provider));
    }
    auto *note = new QLabel(tr("Keys are stored in the system keychain, never in the settings file."), group);
    note->setWordWrap(true);
    form->addRow(note);
    return group;
}

QWidget *SettingsDialog::createNetworkGroup()
{
    auto *group = new QGroupBox(tr("Network"), this);
    auto *form = new QFormLayout(group);
    m_proxy = new QLineEdit(group);
    m_proxy->setPlaceholderText(tr("Empty: use the system's proxy environment"));
    m_proxy->setToolTip(tr("A proxy URL such as http://proxy.example.com:3128 or socks5://host:1080."));
    form->addRow(tr("&Proxy:"), m_proxy);

    m_caBundle = new QLineEdit(group);
    m_caBundle->setPlaceholderText(tr("Empty: use the system's certificates"));
    m_caBundle->setToolTip(tr("A PEM file of extra certificate authorities, e.g. for a company proxy."));
    auto *browse = new QPushButton(tr("Browse…"), group);
    connect(browse, &QPushButton::clicked, this, [this] {
        auto *dialog = new QFileDialog(this, tr("Choose a CA bundle"), QFileInfo(m_caBundle->text()).path(),
                                       tr("Certificates (*.pem *.crt);;All files (*)"));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setFileMode(QFileDialog::ExistingFile);
        connect(dialog, &QFileDialog::fileSelected, m_caBundle, &QLineEdit::setText);
        dialog->open();
    });
    auto *caRow = new QHBoxLayout;
    caRow->addWidget(m_caBundle, 1);
    caRow->addWidget(browse);
    auto *caLabel = new QLabel(tr("&CA bundle:"), group);
    caLabel->setBuddy(m_caBundle); // a label made from a layout row gets no buddy
    form->addRow(caLabel, caRow);
    return group;
}

QWidget *SettingsDialog::createDisplayGroup()
{
    auto *group = new QGroupBox(tr("Display"), this);
    auto *form = new QFormLayout(group);
    m_currency = new QComboBox(group);
    for (const QString &c : settings::displayCurrencies())
        m_currency->addItem(c, c);
    m_currency->setToolTip(tr("Prices and costs are converted with the catalog's latest exchange rates."));
    form->addRow(tr("C&urrency:"), m_currency);
    m_language = new QComboBox(group);
    for (const QString &code : settings::languages())
        m_language->addItem(languageDisplayName(code), code);
    m_language->setToolTip(tr("Takes effect the next time GPU Planner starts."));
    form->addRow(tr("&Language:"), m_language);
    // Said where it is chosen, not only in a tooltip.
    m_languageNote = new QLabel(tr("The new language applies the next time GPU Planner starts."), group);
    m_languageNote->setWordWrap(true);
    m_languageNote->setVisible(false);
    form->addRow(QString(), m_languageNote);
    connect(m_language, &QComboBox::currentIndexChanged, this, [this] {
        m_languageNote->setVisible(m_language->currentData().toString() != settings::language.read(m_settings));
    });
    return group;
}

QWidget *SettingsDialog::createAssumptionsGroup()
{
    auto *group = new QGroupBox(tr("Default assumptions for new scenarios"), this);
    group->setToolTip(tr("File ▸ New starts from these; open scenarios keep their own values."));
    auto *form = new QFormLayout(group);
    m_efficiency = new QDoubleSpinBox(group);
    m_efficiency->setRange(0, 100);
    m_efficiency->setDecimals(0);
    m_efficiency->setSuffix(QStringLiteral(" %"));
    m_efficiency->setSpecialValueText(tr("Estimated per GPU"));
    m_efficiency->setToolTip(tr("Share of the GPU's peak throughput a job reaches (MFU). 0 lets the estimator "
                                "choose per GPU and precision."));
    form->addRow(tr("&Efficiency:"), m_efficiency);
    // In the scenario's own unit: the share of spot instances interrupted a month.
    m_interruptions = new QDoubleSpinBox(group);
    m_interruptions->setRange(0, 99.9);
    m_interruptions->setDecimals(1);
    m_interruptions->setSingleStep(1);
    m_interruptions->setSuffix(tr(" % a month"));
    m_interruptions->setSpecialValueText(tr("Documented default (15 % a month)"));
    m_interruptions->setToolTip(tr("Share of spot instances interrupted a month where the provider publishes no "
                                   "figure (the scenario's interruption rate)."));
    form->addRow(tr("Spot &interruption rate:"), m_interruptions);
    m_checkpoint = new QSpinBox(group);
    m_checkpoint->setRange(0, 24 * 60);
    m_checkpoint->setSuffix(tr(" min"));
    m_checkpoint->setSpecialValueText(tr("Documented default (1 h)"));
    m_checkpoint->setToolTip(tr("Work since the last checkpoint is lost at each interruption."));
    form->addRow(tr("C&heckpoint interval:"), m_checkpoint);
    return group;
}

void SettingsDialog::load()
{
    m_proxy->setText(settings::proxy.read(m_settings));
    m_caBundle->setText(settings::caBundle.read(m_settings));
    m_currency->setCurrentIndex(std::max(0, m_currency->findData(settings::readDisplayCurrency(m_settings))));
    m_language->setCurrentIndex(std::max(0, m_language->findData(settings::language.read(m_settings))));
    m_efficiency->setValue(settings::efficiencyOverride.read(m_settings) * 100);
    m_interruptions->setValue(settings::interruptionRate.read(m_settings) * 100);
    m_checkpoint->setValue(int(settings::checkpointMinutes.read(m_settings)));

    QStringList names;
    for (const QString &provider : apiKeyProviders())
        names.append(apiKeySecretName(provider));
    readSecrets(m_secrets, names, this, [this](const QHash<QString, QString> &found, const QString &error) {
        for (auto it = m_keys.cbegin(); it != m_keys.cend(); ++it) {
            const QString value = found.value(apiKeySecretName(it.key()));
            m_storedKeys.insert(it.key(), value);
            // Do not overwrite anything typed meanwhile (the field is disabled, but be safe).
            if (it.value()->text().isEmpty())
                it.value()->setText(value);
            it.value()->setEnabled(true);
            it.value()->setPlaceholderText(tr("Not set"));
        }
        if (!error.isEmpty())
            showError(tr("Could not read the API keys from the system keychain: %1").arg(error), nullptr);
        m_secretsLoaded = true;
        Q_EMIT secretsRead();
    });
}

QString SettingsDialog::validate(QWidget **field) const
{
    const QString proxy = m_proxy->text().trimmed();
    if (!proxy.isEmpty()) {
        const QUrl url(proxy, QUrl::StrictMode);
        static const QStringList schemes = {QStringLiteral("http"), QStringLiteral("https"), QStringLiteral("socks4"),
                                            QStringLiteral("socks5"), QStringLiteral("socks5h")};
        if (!url.isValid() || !schemes.contains(url.scheme()) || url.host().isEmpty()) {
            *field = m_proxy;
            return tr("Proxy: '%1' is not a proxy URL such as http://host:3128").arg(proxy);
        }
    }
    const QString ca = m_caBundle->text().trimmed();
    if (!ca.isEmpty() && !QFileInfo(ca).isFile()) {
        *field = m_caBundle;
        return tr("CA bundle: the file '%1' does not exist").arg(ca);
    }
    for (auto it = m_keys.cbegin(); it != m_keys.cend(); ++it) {
        if (it.value()->text() != it.value()->text().trimmed() || it.value()->text().contains(QLatin1Char('\n'))) {
            *field = it.value();
            return tr("%1 remove the spaces around the key").arg(m_keyLabels.value(it.key(), it.key()));
        }
    }
    return {};
}

void SettingsDialog::showError(const QString &message, QWidget *field)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
    if (!field)
        return;
    // The field at fault may be on the other page: show that page first.
    for (int page = 0; page < m_tabs->count(); ++page) {
        if (m_tabs->widget(page)->isAncestorOf(field))
            m_tabs->setCurrentIndex(page);
    }
    field->setFocus();
}

void SettingsDialog::accept()
{
    if (m_pendingWrites > 0)
        return;
    QWidget *field = nullptr;
    if (const QString problem = validate(&field); !problem.isEmpty()) {
        showError(problem, field);
        Q_EMIT saveFailed(problem);
        return;
    }
    showError(QString(), nullptr);
    settings::proxy.write(m_settings, m_proxy->text().trimmed());
    settings::caBundle.write(m_settings, m_caBundle->text().trimmed());
    settings::language.write(m_settings, m_language->currentData().toString());
    settings::writeDisplayCurrency(m_settings, m_currency->currentData().toString()); // its default follows the language
    settings::efficiencyOverride.write(m_settings, m_efficiency->value() / 100);
    settings::interruptionRate.write(m_settings, m_interruptions->value() / 100);
    settings::checkpointMinutes.write(m_settings, double(m_checkpoint->value()));
    m_settings.sync();

    m_writeErrors.clear();
    if (m_secretsLoaded) { // unread keys are left alone rather than overwritten with blanks
        for (auto it = m_keys.cbegin(); it != m_keys.cend(); ++it) {
            const QString value = it.value()->text();
            if (value == m_storedKeys.value(it.key()))
                continue;
            ++m_pendingWrites;
            const QString provider = it.key();
            m_secrets.write(apiKeySecretName(provider), value, this, [this, provider, value](core::Status s) {
                --m_pendingWrites;
                if (s)
                    m_storedKeys.insert(provider, value);
                else
                    m_writeErrors.append(s.errorMessage());
                finishSaving();
            });
        }
    }
    m_buttons->setEnabled(m_pendingWrites == 0);
    finishSaving();
}

void SettingsDialog::finishSaving()
{
    if (m_pendingWrites > 0)
        return;
    m_buttons->setEnabled(true);
    if (!m_writeErrors.isEmpty()) {
        const QString message = tr("Could not store the API keys in the system keychain: %1")
                                    .arg(m_writeErrors.join(QStringLiteral("; ")));
        showError(message, nullptr);
        Q_EMIT saveFailed(message);
        return;
    }
    QDialog::accept();
}

} // namespace gpuplanner::ui
