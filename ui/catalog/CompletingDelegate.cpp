#include "ui/catalog/CompletingDelegate.h"

#include <QCompleter>
#include <QLineEdit>
#include <QStringListModel>

namespace gpuplanner::ui {

QCompleter *newIdCompleter(QAbstractItemModel *ids, QObject *parent)
{
    auto *completer = new QCompleter(ids, parent);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    return completer;
}

namespace {

class ListCompleter : public QCompleter
{
public:
    using QCompleter::QCompleter;

    QStringList splitPath(const QString &path) const override { return {path.section(u',', -1).trimmed()}; }

    QString pathFromIndex(const QModelIndex &index) const override
    {
        const auto *edit = qobject_cast<const QLineEdit *>(widget());
        const QString text = edit ? edit->text() : QString();
        const qsizetype comma = text.lastIndexOf(u',');
        const QString head = comma >= 0 ? text.left(comma + 1) + u' ' : QString();
        return head + QCompleter::pathFromIndex(index);
    }
};

} // namespace

QCompleter *newIdListCompleter(QAbstractItemModel *ids, QObject *parent)
{
    auto *completer = new ListCompleter(ids, parent);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    return completer;
}

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
    if (auto *edit = qobject_cast<QLineEdit *>(editor))
        edit->setCompleter(newIdCompleter(m_completions, edit));
    return editor;
}

} // namespace gpuplanner::ui
