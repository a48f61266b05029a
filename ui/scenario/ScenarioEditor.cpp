#include "ui/scenario/ScenarioEditor.h"

#include "ui/ThemeColors.h"
#include "ui/scenario/ConstraintsEditor.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/scenario/WorkloadEditor.h"

#include <QLabel>
#include <QScrollArea>
#include <QTabWidget>
#include <QVBoxLayout>

namespace gpuplanner::ui {

namespace {

QScrollArea *scrolled(QWidget *form, QWidget *parent)
{
    auto *area = new QScrollArea(parent);
    area->setWidget(form);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return area;
}

} // namespace

ScenarioEditor::ScenarioEditor(ScenarioDocument *doc, QWidget *parent)
    : QWidget(parent), m_doc(doc), m_banner(new QLabel(this)), m_tabs(new QTabWidget(this)),
      m_workload(new WorkloadEditor(doc)), m_constraints(new ConstraintsEditor(doc)),
      m_assumptions(new AssumptionsEditor(doc))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_banner->setWordWrap(true);
    m_banner->setMargin(6);
    m_banner->setAutoFillBackground(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    // Below the forms and of one height whatever it says: a problem appearing, changing or going
    // while a person types never moves the field under the next click.
    m_banner->setFixedHeight(4 * m_banner->fontMetrics().lineSpacing() + 2 * m_banner->margin() + 4);
    layout->addWidget(m_tabs);
    layout->addWidget(m_banner);
    m_tabs->addTab(scrolled(m_workload, m_tabs), tr("&Workload"));
    m_tabs->addTab(scrolled(m_constraints, m_tabs), tr("C&onstraints"));
    m_tabs->addTab(scrolled(m_assumptions, m_tabs), tr("&Assumptions"));
    m_tabs->setToolTip(tr("Every edit re-plans at once; Ctrl+Z undoes it."));
    connect(doc, &ScenarioDocument::changed, this, &ScenarioEditor::updateBanner);
    updateBanner();
}

void ScenarioEditor::setPlanError(const QString &error)
{
    m_planError = error;
    updateBanner();
}

void ScenarioEditor::updateBanner()
{
    // A problem in the file comes first: planning only ever sees valid scenarios.
    const bool fileProblem = !m_doc->error().isEmpty();
    const QString error = m_doc->errorInWords(fileProblem ? m_doc->error() : m_planError);
    m_banner->setVisible(!error.isEmpty());
    if (error.isEmpty())
        return;
    QPalette p = m_banner->palette();
    p.setColor(QPalette::Window, problemBannerWindowColor(palette()));
    p.setColor(QPalette::WindowText, problemBannerTextColor(palette()));
    m_banner->setPalette(p);
    m_banner->setText(fileProblem ? tr("%1\nThe comparison shows the last valid scenario until this is fixed.").arg(error)
                                  : tr("%1\nNothing can be planned until this is fixed.").arg(error));
    m_banner->setToolTip(m_banner->text()); // the whole text, should it be longer than the banner
}

} // namespace gpuplanner::ui
