#pragma once
// CommitmentsField: the commitment terms a provider offered the user (assumptions.commitments)
// as an editable table, one undoable edit per change. The catalog's own reserved, savings-plan
// and capacity-block prices need no row here; a row is a negotiated term for one provider.

#include "ui/scenario/JsonRowsField.h"

#include <QStringList>

class QLabel;

namespace gpuplanner::ui {

class CommitmentsModel;
class CompletingDelegate;

class CommitmentsField : public JsonRowsField
{
    Q_OBJECT

public:
    CommitmentsField(ScenarioDocument *doc, QWidget *parent);

    CommitmentsModel *model() const { return m_model; }
    QLabel *noteLabel() const { return m_note; }

    // The catalog's provider ids: completed in the Provider column, and the only ones accepted.
    void setProviders(const QStringList &providers);

protected:
    QJsonObject newRow() const override;

private:
    CommitmentsField(ScenarioDocument *doc, CommitmentsModel *model, QWidget *parent);

    CommitmentsModel *m_model;
    CompletingDelegate *m_providers;
    QLabel *m_note;
};

} // namespace gpuplanner::ui
