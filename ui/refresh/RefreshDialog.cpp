#include "ui/refresh/RefreshDialog.h"
#include "ui/refresh/RefreshErrorText.h"

#include "ui/ThemeColors.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>

namespace gpuplanner::ui {

namespace {

QString statusWord(core::RefreshStatus status)
{
    switch (status) {
    case core::RefreshStatus::Ok: return RefreshDialog::tr("succeeded");
    case core::RefreshStatus::Failed: return RefreshDialog::tr("failed");
    case core::RefreshStatus::Cancelled: return RefreshDialog::tr("cancelled");
    }
    return {};
}

} // namespace

QString describeOutcome(const core::ProviderOutcome &o)
{
    switch (o.status) {
    case core::RefreshStatus::Ok:
        if (o.fxRates > 0 && o.offers == 0)
            return RefreshDialog::tr("Exchange rates updated: %1").arg(o.fxRates);
    {
        const QString counts = RefreshDialog::tr("Offers: %1 (%2 added, %3 changed, %4 removed)")
                                   .arg(o.offers)
                                   .arg(o.counts.added)
                                   .arg(o.counts.changed)
                                   .arg(o.counts.removed);
        // Refused prices are news a planner must see, not only a log line.
        QStringList notes{counts};
        if (!o.screening.isEmpty())
            notes.append(o.screening);
        if (!o.counts.leftNote().isEmpty())
            notes.append(o.counts.leftNote());
        return notes.join(QStringLiteral("; "));
    }
    case core::RefreshStatus::Failed:
        return RefreshDialog::tr("Failed: %1 — previous prices kept").arg(refreshFailureInWords(o.error));
    case core::RefreshStatus::Cancelled:
        return RefreshDialog::tr("Cancelled — previous prices kept");
    }
    return {};
}

RefreshDialog::RefreshDialog(RefreshServiceFactory services, ConfigSource configure, QWidget *parent)
    : QDialog(parent), m_services(std::move(services)), m_configure(std::move(configure)), m_grid(new QGridLayout),
      m_summary(new QLabel(this)), m_start(new QPushButton(tr("&Refresh"), this)),
      m_cancel(new QPushButton(tr("&Cancel refresh"), this)), m_close(new QPushButton(tr("Close"), this))
{
    setWindowTitle(tr("Refresh prices"));
    setObjectName(QStringLiteral("refreshDialog"));

    auto *intro = new QLabel(tr("Downloads current prices from each provider's price API. A provider that "
                                "fails or is cancelled keeps its previous prices."),
                             this);
    intro->setWordWrap(true);

    auto *table = new QWidget;
    table->setLayout(m_grid);
    m_grid->setHorizontalSpacing(16);
    m_grid->setColumnStretch(2, 3);
    m_grid->setColumnStretch(3, 2);
    m_grid->setColumnMinimumWidth(1, 160);
    const QStringList headers = {tr("Provider"), tr("Progress"), tr("This refresh"), tr("Last refresh")};
    for (int c = 0; c < headers.size(); ++c) {
        auto *h = new QLabel(headers.at(c));
        QFont bold = h->font();
        bold.setBold(true);
        h->setFont(bold);
        m_grid->addWidget(h, 0, c);
    }
    m_grid->setRowStretch(1000, 1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(table);

    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_start, QDialogButtonBox::ActionRole);
    buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    buttons->addButton(m_close, QDialogButtonBox::RejectRole);
    m_start->setDefault(true);
    m_cancel->setEnabled(false);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);

    connect(m_start, &QPushButton::clicked, this, &RefreshDialog::startRefresh);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_task)
            m_task->cancel();
        m_cancel->setEnabled(false);
        m_summary->setText(tr("Cancelling…"));
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &RefreshDialog::reject);
    resize(820, 420);
}

RefreshDialog::~RefreshDialog() = default; // m_task (a child) cancels and waits

void RefreshDialog::setProviderNames(const QHash<QString, QString> &names)
{
    m_names = names;
    for (auto it = m_rows.begin(); it != m_rows.end(); ++it)
        it->name->setText(m_names.value(it.key(), it.key()));
}

RefreshDialog::Row &RefreshDialog::rowFor(const QString &provider)
{
    auto it = m_rows.find(provider);
    if (it != m_rows.end())
        return *it;
    Row row;
    const int r = int(m_rows.size()) + 1;
    row.name = new QLabel(m_names.value(provider, provider));
    row.name->setToolTip(provider);
    row.bar = new QProgressBar;
    row.bar->setRange(0, 100);
    row.bar->setValue(0);
    row.bar->setTextVisible(true);
    row.bar->setObjectName(QStringLiteral("progress-%1").arg(provider));
    row.status = new QLabel;
    row.status->setWordWrap(true);
    row.status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    row.lastRun = new QLabel(tr("never"));
    row.lastRun->setWordWrap(true);
    row.lastRun->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_grid->addWidget(row.name, r, 0);
    m_grid->addWidget(row.bar, r, 1);
    m_grid->addWidget(row.status, r, 2);
    m_grid->addWidget(row.lastRun, r, 3);
    return *m_rows.insert(provider, row);
}

QProgressBar *RefreshDialog::progressBar(const QString &provider) const
{
    return m_rows.value(provider).bar;
}

QLabel *RefreshDialog::nameLabel(const QString &provider) const
{
    return m_rows.value(provider).name;
}

QLabel *RefreshDialog::statusLabel(const QString &provider) const
{
    return m_rows.value(provider).status;
}

