#pragma once
// FocusIndicator: a visible focus cue for the scroll areas the style draws none for (Qt's
// Fusion style marks a focused line edit, button or table, but not a chart view or a text
// browser): a two-pixel frame in the palette's highlight colour while the widget has the
// focus, in the window's own colour otherwise (unseen), so nothing moves when the focus comes and
// goes.

class QAbstractScrollArea;

namespace gpuplanner::ui {

void showFocusFrame(QAbstractScrollArea *area);

} // namespace gpuplanner::ui
