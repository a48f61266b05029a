#pragma once
// FxRatesField: the scenario's own exchange rates (assumptions.fx) as an editable table with
// Add and Remove, and beneath it the catalog's stored rates, which apply to every currency
// the table does not list. Each change is one undoable edit of the whole array.

#include "core/catalog/FxRate.h"
#include "ui/scenario/FieldBindings.h"

#include <QJsonArray>
#include <QList>

class QPushButton;
class QTableView;

namespace gpuplanner::ui {

class FxRatesModel;

class FxRatesField : public Field
{
    Q_OBJECT

public:
    FxRatesField(ScenarioDocument *doc, QWidget *parent);

    QTableView *view() const { return m_view; }
    FxRatesModel *model() const { return m_model; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }
    QLabel *catalogLabel() const { return m_catalog; }

    // The catalog's newest stored rates (CatalogSnapshot::fxRates), listed as the ones in use.
    void setCatalogRates(QList<core::FxRate> rates);

    // Adds a row dated today and starts editing its currency (Insert in the table).
    void addRate();
    // Removes the rows of the selected cells as one undo step (Delete in the table).
    void removeSelectedRates();

protected:
    void showValue(const QJsonValue &value) override;
    void showInvalid(bool invalid) override;

private:
    // The loader's error when it is about these rates, else the table's own first problem;
    // either way it names the row and column.
    QString problemText(bool loaderError) const;
    void write(const QJsonArray &rates);
    void updateCatalogLabel();
    void updateButtons();

    FxRatesModel *m_model;
    QTableView *m_view;
    QPushButton *m_add;
    QPushButton *m_remove;
    QLabel *m_catalog;
    QList<core::FxRate> m_catalogRates;
};

} // namespace gpuplanner::ui
