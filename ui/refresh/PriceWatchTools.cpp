#include "ui/refresh/PriceWatchTools.h"

#include "ui/MainWindow.h"
#include "ui/scenario/ScenarioDocument.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>

namespace gpuplanner::ui {

PriceWatchTools::PriceWatchTools(MainWindow &window, QSettings *settings, DesktopNotifier notifier)
    : QObject(&window), m_window(window), m_settings(settings), m_notifier(std::move(notifier)),
      m_watcher(new PriceWatcher(settings, window.document()->presets(), this)),
      m_watch(new QAction(tr("&Watch this plan's price…"), this))
{
    m_watch->setObjectName(QStringLiteral("watchPriceAction"));
    m_watch->setStatusTip(tr("Be told after a refresh when this saved plan gets cheaper or dearer, or reaches a target"));
    connect(m_watch, &QAction::triggered, this, &PriceWatchTools::editWatch);
    connect(window.loader(), &CatalogLoader::finished, this, [this](const CatalogSnapshot &snapshot) {
        if (!m_checkNextCatalog || !snapshot.error.isEmpty())
            return;
        m_checkNextCatalog = false;
        m_watcher->check(snapshot);
    });
    connect(m_watcher, &PriceWatcher::checked, this, &PriceWatchTools::show);
}

void PriceWatchTools::editWatch()
{
    ScenarioDocument *doc = m_window.document();
    if (doc->filePath().isEmpty()) {
        QMessageBox::information(&m_window, tr("Watch this plan's price"),
                                 tr("Save the scenario first: a watched plan is a saved file, with the record of the "
                                    "plan it was saved with."));
        return;
    }
    const std::optional<WatchedPlan> current = m_settings ? watchedPlan(*m_settings, doc->filePath()) : std::nullopt;
    QDialog dialog(&m_window);
    dialog.setObjectName(QStringLiteral("watchDialog"));
    dialog.setWindowTitle(tr("Watch this plan's price"));
    auto *intro = new QLabel(tr("After each refresh that brings new prices, %1 is planned again and held against the "
                                "plan saved in it. You are told when its main run's cost moves by the share below, "
                                "or comes down to the target.")
                                 .arg(QFileInfo(doc->filePath()).fileName()),
                             &dialog);
    intro->setWordWrap(true);
    auto *threshold = new QDoubleSpinBox(&dialog);
    threshold->setObjectName(QStringLiteral("watchThreshold"));
    threshold->setRange(0.1, 90);
    threshold->setDecimals(1);
    threshold->setSuffix(QStringLiteral(" %"));
    threshold->setValue(current ? current->rule.threshold * 100.0 : 5.0);
    auto *target = new QDoubleSpinBox(&dialog);
    target->setObjectName(QStringLiteral("watchTarget"));
    target->setRange(0, 1e12);
    target->setDecimals(2);
    target->setSpecialValueText(tr("none"));
    target->setSuffix(QStringLiteral(" ") + doc->value(QStringLiteral("display_currency")).toString(QStringLiteral("USD")));
    target->setValue(current && current->rule.target ? *current->rule.target : 0);
    auto *form = new QFormLayout;
    auto *thresholdLabel = new QLabel(tr("Tell me at a change of:"), &dialog);
    thresholdLabel->setBuddy(threshold);
    auto *targetLabel = new QLabel(tr("Or when it comes down to:"), &dialog);
    targetLabel->setBuddy(target);
    form->addRow(thresholdLabel, threshold);
    form->addRow(targetLabel, target);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QPushButton *stop = nullptr;
    if (current)
        stop = buttons->addButton(tr("Stop watching"), QDialogButtonBox::DestructiveRole);
    bool stopped = false;
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (stop)
        connect(stop, &QPushButton::clicked, &dialog, [&] {
            stopped = true;
            dialog.accept();
        });
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
    if (dialog.exec() != QDialog::Accepted || !m_settings)
        return;
    if (stopped) {
        setWatched(*m_settings, doc->filePath(), std::nullopt);
        m_window.statusBar()->showMessage(tr("%1 is no longer watched.").arg(QFileInfo(doc->filePath()).fileName()), 5000);
        return;
    }
    core::WatchRule rule;
    rule.threshold = threshold->value() / 100.0;
    if (target->value() > 0)
        rule.target = target->value();
    setWatched(*m_settings, doc->filePath(), rule);
    // Watching compares with the plan the file records: a file saved before records had none.
    if (!doc->json().contains(QStringLiteral("priced_on")) || doc->isModified())
        m_window.statusBar()->showMessage(tr("Watched. Save the scenario so the file records the plan to compare with."), 8000);
    else
        m_window.statusBar()->showMessage(tr("Watched: you are told after a refresh when its price moves."), 5000);
}

void PriceWatchTools::show(const QList<PriceAlert> &alerts, const QStringList &problems)
{
    if (alerts.isEmpty()) {
        if (!problems.isEmpty())
            m_window.statusBar()->showMessage(tr("Price watch: %1").arg(problems.join(QStringLiteral("; "))), 15000);
        return;
    }
    const auto [summary, body] = alertNotification(alerts);
    const bool notified = m_notifier.notify(summary, body);
    m_lastMessage = summary + QStringLiteral(": ") + body;
    // Said in the window too: a notification passes, the status bar keeps it until the next message.
    m_window.statusBar()->showMessage(QString(m_lastMessage).replace(u'\n', QStringLiteral("; ")));
    Q_EMIT alertsShown(summary, body, notified);
}

} // namespace gpuplanner::ui
