#pragma once
// FxRatesField: the scenario's own exchange rates (assumptions.fx) as an editable table with
// Add and Remove, and beneath it the catalog's stored rates, which apply to every currency
// the table does not list. Each change is one undoable edit of the whole array.

#include "core/catalog/FxRate.h"
#include "ui/scenario/JsonRowsField.h"

#include <QList>

class QLabel;

namespace gpuplanner::ui {

class FxRatesModel;

class FxRatesField : public JsonRowsField
{
    Q_OBJECT

public:
    FxRatesField(ScenarioDocument *doc, QWidget *parent);

    FxRatesModel *model() const { return m_model; }
    QLabel *catalogLabel() const { return m_catalog; }

    // The catalog's newest stored rates (CatalogSnapshot::fxRates), listed as the ones in use.
    void setCatalogRates(QList<core::FxRate> rates);

protected:
    QJsonObject newRow() const override;
    void rowsShown() override { updateCatalogLabel(); }

private:
    FxRatesField(ScenarioDocument *doc, FxRatesModel *model, QWidget *parent);
    void updateCatalogLabel();

    FxRatesModel *m_model;
    QLabel *m_catalog;
    QList<core::FxRate> m_catalogRates;
};

} // namespace gpuplanner::ui
