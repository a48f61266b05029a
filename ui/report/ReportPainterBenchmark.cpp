// ReportPainter's benchmark report: probe runs side by side against their GPU models' catalog
// specs, each measured GPU's cheapest on-demand offers priced with that run's calibration, the
// winner with its reasons, and where every figure comes from. The figures are core's
// (core/calibrate/BenchmarkComparison), shared with the CSV and JSON export.

#include "ui/report/ReportPainter.h"

#include "core/cost/Money.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QLocale>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace gpuplanner::ui {

using namespace gpuplanner::core;

namespace {

const QColor kAccent(0x1f, 0x4e, 0x79);
const QColor kMuted(0x5f, 0x63, 0x68);

// Devices per side-by-side table: more would shrink the figures below reading size.
constexpr int kDevicesPerTable = 3;

} // namespace

QString ReportPainter::rateLabel(const BenchmarkRate &r) const
{
    if (r.key.startsWith(u"matmul_"))
        return tr("Matmul %1").arg(r.key.mid(7).toUpper());
    if (r.key == u"memory_bandwidth")
        return tr("Memory bandwidth");
    if (r.key == u"host_to_device")
        return tr("Host to device");
    if (r.key == u"all_reduce")
        return tr("All-reduce bus bandwidth");
    if (r.key == u"training")
        return tr("Training (probe step)");
    if (r.key == u"resnet50")
        return tr("ResNet-50 training");
    return r.label;
}

QString ReportPainter::rateValue(double v, const QString &unit) const
{
    // Three significant digits below 100, so a CPU's 0.004 TFLOP/s does not read as zero.
    const int decimals = v >= 100 ? 0 : (v > 0 ? std::clamp(2 - int(std::floor(std::log10(v))), 1, 6) : 0);
    QString u = unit;
    if (unit == u"tokens/s")
        u = tr("tokens/s");
    else if (unit == u"images/s")
        u = tr("images/s");
    return QStringLiteral("%1 %2").arg(QLocale::c().toString(v, 'f', decimals), u);
}

QString ReportPainter::unitMoney(double amount) const
{
    // Cents would round a cost per million tokens to nothing.
    if (std::abs(amount) < 1 && amount != 0) {
        const int decimals = std::clamp(2 - int(std::floor(std::log10(std::abs(amount)))), 2, 8);
        return QStringLiteral("%1 %2").arg(QLocale::c().toString(amount, 'f', decimals), m_in.request.displayCurrency);
    }
    return money(amount);
}

QString ReportPainter::unitName() const
{
    switch (m_in.benchmark->unit) {
    case BenchmarkUnit::MillionTokens: return tr("per million tokens");
    case BenchmarkUnit::Epoch: return tr("per epoch");
    case BenchmarkUnit::MillionOutputTokens: return tr("per million output tokens");
    case BenchmarkUnit::Run: break;
    }
    return tr("per run");
}

QString ReportPainter::deviceName(const BenchmarkDevice &d) const
{
    return d.gpuId.isEmpty() ? tr("host CPU (%1)").arg(d.probe.cpu.isEmpty() ? d.probe.host : d.probe.cpu)
                             : QStringLiteral("%1 (%2)").arg(d.probe.gpuName, d.gpuId);
}

void ReportPainter::benchmarkReport()
{
    const BenchmarkComparison &c = *m_in.benchmark;
    // Title block on the first page (no cover: the report is two or three pages).
    const QFont big = font(20, true);
    const double h = QFontMetricsF(big, m_device).height();
    m_p->setFont(big);
    m_p->setPen(kAccent);
    m_p->drawText(QRectF(m_content.left(), m_y, m_content.width(), h), Qt::AlignLeft | Qt::AlignVCenter, title());
    m_y += h + mm(2);
    const QString workload = c.scenarioWorkload
        ? tr("the workload of the scenario \u201c%1\u201d").arg(c.scenarioName)
        : tr("each run's own training step (its model, sequence length and micro-batch) for %1 tokens")
              .arg(compactNumber(kBenchmarkProbeTokens));
    paragraph(tr("%1 probe run(s) compared. Offers are priced for %2 with each run's own calibration, on demand, "
                 "in %3; the cheapest %4 offers of each measured GPU are shown.")
                  .arg(c.devices.size())
                  .arg(workload, c.currency)
                  .arg(c.top)
                  .toHtmlEscaped(),
              9.5);
    benchmarkDevices();
    benchmarkOffers();
    benchmarkWinner();
    benchmarkSources();
}

