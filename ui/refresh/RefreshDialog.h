#pragma once
// RefreshDialog: refreshes prices in the background with a progress bar per provider, cancel,
// and each provider's last status and error from the refresh log. A provider that fails keeps
// its previous prices (the store writes each provider in one transaction).

#include "core/refresh/OfferStore.h"
#include "ui/refresh/RefreshTask.h"

#include <QDialog>
#include <QHash>

class QGridLayout;
class QLabel;
class QProgressBar;
class QPushButton;

namespace gpuplanner::ui {

class RefreshDialog : public QDialog
{
    Q_OBJECT

public:
    // configure gathers settings and API keys (asynchronously) and then calls its argument.
    using ConfigSource = std::function<void(QObject *context, std::function<void(RefreshConfig, QString error)>)>;

    RefreshDialog(RefreshServiceFactory services, ConfigSource configure, QWidget *parent = nullptr);
    ~RefreshDialog() override;

    void setRefreshLog(const QList<core::RefreshLogEntry> &entries);
    // Rows show these names (provider id -> name); a provider without one shows its id.
    void setProviderNames(const QHash<QString, QString> &names);
    void startRefresh();
    bool isRunning() const;

    QPushButton *startButton() const { return m_start; }
    QPushButton *cancelButton() const { return m_cancel; }
    QProgressBar *progressBar(const QString &provider) const;
    QLabel *nameLabel(const QString &provider) const;
    QLabel *statusLabel(const QString &provider) const;
    QLabel *lastRunLabel(const QString &provider) const;
    QLabel *summaryLabel() const { return m_summary; }

Q_SIGNALS:
    void refreshFinished(const gpuplanner::ui::RefreshResult &result);

protected:
    void reject() override;

private:
    struct Row
    {
        QLabel *name = nullptr;
        QProgressBar *bar = nullptr;
        QLabel *status = nullptr;
        QLabel *lastRun = nullptr;
    };
    Row &rowFor(const QString &provider);
    void run(const RefreshConfig &config);
    void showProgress(const QString &provider, const QString &status, qint64 done, qint64 total);
    void showResult(const RefreshResult &result);
    void setRunning(bool running);

    RefreshServiceFactory m_services;
    ConfigSource m_configure;
    RefreshTask *m_task = nullptr;
    bool m_preparing = false;
    bool m_closeWhenDone = false;
    QHash<QString, Row> m_rows;
    QHash<QString, QString> m_names;
    QGridLayout *m_grid;
    QLabel *m_summary;
    QPushButton *m_start;
    QPushButton *m_cancel;
    QPushButton *m_close;
};

// "3 offers: 1 added, 2 changed, 0 removed" and the like, for a provider's outcome.
QString describeOutcome(const core::ProviderOutcome &outcome);

} // namespace gpuplanner::ui
