#pragma once
// PlanSinceBanner: "since this plan was made" for a saved scenario that recorded what it was
// priced on (core::PlanRecord, the file's "priced_on"). When such a file is opened, the first
// plan on today's catalog is held against the record; if anything moved (prices, withdrawn
// offers, the recommendation, the totals, exchange rates, calibrations) the Plan tab shows the
// lines, each with its source and date, and two choices: keep the recorded plan (the file keeps
// its record until the scenario is edited) or use today's prices (the record is replaced, an
// undoable edit). Saving writes a fresh record for every plan that is not a kept one.

#include "core/plan/PlanRecord.h"
#include "ui/compare/PlanRunner.h"

#include <QFrame>

#include <optional>

class QLabel;
class QPushButton;

namespace gpuplanner::ui {

class ScenarioDocument;

// A finished plan as the record reads it (core::PlanFacts), from the desktop's snapshot.
core::PlanFacts snapshotFacts(const PlanSnapshot &snapshot);

// The record of a finished plan as the desktop saves it; nothing while it is re-planning or the
// plan failed.
std::optional<core::PlanRecord> recordOfSnapshot(const PlanSnapshot &snapshot);

class PlanSinceBanner : public QFrame
{
    Q_OBJECT

public:
    PlanSinceBanner(ScenarioDocument *doc, PlanRunner *runner, QWidget *parent = nullptr);

    const std::optional<core::PlanSince> &since() const { return m_since; }
    QPushButton *keepButton() const { return m_keep; }
    QPushButton *replanButton() const { return m_replan; }
    QLabel *text() const { return m_text; }

private:
    void documentReplaced();
    void planFinished(const PlanSnapshotPtr &snapshot);
    std::optional<QJsonObject> recordToSave() const;

    ScenarioDocument *m_doc;
    PlanRunner *m_runner;
    QLabel *m_text;
    QPushButton *m_keep;
    QPushButton *m_replan;
    std::optional<core::PlanRecord> m_then; // the opened file's record, until compared
    std::optional<core::PlanSince> m_since;
    quint64 m_openedAtGeneration = 0;
    int m_openedAtUndoIndex = -1; // the record is kept while the document is as opened
    bool m_keepRecord = false;
};

} // namespace gpuplanner::ui
