#pragma once
// ChoiceDelegate: a table column whose cells hold ids ("on_demand") but read as words
// ("On-demand") and are edited with a combo box of the allowed choices. A value that is not
// one of them (typed or imported) is shown as it is and offered in the combo box, so nothing
// typed is lost; the model keeps validating it.

#include <QList>
#include <QStyledItemDelegate>

#include <utility>

namespace gpuplanner::ui {

class ChoiceDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using Choices = QList<std::pair<QString, QString>>; // (id, words)

    explicit ChoiceDelegate(Choices choices, QObject *parent = nullptr);

    QString displayText(const QVariant &value, const QLocale &locale) const override;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;

private:
    Choices m_choices;
};

} // namespace gpuplanner::ui
