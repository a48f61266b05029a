#include "ui/WindowPlacement.h"

#include <algorithm>

namespace gpuplanner::ui {

namespace {
// Room left around a window that opens on a small screen: its edges stay visible and grabbable.
constexpr int kMargin = 16;
} // namespace

QSize initialWindowSize(const QSize &preferred, const QRect &available)
{
    if (available.isEmpty())
        return preferred;
    const QSize room(std::max(1, available.width() - 2 * kMargin), std::max(1, available.height() - 2 * kMargin));
    return preferred.boundedTo(room);
}

QRect fittedToScreen(const QRect &frame, const QRect &available)
{
    if (available.isEmpty())
        return frame;
    QRect r(frame.topLeft(), frame.size().boundedTo(available.size()));
    r.moveLeft(std::clamp(r.left(), available.left(), available.right() - r.width() + 1));
    r.moveTop(std::clamp(r.top(), available.top(), available.bottom() - r.height() + 1));
    return r;
}

} // namespace gpuplanner::ui
