#pragma once
// ApplicationShortcuts: the window's own shortcuts (Ctrl+E Export report, Ctrl+P Print, ...) work
// while the keyboard is in a text field. A line edit claims some Ctrl keys for itself (Ctrl+E
// moves to the end of the line): for a key that is one of the window's actions and not a text
// editing key (undo, copy, select all, ...), the field's claim is declined and the action runs.

class QWidget;

namespace gpuplanner::ui {

// Installs the filter for `window` (it lives as long as the window).
void keepApplicationShortcuts(QWidget *window);

} // namespace gpuplanner::ui
