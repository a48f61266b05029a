#include "ui/charts/CostTimeChart.h"
#include "ui/FocusIndicator.h"

#include "ui/charts/ChartStyle.h"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QCursor>
#include <QEvent>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSet>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gpuplanner::ui {

CostTimeChart::CostTimeChart(QWidget *parent)
    : QWidget(parent), m_chart(new QChart), m_view(new QChartView(m_chart, this)), m_others(new QScatterSeries),
      m_paretoPoints(new QScatterSeries), m_front(new QLineSeries), m_recommended(new QScatterSeries),
      m_selection(new QScatterSeries), m_limit(new QLineSeries), m_limitLabel(new QGraphicsSimpleTextItem(m_chart)),
      m_x(new QCategoryAxis), m_y(new QCategoryAxis)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_view->setRenderHint(QPainter::Antialiasing);
    // Every plan moves the markers: a BSP index would be rebuilt on each, for no lookup it serves.
    m_view->scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    showFocusFrame(m_view); // a keyboard user sees the chart has the focus
    m_view->setMinimumSize(240, 170); // small enough for a 1366 x 768 screen with a dock open
    m_chart->setTitle(tr("Cost against time"));
    m_view->setAccessibleName(tr("Cost against time"));
    m_chart->setLocalizeNumbers(true); // costs read 1,000,000 with the locale's separators
    m_others->setName(tr("Options"));
    m_paretoPoints->setName(tr("Pareto front"));
    m_front->setName(tr("Pareto front"));
    m_recommended->setName(tr("Recommended"));
    m_selection->setName(tr("Selected"));
    for (QAbstractSeries *s : std::initializer_list<QAbstractSeries *>{m_limit, m_others, m_front, m_paretoPoints,
                                                                        m_recommended, m_selection})
        m_chart->addSeries(s);
    // Drawn in log10 space on linear axes whose decades are labelled in words: time in the unit
    // that fits (6 min, 1 h, 4.2 d), cost in short numbers (1k, 1M).
    m_x->setTitleText(tr("Time (log scale)"));
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries *s : m_chart->series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    // One legend entry per meaning: the front's points and line share "Pareto front".
    m_chart->legend()->markers(m_paretoPoints).constFirst()->setVisible(false);
    // The ring around the selected point needs no legend entry; leaving it out keeps the others whole.
    m_chart->legend()->markers(m_selection).constFirst()->setVisible(false);
    m_chart->legend()->markers(m_limit).constFirst()->setVisible(false); // named by its label
    m_limitLabel->setVisible(false);
    m_limitLabel->setZValue(10);
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { placeLimitLabel(); });
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_others->setMarkerSize(7);
    m_paretoPoints->setMarkerSize(10);
    m_recommended->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_recommended->setMarkerSize(14);
    m_selection->setMarkerSize(22);

    for (QScatterSeries *s : {m_others, m_paretoPoints, m_recommended, m_selection}) {
        connect(s, &QScatterSeries::hovered, this, &CostTimeChart::showTip);
        connect(s, &QScatterSeries::clicked, this, [this](const QPointF &value) {
            const int i = nearest(value);
            if (i < 0)
                return;
            setSelectedId(m_points.at(i).id);
            Q_EMIT pointClicked(m_points.at(i).id);
        });
    }
    restyle();
}

QWidget *CostTimeChart::view() const
{
    return m_view->viewport();
}

void CostTimeChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        restyle();
    QWidget::changeEvent(event);
}

void CostTimeChart::restyle()
{
    const QPalette p = palette();
    charts::styleChart(m_chart, p, font());
    charts::keepLastLabelWhole(m_chart, m_x);
    QColor others = charts::seriesColor(0, p);
    others.setAlpha(150);
    m_others->setColor(others);
    m_others->setBorderColor(Qt::transparent);
    const QColor front = charts::seriesColor(3, p);
    m_paretoPoints->setColor(front);
    m_paretoPoints->setBorderColor(front.darker(130));
    QPen pen(front);
    pen.setWidthF(2);
    m_front->setPen(pen);
    m_limitLabel->setBrush(p.color(QPalette::Text));
    QPen limit(p.color(QPalette::Text));
    limit.setWidthF(1.5);
    limit.setStyle(Qt::DashLine);
    m_limit->setPen(limit);
    const QColor rec = charts::seriesColor(2, p);
    m_recommended->setColor(rec);
    m_recommended->setBorderColor(p.color(QPalette::Text));
    m_selection->setColor(Qt::transparent);
    QPen ring(p.color(QPalette::Text));
    ring.setWidthF(2.5);
    m_selection->setPen(ring);
}

