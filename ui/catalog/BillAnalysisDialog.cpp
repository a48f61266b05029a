#include "ui/catalog/BillAnalysisDialog.h"

#include "core/actuals/BillUsageFormat.h"
#include "core/portfolio/BillPortfolio.h"
#include "ui/catalog/BillUsageModel.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace gpuplanner::ui {

using namespace gpuplanner::core::actuals;

namespace {

QPlainTextEdit *textPane(QWidget *parent, const QString &name)
{
    auto *t = new QPlainTextEdit(parent);
    t->setObjectName(name);
    t->setReadOnly(true);
    t->setLineWrapMode(QPlainTextEdit::NoWrap);
    t->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return t;
}

QString summaryText(const BillAnalysis &a)
{
    const BillUsage &u = a.usage;
    QStringList parts;
    parts << BillAnalysisDialog::tr("<b>%1</b>: %2 to %3.")
                 .arg(QFileInfo(a.file).fileName().toHtmlEscaped(), u.months.value(0), u.months.value(u.months.size() - 1));
    for (const QString &c : u.currencies())
        parts << BillAnalysisDialog::tr("GPU spend %1 %2: %3 placed on catalog GPUs, %4 unrecognised (listed).")
                     .arg(QLocale().toString(double(u.mappedMicros(c) + u.unrecognisedMicros(c)) / 1e6, 'f', 2), c,
                          QLocale().toString(double(u.mappedMicros(c)) / 1e6, 'f', 2),
                          QLocale().toString(double(u.unrecognisedMicros(c)) / 1e6, 'f', 2));
    for (const SteadyUsage &s : u.steady)
        parts << BillAnalysisDialog::tr("%1 in %2: %3 GPUs steady, %4 GPU-hours on top.")
                     .arg(s.gpu, s.geography.isEmpty() ? BillAnalysisDialog::tr("an unknown region") : s.geography)
                     .arg(QLocale().toString(s.steadyGpus, 'f', 2), QLocale().toString(s.burstGpuHours, 'f', 0));
    double paid = 0, saving = 0;
    for (const RepricedMonth &m : a.reprice.months) {
        paid += m.bestPaidUsd;
        saving += m.saving();
    }
    parts << BillAnalysisDialog::tr("Saving available: USD %1 of USD %2 paid (spot not counted). "
                                    "Start a portfolio from this bill to plan what to commit to next.")
                 .arg(QLocale().toString(saving, 'f', 2), QLocale().toString(paid, 'f', 2));
    return parts.join(QStringLiteral("<br>"));
}

} // namespace

