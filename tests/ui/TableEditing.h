#pragma once
// Typing into table cells with real input events, as a person does: shared by the tests of
// the scenario's editable tables (exchange rates, commitment terms).

#include <QApplication>
#include <QLineEdit>
#include <QTableView>
#include <QTest>

#include <gtest/gtest.h>

namespace gpuplanner::tests {

// The cell editor the view opened (it takes the focus).
inline QLineEdit *cellEditor()
{
    return qobject_cast<QLineEdit *>(QApplication::focusWidget());
}

// Types text into the open cell editor and ends with key (Tab: on to the next cell; Return: done).
inline void typeInCell(const QString &text, Qt::Key key)
{
    QLineEdit *editor = cellEditor();
    ASSERT_TRUE(editor) << "no cell editor has the focus";
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    if (text.isEmpty())
        QTest::keyClick(editor, Qt::Key_Delete); // clears the cell, as a person would
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, key);
    QCoreApplication::processEvents(); // the delegate commits on Return from a queued call
}

// Clicks a cell and types text into it: clicking the current cell opens its editor once the
// double-click interval has passed; any other cell is opened with F2.
inline void retypeCell(QTableView *view, int row, int column, const QString &text)
{
    const QModelIndex index = view->model()->index(row, column);
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
    if (!QTest::qWaitFor([] { return cellEditor() != nullptr; }, QApplication::doubleClickInterval() + 100))
        QTest::keyClick(view, Qt::Key_F2);
    typeInCell(text, Qt::Key_Return);
}

} // namespace gpuplanner::tests
