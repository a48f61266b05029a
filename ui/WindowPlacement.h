#pragma once
// WindowPlacement: where the main window opens. It opens at its preferred size where the screen
// has room and never larger than the screen's free area; a geometry saved on a larger screen
// comes back moved and shrunk onto the screen it opens on, so no column or pane is off-screen.

#include <QRect>
#include <QSize>

namespace gpuplanner::ui {

// The preferred size, no larger than the available area less a small margin.
QSize initialWindowSize(const QSize &preferred, const QRect &available);

// frame moved, and shrunk where it must be, to lie inside available.
QRect fittedToScreen(const QRect &frame, const QRect &available);

} // namespace gpuplanner::ui
