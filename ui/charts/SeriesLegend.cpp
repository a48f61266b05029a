#include "ui/charts/SeriesLegend.h"

#include "ui/charts/ChartStyle.h"

#include <QEvent>

namespace gpuplanner::ui {

SeriesLegend::SeriesLegend(QWidget *parent) : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setAlignment(Qt::AlignCenter);
}

void SeriesLegend::setEntries(const QStringList &names, const QList<QColor> &colors, const QString &dashedLine)
{
    m_names = names;
    m_colors = colors;
    m_dashed = dashedLine;
    render();
}

void SeriesLegend::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        render();
    QLabel::changeEvent(event);
}

void SeriesLegend::render()
{
    const QPalette p = palette();
    QStringList entries;
    // Non-breaking spaces keep each swatch on the line of its name.
    for (int i = 0; i < m_names.size(); ++i)
        entries << QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
                       .arg(m_colors.value(i, charts::seriesColor(i, p)).name(), m_names.at(i).toHtmlEscaped());
    if (!m_dashed.isEmpty())
        entries << QStringLiteral("<span style=\"color:%1\">- -</span>&nbsp;%2")
                       .arg(p.color(QPalette::Text).name(), m_dashed.toHtmlEscaped());
    setText(entries.join(QStringLiteral(" &nbsp;&nbsp; ")));
}

} // namespace gpuplanner::ui
