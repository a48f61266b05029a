#include "ui/scenario/JsonRowsField.h"

#include "ui/scenario/JsonPath.h"
#include "ui/scenario/JsonRowsModel.h"
#include "ui/scenario/ScenarioDocument.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QVBoxLayout>

namespace gpuplanner::ui {

JsonRowsField::JsonRowsField(ScenarioDocument *doc, const QString &path, JsonRowsModel *model, const Texts &texts,
                             int visibleRows, QWidget *parent)
    : Field(doc, path, parent), m_rows(model), m_view(new QTableView(this)),
      m_add(new QPushButton(texts.addButton, this)), m_remove(new QPushButton(texts.removeButton, this)),
      m_column(nullptr)
{
    m_rows->setParent(this);
    m_view->setModel(m_rows);
    m_view->setAccessibleName(texts.tableName);
    m_view->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                            | QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    // Room for a few rows; the form around it scrolls, so the table should not grow.
    m_view->setFixedHeight(m_view->horizontalHeader()->sizeHint().height()
                           + visibleRows * m_view->verticalHeader()->defaultSectionSize() + 2 * m_view->frameWidth());
    m_view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);

    auto *insert = new QAction(texts.addAction, m_view);
    insert->setShortcut(QKeySequence(Qt::Key_Insert));
    insert->setShortcutContext(Qt::WidgetShortcut);
    m_view->addAction(insert);
    auto *remove = new QAction(texts.removeAction, m_view);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    m_view->addAction(remove);
    m_add->setToolTip(texts.addTip);
    m_remove->setToolTip(texts.removeTip);

    auto *editor = new QWidget(this);
    m_column = new QVBoxLayout(editor);
    m_column->setContentsMargins(0, 0, 0, 0);
    m_column->addWidget(m_view);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch();
    m_column->addLayout(buttons);
    setEditor(editor);
    setFocusProxy(m_view);
    // A problem names its row and column and can be long: wrap it (the assumptions form hides
    // no rows, so a height-for-width field is safe there).
    m_error->setWordWrap(true);
    m_error->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);

    connect(m_rows, &JsonRowsModel::edited, this, &JsonRowsField::write);
    connect(m_add, &QPushButton::clicked, this, &JsonRowsField::addRow);
    connect(insert, &QAction::triggered, this, &JsonRowsField::addRow);
    connect(m_remove, &QPushButton::clicked, this, &JsonRowsField::removeSelectedRows);
    connect(remove, &QAction::triggered, this, &JsonRowsField::removeSelectedRows);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &JsonRowsField::updateButtons);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &JsonRowsField::updateButtons);
}

void JsonRowsField::addRow()
{
    const int row = m_rows->appendRow(newRow());
    const QModelIndex first = m_rows->index(row, 0);
    m_view->setFocus();
    m_view->setCurrentIndex(first);
    m_view->edit(first);
}

void JsonRowsField::removeSelectedRows()
{
    QList<int> rows;
    for (const QModelIndex &index : m_view->selectionModel()->selectedIndexes())
        rows.append(index.row());
    if (rows.isEmpty() && m_view->currentIndex().isValid())
        rows.append(m_view->currentIndex().row());
    m_rows->removeRowList(rows);
}

void JsonRowsField::write(const QJsonArray &rows)
{
    // No rows is no entry at all: keep the key out of the file.
    m_doc->setValue(m_path, rows.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(rows));
}

void JsonRowsField::showValue(const QJsonValue &value)
{
    m_rows->setRows(value.toArray()); // its own edit echoed back changes nothing, so an open editor stays
    updateButtons();
    rowsShown();
}

void JsonRowsField::showInvalid(bool invalid)
{
    const QString problem = problemText(invalid);
    showErrorText(problem);
    m_view->setAccessibleDescription(problem);
}

QString JsonRowsField::problemText(bool loaderError) const
{
    if (!loaderError)
        return m_rows->firstProblem();
    const QRegularExpression rowPath(QStringLiteral("^%1\\[(\\d+)\\](?:\\.(\\w+))?$").arg(QRegularExpression::escape(m_path)));
    const QRegularExpressionMatch m = rowPath.match(m_doc->errorPath());
    const QString reason = errorReasonOf(m_doc->error());
    const int row = m.hasMatch() ? m.captured(1).toInt() : -1;
    if (row < 0 || row >= m_rows->rowCount())
        return reason; // about the array itself ("is not an array")
    const QString key = m.captured(2);
    int column = m_rows->columnOfKey(key);
    for (int c = 0; key.isEmpty() && c < m_rows->columnCount() && column < 0; ++c) {
        if (!m_rows->cellProblem(row, c).isEmpty())
            column = c; // "needs currency, per_usd and source": point at the cell that lacks it
    }
    if (column < 0)
        return tr("%1: %2").arg(m_rows->cellName(row, -1), key.isEmpty() ? reason : key + QStringLiteral(": ") + reason);
    const QString own = m_rows->cellProblem(row, column);
    return tr("%1: %2").arg(m_rows->cellName(row, column), own.isEmpty() ? reason : own);
}

void JsonRowsField::updateButtons()
{
    m_remove->setEnabled(m_rows->rowCount() > 0 && m_view->currentIndex().isValid());
}

} // namespace gpuplanner::ui