BillAnalysisDialog::BillAnalysisDialog(QList<core::Offer> offers, QWidget *parent, QList<core::FxRate> rates)
    : QDialog(parent), m_offers(std::move(offers)), m_rates(std::move(rates)), m_model(new BillUsageModel(this)), m_summary(new QLabel(this)),
      m_tabs(new QTabWidget(this)), m_table(new QTableView(this)), m_usageText(textPane(this, QStringLiteral("billUsageText"))),
      m_repriceText(textPane(this, QStringLiteral("billRepriceText")))
{
    setObjectName(QStringLiteral("billAnalysisDialog"));
    setWindowTitle(tr("What we ran and what it would have cost"));
    m_summary->setObjectName(QStringLiteral("billSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setText(tr("Reading the bill…"));
    m_table->setObjectName(QStringLiteral("billUsageTable"));
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    m_tabs->addTab(m_table, tr("&Repriced usage"));
    m_tabs->addTab(m_usageText, tr("&Usage, steady part and unrecognised lines"));
    m_tabs->addTab(m_repriceText, tr("&Saving by month and prices"));
    m_portfolioStatus = new QLabel(this);
    m_portfolioStatus->setObjectName(QStringLiteral("billPortfolioStatus"));
    m_portfolioStatus->setWordWrap(true);
    m_portfolioStatus->setTextFormat(Qt::RichText);
    m_portfolioStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_portfolioButton = new QPushButton(tr("Start a &portfolio from this bill…"), this);
    m_portfolioButton->setObjectName(QStringLiteral("billPortfolioButton"));
    m_portfolioButton->setToolTip(tr("Write a portfolio file whose workloads are this bill's steady GPU usage, as "
                                     "`gpu-planner-cli actuals recommend` starts it (12 months from the month after "
                                     "the bill, 30 % demand shortfall, the geography each GPU ran in)."));
    m_portfolioButton->setEnabled(false);
    connect(m_portfolioButton, &QPushButton::clicked, this, &BillAnalysisDialog::startPortfolio);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_portfolioButton, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_portfolioStatus);
    layout->addWidget(buttons);
    resize(1100, 560);
    connect(&m_watcher, &QFutureWatcher<BillAnalysis>::finished, this, [this] { present(m_watcher.result()); });
}

BillAnalysis BillAnalysisDialog::analyse(const QString &path, const QList<core::Offer> &offers,
                                         const QList<core::FxRate> &rates)
{
    BillAnalysis a;
    a.file = path;
    const BillCatalog catalog(offers);
    auto read = readBillUsage(path, BillingFormat::Auto, catalog);
    if (!read) {
        a.error = read.errorMessage();
        return a;
    }
    a.usage = std::move(read).value();
    RepriceOptions options;
    options.rates = rates;
    a.reprice = repriceUsage(a.usage, catalog, options);
    return a;
}

void BillAnalysisDialog::analyseFile(const QString &path)
{
    m_summary->setText(tr("Reading %1…").arg(QFileInfo(path).fileName().toHtmlEscaped()));
    m_watcher.setFuture(QtConcurrent::run([path, offers = m_offers, rates = m_rates] { return analyse(path, offers, rates); }));
}

void BillAnalysisDialog::present(const BillAnalysis &a)
{
    m_shown = a;
    m_portfolioButton->setEnabled(a.error.isEmpty());
    m_portfolioStatus->clear();
    if (!a.error.isEmpty()) {
        m_summary->setText(tr("<b>Not read:</b> %1").arg(a.error.toHtmlEscaped()));
        m_model->setRows({});
        m_usageText->clear();
        m_repriceText->clear();
    } else {
        m_summary->setText(summaryText(a));
        m_model->setRows(a.reprice.rows);
        m_usageText->setPlainText(usageToTable(a.usage));
        m_repriceText->setPlainText(repriceToTable(a.reprice));
    }
    Q_EMIT analysed();
}

void BillAnalysisDialog::startPortfolio()
{
    const QFileInfo bill(m_shown.file);
    const QString suggested = bill.absoluteDir().filePath(bill.completeBaseName() + QStringLiteral("-portfolio.json"));
    const QString path = m_choosePath ? m_choosePath(suggested)
                                      : QFileDialog::getSaveFileName(this, tr("Start a portfolio from this bill"), suggested,
                                                                     tr("GPU Planner portfolios (*.json);;All files (*)"));
    if (!path.isEmpty())
        writePortfolio(path);
}

bool BillAnalysisDialog::writePortfolio(const QString &path)
{
    const auto fail = [&](const QString &why) {
        m_portfolioStatus->setText(tr("<b>Portfolio not written to %1:</b> %2").arg(path.toHtmlEscaped(), why.toHtmlEscaped()));
        return false;
    };
    if (m_shown.file.isEmpty() || !m_shown.error.isEmpty())
        return fail(tr("no bill has been read"));
    core::BillPortfolioOptions options; // `actuals recommend`'s defaults
    options.source = QFileInfo(m_shown.file).fileName();
    auto started = core::portfolioFromUsage(m_shown.usage, options);
    if (!started)
        return fail(started.errorMessage());
    const QByteArray json = QJsonDocument(started->portfolio).toJson(QJsonDocument::Indented);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size() || !file.commit())
        return fail(file.errorString());
    m_portfolioStatus->setText(tr("Portfolio written to <b>%1</b> (%2 workloads from the bill's steady usage). "
                                  "Tools ▸ Plan a portfolio… opens and plans it.")
                                   .arg(path.toHtmlEscaped())
                                   .arg(started->workloads));
    return true;
}

} // namespace gpuplanner::ui