void CostTimeChart::setPoints(const QList<ScatterPoint> &points, const QString &currency, ScatterX x, double limit)
{
    if (x != m_across) {
        m_across = x;
        const QString title = x == ScatterX::Latency ? tr("Cost against latency") : tr("Cost against time");
        m_chart->setTitle(title);
        m_view->setAccessibleName(title);
        m_x->setTitleText(x == ScatterX::Latency ? tr("Time per output token (log scale)") : tr("Time (log scale)"));
    }
    m_points.clear();
    for (const ScatterPoint &pt : points) {
        if (pt.hours > 0 && pt.cost > 0) // log axes: nothing at or below zero
            m_points.append(pt);
    }
    m_currency = currency;
    if (const QString title = tr("Cost (%1, log scale)").arg(currency); m_y->titleText() != title)
        m_y->setTitleText(title);
    QList<QPointF> others;
    QList<QPointF> pareto;
    QList<QPointF> recommended;
    double minX = 1e300, maxX = 0, minY = 1e300, maxY = 0;
    // Options at the same cost and time (one instance in many regions at one price) would draw
    // a marker on top of itself: each place gets one marker per series (hover and clicks still
    // find every option, through m_points).
    QSet<std::pair<qint64, qint64>> drawnOthers;
    for (const ScatterPoint &pt : std::as_const(m_points)) {
        const QPointF v = drawn(pt);
        if (pt.pareto)
            pareto.append(v);
        else if (!drawnOthers.contains({qRound64(v.x() * 1e4), qRound64(v.y() * 1e4)})) {
            drawnOthers.insert({qRound64(v.x() * 1e4), qRound64(v.y() * 1e4)});
            others.append(v);
        }
        if (pt.recommended)
            recommended.append(v);
        minX = std::min(minX, pt.hours);
        maxX = std::max(maxX, pt.hours);
        minY = std::min(minY, pt.cost);
        maxY = std::max(maxY, pt.cost);
    }
    std::sort(pareto.begin(), pareto.end(), [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
    m_others->replace(others);
    m_paretoPoints->replace(pareto);
    m_front->replace(pareto);
    m_recommended->replace(recommended);
    if (m_points.isEmpty()) {
        minX = minY = 1;
        maxX = maxY = 10;
    }
    m_limitValue = limit > 0 ? limit : 0;
    if (m_limitValue > 0) { // the target is on the chart even when every option is far from it
        minX = std::min(minX, m_limitValue);
        maxX = std::max(maxX, m_limitValue);
    }
    // Whole decades keep the log grid readable; a margin keeps edge markers off the axes.
    charts::setDecadeLabels(m_x, std::floor(std::log10(minX / 1.2)), std::ceil(std::log10(maxX * 1.2)),
                            m_across == ScatterX::Latency ? &charts::latencyLabel : &charts::durationLabel);
    charts::keepLastLabelWhole(m_chart, m_x);
    const double yLow = std::floor(std::log10(minY / 1.2));
    const double yHigh = std::ceil(std::log10(maxY * 1.2));
    charts::setDecadeLabels(m_y, yLow, yHigh, &charts::shortNumber);
    // The SLO as a dashed vertical line across the whole plot, named with its value.
    QList<QPointF> line;
    if (m_limitValue > 0)
        line = {{std::log10(m_limitValue), yLow}, {std::log10(m_limitValue), yHigh}};
    m_limit->replace(line);
    // Named on the line itself rather than in the legend, whose entries a narrow chart would cut.
    m_limitLabel->setText(m_limitValue > 0 ? tr("SLO %1").arg(charts::latencyLabel(m_limitValue)) : QString());
    m_limitLabel->setVisible(m_limitValue > 0);
    placeLimitLabel();
    setSelectedId(m_selected);
}

void CostTimeChart::placeLimitLabel()
{
    if (m_limitValue <= 0 || m_limit->points().isEmpty())
        return;
    // At the top of the plot beside the line: to its right, or to its left where the right is short.
    const QRectF plot = m_chart->plotArea();
    const double x = m_chart->mapToPosition(m_limit->points().constFirst(), m_limit).x();
    const QRectF text = m_limitLabel->boundingRect();
    const double gap = 4;
    const double left = x + gap + text.width() <= plot.right() ? x + gap : x - gap - text.width();
    m_limitLabel->setPos(std::max(plot.left(), left), plot.top() + 2);
}

void CostTimeChart::setSelectedId(const QString &id)
{
    m_selected = id;
    QList<QPointF> selected;
    for (const ScatterPoint &pt : std::as_const(m_points)) {
        if (pt.id == id)
            selected.append(drawn(pt));
    }
    m_selection->replace(selected);
}

std::optional<QPoint> CostTimeChart::pointPosition(const QString &id) const
{
    for (const ScatterPoint &pt : m_points) {
        if (pt.id == id) {
            const QPointF scene = m_chart->mapToScene(m_chart->mapToPosition(drawn(pt), m_others));
            return m_view->mapFromScene(scene);
        }
    }
    return std::nullopt;
}

QPointF CostTimeChart::drawn(const ScatterPoint &pt)
{
    return QPointF(std::log10(pt.hours), std::log10(pt.cost));
}

int CostTimeChart::nearest(const QPointF &value) const
{
    // value is in the drawn (log10) space.
    int best = -1;
    double bestDistance = 1e300;
    for (int i = 0; i < m_points.size(); ++i) {
        const QPointF p = drawn(m_points.at(i));
        const double dx = p.x() - value.x();
        const double dy = p.y() - value.y();
        const double d = dx * dx + dy * dy;
        if (d < bestDistance) {
            bestDistance = d;
            best = i;
        }
    }
    return best;
}

void CostTimeChart::showTip(const QPointF &value, bool state)
{
    if (!state) {
        QToolTip::hideText();
        return;
    }
    const int i = nearest(value);
    if (i >= 0)
        QToolTip::showText(QCursor::pos(), m_points.at(i).label, m_view);
}

} // namespace gpuplanner::ui
