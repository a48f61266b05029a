#pragma once
// CatalogStatusLabel: the status bar's word on how current the prices are: refreshed when,
// or "Offline · saved prices" when the last refresh could not reach any provider.

#include "core/catalog/CatalogInfo.h"
#include "core/refresh/OfferStore.h"

#include <QLabel>

namespace gpuplanner::ui {

struct RefreshResult;

class CatalogStatusLabel : public QLabel
{
    Q_OBJECT

public:
    enum class State { NeverRefreshed, Online, Offline };

    explicit CatalogStatusLabel(QWidget *parent = nullptr);

    void setCatalogInfo(const core::CatalogInfo &info);
    // The refresh log's latest entry per provider (from core::RefreshLog). A log read that holds
    // nothing started after this session's last refresh result (the read that follows it, which
    // may finish after the result) does not overrule that result.
    void setRefreshLog(const QList<core::RefreshLogEntry> &entries);
    // A refresh that just finished in this session.
    void setRefreshResult(const RefreshResult &result);

    State state() const { return m_state; }

private:
    void update();

    State m_state = State::NeverRefreshed;
    QString m_pricesAsOf;
    QDateTime m_lastSuccess;
    QDateTime m_resultAt; // when this session's last refresh result arrived (UTC), null if none
    QString m_details;
};

// The newest provider data date of a catalog ("2026-07"), empty when none is recorded.
QString newestDataDate(const core::CatalogInfo &info);

} // namespace gpuplanner::ui
