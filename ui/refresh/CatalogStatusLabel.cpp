#include "ui/refresh/CatalogStatusLabel.h"
#include "ui/refresh/RefreshErrorText.h"

#include "ui/refresh/RefreshTask.h"

#include <QLocale>

#include <algorithm>

namespace gpuplanner::ui {

QString newestDataDate(const core::CatalogInfo &info)
{
    QString newest;
    for (const core::ProviderInfo &p : info.providers) {
        if (!p.isCustom())
            newest = std::max(newest, p.dataDate);
    }
    return newest;
}

CatalogStatusLabel::CatalogStatusLabel(QWidget *parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("catalogStatus"));
    setTextFormat(Qt::PlainText);
    update();
}

void CatalogStatusLabel::setCatalogInfo(const core::CatalogInfo &info)
{
    m_pricesAsOf = newestDataDate(info);
    update();
}

void CatalogStatusLabel::setRefreshLog(const QList<core::RefreshLogEntry> &entries)
{
    if (m_resultAt.isValid()) {
        const bool newer = std::any_of(entries.cbegin(), entries.cend(),
                                       [this](const core::RefreshLogEntry &e) { return e.started > m_resultAt; });
        if (!newer)
            return; // the log of the run whose result is already shown, or older news
    }
    if (entries.isEmpty()) {
        m_state = State::NeverRefreshed;
        update();
        return;
    }
    // The last real attempt: entries started within an hour of the newest one that reached a
    // provider or failed to (a cancelled run says nothing about the network).
    QDateTime newest;
    for (const core::RefreshLogEntry &e : entries) {
        if (e.status != core::RefreshStatus::Cancelled)
            newest = std::max(newest, e.started);
    }
    if (!newest.isValid()) {
        m_state = State::NeverRefreshed;
        m_details.clear();
        update();
        return;
    }
    bool anyOk = false;
    bool anyFailed = false;
    QStringList lines;
    m_lastSuccess = {};
    for (const core::RefreshLogEntry &e : entries) {
        if (e.status == core::RefreshStatus::Ok)
            m_lastSuccess = std::max(m_lastSuccess, e.finished);
        if (e.started.secsTo(newest) > 3600 || e.status == core::RefreshStatus::Cancelled)
            continue;
        anyOk = anyOk || e.status == core::RefreshStatus::Ok;
        anyFailed = anyFailed || e.status == core::RefreshStatus::Failed;
        if (e.status == core::RefreshStatus::Failed)
            lines.append(tr("%1: %2").arg(e.provider, e.message));
    }
    m_state = anyOk ? State::Online : State::Offline;
    m_details = lines.join(QLatin1Char('\n'));
    update();
}

void CatalogStatusLabel::setRefreshResult(const RefreshResult &result)
{
    if (result.cancelled && !result.anyUpdated())
        return; // says nothing about the network
    m_resultAt = QDateTime::currentDateTimeUtc();
    QStringList lines;
    for (const core::ProviderOutcome &o : result.outcomes) {
        if (o.status == core::RefreshStatus::Failed)
            lines.append(tr("%1: %2").arg(o.provider, refreshFailureInWords(o.error)));
    }
    if (result.anyUpdated()) {
        m_state = State::Online;
        m_lastSuccess = QDateTime::currentDateTime();
    } else if (result.looksOffline()) {
        m_state = State::Offline;
    }
    m_details = lines.join(QLatin1Char('\n'));
    update();
}

void CatalogStatusLabel::update()
{
    const QString asOf = m_pricesAsOf.isEmpty() ? tr("an unknown date") : m_pricesAsOf;
    switch (m_state) {
    case State::NeverRefreshed:
        // The date itself is already in the window's freshness label.
        setText(tr("Not refreshed yet"));
        setToolTip(tr("Using the built-in prices as of %1. Use Tools ▸ Refresh prices… to download current "
                      "prices.")
                       .arg(asOf));
        setStyleSheet(QString());
        break;
    case State::Online:
        // What the last refresh found, never a claim about the network now: it is not checked
        // between refreshes.
        setText(m_lastSuccess.isValid()
                    ? tr("Refreshed %1").arg(QLocale().toString(m_lastSuccess.toLocalTime(), QLocale::ShortFormat))
                    : tr("Refreshed"));
        setToolTip(m_details.isEmpty()
                       ? tr("The last refresh reached the providers. The network is not checked again until the next "
                            "refresh.")
                       : tr("The last refresh reached some providers; these failed:\n%1").arg(m_details));
        setStyleSheet(QString());
        break;
    case State::Offline:
        // The window's freshness label next to this one gives the prices' date.
        setText(tr("Offline · saved prices"));
        setToolTip(m_details.isEmpty()
                       ? tr("The last refresh could not reach any provider; planning uses the prices as of %1.").arg(asOf)
                       : tr("The last refresh could not reach any provider; planning uses the prices as of %1:\n%2")
                             .arg(asOf, m_details));
        // An amber that reads on light and dark palettes.
        setStyleSheet(QStringLiteral("QLabel { color: #c77800; font-weight: bold; }"));
        break;
    }
}

} // namespace gpuplanner::ui
