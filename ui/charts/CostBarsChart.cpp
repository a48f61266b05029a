#include "ui/charts/CostBarsChart.h"

#include "ui/charts/ChartStyle.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QCategoryAxis>
#include <QCursor>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

namespace gpuplanner::ui {

CostBarsChart::CostBarsChart(QWidget *parent)
    : QWidget(parent), m_chart(new QChart), m_view(new QChartView(m_chart, this)),
      m_series(new QHorizontalStackedBarSeries), m_p50(new QBarSet(tr("P50 cost"))),
      m_range(new QBarSet(tr("P50–P90 range"))), m_categories(new QBarCategoryAxis), m_values(new QCategoryAxis)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumSize(240, 170); // small enough for a 1366 x 768 screen with a dock open
    m_chart->setTitle(tr("Cost of the top options"));
    m_view->setAccessibleName(tr("Cost of the top options"));
    m_chart->setLocalizeNumbers(true); // costs read 40,000 with the locale's separators
    m_series->append(m_p50);
    m_series->append(m_range);
    m_series->setBarWidth(0.7);
    m_chart->addSeries(m_series);
    m_chart->addAxis(m_categories, Qt::AlignLeft);
    m_chart->addAxis(m_values, Qt::AlignBottom);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    for (QBarSet *set : {m_p50, m_range}) {
        // A label cut to fit reads whole on hover.
        connect(set, &QBarSet::hovered, this, [this](bool state, int index) {
            const int i = int(m_bars.size()) - 1 - index;
            if (!state || i < 0 || i >= m_bars.size()) {
                QToolTip::hideText();
                return;
            }
            QToolTip::showText(QCursor::pos(), m_bars.at(i).tip.isEmpty() ? m_bars.at(i).label : m_bars.at(i).tip, m_view);
        });
        connect(set, &QBarSet::clicked, this, [this](int index) {
            // Categories run bottom-up; bars are stored best-first.
            const int i = int(m_bars.size()) - 1 - index;
            if (i < 0 || i >= m_bars.size())
                return;
            setSelectedId(m_bars.at(i).id);
            Q_EMIT barClicked(m_bars.at(i).id);
        });
    }
    restyle();
}

void CostBarsChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        restyle();
    QWidget::changeEvent(event);
}

void CostBarsChart::restyle()
{
    const QPalette p = palette();
    charts::styleChart(m_chart, p, font());
    const QColor base = charts::seriesColor(0, p);
    m_p50->setColor(base);
    m_p50->setBorderColor(base);
    QColor range = base;
    range.setAlpha(90);
    m_range->setColor(range);
    m_range->setBorderColor(base);
    const QColor selected = charts::seriesColor(1, p);
    m_p50->setSelectedColor(selected);
    QColor selectedRange = selected;
    selectedRange.setAlpha(110);
    m_range->setSelectedColor(selectedRange);
}

void CostBarsChart::setBars(const QList<CostBar> &bars, const QString &currency)
{
    m_bars = bars;
    QStringList categories;
    QList<qreal> p50;
    QList<qreal> range;
    double maxValue = 0;
    // Horizontal bar categories grow upwards: add the best last so it sits on top.
    for (auto it = m_bars.crbegin(); it != m_bars.crend(); ++it) {
        QString label = it->label;
        if (it->recommended)
            label = tr("★ %1").arg(label);
        categories << label;
        p50 << it->p50;
        range << std::max(0.0, it->p90 - it->p50);
        maxValue = std::max(maxValue, it->p90);
    }
    m_p50->remove(0, m_p50->count());
    m_range->remove(0, m_range->count());
    m_p50->append(p50);
    m_range->append(range);
    m_categories->setCategories(categories);
    charts::setNiceShortRange(m_values, maxValue * 1.05); // 10k, 20k: never 10,00020,000
    m_values->setTitleText(tr("Cost (%1)").arg(currency));
    setSelectedId(m_selected);
}

void CostBarsChart::setSelectedId(const QString &id)
{
    m_selected = id;
    m_p50->deselectAllBars();
    m_range->deselectAllBars();
    const int i = selectedBar();
    if (i >= 0) {
        const int index = int(m_bars.size()) - 1 - i;
        m_p50->selectBar(index);
        m_range->selectBar(index);
    }
}

int CostBarsChart::selectedBar() const
{
    for (int i = 0; i < m_bars.size(); ++i) {
        if (m_bars.at(i).id == m_selected)
            return i;
    }
    return -1;
}

} // namespace gpuplanner::ui
