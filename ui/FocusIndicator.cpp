#include "ui/FocusIndicator.h"

#include <QAbstractScrollArea>
#include <QEvent>

namespace gpuplanner::ui {

namespace {

class FocusFrameFilter : public QObject
{
public:
    explicit FocusFrameFilter(QAbstractScrollArea *area) : QObject(area), m_area(area) { apply(); }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_area && (event->type() == QEvent::FocusIn || event->type() == QEvent::FocusOut
                                  || event->type() == QEvent::PaletteChange))
            apply();
        return QObject::eventFilter(watched, event);
    }

private:
    void apply()
    {
        if (m_applying)
            return; // setting a style sheet sends a palette change of its own
        m_applying = true;
        const QPalette p = m_area->palette();
        const QColor colour = m_area->hasFocus() ? p.color(QPalette::Highlight) : p.color(QPalette::Window);
        m_area->setStyleSheet(QStringLiteral("%1 { border: 2px solid %2; }")
                                  .arg(QString::fromLatin1(m_area->metaObject()->className()).section(u':', -1),
                                       colour.name()));
        m_applying = false;
    }

    QAbstractScrollArea *m_area;
    bool m_applying = false;
};

} // namespace

void showFocusFrame(QAbstractScrollArea *area)
{
    area->installEventFilter(new FocusFrameFilter(area));
}

} // namespace gpuplanner::ui
