#include "ui/charts/CostBarsChart.h"
#include "ui/FocusIndicator.h"

#include "ui/charts/ChartStyle.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QEvent>
#include <QFontMetricsF>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QCategoryAxis>
#include <QCursor>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

namespace gpuplanner::ui {

namespace {

// The chart view that draws each bar's P50-P90 whisker over the bars.
class WhiskerView : public QChartView
{
public:
    WhiskerView(QChart *chart, QWidget *parent, const CostBarsChart *owner) : QChartView(chart, parent), m_owner(owner) {}
    QPen pen;

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override
    {
        QChartView::drawForeground(painter, rect);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(pen);
        const int n = m_owner->barCount();
        for (int i = 0; i < n; ++i) {
            const QLineF w = m_owner->whiskerAt(i);
            if (w.isNull() || w.length() < 1)
                continue;
            const qreal cap = std::min<qreal>(8, std::max<qreal>(3, m_owner->height() / qreal(std::max(n, 1)) / 6));
            const QPointF up(0, cap);
            // Scene coordinates are the view's: the view does not scroll or zoom.
            painter->drawLine(w);
            painter->drawLine(w.p2() - up, w.p2() + up);
            painter->drawLine(w.p1() - up, w.p1() + up);
        }
        painter->restore();
    }

private:
    const CostBarsChart *m_owner;
};

} // namespace

CostBarsChart::CostBarsChart(QWidget *parent)
    : QWidget(parent), m_chart(new QChart), m_view(new WhiskerView(m_chart, this, this)),
      m_series(new QHorizontalStackedBarSeries), m_p50(new QBarSet(tr("P50 cost"))),
      m_selectedKey(new QBarSet(tr("Selected"))), m_whiskerKey(new QLineSeries), m_categories(new QBarCategoryAxis),
      m_values(new QCategoryAxis)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_view->setRenderHint(QPainter::Antialiasing);
    // Every plan moves the markers: a BSP index would be rebuilt on each, for no lookup it serves.
    m_view->scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    showFocusFrame(m_view); // a keyboard user sees the chart has the focus
    m_view->setMinimumSize(240, 170); // small enough for a 1366 x 768 screen with a dock open
    m_chart->setTitle(tr("Cost of the top options"));
    m_view->setAccessibleName(tr("Cost of the top options"));
    m_chart->setLocalizeNumbers(true); // costs read 40,000 with the locale's separators
    m_series->append(m_p50);
    m_series->append(m_selectedKey);
    m_series->setBarWidth(0.7);
    m_chart->addSeries(m_series);
    m_whiskerKey->setName(tr("P50–P90"));
    m_chart->addSeries(m_whiskerKey);
    m_chart->addAxis(m_categories, Qt::AlignLeft);
    m_chart->addAxis(m_values, Qt::AlignBottom);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    for (QBarSet *set : {m_p50}) {
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

void CostBarsChart::fitValueAxis()
{
    // 10k, 20k: never 10,00020,000; as many labels as the plot's width holds whole ("12…" is no label).
    const QFontMetricsF metrics(m_values->labelsFont());
    const double labelWidth = metrics.horizontalAdvance(charts::shortNumber(m_maxValue * 1.05)) + metrics.averageCharWidth() * 2;
    const double plotWidth = m_chart->plotArea().width() > 0 ? m_chart->plotArea().width() : width() * 0.6;
    charts::setNiceShortRange(m_values, m_maxValue * 1.05, int(plotWidth / std::max(1.0, labelWidth)) - 1);
    charts::keepLastLabelWhole(m_chart, m_values);
}

void CostBarsChart::fitCategoryLabels()
{
    // Qt Charts would truncate a label against a tenth of the axis' height, which a tall font
    // (the CJK fonts of the Chinese interface) never fits: its labels became bare ellipses. The
    // labels are elided here to the width instead; a font taller than a bar's band is made smaller.
    m_categories->setTruncateLabels(false);
    QFont labelFont = font();
    const int bars = std::max(1, int(m_fullLabels.size()));
    const double band = (m_chart->plotArea().height() > 0 ? m_chart->plotArea().height() : height() * 0.6) / bars;
    // A label's text item is a few pixels taller than its font; one taller than the band at the
    // top or bottom is hidden.
    constexpr double kItemMargin = 9;
    const double smallest = labelFont.pointSizeF() * 0.65;
    while (QFontMetricsF(labelFont).height() + kItemMargin > band && labelFont.pointSizeF() > smallest)
        labelFont.setPointSizeF(labelFont.pointSizeF() - 0.5);
    if (m_categories->labelsFont() != labelFont)
        m_categories->setLabelsFont(labelFont);
    // At most about a third of the chart for the labels, the rest for the bars; a label that
    // is longer keeps its start (the rank and instance type) and shows an ellipsis.
    const QFontMetrics metrics(labelFont);
    const int room = std::max(metrics.horizontalAdvance(QStringLiteral("00. ab…")), int(width() * 0.35));
    QStringList labels;
    for (const QString &full : std::as_const(m_fullLabels)) {
        QString label = metrics.elidedText(full, Qt::ElideRight, room);
        // The category axis merges equal labels: keep each one apart.
        while (labels.contains(label))
            label += QChar(0x200B);
        labels << label;
    }
    if (m_categories->categories() != labels)
        m_categories->setCategories(labels);
}

void CostBarsChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (!m_fullLabels.isEmpty())
        fitCategoryLabels();
    if (m_maxValue > 0)
        fitValueAxis();
}

void CostBarsChart::restyle()
{
    const QPalette p = palette();
    charts::styleChart(m_chart, p, font());
    charts::keepLastLabelWhole(m_chart, m_values);
    const QColor base = charts::seriesColor(0, p);
    m_p50->setColor(base);
    m_p50->setBorderColor(base);
    const QColor selected = charts::seriesColor(1, p);
    m_p50->setSelectedColor(selected);
    m_selectedKey->setColor(selected);
    m_selectedKey->setBorderColor(selected);
    // The whiskers in the text colour: they read over either bar colour and the background.
    QPen whisker(p.color(QPalette::WindowText), 1.5);
    whisker.setCapStyle(Qt::FlatCap);
    static_cast<WhiskerView *>(m_view)->pen = whisker;
    m_whiskerKey->setPen(whisker);
    if (!m_fullLabels.isEmpty())
        fitCategoryLabels(); // the style set the labels' font back to the widget's
    m_view->viewport()->update();
}

QStringList CostBarsChart::legendNames() const
{
    QStringList names;
    for (QLegendMarker *marker : m_chart->legend()->markers()) {
        if (marker->isVisible())
            names << marker->label();
    }
    return names;
}

QLineF CostBarsChart::whiskerAt(int i) const
{
    if (i < 0 || i >= m_bars.size() || m_bars.at(i).p90 <= m_bars.at(i).p50)
        return {};
    const int category = int(m_bars.size()) - 1 - i; // categories run bottom-up
    const QPointF from = m_chart->mapToPosition(QPointF(m_bars.at(i).p50, category), m_series);
    const QPointF to = m_chart->mapToPosition(QPointF(m_bars.at(i).p90, category), m_series);
    return QLineF(from, to); // the view neither scrolls nor zooms: scene and view coordinates agree
}

void CostBarsChart::setBars(const QList<CostBar> &bars, const QString &currency)
{
    m_bars = bars;
    QStringList categories;
    QList<qreal> p50;
    double maxValue = 0;
    // Horizontal bar categories grow upwards: add the best last so it sits on top.
    for (auto it = m_bars.crbegin(); it != m_bars.crend(); ++it) {
        QString label = it->label;
        if (it->recommended)
            label = tr("★ %1").arg(label);
        categories << label;
        p50 << it->p50;
        maxValue = std::max(maxValue, std::max(it->p50, it->p90));
    }
    // Each change relays the chart out: only what differs from the plan before is set.
    if (m_p50->count() == p50.size()) {
        for (int i = 0; i < p50.size(); ++i) {
            if (m_p50->at(i) != p50.at(i))
                m_p50->replace(i, p50.at(i));
        }
    } else {
        m_p50->remove(0, m_p50->count());
        m_p50->append(p50);
    }
    m_fullLabels = categories;
    fitCategoryLabels();
    m_maxValue = maxValue;
    fitValueAxis();
    if (const QString title = tr("Cost (%1)").arg(currency); m_values->titleText() != title)
        m_values->setTitleText(title);
    setSelectedId(m_selected);
}

void CostBarsChart::setSelectedId(const QString &id)
{
    m_selected = id;
    m_p50->deselectAllBars();
    const int i = selectedBar();
    if (i >= 0)
        m_p50->selectBar(int(m_bars.size()) - 1 - i);
    // The legend names the selection's colour only while a bar shows it.
    if (const auto markers = m_chart->legend()->markers(m_series); markers.size() == 2)
        markers.at(1)->setVisible(i >= 0);
    m_view->viewport()->update();
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
