// ReportPainter's tables: the comparison of the top options (header repeated on every page)
// and the catalog's freshness per provider.

#include "ui/report/ReportPainter.h"

#include <QFontMetricsF>
#include <QPagedPaintDevice>
#include <QPainter>

#include <algorithm>
#include <numeric>

namespace gpuplanner::ui {

using namespace gpuplanner::core;

namespace {

const QColor kHeaderFill(0x1f, 0x4e, 0x79);
const QColor kShade(0xf4, 0xf6, 0xf8);
const QColor kHighlight(0xfd, 0xf1, 0xd8);
const QColor kMuted(0x5f, 0x63, 0x68);
const QColor kRule(0xc8, 0xcd, 0xd2);

// A line's height: a Chinese line mixes DejaVu with a taller fallback font (Noto Sans CJK), so
// the font's own height would let a grey second line run into it.
double lineHeight(const QFontMetricsF &fm, const QString &text)
{
    return std::max(fm.height(), fm.boundingRect(text).height());
}

} // namespace

double ReportPainter::tableRowHeight(const QList<Column> &columns, const QList<double> &widths, const Cells &row,
                                     double pointSize, bool header) const
{
    const QFontMetricsF fm(font(pointSize, header), m_device);
    const QFontMetricsF small(font(pointSize - 1), m_device);
    double h = 0;
    for (qsizetype c = 0; c < columns.size() && c < row.size(); ++c) {
        const QStringList &cell = row.at(c);
        double cellH = 0;
        // Only the last column wraps (sources, notes); the others shrink to fit one line.
        if (c == columns.size() - 1 && !header) {
            cellH = fm.boundingRect(QRectF(0, 0, widths.at(c) - mm(2), 1e6), Qt::TextWordWrap, cell.value(0)).height();
            if (cell.size() > 1)
                cellH += small.height();
        } else {
            cellH = lineHeight(fm, cell.value(0)) + (cell.size() > 1 ? small.height() : 0);
        }
        h = std::max(h, cellH);
    }
    return h + mm(2.4);
}

void ReportPainter::tableRow(const QList<Column> &columns, const QList<double> &widths, const Cells &row, double height,
                             double pointSize, bool header, bool shaded)
{
    const QRectF line(m_content.left(), m_y, m_content.width(), height);
    if (header)
        m_p->fillRect(line, kHeaderFill);
    else if (shaded)
        m_p->fillRect(line, kShade);
    const QFont f = font(pointSize, header);
    const QFont small = font(pointSize - 1);
    const QFontMetricsF fm(f, m_device);
    double x = m_content.left();
    for (qsizetype c = 0; c < columns.size(); ++c) {
        const QRectF cell(x + mm(1), m_y + mm(1.2), widths.at(c) - mm(2), height - mm(2.4));
        const int align = (columns.at(c).right ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop;
        const QStringList text = row.value(c);
        const QColor color = header ? Qt::white : Qt::black;
        if (c == columns.size() - 1 && !header) {
            m_p->setFont(f);
            m_p->setPen(color);
            m_p->drawText(cell, align | Qt::TextWordWrap, text.value(0));
            if (text.size() > 1)
                drawFitted(QRectF(cell.left(), cell.bottom() - QFontMetricsF(small, m_device).height(), cell.width(),
                                  QFontMetricsF(small, m_device).height()),
                           text.at(1), small, align, kMuted);
        } else {
            const double first = lineHeight(fm, text.value(0));
            drawFitted(QRectF(cell.left(), cell.top(), cell.width(), first), text.value(0), f, align, color);
            if (text.size() > 1)
                drawFitted(QRectF(cell.left(), cell.top() + first, cell.width(), QFontMetricsF(small, m_device).height()),
                           text.at(1), small, align, header ? QColor(Qt::white) : kMuted);
        }
        x += widths.at(c);
    }
    m_y += height;
    if (!header) {
        m_p->setPen(QPen(kRule, mm(0.15)));
        m_p->drawLine(QPointF(m_content.left(), m_y), QPointF(m_content.right(), m_y));
    }
}

void ReportPainter::table(const QList<Column> &columns, const QList<Cells> &rows, const QList<int> &highlighted,
                          double pointSize)
{
    const double total = std::accumulate(columns.begin(), columns.end(), 0.0,
                                         [](double s, const Column &c) { return s + c.weight; });
    QList<double> widths;
    for (const Column &c : columns)
        widths << m_content.width() * c.weight / total;
    Cells header;
    for (const Column &c : columns)
        header << c.title.split(u'\n');
    const double headerH = tableRowHeight(columns, widths, header, pointSize, true);
    bool needHeader = true;
    for (qsizetype r = 0; r < rows.size(); ++r) {
        const double h = tableRowHeight(columns, widths, rows.at(r), pointSize, false);
        if (!needHeader && h > spaceLeft()) {
            newPage();
            needHeader = true;
        }
        if (needHeader) {
            // The header is repeated on every page the table spans.
            ensureSpace(headerH + h * std::min<qsizetype>(3, rows.size() - r));
            tableRow(columns, widths, header, headerH, pointSize, true, false);
            needHeader = false;
        }
        if (highlighted.contains(int(r)))
            m_p->fillRect(QRectF(m_content.left(), m_y, m_content.width(), h), kHighlight);
        tableRow(columns, widths, rows.at(r), h, pointSize, false, r % 2 == 1 && !highlighted.contains(int(r)));
    }
    m_y += mm(2);
}

void ReportPainter::comparison()
{
    heading(tr("Comparison of the top %1 options").arg(rows()));
    const PlanResult &r = plan();
    const Constraints &c = m_in.request.constraints;
    QList<Column> columns{
        {tr("#"), 6.5, false},
        {tr("Provider\nregion"), 20.5, false},
        {tr("Instance type\nbilling"), 44, false},
        {tr("GPUs"), 11, true},
        {serving() ? tr("Serving\nperiod") : tr("Time\nP50"), 14, true},
        {serving() ? tr("Price per\ninstance-hour") : tr("Time\nP90"), 14, true},
        {tr("Cost\nP50"), 19, true},
        {tr("Cost\nP90"), 19, true},
        {tr("Meets\ndeadline"), 12, true},
        {tr("Meets\nbudget"), 12, true},
    };
    QList<Cells> rowsOut;
    QList<int> highlighted;
    for (int i = 0; i < rows(); ++i) {
        const PlanOption &p = r.options[std::size_t(i)];
        const Offer &o = m_in.planner->offer(p);
        if (i == r.recommended)
            highlighted << i;
        QString rank = QString::number(i + 1);
        if (p.pareto)
            rank += QStringLiteral("\u25c6");
        rowsOut << Cells{{rank},
                         {o.providerLabel(), o.region},
                         {o.instanceType, billingText(p)},
                         {QStringLiteral("%1 \u00d7 %2").arg(p.instances).arg(int(o.gpuCount)), tr("%1 in all").arg(p.gpus)},
                         serving() || p.tunedHours <= 0
                             ? QStringList{duration(serving() ? p.hours : p.timeP50)}
                             : QStringList{duration(p.timeP50), tr("best %1").arg(duration(p.tunedHours))},
                         {serving() ? money(p.pricePerHour) : duration(p.timeP90)},
                         {money(p.costP50)},
                         {money(p.costP90)},
                         {c.deadlineHours > 0 ? percent(p.pMeetDeadline) : QStringLiteral("\u2013")},
                         {c.budget > 0 ? percent(p.pMeetBudget) : QStringLiteral("\u2013")}};
    }
    if (rowsOut.isEmpty()) {
        paragraph(tr("No usable option.").toHtmlEscaped());
        return;
    }
    table(columns, rowsOut, highlighted, 7.5);
    QString note = tr("\u25c6 on the Pareto front: no other option is both cheaper and faster. The highlighted row is the "
                      "recommendation. %1 usable options from %2 offers; amounts in %3.")
                       .arg(r.usable)
                       .arg(r.offersConsidered)
                       .arg(m_in.request.displayCurrency);
    if (!serving())
        note += u' ' + tr("Times and costs are for the expected run; \u201cbest\u201d is a tuned stack with no incidents.");
    paragraph(note.toHtmlEscaped(), 7.5);
}

void ReportPainter::catalogFreshness()
{
    // The introduction and the first rows stay together with the heading.
    heading(tr("Catalog freshness and price sources"), mm(50));
    if (!m_in.catalog) {
        paragraph(tr("The catalog's dates and sources were not available for this report.").toHtmlEscaped());
        return;
    }
    const CatalogInfo &info = *m_in.catalog;
    QStringList shown;
    for (int i = 0; i < rows(); ++i)
        shown << m_in.planner->offer(plan().options[std::size_t(i)]).provider;
    paragraph(tr("Prices as of each provider's data date. Providers of the compared options are highlighted. Catalog "
                 "seed: %1.")
                  .arg(info.seedSource)
                  .toHtmlEscaped(),
              8.5);
    const QList<Column> columns{
        {tr("Provider"), 20, false}, {tr("Currency"), 14, false}, {tr("Data date"), 15, false},
        {tr("Offers"), 11, true},    {tr("Source"), 100, false},
    };
    QList<Cells> rowsOut;
    QList<int> highlighted;
    for (const ProviderInfo &p : info.providers) {
        int offers = 0;
        for (int n : p.offersByBilling)
            offers += n;
        if (shown.contains(p.id))
            highlighted << int(rowsOut.size());
        rowsOut << Cells{{p.id}, {p.homeCurrency}, {p.dataDate}, {QString::number(offers)},
                         {p.dataNote.isEmpty() ? tr("not recorded") : p.dataNote}};
    }
    table(columns, rowsOut, highlighted, 7);
}

} // namespace gpuplanner::ui
