#include "ui/ApplicationShortcuts.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace gpuplanner::ui {

namespace {

bool isTextField(const QObject *o)
{
    return qobject_cast<const QLineEdit *>(o) || qobject_cast<const QAbstractSpinBox *>(o)
        || qobject_cast<const QPlainTextEdit *>(o) || qobject_cast<const QTextEdit *>(o);
}

// Keys a text field rightly keeps: what people edit text with.
bool isTextEditingKey(const QKeyEvent *key)
{
    for (const QKeySequence::StandardKey k :
         {QKeySequence::Undo, QKeySequence::Redo, QKeySequence::Copy, QKeySequence::Cut, QKeySequence::Paste,
          QKeySequence::SelectAll, QKeySequence::Delete, QKeySequence::DeleteStartOfWord, QKeySequence::DeleteEndOfWord,
          QKeySequence::MoveToNextWord, QKeySequence::MoveToPreviousWord, QKeySequence::SelectNextWord,
          QKeySequence::SelectPreviousWord}) {
        if (key->matches(k))
            return true;
    }
    return false;
}

class ShortcutFilter : public QObject
{
public:
    explicit ShortcutFilter(QWidget *window) : QObject(window), m_window(window) {}

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::ShortcutOverride || !isTextField(watched))
            return false;
        auto *widget = static_cast<QWidget *>(watched);
        auto *key = static_cast<QKeyEvent *>(event);
        if (widget->window() != m_window || !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
            || isTextEditingKey(key))
            return false;
        const QKeySequence pressed(key->keyCombination());
        for (const QAction *action : m_window->findChildren<QAction *>()) {
            if (!action->isEnabled())
                continue;
            for (const QKeySequence &s : action->shortcuts()) {
                if (s == pressed) {
                    event->ignore(); // the field does not take it: the window's shortcut runs
                    return true;
                }
            }
        }
        return false;
    }

private:
    QWidget *m_window;
};

} // namespace

void keepApplicationShortcuts(QWidget *window)
{
    qApp->installEventFilter(new ShortcutFilter(window));
}

} // namespace gpuplanner::ui
