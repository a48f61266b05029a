#pragma once
// DesktopNotifier: a desktop notification through the freedesktop notification service
// (org.freedesktop.Notifications on the session bus), where the desktop has one.

#include <QDBusConnection>
#include <QString>

namespace gpuplanner::ui {

class DesktopNotifier
{
public:
    explicit DesktopNotifier(QDBusConnection bus = QDBusConnection::sessionBus());

    // False when no notification service answers (no session bus, or a desktop without one):
    // the caller then says it in the window instead.
    bool notify(const QString &summary, const QString &body);

private:
    QDBusConnection m_bus;
};

} // namespace gpuplanner::ui
