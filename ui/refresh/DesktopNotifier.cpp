#include "ui/refresh/DesktopNotifier.h"

#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QVariantMap>

namespace gpuplanner::ui {

namespace {

const QString kService = QStringLiteral("org.freedesktop.Notifications");

} // namespace

DesktopNotifier::DesktopNotifier(QDBusConnection bus) : m_bus(std::move(bus)) {}

bool DesktopNotifier::notify(const QString &summary, const QString &body)
{
    if (!m_bus.isConnected() || !m_bus.interface() || !m_bus.interface()->isServiceRegistered(kService).value())
        return false;
    // Notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout), as the
    // Desktop Notifications Specification defines it.
    QDBusMessage call = QDBusMessage::createMethodCall(kService, QStringLiteral("/org/freedesktop/Notifications"), kService,
                                                       QStringLiteral("Notify"));
    // The body may be read as markup (the specification's body-markup): a scenario's name is
    // text, so <, > and & go as entities; the summary is plain text by the specification.
    call << QStringLiteral("GPU Planner") << quint32(0) << QStringLiteral("gpu-planner") << summary << body.toHtmlEscaped()
         << QStringList()
         << QVariantMap() << qint32(-1);
    const QDBusMessage reply = m_bus.call(call, QDBus::BlockWithGui, 5000);
    return reply.type() == QDBusMessage::ReplyMessage;
}

} // namespace gpuplanner::ui