QLabel *RefreshDialog::lastRunLabel(const QString &provider) const
{
    return m_rows.value(provider).lastRun;
}

bool RefreshDialog::isRunning() const
{
    return m_preparing || (m_task && m_task->isRunning());
}

void RefreshDialog::setRefreshLog(const QList<core::RefreshLogEntry> &entries)
{
    for (const core::RefreshLogEntry &e : entries) {
        Row &row = rowFor(e.provider);
        const QString when = QLocale().toString(e.finished.isValid() ? e.finished.toLocalTime() : e.started.toLocalTime(),
                                                QLocale::ShortFormat);
        QString text = e.status == core::RefreshStatus::Ok
                           ? tr("%1 %2 · offers: %3").arg(when, statusWord(e.status)).arg(e.offers)
                           : tr("%1 %2").arg(when, statusWord(e.status));
        if (!e.message.isEmpty() && e.status != core::RefreshStatus::Ok)
            text += QLatin1Char('\n') + refreshFailureInWords(e.message);
        row.lastRun->setText(text);
        showAsProblem(row.lastRun, e.status == core::RefreshStatus::Failed);
    }
}

void RefreshDialog::startRefresh()
{
    if (isRunning())
        return;
    m_preparing = true;
    setRunning(true);
    showAsProblem(m_summary, false);
    m_summary->setText(tr("Reading settings and API keys…"));
    m_configure(this, [this](RefreshConfig config, QString error) {
        m_preparing = false;
        if (!error.isEmpty()) {
            // A missing keychain is not fatal: providers that need a key report it themselves.
            m_summary->setText(tr("Could not read the API keys: %1").arg(error));
        }
        if (m_closeWhenDone) {
            setRunning(false);
            QDialog::reject();
            return;
        }
        run(config);
    });
}

void RefreshDialog::run(const RefreshConfig &config)
{
    delete m_task;
    RefreshRequest request;
    request.config = config;
    m_task = new RefreshTask(m_services, request, this);
    connect(m_task, &RefreshTask::providersKnown, this, [this](const QStringList &providers) {
        for (const QString &p : providers) {
            Row &row = rowFor(p);
            row.bar->setRange(0, 100);
            row.bar->setValue(0);
            row.bar->setFormat(QStringLiteral("%p%"));
            showAsProblem(row.status, false);
            row.status->setText(tr("Waiting…"));
        }
    });
    connect(m_task, &RefreshTask::progress, this, &RefreshDialog::showProgress);
    connect(m_task, &RefreshTask::finished, this, &RefreshDialog::showResult);
    m_summary->setText(tr("Refreshing…"));
    m_task->start();
}

void RefreshDialog::showProgress(const QString &provider, const QString &status, qint64 done, qint64 total)
{
    if (provider.isEmpty()) {
        // Not one provider's news: the whole refresh waits (another refresh holds the catalog).
        m_summary->setText(status);
        return;
    }
    Row &row = rowFor(provider);
    if (total > 0) {
        row.bar->setRange(0, 1000);
        row.bar->setValue(int(std::min<qint64>(1000, done * 1000 / total)));
    } else if (row.bar->maximum() != 0) {
        row.bar->setRange(0, 0); // size unknown: busy indicator
    }
    row.status->setText(status);
}

void RefreshDialog::showResult(const RefreshResult &result)
{
    setRunning(false);
    int failed = 0;
    for (const core::ProviderOutcome &o : result.outcomes) {
        Row &row = rowFor(o.provider);
        // An empty bar labelled "failed" or "cancelled": a full one would read as success.
        row.bar->setRange(0, 100);
        row.bar->setValue(o.status == core::RefreshStatus::Ok ? 100 : 0);
        if (o.status != core::RefreshStatus::Ok)
            row.bar->setFormat(statusWord(o.status));
        row.status->setText(describeOutcome(o));
        showAsProblem(row.status, o.status == core::RefreshStatus::Failed);
        failed += o.status == core::RefreshStatus::Failed ? 1 : 0;
    }
    // Rows still waiting were never reached (cancel or a fatal error).
    for (Row &row : m_rows) {
        if (row.bar->maximum() == 0)
            row.bar->setRange(0, 100);
    }
    if (!result.error.isEmpty()) {
        showAsProblem(m_summary, true);
        m_summary->setText(tr("The refresh did not run: %1. Your prices are unchanged.").arg(result.error));
    } else if (result.cancelled) {
        showAsProblem(m_summary, false);
        m_summary->setText(tr("Refresh cancelled. Providers that had not finished keep their previous prices."));
    } else if (failed > 0) {
        showAsProblem(m_summary, true);
        m_summary->setText(result.looksOffline()
                               ? tr("No provider could be reached; you may be offline. Your prices are unchanged.")
                               : tr("Providers that failed: %1. They kept their previous prices.").arg(failed));
    } else {
        showAsProblem(m_summary, false);
        m_summary->setText(tr("All providers refreshed."));
    }
    Q_EMIT refreshFinished(result);
    if (m_closeWhenDone)
        QDialog::reject();
}

void RefreshDialog::setRunning(bool running)
{
    m_start->setEnabled(!running);
    m_cancel->setEnabled(running);
}

void RefreshDialog::reject()
{
    if (!isRunning()) {
        QDialog::reject();
        return;
    }
    // Closing while running cancels; the dialog goes once the worker has stopped.
    m_closeWhenDone = true;
    if (m_task)
        m_task->cancel();
    m_cancel->setEnabled(false);
    m_summary->setText(tr("Cancelling…"));
}

} // namespace gpuplanner::ui
