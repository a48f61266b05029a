#pragma once
// CompletingDelegate: a text column edited in a line edit that completes from a list (the
// catalog's GPU model ids), matching anywhere and ignoring case. Anything may still be typed;
// the model validates it.

#include <QStringList>
#include <QStyledItemDelegate>

QT_BEGIN_NAMESPACE
class QAbstractItemModel;
class QCompleter;
class QStringListModel;
QT_END_NAMESPACE

namespace gpuplanner::ui {

// A completer for catalog ids ("h100" finds "H100-SXM5-80GB"): any case, matching anywhere.
QCompleter *newIdCompleter(QAbstractItemModel *ids, QObject *parent);
// The same for a comma-separated list ("A100-SXM4-40GB, h1" completes the last entry only).
QCompleter *newIdListCompleter(QAbstractItemModel *ids, QObject *parent);

class CompletingDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit CompletingDelegate(QObject *parent = nullptr);

    void setCompletions(const QStringList &completions);
    QStringList completions() const;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    QStringListModel *m_completions;
};

} // namespace gpuplanner::ui
