#pragma once
// ColumnFitter: keeps a table's columns as wide as what they show. fit() sizes every column to
// its visible contents, except the ones the user has resized by dragging a header handle, which
// keep the width the user chose.

#include <QObject>

#include <map>
#include <set>

QT_BEGIN_NAMESPACE
class QTableView;
QT_END_NAMESPACE

namespace gpuplanner::ui {

class ColumnFitter : public QObject
{
    Q_OBJECT
public:
    explicit ColumnFitter(QTableView *view);

    void fit();
    // A column that fits its contents up to this many average characters, and elides beyond
    // (its cells' tooltips carry the whole text): one long name must not push the costs off a
    // laptop's screen.
    void setMaximumCharacters(int column, int characters) { m_maxCharacters[column] = characters; }
    // Forgets the widths the user dragged (a new document starts from a clean view).
    void forgetUserWidths() { m_userSized.clear(); }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onSectionResized(int logicalIndex);

    QTableView *m_view;
    std::set<int> m_userSized;
    std::map<int, int> m_maxCharacters;
    bool m_dragging = false;
    bool m_fitting = false;
};

} // namespace gpuplanner::ui
