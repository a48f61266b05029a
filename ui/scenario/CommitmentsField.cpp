#include "ui/scenario/CommitmentsField.h"

#include "ui/catalog/CompletingDelegate.h"
#include "ui/scenario/CommitmentsModel.h"

#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace gpuplanner::ui {

namespace {

JsonRowsField::Texts commitmentTexts()
{
    return {CommitmentsField::tr("Negotiated commitment terms"),
            CommitmentsField::tr("A&dd term"),
            CommitmentsField::tr("Add term"),
            CommitmentsField::tr("Add a term one provider offered you (Insert in the table)."),
            CommitmentsField::tr("Remo&ve term"),
            CommitmentsField::tr("Remove term"),
            CommitmentsField::tr("Remove the rows of the selected cells (Delete in the table).")};
}

} // namespace

CommitmentsField::CommitmentsField(ScenarioDocument *doc, QWidget *parent)
    : CommitmentsField(doc, new CommitmentsModel, parent)
{
}

CommitmentsField::CommitmentsField(ScenarioDocument *doc, CommitmentsModel *model, QWidget *parent)
    : JsonRowsField(doc, QStringLiteral("assumptions.commitments"), model, commitmentTexts(), 3, parent),
      m_model(model), m_providers(new CompletingDelegate(this)), m_note(new QLabel(this))
{
    view()->setItemDelegateForColumn(CommitmentsModel::Provider, m_providers);
    m_note->setWordWrap(true);
    m_note->setForegroundRole(QPalette::PlaceholderText); // information, not an input
    m_note->setText(tr("The catalog's reserved, savings-plan and capacity-block prices are compared without a row "
                       "here. Add a row only for a term a provider offered you beyond its price list; no term ever "
                       "applies to a provider it does not name."));
    belowTable()->addWidget(m_note);
    refresh();
}

void CommitmentsField::setProviders(const QStringList &providers)
{
    m_providers->setCompletions(providers);
    m_model->setProviders(providers);
}

QJsonObject CommitmentsField::newRow() const
{
    // The source is left for the user: a term without one is named as incomplete.
    return QJsonObject{{QStringLiteral("term_months"), 12}, {QStringLiteral("upfront"), QStringLiteral("none")}};
}

} // namespace gpuplanner::ui
