#include "ui/report/ReportPainter.h"

#include "core/plan/PlanRecord.h"
#include "core/plan/PlanTotals.h"

#include "core/estimate/Explain.h"
#include "core/plan/PlanExplain.h"
#include "ui/scenario/WorkloadNames.h"

#include <QAbstractTextDocumentLayout>
#include <QFontMetricsF>
#include <QJsonValue>
#include <QLocale>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QSet>
#include <QTextDocument>
#include <QTranslator>

#include <algorithm>
#include <cmath>

namespace gpuplanner::ui {

using namespace gpuplanner::core;

namespace {

const QColor kAccent(0x1f, 0x4e, 0x79);
const QColor kMuted(0x5f, 0x63, 0x68);
const QColor kRule(0xc8, 0xcd, 0xd2);
const QColor kCard(0xf1, 0xf5, 0xf9);

} // namespace

ReportPainter::ReportPainter(const ReportInput &input, const ReportOptions &options, const QTranslator *translator,
                             QStringList fontFamilies)
    : m_in(input), m_opt(options), m_translator(translator), m_families(std::move(fontFamilies))
{
}

QString ReportPainter::tr(const char *source, const char *disambiguation) const
{
    if (m_translator) {
        const QString t = m_translator->translate("gpuplanner::ui::ReportPainter", source, disambiguation);
        if (!t.isEmpty())
            return t;
    }
    return QString::fromUtf8(source);
}

int ReportPainter::paint(QPagedPaintDevice *device, int totalPages)
{
    QPainter painter;
    if (!painter.begin(device))
        return 0;
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    m_device = device;
    m_p = &painter;
    m_totalPages = totalPages;
    m_pageNumber = 1;
    const QRect paintRect = device->pageLayout().paintRectPixels(device->logicalDpiX());
    m_page = QRectF(0, 0, paintRect.width(), paintRect.height());
    // The header and footer take 10 mm each inside the margins.
    m_content = m_page.adjusted(0, mm(10), 0, -mm(10));
    m_y = m_content.top();

    if (m_in.benchmark) {
        drawHeaderFooter();
        benchmarkReport();
        painter.end();
        m_p = nullptr;
        return m_pageNumber;
    }
    if (m_in.portfolio) {
        portfolioReport();
        painter.end();
        m_p = nullptr;
        return m_pageNumber;
    }
    if (m_in.planner) {
        const PlanTotals totals = planTotals(*m_in.planner, m_in.request, m_in.timeline ? &*m_in.timeline : nullptr);
        const PlanRecord record = recordPlan(planFacts(*m_in.planner, m_in.request, totals));
        const QString oldest = record.oldestDate();
        const QString newest = record.newestDate();
        m_dataIdentity = oldest == newest ? tr("data: catalog %1, prices of %2").arg(record.shortHash(), newest)
                                          : tr("data: catalog %1, prices %2 to %3").arg(record.shortHash(), oldest, newest);
    }
    m_cover = true;
    cover();
    m_cover = false;
    newPage();
    summary();
    workload();
    assumptions();
    comparison();
    charts();
    timelineSection();
    actualsSection();
    catalogFreshness();
    disclaimer();
    painter.end();
    m_p = nullptr;
    return m_pageNumber;
}

double ReportPainter::mm(double v) const
{
    return v * m_device->logicalDpiY() / 25.4;
}

QFont ReportPainter::font(double pointSize, bool bold) const
{
    QFont f;
    f.setFamilies(m_families);
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    // Glyph positions must not depend on the device's hinting, or PDF and preview differ.
    f.setHintingPreference(QFont::PreferNoHinting);
    return f;
}

void ReportPainter::newPage()
{
    m_device->newPage();
    ++m_pageNumber;
    m_y = m_content.top();
    drawHeaderFooter();
}

double ReportPainter::spaceLeft() const
{
    return m_content.bottom() - m_y;
}

void ReportPainter::ensureSpace(double height)
{
    if (height > spaceLeft() && m_y > m_content.top() + 1)
        newPage();
}

void ReportPainter::drawHeaderFooter()
{
    const QFont small = font(7.5);
    m_p->setFont(small);
    m_p->setPen(kMuted);
    const QRectF header(m_page.left(), m_page.top(), m_page.width(), mm(6));
    const QString name = m_in.scenario.name.isEmpty() ? title() : title() + QStringLiteral(" \u2014 ") + m_in.scenario.name;
    drawFitted(header.adjusted(0, 0, -header.width() * 0.3, 0), name,
               small, Qt::AlignLeft | Qt::AlignVCenter, kMuted);
    m_p->setFont(small);
    m_p->setPen(kMuted);
    m_p->drawText(header, Qt::AlignRight | Qt::AlignVCenter, QLocale(m_opt.language).toString(m_opt.date, QLocale::LongFormat));
    m_p->setPen(QPen(kRule, mm(0.2)));
    m_p->drawLine(QPointF(m_page.left(), header.bottom()), QPointF(m_page.right(), header.bottom()));

    const QRectF footer(m_page.left(), m_page.bottom() - mm(6), m_page.width(), mm(6));
    m_p->drawLine(QPointF(m_page.left(), footer.top()), QPointF(m_page.right(), footer.top()));
    m_p->setPen(kMuted);
    // Every page says what its figures rest on: the catalog's content identity and price dates.
    const QString left = m_dataIdentity.isEmpty()
        ? tr("GPU Planner %1 \u00b7 prices change: check them before you sign").arg(QStringLiteral(GPUPLANNER_VERSION))
        : tr("GPU Planner %1 \u00b7 %2 \u00b7 prices change: check them before you sign")
              .arg(QStringLiteral(GPUPLANNER_VERSION), m_dataIdentity);
    const QString page = m_totalPages > 0 ? tr("Page %1 of %2").arg(m_pageNumber).arg(m_totalPages)
                                          : tr("Page %1").arg(m_pageNumber);
    drawFitted(footer.adjusted(0, 0, -QFontMetricsF(m_p->font(), m_device).horizontalAdvance(page) - mm(4), 0), left,
               m_p->font(), Qt::AlignLeft | Qt::AlignVCenter, kMuted);
    m_p->setPen(kMuted);
    m_p->drawText(footer, Qt::AlignRight | Qt::AlignVCenter, page);
}

void ReportPainter::drawFitted(const QRectF &rect, const QString &text, const QFont &f, int flags, const QColor &color)
{
    // Shrinks rather than elides: a cut instance type or amount would mislead.
    QFont fitted = f;
    const double width = QFontMetricsF(f, m_device).horizontalAdvance(text);
    if (width > rect.width() && width > 0)
        fitted.setPointSizeF(std::max(4.0, f.pointSizeF() * rect.width() / width * 0.98));
    m_p->setFont(fitted);
    m_p->setPen(color);
    m_p->drawText(rect, flags | Qt::TextSingleLine, text);
}

void ReportPainter::heading(const QString &text, double keepWithNext)
{
    const QFont f = font(13, true);
    const double h = QFontMetricsF(f, m_device).height();
    // A heading never ends a page: keep room for the start of its section.
    ensureSpace(h + mm(7.7) + (keepWithNext < 0 ? mm(30) : keepWithNext));
    m_y += m_y > m_content.top() + 1 ? mm(4) : 0;
    m_p->setFont(f);
    m_p->setPen(kAccent);
    m_p->drawText(QRectF(m_content.left(), m_y, m_content.width(), h), Qt::AlignLeft | Qt::AlignVCenter, text);
    m_y += h + mm(0.8);
    m_p->setPen(QPen(kAccent, mm(0.35)));
    m_p->drawLine(QPointF(m_content.left(), m_y), QPointF(m_content.right(), m_y));
    m_y += mm(2.5);
}

void ReportPainter::paragraph(const QString &html, double pointSize)
{
    QTextDocument doc;
    doc.documentLayout()->setPaintDevice(m_device);
    doc.setDocumentMargin(0);
    doc.setDefaultFont(font(pointSize));
    doc.setDefaultStyleSheet(QStringLiteral("ul { margin-left: 0px; -qt-list-indent: 1; } li { margin-bottom: 3px; }"));
    doc.setTextWidth(m_content.width());
    doc.setHtml(html);
    const double h = doc.size().height();
    ensureSpace(h);
    m_p->save();
    m_p->translate(m_content.left(), m_y);
    doc.drawContents(m_p);
    m_p->restore();
    m_y += h + mm(html.startsWith(u"<ul>") ? 1 : 2);
}

void ReportPainter::bullets(const QStringList &plainItems, double pointSize)
{
    for (const QString &item : plainItems)
        paragraph(QStringLiteral("<ul><li>%1</li></ul>").arg(item.toHtmlEscaped()), pointSize);
}

void ReportPainter::keyValues(const QList<QPair<QString, QString>> &rows)
{
    const QFont key = font(9, true);
    const QFont value = font(9);
    const double keyWidth = m_content.width() * 0.3;
    const double valueWidth = m_content.width() - keyWidth;
    for (const auto &[k, v] : rows) {
        const QRectF bound = QFontMetricsF(value, m_device)
                                 .boundingRect(QRectF(0, 0, valueWidth, 1e6), Qt::TextWordWrap, v);
        const double h = std::max(bound.height(), QFontMetricsF(key, m_device).height()) + mm(1.6);
        ensureSpace(h);
        m_p->setFont(key);
        m_p->setPen(kMuted);
        m_p->drawText(QRectF(m_content.left(), m_y + mm(0.8), keyWidth - mm(2), h), Qt::AlignLeft | Qt::AlignTop, k);
        m_p->setFont(value);
        m_p->setPen(Qt::black);
        m_p->drawText(QRectF(m_content.left() + keyWidth, m_y + mm(0.8), valueWidth, h),
                      Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, v);
        m_y += h;
        m_p->setPen(QPen(kRule, mm(0.15)));
        m_p->drawLine(QPointF(m_content.left(), m_y), QPointF(m_content.right(), m_y));
    }
    m_y += mm(2);
}

void ReportPainter::cover()
{
    const double left = m_page.left() + mm(8);
    const double width = m_page.width() - mm(16);
    m_p->fillRect(QRectF(m_page.left(), m_page.top() + mm(40), mm(4), mm(60)), kAccent);
    double y = m_page.top() + mm(42);
    auto line = [&](const QString &text, const QFont &f, const QColor &color, double gap) {
        m_p->setFont(f);
        m_p->setPen(color);
        const QRectF r = QFontMetricsF(f, m_device).boundingRect(QRectF(left, y, width, 1e6), Qt::TextWordWrap, text);
        m_p->drawText(QRectF(left, y, width, r.height()), Qt::AlignLeft | Qt::TextWordWrap, text);
        y += r.height() + gap;
    };
    line(title(), font(26, true), kAccent, mm(4));
    line(m_in.scenario.name, font(16), Qt::black, mm(6));
    if (!m_in.scenario.description.isEmpty())
        line(m_in.scenario.description, font(10), kMuted, mm(10));

    y = std::max(y, m_page.top() + mm(120));
    const QString locale = m_opt.language;
    QList<QPair<QString, QString>> facts;
    facts << qMakePair(tr("Date"), QLocale(locale).toString(m_opt.date, QLocale::LongFormat));
    if (!m_opt.author.isEmpty())
        facts << qMakePair(tr("Prepared by"), m_opt.author);
    facts << qMakePair(tr("Scenario"), m_in.scenario.name);
    facts << qMakePair(tr("Options compared"), tr("top %1 of %2 usable options (from %3 offers)")
                                                   .arg(rows()).arg(plan().usable).arg(plan().offersConsidered));
    facts << qMakePair(tr("Currency"), m_in.request.displayCurrency);
    if (plan().recommended >= 0) {
        const PlanOption &best = plan().options[std::size_t(plan().recommended)];
        facts << qMakePair(tr("Recommendation"), optionName(best));
        facts << totalsFacts();
    }
    const QFont key = font(10, true);
    const QFont value = font(10);
    for (const auto &[k, v] : facts) {
        // A long value (the recommendation) wraps at the reading size rather than shrinking.
        const QRectF box(left + mm(45), y, width - mm(45), mm(40));
        const double h = std::max(mm(7), QFontMetricsF(value, m_device)
                                             .boundingRect(box, Qt::TextWordWrap | Qt::AlignLeft, v).height() + mm(1.5));
        m_p->setFont(key);
        m_p->setPen(kMuted);
        m_p->drawText(QRectF(left, y, mm(45), mm(7)), Qt::AlignLeft | Qt::AlignVCenter, k);
        m_p->setFont(value);
        m_p->setPen(Qt::black);
        m_p->drawText(QRectF(box.left(), y + (h > mm(7) ? mm(0.75) : 0), box.width(), h),
                      Qt::TextWordWrap | Qt::AlignLeft | (h > mm(7) ? Qt::AlignTop : Qt::AlignVCenter), v);
        y += h;
    }
    m_p->setFont(font(8));
    m_p->setPen(kMuted);
    m_p->drawText(QRectF(left, m_page.bottom() - mm(20), width, mm(16)), Qt::AlignLeft | Qt::AlignBottom | Qt::TextWordWrap,
                  tr("Made with GPU Planner %1 from the offer catalog on this computer. Figures are estimates; see the "
                     "assumptions and the disclaimer at the end.")
                          .arg(QStringLiteral(GPUPLANNER_VERSION))
                      + (m_dataIdentity.isEmpty() ? QString() : QStringLiteral("\n") + m_dataIdentity));
}

void ReportPainter::summary()
{
    heading(tr("Executive summary"));
    const PlanResult &r = plan();
    if (r.recommended < 0) {
        paragraph(tr("No offer in the catalog can run this workload under the constraints. Relax the constraints "
                     "(deadline, budget, GPU limits, providers) and plan again.").toHtmlEscaped());
        return;
    }
    const PlanOption &best = r.options[std::size_t(r.recommended)];
    const Constraints &c = m_in.request.constraints;
    QString text = tr("Recommended: <b>%1</b>.").arg(optionName(best).toHtmlEscaped());
    if (best.pMeetBoth + 1e-9 < c.confidence && (c.deadlineHours > 0 || c.budget > 0))
        text += u' ' + tr("No option meets the deadline and budget with the required %1 probability; this one has the "
                          "best chance (%2).").arg(percent(c.confidence), percent(best.pMeetBoth));
    else if (c.deadlineHours > 0 || c.budget > 0)
        text += u' ' + tr("It is the cheapest option that meets the deadline and the budget with at least %1 probability.")
                           .arg(percent(c.confidence));
    else
        text += u' ' + tr("It is the cheapest option.");
    paragraph(text, 10);
    // The age of the price it rests on (a commitment's source follows in its own paragraph).
    if (!best.derivedCommitment()) {
        const Offer &offer = m_in.planner->offer(best);
        QString age = staleNote(offer);
        if (age.isEmpty())
            age = tr("Its price was observed on %1.").arg(priceAgeText(offer));
        else if (const QString fresher = fresherComparableNote(offer, *m_in.planner, m_in.request); !fresher.isEmpty())
            age += u' ' + fresher;
        if (!isCommitment(best.billing))
            age += u' ' + tr("Price source: %1.").arg(offer.source);
        paragraph(age.toHtmlEscaped(), 9);
    } else if (const QString stale = staleNote(m_in.planner->offer(best), m_in.request, best); !stale.isEmpty()) {
        paragraph(stale.toHtmlEscaped(), 9);
    }
    // A commitment is signed for its whole term: say what it costs in all and whose price it is.
    if (isCommitment(best.billing)) {
        const QString source = commitmentSourceText(*m_in.planner, m_in.request, best);
        const QString what = best.billing == Billing::CapacityBlock
            ? tr("The capacity block is paid up front: %1 for %2 day(s).").arg(money(best.commitmentTotal)).arg(best.commitmentTerms)
            : tr("The commitment costs %1 over %2 term(s), used or not; it beats on-demand above %3 utilization.")
                  .arg(money(best.commitmentTotal))
                  .arg(best.commitmentTerms)
                  .arg(percent(best.breakEvenUtilization));
        paragraph((what + u' ' + tr("Price source: %1.").arg(source)).toHtmlEscaped(), 9);
    }

    // Asked to compare a subscription or reserved term and the catalog has none: said plainly.
    if (const QString missing = missingCommitmentNote(*m_in.planner, m_in.request); !missing.isEmpty())
        paragraph(missing.toHtmlEscaped(), 9);

    if (!serving())
        gpuHoursParagraph(best);

    // Key figures as cards, so a reader finds them without reading sentences.
    QList<QPair<QString, QString>> cards;
    cards << qMakePair(tr("Expected cost"), money(best.cost));
    cards << qMakePair(tr("P90 cost"), money(best.costP90));
    if (!serving())
        cards << qMakePair(tr("Time (P50)"), duration(best.timeP50));
    else if (best.costPerMillionOutputTokens > 0)
        cards << qMakePair(tr("Per M output tokens"), money(best.costPerMillionOutputTokens));
    cards << qMakePair(tr("Meets deadline"), c.deadlineHours > 0 ? percent(best.pMeetDeadline) : tr("no deadline"));
    cards << qMakePair(tr("Meets budget"), c.budget > 0 ? percent(best.pMeetBudget) : tr("no budget"));
    const double gap = mm(2);
    const double cardW = (m_content.width() - gap * double(cards.size() - 1)) / double(cards.size());
    const double cardH = mm(17);
    ensureSpace(cardH + mm(3));
    for (qsizetype i = 0; i < cards.size(); ++i) {
        const QRectF card(m_content.left() + double(i) * (cardW + gap), m_y, cardW, cardH);
        m_p->fillRect(card, kCard);
        m_p->fillRect(QRectF(card.left(), card.top(), mm(1), card.height()), kAccent);
        drawFitted(card.adjusted(mm(3), mm(2), -mm(2), -cardH / 2), cards.at(i).first, font(7.5), Qt::AlignLeft | Qt::AlignVCenter,
                   kMuted);
        drawFitted(card.adjusted(mm(3), cardH / 2 - mm(1), -mm(2), -mm(2)), cards.at(i).second, font(12, true),
                   Qt::AlignLeft | Qt::AlignVCenter, Qt::black);
    }
    m_y += cardH + mm(4);

    // Savings against the alternatives a manager would ask about.
    QList<QPair<QString, const PlanOption *>> alternatives;
    if (r.cheapestOnDemand >= 0 && r.cheapestOnDemand != r.recommended)
        alternatives << qMakePair(tr("Cheapest on-demand option"), &r.options[std::size_t(r.cheapestOnDemand)]);
    if (!serving()) {
        const PlanOption *fastest = nullptr;
        for (int i = 0; i < r.usable; ++i) {
            const PlanOption &o = r.options[std::size_t(i)];
            if (!fastest || o.timeP50 < fastest->timeP50 - 1e-9)
                fastest = &o;
        }
        if (fastest && fastest != &best)
            alternatives << qMakePair(tr("Fastest option"), fastest);
    }
    QStringList seen{m_in.planner->offer(best).provider};
    for (int i = 0; i < r.usable && alternatives.size() < 5; ++i) {
        const PlanOption &o = r.options[std::size_t(i)];
        const QString provider = m_in.planner->offer(o).provider;
        if (seen.contains(provider))
            continue;
        seen << provider;
        alternatives << qMakePair(tr("Best offer from %1").arg(m_in.planner->offer(o).providerLabel()), &o);
    }
    if (alternatives.isEmpty())
        return;
    paragraph(tr("Against the alternatives:").toHtmlEscaped());
    QStringList items;
    for (const auto &[label, o] : alternatives) {
        const double diff = o->cost - best.cost;
        const QString saving = diff > 0.005
            ? tr("%1; the recommendation saves %2 (%3)").arg(money(o->cost), money(diff), percent(diff / o->cost))
            : tr("%1, %2 less, but see its time and risk").arg(money(o->cost), money(-diff));
        const QString time = serving() ? QString()
                                       : tr("; time %1 against %2").arg(duration(o->timeP50), duration(best.timeP50));
        items << tr("%1: %2 \u2014 %3%4").arg(label, optionName(*o), saving, time);
    }
    for (QString &item : items)
        item = sentence(item);
    bullets(items);
}

void ReportPainter::gpuHoursParagraph(const PlanOption &best)
{
    if (best.tunedHours <= 0)
        return;
    const QLocale locale(m_opt.language);
    auto number = [&](double v) { return locale.toString(v, 'f', 0); };
    const QString bestCase = tr("Best case: %1 GPU-hours in %2, a tuned stack with no incidents; a figure to aim at, "
                                "not to budget on.")
                                 .arg(number(best.gpuHoursTuned()), duration(best.tunedHours));
    QString text;
    if (best.rangeLow < 1.0f || best.rangeHigh > 1.0f) {
        const QString basis = m_in.request.workload.kind == WorkloadKind::Pretrain
            ? tr("the spread of published pre-training campaigns around the model")
            : tr("the spread of published tuned runs around the estimator");
        text = tr("GPU-hours: %1 expected, the figure the costs rest on (P10 %2, P90 %3: %4).")
                   .arg(number(best.gpuHours), number(best.gpuHoursP10()), number(best.gpuHoursP90()), basis);
    } else {
        text = tr("GPU-hours: %1.").arg(number(best.gpuHours));
    }
    paragraph((text + u' ' + bestCase).toHtmlEscaped(), 9);
}

void ReportPainter::workload()
{
    heading(tr("Workload and constraints"));
    QList<QPair<QString, QString>> rows;
    const QJsonObject &spec = m_in.scenario.workloadSpec;
    const QList<QPair<QString, const char *>> known = {
        {QStringLiteral("task"), QT_TRANSLATE_NOOP("gpuplanner::ui::ReportPainter", "Task")},
        {QStringLiteral("model"), QT_TRANSLATE_NOOP("gpuplanner::ui::ReportPainter", "Model")},
        {QStringLiteral("tokens"), QT_TRANSLATE_NOOP("gpuplanner::ui::ReportPainter", "Training tokens")},
        {QStringLiteral("precision"), QT_TRANSLATE_NOOP("gpuplanner::ui::ReportPainter", "Precision")},
        {QStringLiteral("rps"), QT_TRANSLATE_NOOP("gpuplanner::ui::ReportPainter", "Requests per second")},
    };
    auto text = [&](const QJsonValue &v) {
        return v.isString() ? v.toString()
                            : (v.isDouble() ? QLocale::c().toString(v.toDouble(), 'g', 12)
                                            : (v.isBool() ? (v.toBool() ? tr("yes") : tr("no")) : QString()));
    };
    // The fields a reader looks for first, in this order; the rest as written.
    for (const auto &[key, label] : known) {
        if (!spec.contains(key))
            continue;
        QString value = text(spec.value(key));
        if (key == u"task")
            value = WorkloadNames::task(value, m_translator);
        else if (key == u"precision")
            value = WorkloadNames::precision(value, m_translator);
        rows << qMakePair(tr(label), value);
    }
    QStringList other;
    for (auto it = spec.begin(); it != spec.end(); ++it) {
        const bool isKnown = std::any_of(known.begin(), known.end(), [&](const auto &k) { return k.first == it.key(); });
        if (!isKnown && !text(it.value()).isEmpty())
            other << QStringLiteral("%1 = %2").arg(it.key(), text(it.value()));
    }
    if (!other.isEmpty())
        rows << qMakePair(tr("Other workload settings"), other.join(QStringLiteral("; ")));
    const Constraints &c = m_in.request.constraints;
    const QString none = tr("none");
    rows << qMakePair(tr("Deadline"), c.deadlineHours > 0 ? duration(c.deadlineHours) : none);
    rows << qMakePair(tr("Budget"), c.budget > 0 ? money(c.budget) : none);
    rows << qMakePair(tr("Required confidence"), percent(c.confidence));
    QStringList limits;
    limits << (c.maxGpus > 0 ? tr("at most %1 GPUs").arg(c.maxGpus) : tr("any number of GPUs"));
    limits << (c.maxInstances > 0 ? tr("at most %1 instances").arg(c.maxInstances) : tr("any number of instances"));
    if (c.minGpuMemoryGib > 0)
        limits << tr("at least %1 GiB per GPU").arg(c.minGpuMemoryGib);
    rows << qMakePair(tr("GPU limits"), limits.join(tr(", ")));
    auto list = [&](const QStringList &l) { return l.isEmpty() ? tr("any") : l.join(QStringLiteral(", ")); };
    rows << qMakePair(tr("Providers"), list(c.providers));
    if (!c.regions.isEmpty() || !c.geographies.isEmpty())
        rows << qMakePair(tr("Regions"), list(c.regions + c.geographies));
    if (!c.gpus.isEmpty())
        rows << qMakePair(tr("GPU models"), list(c.gpus));
    QStringList billing;
    for (Billing b : c.billing)
        billing << billingModelName(b);
    rows << qMakePair(tr("Billing models"), list(billing));
    rows << qMakePair(tr("Multi-node needs RDMA"), c.rdmaForMultiNode ? tr("yes") : tr("no"));
    keyValues(rows);
}

void ReportPainter::assumptions()
{
    heading(tr("Assumptions"));
    const Assumptions &a = m_in.request.assumptions;
    QStringList items;
    items << tr("Prices are the catalog's list prices per instance-hour, converted to %1; usage is billed by the "
                "provider's own rounding rules.").arg(m_in.request.displayCurrency);
    if (!serving()) {
        items << tr("Training time comes from the model's FLOPs and the GPUs' published peak rates at a typical "
                    "efficiency; the bottleneck (compute, memory, network) is taken into account.");
        if (m_in.request.workload.kind == WorkloadKind::Pretrain) {
            items << tr("Times and costs are for the expected campaign: the modelled run times a factor fitted on "
                        "published pre-training campaigns (by GPU generation and scale), which carries what campaigns "
                        "lose to lower efficiency, loss spikes, reruns and stalls; P10 and P90 are those campaigns' "
                        "spread around the fit. The best case is a tuned stack with no incidents.")
                         + QLatin1Char(' ') + campaignTermsText();
        } else if (m_in.request.workload.kind != WorkloadKind::Measured)
            items << tr("P10 and P90 of the run's length are the spread of published tuned runs around this estimator; "
                        "a calibration on the GPU narrows it.");
    } else
        items << tr("Serving capacity comes from the GPUs' memory bandwidth and compute for the stated prompt and output "
                    "lengths; costs cover %1 month(s) of serving.").arg(a.servingMonths);
    if (m_in.request.workload.kind == WorkloadKind::Inference)
        // Serving has no checkpoints: a reclaimed replica drops its requests and is replaced.
        items << tr("Spot instances are reclaimed at a monthly rate per instance (%1 by default); a serving option on "
                    "spot pays for spare replicas (at least one) so the replicas the load needs are up %2 of the time "
                    "while a reclaimed one takes %3 to replace.")
                     .arg(percent(a.interruptions.defaultRate()), availabilityText(a.servingAvailability), duration(a.restartHours));
    else
        items << tr("Spot instances are interrupted at a monthly rate per instance (%1 by default); the job checkpoints "
                    "every %2 and needs %3 to restart, which is simulated %4 times to give P50 and P90.")
                     .arg(percent(a.interruptions.defaultRate()), duration(a.checkpointHours), duration(a.restartHours))
                     .arg(a.monteCarloDraws);
    if (a.spotUsesMedianPrice)
        items << tr("Spot prices are the median zone price of a region where known, not the lowest.");
    for (const CommitmentTerm &t : a.commitments) {
        const QString upfront = t.upfront == Upfront::All ? tr("all upfront")
            : (t.upfront == Upfront::Partial ? tr("partial upfront") : tr("no upfront"));
        if (t.quoted())
            items << tr("A %1-month commitment (%2) with %3 is priced at the quoted %4 per instance-hour. Source: %5.")
                         .arg(t.termMonths)
                         .arg(upfront, t.provider, formatMoney(*t.quotedPricePerHour, t.currency), t.source);
        else
            items << tr("A %1-month commitment (%2) with %3 is priced at the negotiated %4 off on-demand. Source: %5.")
                         .arg(t.termMonths)
                         .arg(upfront, t.provider, percent(t.discount), t.source);
    }
    items << (a.expectedUtilization
                  ? tr("A commitment is charged to this work at %1 use of its term; the rest of the term is assumed "
                       "to carry other work.").arg(percent(*a.expectedUtilization))
                  : tr("A commitment is charged to this work in full (every hour of its term, used or not)."));
    if (a.usage.dataGb > 0 || a.usage.checkpointGb > 0 || a.usage.egressGb > 0)
        items << tr("Storage and egress are included: %1 GB of data, %2 GB of checkpoints kept during the run and %3 GB "
                    "downloaded at the end.")
                     .arg(a.usage.dataGb)
                     .arg(a.usage.checkpointGb)
                     .arg(a.usage.egressGb);
    // Each rate the report's figures went through names where it came from: the ECB reference rate,
    // the catalog's snapshot, or the scenario. A rate no compared option was converted at is left out.
    const QSet<QString> used = currenciesUsed();
    for (const FxRate &fx : a.fx.rates()) {
        if (fx.currency == u"USD" || !used.contains(fx.currency))
            continue;
        const QString rate = QLocale::c().toString(fx.ratePerUsd, 'g', 6);
        items << (fx.currency == m_in.request.displayCurrency
                      ? tr("Amounts are shown in %1 at %2 %1 per US dollar (%3, %4).").arg(fx.currency, rate, fx.date, fx.source)
                      : tr("%1 is converted at %2 per US dollar (%3, %4).").arg(fx.currency, rate, fx.date, fx.source));
    }
    items << tr("The team's time, data preparation, failed experiments and taxes are not included.");
    bullets(items);
}

QString ReportPainter::billingModelName(Billing b) const
{
    switch (b) {
    case Billing::OnDemand: return tr("on-demand");
    case Billing::Spot: return tr("spot");
    case Billing::Reserved: return tr("reserved");
    case Billing::SavingsPlan: return tr("savings plan");
    case Billing::CapacityBlock: return tr("capacity block");
    }
    return {};
}

QSet<QString> ReportPainter::currenciesUsed() const
{
    QSet<QString> used{m_in.request.displayCurrency};
    for (int i = 0; i < rows(); ++i)
        used.insert(m_in.planner->offer(plan().options[std::size_t(i)]).currency);
    for (const CommitmentTerm &t : m_in.request.assumptions.commitments)
        used.insert(t.currency);
    return used;
}

void ReportPainter::disclaimer()
{
    heading(tr("Disclaimer"));
    paragraph(tr("This report is an estimate made from public list prices and published GPU figures as recorded in the "
                 "catalog on the dates shown above. Providers change prices, quotas and spot availability at any time, "
                 "and real throughput depends on the code, data pipeline and cluster. Confirm prices and capacity with "
                 "the provider and run a short benchmark before you commit money. Probabilities come from a simulation "
                 "with the stated assumptions, not from a guarantee.")
                  .toHtmlEscaped(),
              8.5);
}

} // namespace gpuplanner::ui
