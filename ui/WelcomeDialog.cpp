#include "ui/WelcomeDialog.h"
#include "ui/FocusIndicator.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace gpuplanner::ui {

namespace {

const QString kShowAtStart = QStringLiteral("welcome/showAtStart");

// The examples' names and descriptions as their files hold them (English), listed here so
// lupdate collects them: the menu and this dialog show them in the interface's language.
[[maybe_unused]] const char *const kExampleTexts[] = {
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "Fine-tune BERT-base"),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "Serve a 70B chat model"),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "Pre-train a 7B model"),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "Fine-tune from a measured rate"),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "Train MobileNetV2 on one T4"),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "Spot-based distributed training"),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "Tencent GN7: pay-as-you-go or a subscription"),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "Full fine-tuning of BERT-base on a GLUE-sized task: about 400k examples of 128 tokens, 3 epochs, within a day and 100 USD."),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "Llama-3.1-70B chat at 5 requests per second (1,000 prompt and 250 output tokens), first token within 2 s and 50 ms per output token, for a year, on the hyperscalers the company already buys from (AWS, Azure, GCP), comparing on-demand with their 1- and 3-year commitments."),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "A Llama-2-7B-shaped model on 1T tokens within 30 days, after three months of experiments and followed by a year of serving. The ownership figures are placeholders: replace them with your quotes. Commitment prices come from the catalog (AWS reserved instances and savings plans, Azure and GCP ratios); add a negotiated term under assumptions.commitments."),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "Our fine-tuning script runs 3,100 tokens/s on one A100-80GB; 2 billion tokens to go. The rate is scaled to every GPU by its BF16 peak. The job needs 80 GB per GPU, as on the machine it was measured on."),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "ImageNet-1k (1.28M images) for 90 epochs on a single NVIDIA T4, the cheapest place to rent one."),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "Llama-3.1-8B on 300B tokens across several 8-GPU nodes, spot first, checkpointing every 30 minutes, within 21 days."),
    QT_TRANSLATE_NOOP("gpuplanner::ui::ExampleScenarios", "One Tencent Cloud T4 box (GN7) in Guangzhou running all the time for three years: pay-as-you-go against 1-, 12- and 36-month subscriptions (包年包月), in CNY."),
};

QString exampleText(const QString &english)
{
    return QCoreApplication::translate("gpuplanner::ui::ExampleScenarios", english.toUtf8().constData());
}


} // namespace

QList<ExampleScenario> exampleScenarios()
{
    QList<ExampleScenario> out;
    const QDir dir(QStringLiteral(":/scenarios"));
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        out.append({dir.filePath(name), exampleText(o.value(QStringLiteral("name")).toString(name)),
                    exampleText(o.value(QStringLiteral("description")).toString())});
    }
    return out;
}

WelcomeDialog::WelcomeDialog(QSettings *settings, QWidget *parent)
    : QDialog(parent), m_settings(settings), m_list(new QListWidget(this)), m_description(new QLabel(this)),
      m_open(new QPushButton(tr("&Open example"), this)), m_showAtStart(new QCheckBox(tr("&Show this at start"), this))
{
    setWindowTitle(tr("Welcome to GPU Planner"));
    auto *intro = new QLabel(tr("<b>Plan a GPU rental in minutes.</b> Describe the work, say what must hold (deadline, "
                                "budget), and compare every offer of the catalog, with its risk and where each price "
                                "comes from. Start from an example or from a blank scenario."),
                             this);
    intro->setWordWrap(true);
    for (const ExampleScenario &e : exampleScenarios()) {
        auto *item = new QListWidgetItem(e.name, m_list);
        item->setData(Qt::UserRole, e.path);
        item->setData(Qt::ToolTipRole, e.description);
    }
    m_list->setAccessibleName(tr("Example scenarios"));
    m_list->setCurrentRow(0);
    m_description->setWordWrap(true);
    m_description->setMinimumHeight(4 * fontMetrics().lineSpacing());
    m_description->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_showAtStart->setChecked(!settings || wanted(*settings));

    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_open, QDialogButtonBox::AcceptRole);
    QPushButton *blank = buttons->addButton(tr("Start &blank"), QDialogButtonBox::RejectRole);
    QPushButton *guide = buttons->addButton(tr("Read the &guide"), QDialogButtonBox::HelpRole);
    m_open->setDefault(true);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_description);
    layout->addWidget(m_showAtStart);
    layout->addWidget(buttons);
    resize(620, 460);

    connect(m_list, &QListWidget::currentRowChanged, this, &WelcomeDialog::updateDescription);
    connect(m_list, &QListWidget::itemActivated, this, [this] { m_open->click(); });
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (QListWidgetItem *item = m_list->currentItem())
            m_chosen = item->data(Qt::UserRole).toString();
        accept();
    });
    connect(blank, &QPushButton::clicked, this, &QDialog::reject);
    connect(guide, &QPushButton::clicked, this, [this] {
        m_guide = true;
        reject();
    });
    connect(m_showAtStart, &QCheckBox::toggled, this, [this](bool show) {
        if (m_settings)
            m_settings->setValue(kShowAtStart, show);
    });
    updateDescription();
}

bool WelcomeDialog::wanted(const QSettings &settings)
{
    return settings.value(kShowAtStart, true).toBool();
}

void WelcomeDialog::updateDescription()
{
    const QListWidgetItem *item = m_list->currentItem();
    m_description->setText(item ? item->data(Qt::ToolTipRole).toString() : QString());
}

void showGuide(QWidget *parent)
{
    const bool chinese = QLocale().language() == QLocale::Chinese;
    QFile f(chinese ? QStringLiteral(":/help/guide_zh_CN.html") : QStringLiteral(":/help/guide.html"));
    QString html;
    if (f.open(QIODevice::ReadOnly))
        html = QString::fromUtf8(f.readAll());
    QDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("guideDialog"));
    dialog.setWindowTitle(WelcomeDialog::tr("GPU Planner guide"));
    auto *text = new QTextBrowser(&dialog);
    text->setHtml(html);
    text->setOpenExternalLinks(false);
    showFocusFrame(text);
    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QObject::connect(close, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(text);
    layout->addWidget(close);
    dialog.resize(640, 620);
    dialog.exec();
}

} // namespace gpuplanner::ui
