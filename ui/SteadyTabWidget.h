#pragma once
// SteadyTabWidget: a QTabWidget that lays itself out again only when what it lays out changed.
// QTabWidget answers every layout request from a page (a label's new text deep inside one) by
// repainting the whole widget and passing the request up to the window; as the main window's
// central widget that is a full-window repaint, and a main-window relayout, after every plan.
// Here a request that changes neither the tab bar's, the corner widgets' nor the pages' size
// hints is answered at once: the page that asked has already laid itself out.

#include <QSize>
#include <QTabWidget>

namespace gpuplanner::ui {

class SteadyTabWidget : public QTabWidget
{
    Q_OBJECT
public:
    using QTabWidget::QTabWidget;

protected:
    bool event(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    struct Shape
    {
        QSize bar, left, right, hint, minimum;
        int count = -1;
        bool operator==(const Shape &) const = default;
    };
    Shape shape() const;

    Shape m_laidOut;
};

} // namespace gpuplanner::ui
