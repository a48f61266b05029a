#include "ui/catalog/CompletingDelegate.h"

#include <QCompleter>
#include <QLineEdit>
#include <QStringListModel>

namespace gpuplanner::ui {

CompletingDelegate::CompletingDelegate(QObject *parent)
    : QStyledItemDelegate(parent), m_completions(new QStringListModel(this))
{
}

void CompletingDelegate::setCompletions(const QStringList &completions)
{
    m_completions->setStringList(completions);
}

QStringList CompletingDelegate::completions() const
{
    return m_completions->stringList();
}

QWidget *CompletingDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                          const QModelIndex &index) const
{
    QWidget *editor = QStyledItemDelegate::createEditor(parent, option, index);
    if (auto *edit = qobject_cast<QLineEdit *>(editor)) {
        auto *completer = new QCompleter(m_completions, edit);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        edit->setCompleter(completer);
    }
    return editor;
}

} // namespace gpuplanner::ui
