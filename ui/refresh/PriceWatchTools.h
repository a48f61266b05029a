#pragma once
// PriceWatchTools: the desktop's price watch. Tools > "Watch this plan's price…" sets, for the
// saved scenario, the change that is news and an optional target; after a refresh brings new
// prices the watched plans are planned again (PriceWatcher) and the ones that moved are told in
// a desktop notification (the status bar where the desktop has no notification service).

#include "ui/refresh/DesktopNotifier.h"
#include "ui/refresh/PriceWatcher.h"

#include <QObject>

class QAction;
class QSettings;

namespace gpuplanner::ui {

class MainWindow;

class PriceWatchTools : public QObject
{
    Q_OBJECT

public:
    PriceWatchTools(MainWindow &window, QSettings *settings, DesktopNotifier notifier = DesktopNotifier());

    QAction *watchAction() const { return m_watch; }
    PriceWatcher *watcher() const { return m_watcher; }
    // After a refresh that changed prices: the next catalog loaded is checked.
    void pricesRefreshed() { m_checkNextCatalog = true; }
    // The last alerts shown, as the notification (or status bar) said them.
    const QString &lastMessage() const { return m_lastMessage; }

Q_SIGNALS:
    void alertsShown(const QString &summary, const QString &body, bool notified);

private:
    void editWatch();
    void show(const QList<PriceAlert> &alerts, const QStringList &problems);

    MainWindow &m_window;
    QSettings *m_settings;
    DesktopNotifier m_notifier;
    PriceWatcher *m_watcher;
    QAction *m_watch;
    bool m_checkNextCatalog = false;
    QString m_lastMessage;
};

} // namespace gpuplanner::ui
