#include "ui/catalog/ChoiceDelegate.h"

#include <QComboBox>

namespace gpuplanner::ui {

ChoiceDelegate::ChoiceDelegate(Choices choices, QObject *parent)
    : QStyledItemDelegate(parent), m_choices(std::move(choices))
{
}

QString ChoiceDelegate::displayText(const QVariant &value, const QLocale &locale) const
{
    const QString id = value.toString();
    for (const auto &[key, words] : m_choices) {
        if (key == id)
            return words;
    }
    return QStyledItemDelegate::displayText(value, locale);
}

QWidget *ChoiceDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const
{
    auto *combo = new QComboBox(parent);
    for (const auto &[id, words] : m_choices)
        combo->addItem(words, id);
    return combo;
}

void ChoiceDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *combo = static_cast<QComboBox *>(editor);
    const QString id = index.data(Qt::EditRole).toString();
    int at = combo->findData(id);
    if (at < 0) {
        combo->addItem(id, id); // as typed, so closing the editor changes nothing
        at = combo->count() - 1;
    }
    combo->setCurrentIndex(at);
}

void ChoiceDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    const auto *combo = static_cast<QComboBox *>(editor);
    model->setData(index, combo->currentData(), Qt::EditRole);
}

} // namespace gpuplanner::ui
