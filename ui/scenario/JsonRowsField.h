#pragma once
// JsonRowsField: a JsonRowsModel as an editable table with Add and Remove buttons (Insert and
// Delete in the table). Each change is one undoable edit of the whole array; an empty table
// removes the key. A problem names its row and column, whether the table or the loader found it.

#include "ui/scenario/FieldBindings.h"

#include <QJsonArray>
#include <QJsonObject>

class QPushButton;
class QTableView;
class QVBoxLayout;

namespace gpuplanner::ui {

class JsonRowsModel;

class JsonRowsField : public Field
{
    Q_OBJECT

public:
    struct Texts
    {
        QString tableName;    // accessible name of the table
        QString addButton;    // with its mnemonic: "Add currenc&y"
        QString addAction;    // "Add currency"
        QString addTip;
        QString removeButton;
        QString removeAction;
        QString removeTip;
    };

    JsonRowsField(ScenarioDocument *doc, const QString &path, JsonRowsModel *model, const Texts &texts,
                  int visibleRows, QWidget *parent);

    QTableView *view() const { return m_view; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }

    // Adds newRow() and starts editing its first column (Insert in the table).
    void addRow();
    // Removes the rows of the selected cells as one undo step (Delete in the table).
    void removeSelectedRows();

protected:
    virtual QJsonObject newRow() const = 0;
    // Called after the document's value is shown (for text that depends on the rows).
    virtual void rowsShown() {}
    // The column under the table, for what a subclass shows beneath it.
    QVBoxLayout *belowTable() const { return m_column; }

    void showValue(const QJsonValue &value) override;
    void showInvalid(bool invalid) override;

private:
    // The loader's error when it is about these rows, else the table's own first problem.
    QString problemText(bool loaderError) const;
    void write(const QJsonArray &rows);
    void updateButtons();

    JsonRowsModel *m_rows;
    QTableView *m_view;
    QPushButton *m_add;
    QPushButton *m_remove;
    QVBoxLayout *m_column;
};

} // namespace gpuplanner::ui