void ReportPainter::benchmarkDevices()
{
    const BenchmarkComparison &c = *m_in.benchmark;
    heading(tr("Measured devices against the catalog spec"), mm(60));
    for (int first = 0; first < c.devices.size(); first += kDevicesPerTable) {
        const int last = std::min<int>(int(c.devices.size()), first + kDevicesPerTable);
        QList<Column> columns{{tr("Figure"), 30, false}};
        for (int i = first; i < last; ++i)
            columns << Column{QStringLiteral("%1\n%2").arg(c.devices.at(i).probe.deviceLabel(), c.devices.at(i).gpuId.isEmpty()
                                                                                                 ? tr("no catalog GPU model")
                                                                                                 : c.devices.at(i).gpuId),
                              double(100 / kDevicesPerTable), false};
        // The last column wraps in the table; a spacer keeps the device columns on one line.
        columns << Column{QString(), 1, false};
        QList<Cells> rows;
        auto infoRow = [&](const QString &label, auto value) {
            Cells row{{label}};
            for (int i = first; i < last; ++i)
                row << QStringList{value(c.devices.at(i))};
            row << QStringList{QString()};
            rows << row;
        };
        infoRow(tr("Host"), [](const BenchmarkDevice &d) { return d.probe.host; });
        infoRow(tr("Date"), [](const BenchmarkDevice &d) { return d.probe.startedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")); });
        infoRow(tr("Probe version"), [](const BenchmarkDevice &d) { return d.probe.probeVersion; });
        const qsizetype rateCount = c.devices.at(first).rates.size();
        for (qsizetype r = 0; r < rateCount; ++r) {
            const BenchmarkRate &label = c.devices.at(first).rates.at(r);
            Cells row{{rateLabel(label)}};
            for (int i = first; i < last; ++i) {
                const BenchmarkRate &rate = c.devices.at(i).rates.at(r);
                QStringList cell;
                if (!rate.measured)
                    cell << (rate.note.startsWith(u"unsupported") ? tr("unsupported") : tr("not measured"));
                else
                    cell << rateValue(*rate.measured, rate.unit);
                if (rate.spec && rate.measured)
                    cell << tr("%1 of %2 spec").arg(percent(*rate.share()), rateValue(*rate.spec, rate.unit));
                else if (rate.spec)
                    cell << tr("spec %1").arg(rateValue(*rate.spec, rate.unit));
                else
                    cell << QStringLiteral("\u2014");
                row << cell;
            }
            row << QStringList{QString()};
            rows << row;
        }
        table(columns, rows, {}, 8);
    }
    paragraph(tr("Each cell: the measured rate, then its share of the catalog figure of the GPU model (\u2014: the "
                 "catalog has no such figure). The training spec is the planner's estimate of the probe's own step from "
                 "the catalog spec.")
                  .toHtmlEscaped(),
              7.5);
}

void ReportPainter::benchmarkOffers()
{
    const BenchmarkComparison &c = *m_in.benchmark;
    heading(tr("Offers for the workload, priced with each measurement"), mm(45));
    const QString perUnit = unitName();
    for (int di = 0; di < c.devices.size(); ++di) {
        const BenchmarkDevice &d = c.devices.at(di);
        if (d.offers.isEmpty()) {
            const QString why = d.gpuId.isEmpty() ? tr("host CPU \u2014 no catalog offers")
                                                  : tr("no usable on-demand offer of %1 in the catalog").arg(d.gpuId);
            paragraph(QStringLiteral("<b>%1</b>: %2").arg(deviceName(d).toHtmlEscaped(), why.toHtmlEscaped()), 9);
            continue;
        }
        paragraph(QStringLiteral("<b>%1</b>: %2")
                      .arg(deviceName(d).toHtmlEscaped(),
                           tr("the %1 cheapest of %2 usable on-demand offers").arg(d.offers.size()).arg(d.offersTotal)
                               .toHtmlEscaped()),
                  9);
        const QList<Column> columns{
            {tr("#"), 4, false},
            {tr("Provider\nregion"), 21, false},
            {tr("Instance type"), 40, false},
            {tr("GPUs"), 10, true},
            {tr("Price per\nGPU-hour"), 13, true},
            {tr("Time\nper run"), 12, true},
            {tr("Cost\nper run"), 16, true},
            {tr("Cost\n%1").arg(perUnit), 18, true},
        };
        QList<Cells> rows;
        QList<int> highlighted;
        for (int oi = 0; oi < d.offers.size(); ++oi) {
            const BenchmarkOffer &o = d.offers.at(oi);
            if (c.winner.best.device == di && c.winner.best.offer == oi)
                highlighted << oi;
            rows << Cells{{QString::number(oi + 1)},
                          {o.providerName, o.region},
                          {o.instanceType, o.meetsConstraints ? QString() : tr("misses the deadline or budget")},
                          {o.instances > 1 ? QStringLiteral("%1 \u00d7 %2").arg(o.instances).arg(o.gpus / o.instances)
                                           : QString::number(o.gpus)},
                          {unitMoney(o.pricePerGpuHour)},
                          {duration(o.hours)},
                          {unitMoney(o.cost)},
                          {unitMoney(o.costPerUnit)}};
        }
        table(columns, rows, highlighted, 7.5);
    }
}

void ReportPainter::benchmarkWinner()
{
    const BenchmarkComparison &c = *m_in.benchmark;
    const BenchmarkWinner &w = c.winner;
    heading(tr("Winner"), mm(25));
    if (!w.best.valid()) {
        paragraph(tr("No measured GPU has a catalog offer that runs the workload within the constraints.").toHtmlEscaped());
        return;
    }
    const BenchmarkDevice &d = c.devices.at(w.best.device);
    const BenchmarkOffer &o = d.offers.at(w.best.offer);
    paragraph(tr("Winner: <b>%1 %2 in %3</b> on %4 at %5 %6.")
                  .arg(o.providerName.toHtmlEscaped(), o.instanceType.toHtmlEscaped(), o.region.toHtmlEscaped(),
                       d.probe.deviceLabel().toHtmlEscaped(), unitMoney(o.costPerUnit).toHtmlEscaped(), unitName()),
              10);
    QStringList items;
    items << sentence(tr("It is the cheapest offer %1 of every measured GPU's on-demand offers that meets the constraints")
                          .arg(unitName()));
    if (w.runnerUp.valid()) {
        const BenchmarkDevice &rd = c.devices.at(w.runnerUp.device);
        const BenchmarkOffer &r = rd.offers.at(w.runnerUp.offer);
        items << sentence(tr("The runner-up, %1 %2 in %3, costs %4 %5: the winner is %6 (%7) cheaper")
                              .arg(r.providerName, r.instanceType, r.region, unitMoney(r.costPerUnit), unitName(),
                                   unitMoney(w.margin), percent(w.marginShare)));
        if (w.sameGpu && std::abs(o.pricePerGpuHour - r.pricePerGpuHour) <= 0.005 * std::max(o.pricePerGpuHour, 1e-9))
            items << sentence(tr("Both run on the same measured GPU (%1, %2) at the same price per GPU-hour (%3): the "
                                 "winner's %4 GPU(s) against %5 lose less to start-up and communication per unit of work")
                                  .arg(d.gpuId, measuredFigure(d, w.decidingKey), unitMoney(o.pricePerGpuHour))
                                  .arg(o.gpus)
                                  .arg(r.gpus));
        else if (w.sameGpu)
            items << sentence(tr("Both run on the same measured GPU (%1, %2): the price per GPU-hour decides, %3 against %4")
                                  .arg(d.gpuId, measuredFigure(d, w.decidingKey), unitMoney(o.pricePerGpuHour),
                                       unitMoney(r.pricePerGpuHour)));
        else
            items << sentence(tr("The measured figure that decides it: %1 on %2 against %3 on %4, at %5 against %6 per "
                                 "GPU-hour")
                                  .arg(measuredFigure(d, w.decidingKey), d.gpuId, measuredFigure(rd, w.decidingKey), rd.gpuId,
                                       unitMoney(o.pricePerGpuHour), unitMoney(r.pricePerGpuHour)));
    } else {
        items << sentence(tr("It is the only offer that meets the constraints; measured %1").arg(measuredFigure(d, w.decidingKey)));
    }
    bullets(items);
}

QString ReportPainter::measuredFigure(const BenchmarkDevice &d, const QString &key) const
{
    for (const BenchmarkRate &r : d.rates)
        if (r.key == key)
            return r.measured ? tr("%1 %2").arg(rateLabel(r), rateValue(*r.measured, r.unit))
                              : tr("%1 not measured").arg(rateLabel(r));
    return tr("not measured");
}

// The catalog's spec sources carry the evidence tags of resources/catalog/gpu-specs.notes.md
// ([V] verified, [D] derived, [S] secondary, [U] unverified); a reader gets words, not codes.
QString ReportPainter::readableSpecSource(const QString &source) const
{
    static const QRegularExpression tag(QStringLiteral("\\[([VDSU])\\]\\s*"));
    QString out;
    qsizetype from = 0;
    for (auto it = tag.globalMatch(source); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += source.mid(from, m.capturedStart() - from);
        const QChar kind = m.captured(1).at(0);
        if (kind == u'D')
            out += tr("derived: ");
        else if (kind == u'S')
            out += tr("secondary source: ");
        else if (kind == u'U')
            out += tr("unverified: ");
        from = m.capturedEnd();
    }
    out += source.mid(from);
    out = out.simplified();
    while (out.endsWith(u'.'))
        out.chop(1); // the sentence adds the full stop
    return out;
}

void ReportPainter::benchmarkSources()
{
    const BenchmarkComparison &c = *m_in.benchmark;
    heading(tr("Where each figure comes from"), mm(25));
    QStringList items;
    for (const BenchmarkDevice &d : c.devices) {
        // The file by its name: the folders are the user's own and say nothing about the figure.
        items << sentence(tr("%1: measured by the probe on %2, %3 (probe %4, file %5)")
                              .arg(d.probe.deviceLabel(), d.probe.host, d.probe.startedAt.date().toString(Qt::ISODate),
                                   d.probe.probeVersion, QFileInfo(d.sourceFile).fileName()));
        if (!d.gpuId.isEmpty()) {
            const QString spec = readableSpecSource(d.gpuSpecSource);
            items << sentence(tr("%1 spec figures: catalog spec (%2)")
                                  .arg(d.gpuId, spec.isEmpty() ? tr("source not recorded") : spec));
            items << sentence(tr("%1 offers: catalog prices, times and costs estimated by the planner %2")
                                  .arg(d.gpuId, tr("calibrated from your measurement of %1 on %2 (%3, probe %4)")
                                                    .arg(d.probe.startedAt.date().toString(Qt::ISODate), d.probe.host,
                                                         d.probe.deviceLabel(), d.probe.probeVersion)));
        }
    }
    for (const FxRate &fx : m_in.request.assumptions.fx.rates()) {
        if (fx.currency == c.currency && fx.currency != u"USD")
            items << sentence(tr("Amounts in %1 at %2 per US dollar (%3, %4)")
                                  .arg(fx.currency, QLocale::c().toString(fx.ratePerUsd, 'g', 6), fx.date, fx.source));
    }
    bullets(items, 8.5);
}

} // namespace gpuplanner::ui
