#include "ui/compare/ColumnFitter.h"

#include <QEvent>
#include <QHeaderView>
#include <QTableView>

namespace gpuplanner::ui {

ColumnFitter::ColumnFitter(QTableView *view) : QObject(view), m_view(view)
{
    QHeaderView *header = view->horizontalHeader();
    // Size from the rows on screen: those are the ones a reader compares, and it stays fast
    // with thousands of options.
    header->setResizeContentsPrecision(0);
    header->viewport()->installEventFilter(this);
    connect(header, &QHeaderView::sectionResized, this, [this](int logicalIndex) { onSectionResized(logicalIndex); });
}

void ColumnFitter::fit()
{
    QHeaderView *header = m_view->horizontalHeader();
    const int last = header->logicalIndex(header->count() - 1);
    m_fitting = true;
    for (int column = 0; column < header->count(); ++column) {
        if (header->isSectionHidden(column) || m_userSized.count(column) != 0)
            continue;
        if (column == last && header->stretchLastSection())
            continue;
        m_view->resizeColumnToContents(column);
        if (const auto cap = m_maxCharacters.find(column); cap != m_maxCharacters.end()) {
            const int widest = m_view->fontMetrics().averageCharWidth() * cap->second;
            if (header->sectionSize(column) > widest)
                header->resizeSection(column, widest);
        }
    }
    m_fitting = false;
}

bool ColumnFitter::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseButtonPress)
        m_dragging = true;
    else if (event->type() == QEvent::MouseButtonRelease)
        m_dragging = false;
    return QObject::eventFilter(watched, event);
}

void ColumnFitter::onSectionResized(int logicalIndex)
{
    // Only a drag on the header is the user's choice; window resizes stretch the last section.
    if (m_dragging && !m_fitting)
        m_userSized.insert(logicalIndex);
}

} // namespace gpuplanner::ui
