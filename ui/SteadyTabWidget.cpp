#include "ui/SteadyTabWidget.h"

#include <QEvent>
#include <QTabBar>

namespace gpuplanner::ui {

SteadyTabWidget::Shape SteadyTabWidget::shape() const
{
    const auto hintOf = [](const QWidget *w) { return w && w->isVisibleTo(w->parentWidget()) ? w->sizeHint() : QSize(); };
    return Shape{tabBar()->sizeHint(), hintOf(cornerWidget(Qt::TopLeftCorner)), hintOf(cornerWidget(Qt::TopRightCorner)),
                 sizeHint(), minimumSizeHint(), count()};
}

bool SteadyTabWidget::event(QEvent *event)
{
    if (event->type() == QEvent::LayoutRequest && isVisible()) {
        const Shape now = shape();
        if (now == m_laidOut)
            return true;
        m_laidOut = now;
    }
    return QTabWidget::event(event);
}

void SteadyTabWidget::showEvent(QShowEvent *event)
{
    QTabWidget::showEvent(event); // lays the tabs out for what they hold now
    m_laidOut = shape();
}

} // namespace gpuplanner::ui
