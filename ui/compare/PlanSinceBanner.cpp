#include "ui/compare/PlanSinceBanner.h"

#include "ui/scenario/ScenarioDocument.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace gpuplanner::ui {

namespace {

constexpr int kLinesShown = 8; // the rest are summed up in one line

} // namespace

core::PlanFacts snapshotFacts(const PlanSnapshot &s)
{
    QStringList calibrations;
    for (auto it = s.calibrations.cbegin(); it != s.calibrations.cend(); ++it) {
        if (it.value().applies)
            calibrations << QStringLiteral("%1: calibration %2").arg(it.key()).arg(it.value().calibrationId);
    }
    calibrations.sort(); // the planner lists them in the catalog's GPU order; the hash has none
    return {s.offers, s.result, s.request, s.totals, calibrations};
}

std::optional<core::PlanRecord> recordOfSnapshot(const PlanSnapshot &snapshot)
{
    if (!snapshot.error.isEmpty() || snapshot.result.cancelled)
        return std::nullopt;
    return core::recordPlan(snapshotFacts(snapshot));
}

PlanSinceBanner::PlanSinceBanner(ScenarioDocument *doc, PlanRunner *runner, QWidget *parent)
    : QFrame(parent), m_doc(doc), m_runner(runner), m_text(new QLabel(this)),
      m_keep(new QPushButton(tr("Keep the recorded plan"), this)), m_replan(new QPushButton(tr("Use today's prices"), this))
{
    setObjectName(QStringLiteral("planSinceBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_keep->setToolTip(tr("The file keeps the record of the plan as it was made until you edit the scenario."));
    m_replan->setToolTip(tr("Replace the record with this plan on today's catalog (Undo takes it back)."));
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_keep);
    buttons->addWidget(m_replan);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(m_text);
    layout->addLayout(buttons);
    hide();

    connect(m_doc, &ScenarioDocument::replaced, this, &PlanSinceBanner::documentReplaced);
    // Once the scenario is edited, "nothing has changed" is no longer true of it: that banner goes.
    connect(m_doc->undoStack(), &QUndoStack::indexChanged, this, [this](int index) {
        if (isVisible() && m_since && m_since->unchanged() && index != m_openedAtUndoIndex)
            hide();
    });
    connect(m_runner, &PlanRunner::finished, this, &PlanSinceBanner::planFinished);
    connect(m_keep, &QPushButton::clicked, this, [this] {
        m_keepRecord = true;
        hide();
    });
    connect(m_replan, &QPushButton::clicked, this, [this] {
        hide();
        m_keepRecord = false;
        if (const PlanSnapshotPtr &latest = m_runner->latest()) {
            if (auto record = recordOfSnapshot(*latest))
                m_doc->setValue(QStringLiteral("priced_on"), core::planRecordToJson(*record));
        }
    });
    m_doc->setRecordSource([this] { return recordToSave(); });
    documentReplaced();
}

void PlanSinceBanner::documentReplaced()
{
    hide();
    m_since.reset();
    m_then.reset();
    m_keepRecord = false;
    const QJsonValue recorded = m_doc->json().value(QStringLiteral("priced_on"));
    if (!recorded.isObject())
        return;
    auto record = core::planRecordFromJson(recorded.toObject());
    if (!record) {
        m_text->setText(tr("<b>The plan's record could not be read:</b> %1. It is replaced when you save.")
                            .arg(record.errorMessage().toHtmlEscaped()));
        m_keep->hide();
        m_replan->hide();
        show();
        return;
    }
    m_then = std::move(record).value();
    // Until the scenario is edited, saving keeps the record as it was made.
    m_keepRecord = true;
    m_openedAtUndoIndex = m_doc->undoStack()->index();
    const PlanSnapshotPtr &latest = m_runner->latest();
    m_openedAtGeneration = latest ? latest->generation : 0;
}

void PlanSinceBanner::planFinished(const PlanSnapshotPtr &snapshot)
{
    if (!m_then || !snapshot || snapshot->generation <= m_openedAtGeneration || !snapshot->error.isEmpty()
        || snapshot->result.cancelled)
        return;
    m_since = core::comparePlan(*m_then, snapshotFacts(*snapshot));
    m_then.reset(); // compared once, against the first plan of the file as opened
    const QString when = m_since->then.plannedAt.toString(QStringLiteral("yyyy-MM-dd"));
    if (m_since->unchanged()) {
        m_text->setText(tr("Nothing has changed since this plan was made on %1 (%2).")
                            .arg(when, m_since->then.identity().toHtmlEscaped()));
        m_keep->hide();
        m_replan->hide();
        show();
        return;
    }
    QStringList lines;
    QStringList all;
    for (qsizetype i = 0; i < m_since->changes.size(); ++i) {
        all << m_since->changes.at(i).text;
        if (i < kLinesShown)
            lines << m_since->changes.at(i).text.toHtmlEscaped();
    }
    if (m_since->changes.size() > kLinesShown)
        lines << tr("… and %n more change(s) (hover for the full list).", nullptr, int(m_since->changes.size() - kLinesShown));
    // The full list on demand, without the banner taking the window.
    m_text->setToolTip(all.join(u'\n'));
    m_text->setText(tr("<b>Since this plan was made on %1</b> (%2):<br>%3")
                        .arg(when, m_since->then.identity().toHtmlEscaped(), lines.join(QStringLiteral("<br>"))));
    m_keep->show();
    m_replan->show();
    show();
}

std::optional<QJsonObject> PlanSinceBanner::recordToSave() const
{
    if (m_keepRecord && m_doc->undoStack()->index() == m_openedAtUndoIndex && m_doc->json().contains(QStringLiteral("priced_on")))
        return std::nullopt; // the plan as it was made
    const PlanSnapshotPtr &latest = m_runner->latest();
    if (!latest || m_runner->isBusy())
        return std::nullopt;
    if (auto record = recordOfSnapshot(*latest))
        return core::planRecordToJson(*record);
    return std::nullopt;
}

} // namespace gpuplanner::ui
